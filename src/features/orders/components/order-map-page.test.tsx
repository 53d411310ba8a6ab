import { render, screen, within } from "@testing-library/react";
import { useEffect } from "react";
import { describe, expect, it, vi } from "vitest";
import { App } from "../../../app/app.tsx";
import type { BootResult } from "../../../app/boot.ts";
import type { MapViewProps } from "../../../components/map/types.ts";
import { createQueryClient } from "../../../lib/query-client.ts";
import { appStore } from "../../../lib/app-store.ts";
import { setCurrentBrand } from "../../../shared/brand/current-brand.ts";
import { brandSessionAtom } from "../../../shared/session/session-atom.ts";
import { json, LAVASH_ID, merchant, serveApi, sessionUser, settings } from "../../../test/fixtures.ts";

// MapLibre needs WebGL, which happy-dom has not: the map shows the pins it is given as the real one
// does (a labelled button each, the caption beside it), and says when it is ready.
vi.mock("../../../components/map/map-view.tsx", () => ({
  default: function FakeMapView({ label, markers = [], onReady }: MapViewProps) {
    useEffect(() => {
      onReady?.();
    }, [onReady]);
    return (
      <div role="region" aria-label={label}>
        {markers.map((m) => (
          <button key={m.id} type="button" aria-label={m.label} data-caption={m.caption ? "yes" : "no"} />
        ))}
      </div>
    );
  },
}));

const ORDER_ID = "0190c0de-0000-7000-8000-0000000000f1";
const COURIER_ID = "0190c0de-0000-7000-8000-0000000000e1";

function order(status: string) {
  return {
    id: ORDER_ID,
    number: 42,
    status,
    serviceType: "DELIVERY",
    courierId: COURIER_ID,
    branch: { id: "b1", name: { eng: "Chilonzor" }, latitude: 41.28, longitude: 69.2 },
    address: { latitude: 41.3, longitude: 69.25, name: "Home", description: "Home" },
  };
}

function renderMap(status: string, courier: Record<string, unknown> = {}) {
  setCurrentBrand({ sub: "lavash", merchantId: LAVASH_ID });
  appStore().set(brandSessionAtom("lavash"), {
    token: "token-1",
    merchant: null,
    user: sessionUser(),
    brand: "lavash",
    orderRequest: null,
    nearestBranch: null,
  });
  serveApi({
    [`/api/orders/v1/orders/${ORDER_ID}`]: () => json(200, order(status)),
    [`/api/deliveries/v1/delivery/courier/${COURIER_ID}`]: () =>
      json(200, {
        id: COURIER_ID,
        name: "Bobur",
        phone: null,
        latitude: 41.29,
        longitude: 69.22,
        ...courier,
      }),
    "/api/users/v1/map/config": () => json(200, { styleUrl: "/style.json" }),
  });
  const boot: BootResult = {
    status: "ready",
    tenant: { sub: "lavash", merchant: merchant(), settings: settings({}) },
    locale: "en",
  };
  window.history.replaceState(null, "", `/profile/orders/${ORDER_ID}/map`);
  return render(<App boot={boot} queryClient={createQueryClient()} />);
}

describe("the order's map", () => {
  it("shows the courier on the way as a captioned pin, with a legend of coloured keys and no coordinates", async () => {
    renderMap("ON_WAY");
    const map = await screen.findByRole("region", { name: "Order #42 on the map" }, { timeout: 10_000 });
    const courier = await within(map).findByRole("button", { name: "Courier" });
    expect(courier.dataset.caption).toBe("yes");
    expect(within(map).getByRole("button", { name: "Chilonzor" })).toBeTruthy();
    expect(within(map).getByRole("button", { name: "Delivery address" })).toBeTruthy();
    const legend = screen.getByRole("list", { name: "Legend" });
    expect(
      within(legend)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Chilonzor", "Delivery address", "Courier"]);
    expect(legend.querySelectorAll(".order-map__key--courier")).toHaveLength(1);
    expect(legend.textContent).not.toMatch(/\d+\.\d+/);
  });

  it("shows no live courier once the order is delivered", async () => {
    renderMap("DELIVERED");
    const map = await screen.findByRole("region", { name: "Order #42 on the map" }, { timeout: 10_000 });
    expect(within(map).getByRole("button", { name: "Delivery address" })).toBeTruthy();
    expect(within(map).queryByRole("button", { name: "Courier" })).toBeNull();
    expect(screen.getByRole("list", { name: "Legend" }).textContent).not.toContain("Courier");
  });

  it("names a Yandex Delivery performer and the car to look out for", async () => {
    renderMap("ON_WAY", {
      name: "Aziz Karimov",
      provider: "YANDEX",
      vehicle: "Chevrolet Cobalt, 01 A 777 AA",
    });
    const map = await screen.findByRole("region", { name: "Order #42 on the map" }, { timeout: 10_000 });
    await within(map).findByRole("button", { name: "Courier" });
    expect(screen.getByTestId("order-map-performer").textContent).toBe(
      "Yandex Delivery courier Aziz Karimov, Chevrolet Cobalt, 01 A 777 AA",
    );
  });

  it("names no delivery service for the brand's own courier", async () => {
    renderMap("ON_WAY");
    const map = await screen.findByRole("region", { name: "Order #42 on the map" }, { timeout: 10_000 });
    await within(map).findByRole("button", { name: "Courier" });
    expect(screen.queryByTestId("order-map-performer")).toBeNull();
  });
});

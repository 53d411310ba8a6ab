import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { useEffect, useRef } from "react";
import { describe, expect, it, vi } from "vitest";
import { App } from "../../../app/app.tsx";
import type { BootResult } from "../../../app/boot.ts";
import type { MapViewProps } from "../../../components/map/types.ts";
import { activateLocale } from "../../../lib/i18n.ts";
import { createQueryClient } from "../../../lib/query-client.ts";
import { setCurrentBrand } from "../../../shared/brand/current-brand.ts";
import { json, LAVASH_ID, merchant, serveApi, settings } from "../../../test/fixtures.ts";

// MapLibre needs WebGL, which happy-dom has not: the map is a labelled region that is ready at once,
// its centre the picker's starting point (the brand's). `fakeMap` ends a move as MapLibre would.
const fakeMap: { props: MapViewProps | null } = { props: null };
vi.mock("../../../components/map/map-view.tsx", () => ({
  default: function FakeMapView(props: MapViewProps) {
    const { label, onReady } = props;
    fakeMap.props = props;
    // Once, as MapLibre's load event (the picker's callbacks may change identity between renders).
    const ready = useRef(onReady);
    useEffect(() => {
      ready.current?.();
    }, []);
    return <div role="region" aria-label={label} />;
  },
}));

const UNAVAILABLE =
  "Address search is unavailable: place the pin on your building and type the street and house";

function renderPicker({
  addressSearch,
  reverse,
  locale = "en",
}: {
  addressSearch: boolean;
  reverse?: () => Response;
  locale?: "en" | "ru";
}) {
  // Each test starts with no saved address: one saved at the same point would be chosen instead.
  localStorage.removeItem("savat:lavash:addresses");
  setCurrentBrand({ sub: "lavash", merchantId: LAVASH_ID });
  const seen = serveApi({
    "/api/users/v1/map/config": () => json(200, { styleUrl: "/style.json", offline: false, addressSearch }),
    [`/api/users/v1/city-merchant/merchant/${LAVASH_ID}`]: () => json(200, []),
    ...(reverse ? { "/api/notifications/v1/nominatim/reverse": reverse } : {}),
  });
  const boot: BootResult = {
    status: "ready",
    tenant: {
      sub: "lavash",
      merchant: merchant(),
      settings: settings({ shouldValidateDeliveryArea: false }),
    },
    locale,
  };
  window.history.replaceState(null, "", "/address/delivery");
  render(<App boot={boot} queryClient={createQueryClient()} />);
  return seen;
}

function storedGuestAddresses(): Record<string, unknown>[] {
  return JSON.parse(localStorage.getItem("savat:lavash:addresses") ?? "[]") as Record<string, unknown>[];
}

describe("the address picker without address search", () => {
  it("says so, asks nothing of the geocoder, and saves the street and house the customer types", async () => {
    const seen = renderPicker({ addressSearch: false });
    const status = await screen.findByTestId("picker-street", {}, { timeout: 10_000 });
    await waitFor(() => {
      expect(status.textContent).toBe(UNAVAILABLE);
    });
    // No search to offer, and the confirm button works without a resolved place.
    expect(screen.queryByRole("button", { name: "Search address" })).toBeNull();
    const save = screen.getByRole("button", { name: "Save" });
    await waitFor(() => {
      expect((save as HTMLButtonElement).disabled).toBe(false);
    });
    fireEvent.click(save);

    const details = await screen.findByRole("dialog", { name: "Add new location" }, { timeout: 10_000 });
    const street = within(details).getByLabelText("Street");
    const house = within(details).getByLabelText("House number");
    expect(street.getAttribute("aria-required")).toBe("true");
    expect(house.getAttribute("aria-required")).toBe("true");

    // Saving with both empty: an error under each, the street focused; nothing saved.
    fireEvent.click(within(details).getByRole("button", { name: "Save" }));
    await waitFor(() => {
      expect(street.getAttribute("aria-invalid")).toBe("true");
    });
    expect(house.getAttribute("aria-invalid")).toBe("true");
    const streetError = document.getElementById(street.getAttribute("aria-describedby") ?? "");
    expect(streetError?.textContent).toBe("Please fill in this field!");
    expect(document.activeElement).toBe(street);
    expect(storedGuestAddresses()).toEqual([]);

    fireEvent.change(street, { target: { value: "  Qatortol ko'chasi " } });
    expect(street.getAttribute("aria-invalid")).toBeNull();
    fireEvent.click(within(details).getByRole("button", { name: "Save" }));
    expect(document.activeElement).toBe(house);
    fireEvent.change(house, { target: { value: "14A" } });
    fireEvent.click(within(details).getByRole("button", { name: "Save" }));

    await waitFor(() => {
      expect(storedGuestAddresses()).toHaveLength(1);
    });
    expect(storedGuestAddresses()[0]).toMatchObject({
      streetName: "Qatortol ko'chasi",
      houseNumber: "14A",
      description: "Qatortol ko'chasi, 14A",
      typed: true,
    });
    expect(seen.some((path) => path.includes("/nominatim/"))).toBe(false);
    // Saved, the picker goes back where the customer came from; waited for, so that step (history's
    // back, which lands later) does not move the next test's page.
    await waitFor(() => {
      expect(window.location.pathname).not.toBe("/address/delivery");
    });
  }, 30_000);

  it("gives the typed flow's errors in the customer's language", async () => {
    await activateLocale("ru");
    renderPicker({ addressSearch: false, locale: "ru" });
    const status = await screen.findByTestId("picker-street", {}, { timeout: 10_000 });
    // The map's configuration (no address search) arrives after the first paint: up to 10 s on a
    // busy machine, as the other waits here.
    await waitFor(
      () => {
        expect(status.textContent).toBe(
          "Поиск адреса недоступен: поставьте метку на ваш дом и введите улицу и номер дома",
        );
      },
      { timeout: 10_000 },
    );
    const save = screen.getByRole("button", { name: "Сохранить" });
    await waitFor(() => {
      expect((save as HTMLButtonElement).disabled).toBe(false);
    });
    fireEvent.click(save);
    const details = await screen.findByRole("dialog", {}, { timeout: 10_000 });
    const street = within(details).getByLabelText("Улица");
    fireEvent.click(within(details).getByRole("button", { name: "Сохранить" }));
    await waitFor(() => {
      expect(document.getElementById(street.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
        "Пожалуйста, заполните это поле!",
      );
    });
  }, 30_000);
});

describe("the address picker with address search", () => {
  it("asks the geocoder once per place: a resize that ends a move where the map already was asks nothing", async () => {
    let asked = 0;
    renderPicker({
      addressSearch: true,
      reverse: () => {
        asked++;
        return json(200, {
          lat: "41.311081",
          lon: "69.240562",
          display_name: "Amir Temur shoh ko'chasi, 15, Tashkent",
          address: { road: "Amir Temur shoh ko'chasi", house_number: "15", city: "Tashkent" },
        });
      },
    });
    const street = await screen.findByTestId("picker-street", {}, { timeout: 10_000 });
    await waitFor(
      () => {
        expect(street.textContent).toContain("Amir Temur shoh ko'chasi");
      },
      { timeout: 10_000 },
    );
    // (React's strict mode opens the map twice in tests: the first lookup is aborted but was asked.)
    const before = asked;
    const center = fakeMap.props?.initialCenter;
    if (!center) throw new Error("the map was not drawn");
    // MapLibre's resize() ends with a moveend at the same centre, as the text under the map changes.
    act(() => {
      fakeMap.props?.onMoveEnd?.(center, false);
      fakeMap.props?.onMoveEnd?.(center, false);
    });
    await new Promise((r) => setTimeout(r, 100));
    expect(asked).toBe(before);
    // A real move asks again.
    act(() => {
      fakeMap.props?.onMoveEnd?.({ latitude: center.latitude + 0.001, longitude: center.longitude }, true);
    });
    await waitFor(() => {
      expect(asked).toBe(before + 1);
    });
  }, 30_000);
});

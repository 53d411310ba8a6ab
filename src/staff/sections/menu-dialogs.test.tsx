// The menu's dialogs as an owner uses them: a dish's delivery and delivery-app prices checked at
// their fields and sent as the server takes them, and a category saved over someone else's newer
// save keeping what was typed until "Reload their version" brings theirs in.
import { I18nProvider } from "@lingui/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { Suspense, type ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import type { EditorCategory } from "../../domain/contract/back-office-menu.ts";
import type { EditorProduct } from "../../domain/contract/back-office.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { i18n } from "../../lib/i18n.ts";
import { json } from "../../test/fixtures.ts";
import MenuBuilderSection from "./menu-builder-section.tsx";
import MenuSection from "./menu-section.tsx";

const id = (n: number) => `0190c0de-0000-7000-8000-${String(n).padStart(12, "0")}`;

const dish: EditorProduct = {
  id: id(1),
  categoryId: id(9),
  categoryName: { ru: "Лаваши", eng: "Lavash" },
  name: { uz: "Lavash", ru: "Лаваш", eng: "Lavash" },
  description: {},
  image: null,
  costPrice: 35000,
  discount: 0,
  active: true,
  deliveryEnabled: true,
  eatsPrice: null,
  enabledEats: false,
  expressPrice: null,
  enabledExpress: false,
  version: 3,
  lastModifiedDate: "2026-11-28T05:00:00.000Z",
  lastChangedBy: null,
};

const category = (name: string, version: number): EditorCategory => ({
  id: id(9),
  name: { uz: name, ru: name, eng: name },
  image: null,
  viewType: "MEDIUM",
  groupId: null,
  isActive: true,
  priority: 1,
  version,
  productCount: 1,
  lastModifiedDate: "2026-11-28T05:00:00.000Z",
});

function serve(routes: Record<string, (body: unknown) => Response>) {
  const seen: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request =
        input instanceof Request ? input : new Request(new URL(String(input), "http://localhost"), init);
      const url = new URL(request.url);
      const text = request.method === "GET" ? "" : await request.text();
      const body: unknown = text ? JSON.parse(text) : undefined;
      seen.push({ method: request.method, path: url.pathname, body });
      const handler = routes[`${request.method} ${url.pathname}`];
      return handler
        ? handler(body)
        : json(404, { status: 404, code: "ROUTE_NOT_FOUND", description: { uz: "-", ru: "-", eng: "-" } });
    }),
  );
  return seen;
}

function show(section: ReactNode) {
  return render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>
        <Suspense fallback={null}>{section}</Suspense>
      </QueryClientProvider>
    </I18nProvider>,
  );
}

describe("the dish dialog's services", () => {
  it("asks for the Express 24 price when selling there, and sends it with delivery switched off", async () => {
    const seen = serve({
      "GET /api/staff/v1/products": () => json(200, [dish]),
      [`PUT /api/staff/v1/products/${dish.id}`]: () => json(200, dish),
    });
    show(<MenuSection branchId={null} languages={["uz", "ru", "eng"]} />);
    fireEvent.click(await screen.findByRole("button", { name: "Edit Lavash" }));
    fireEvent.click(await screen.findByLabelText("Sold on Express 24"));
    fireEvent.click(screen.getByLabelText(/^Sold for delivery/));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    const price = screen.getByLabelText<HTMLInputElement>("Price on Express 24");
    expect(await screen.findByText("Give the price on Express 24 to sell the dish there.")).toBeTruthy();
    expect(price.getAttribute("aria-invalid")).toBe("true");
    expect(seen.some((s) => s.method === "PUT")).toBe(false);

    fireEvent.change(price, { target: { value: "41 000" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => {
      expect(seen.find((s) => s.method === "PUT")?.body).toMatchObject({
        version: 3,
        costPrice: 35000,
        deliveryEnabled: false,
        expressPrice: 41000,
        enabledExpress: true,
        eatsPrice: null,
        enabledEats: false,
      });
    });
  });
});

describe("a menu-builder dialog refused over a newer save", () => {
  it("keeps what was typed, then reloads the other person's version and saves at it", async () => {
    let saved = category("Lavash", 1);
    const seen = serve({
      "GET /api/staff/v1/categories": () => json(200, [saved]),
      "GET /api/staff/v1/products": () => json(200, [dish]),
      [`PUT /api/staff/v1/categories/${id(9)}`]: (body) => {
        if ((body as { version: number }).version !== saved.version)
          return json(409, {
            status: 409,
            code: "EDIT_CONFLICT",
            description: { uz: "-", ru: "-", eng: "Changed by Olim Owner at 10:15: reload to see it" },
          });
        return json(200, saved);
      },
    });
    show(<MenuBuilderSection branchId={null} languages={["uz", "ru", "eng"]} />);
    fireEvent.click(await screen.findByRole("button", { name: "Edit Lavash" }));
    // Meanwhile someone else renames it.
    saved = category("Wraps", 2);
    const name = await screen.findByLabelText<HTMLInputElement>(/^Name \(O/);
    fireEvent.change(name, { target: { value: "Lavashlar" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Changed by Olim Owner at 10:15: reload to see it")).toBeTruthy();
    expect(name.value).toBe("Lavashlar");

    fireEvent.click(screen.getByRole("button", { name: "Reload their version" }));
    await waitFor(() => {
      expect(name.value).toBe("Wraps");
    });
    expect(screen.queryByText("Changed by Olim Owner at 10:15: reload to see it")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => {
      expect(seen.filter((s) => s.method === "PUT").at(-1)?.body).toMatchObject({
        version: 2,
        name: { uz: "Wraps" },
      });
    });
  });
});

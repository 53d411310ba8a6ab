// The banners section as an owner uses it: the strip in order with the hidden one marked, a move
// that sends the new order, and a refused save said at its field with what was typed kept.
import { I18nProvider } from "@lingui/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { Suspense } from "react";
import { describe, expect, it, vi } from "vitest";
import type { EditorBanner } from "../../domain/contract/back-office-banners.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { i18n } from "../../lib/i18n.ts";
import { json } from "../../test/fixtures.ts";
import BannersSection from "./banners-section.tsx";

const id = (n: number) => `0190c0de-0000-7000-8000-${String(n).padStart(12, "0")}`;

const banner = (n: number, more: Partial<EditorBanner> = {}): EditorBanner => ({
  id: id(n),
  title: { uz: `Banner ${String(n)}`, ru: `Баннер ${String(n)}`, eng: `Banner ${String(n)}` },
  image: `/api/products/v1/pictures/${id(n)}.webp`,
  width: 1200,
  height: 500,
  productId: null,
  categoryId: null,
  promoCode: null,
  link: `https://example.com/${String(n)}`,
  priority: n,
  isActive: true,
  startDate: null,
  endDate: null,
  version: "2026-11-28T05:00:00.000Z",
  ...more,
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

function show() {
  return render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>
        <Suspense fallback={null}>
          <BannersSection
            branchId={null}
            languages={["uz", "ru", "eng"]}
            manages={["banners"]}
            timeZone="Asia/Tashkent"
          />
        </Suspense>
      </QueryClientProvider>
    </I18nProvider>,
  );
}

describe("the banners section", () => {
  it("lists the strip in order, marks the hidden one and moves one down", async () => {
    const seen = serve({
      "GET /api/staff/v1/banners": () => json(200, [banner(1), banner(2, { isActive: false })]),
      "PUT /api/staff/v1/banners/order": () => json(200, [banner(2), banner(1)]),
    });
    show();
    expect(await screen.findByText("Banner 1")).toBeTruthy();
    expect(screen.getByText("Hidden")).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "Move Banner 1 up" }).disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Move Banner 1 down" }));
    await waitFor(() => {
      expect(seen.find((s) => s.method === "PUT")?.body).toEqual({ ids: [id(2), id(1)] });
    });
  });

  it("says a refused link at the target and keeps what was typed", async () => {
    serve({
      "GET /api/staff/v1/banners": () => json(200, [banner(1)]),
      "GET /api/staff/v1/products": () => json(200, []),
      "GET /api/staff/v1/categories": () => json(200, []),
      "PUT /api/staff/v1/banners/0190c0de-0000-7000-8000-000000000001": () =>
        json(400, {
          status: 400,
          code: "VALIDATION_FAILED",
          description: { uz: "body.link: xato", ru: "body.link: ошибка", eng: "body.link: must be https" },
        }),
    });
    show();
    fireEvent.click(await screen.findByRole("button", { name: "Edit" }));
    const title = await screen.findByLabelText<HTMLInputElement>(/Title \(/, {
      selector: `input[id$="-title"]`,
    });
    fireEvent.change(title, { target: { value: "Summer" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("body.link: must be https")).toBeTruthy();
    expect(title.value).toBe("Summer");
  });

  it("sends the first and last day as the brand's midnights, and says a last day before the first at its field", async () => {
    const seen = serve({
      "GET /api/staff/v1/banners": () => json(200, [banner(1, { endDate: "2020-01-02T19:00:00.000Z" })]),
      "GET /api/staff/v1/products": () => json(200, []),
      "GET /api/staff/v1/categories": () => json(200, []),
      "PUT /api/staff/v1/banners/0190c0de-0000-7000-8000-000000000001": () => json(200, banner(1)),
    });
    show();
    // Its last day has passed: the list says so.
    expect(await screen.findByText(/^Ended /)).toBeTruthy();
    fireEvent.click(await screen.findByRole("button", { name: "Edit" }));
    const first = await screen.findByLabelText<HTMLInputElement>("First day");
    const last = screen.getByLabelText<HTMLInputElement>("Last day");
    // The stored end (midnight of 3 January in Tashkent) is shown as the last day it is shown.
    expect(last.value).toBe("2020-01-02");
    fireEvent.change(first, { target: { value: "2026-12-10" } });
    fireEvent.change(last, { target: { value: "2026-12-01" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Not before the first day.")).toBeTruthy();
    expect(seen.some((s) => s.method === "PUT")).toBe(false);

    fireEvent.change(last, { target: { value: "2026-12-31" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => {
      expect(seen.find((s) => s.method === "PUT")?.body).toMatchObject({
        startDate: "2026-12-09T19:00:00.000Z",
        endDate: "2026-12-31T19:00:00.000Z",
      });
    });
  });
});

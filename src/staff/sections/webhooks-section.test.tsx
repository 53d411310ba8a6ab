// The webhooks section as an owner uses it: the empty state, an endpoint added with the events
// ticked (what is sent), its secret shown once and gone from the page after, a refused address said
// at its field with what was typed kept, and the delivery log with "send again".
import { I18nProvider } from "@lingui/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { Suspense } from "react";
import { describe, expect, it, vi } from "vitest";
import type { WebhookDelivery, WebhookEndpoint } from "../../domain/contract/back-office-webhooks.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { i18n } from "../../lib/i18n.ts";
import { json } from "../../test/fixtures.ts";
import WebhooksSection from "./webhooks-section.tsx";

const ID = "0190c0de-0000-7000-8000-000000000001";
const SECRET = "whsec_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG";
const endpoint: WebhookEndpoint = {
  id: ID,
  url: "https://erp.example.com/savat",
  events: ["order.placed", "order.cancelled"],
  enabled: true,
  secretHint: "DEFG",
  createdDate: "2026-11-28T05:00:00.000Z",
  lastState: null,
};
const delivery: WebhookDelivery = {
  id: "0190c0de-0000-7000-8000-000000000002",
  eventId: "0190c0de-0000-7000-8000-000000000003",
  type: "order.placed",
  orderId: "0190c0de-0000-7000-8000-000000000004",
  state: "FAILED",
  attempts: 14,
  nextAttemptAt: null,
  lastStatus: 503,
  lastResponse: "down for maintenance",
  lastError: "the receiver answered 503",
  deliveredAt: null,
  createdDate: "2026-11-27T05:00:00.000Z",
};

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
          <WebhooksSection branchId={null} manages={["webhooks"]} timeZone="Asia/Tashkent" />
        </Suspense>
      </QueryClientProvider>
    </I18nProvider>,
  );
}

describe("the webhooks section", () => {
  it("adds an endpoint with the events ticked and shows its secret once", async () => {
    let list: WebhookEndpoint[] = [];
    const seen = serve({
      "GET /api/staff/v1/webhooks": () => json(200, list),
      "POST /api/staff/v1/webhooks": () => {
        list = [endpoint];
        return json(201, { endpoint, secret: SECRET });
      },
    });
    show();
    expect(await screen.findByText("No webhooks yet")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "New endpoint" }));
    fireEvent.change(screen.getByLabelText("Address (https)"), { target: { value: endpoint.url } });
    fireEvent.click(screen.getByRole("checkbox", { name: /Order cancelled/ }));
    fireEvent.click(screen.getByRole("button", { name: "Create" }));
    expect(await screen.findByText(SECRET)).toBeTruthy();
    expect(seen.find((s) => s.method === "POST")?.body).toEqual({
      url: endpoint.url,
      events: ["order.placed", "order.cancelled"],
      enabled: true,
    });
    fireEvent.click(screen.getByRole("button", { name: "I have saved it" }));
    await waitFor(() => {
      expect(screen.queryByText(SECRET)).toBeNull();
    });
    expect(await screen.findByText("Secret ends in …DEFG")).toBeTruthy();
    expect(document.body.innerHTML).not.toContain(SECRET);
  });

  it("says a refused address at its field and keeps what was typed", async () => {
    serve({
      "GET /api/staff/v1/webhooks": () => json(200, []),
      "POST /api/staff/v1/webhooks": () =>
        json(400, {
          status: 400,
          code: "VALIDATION_FAILED",
          description: {
            uz: "url: -",
            ru: "url: -",
            eng: "url: the address leads to a private, loopback or link-local network; give a public address",
          },
        }),
    });
    show();
    fireEvent.click(await screen.findByRole("button", { name: "New endpoint" }));
    const field = screen.getByLabelText<HTMLInputElement>("Address (https)");
    fireEvent.change(field, { target: { value: "https://10.0.0.5/hook" } });
    fireEvent.click(screen.getByRole("button", { name: "Create" }));
    expect(await screen.findByText(/leads to a private, loopback or link-local network/)).toBeTruthy();
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(field.value).toBe("https://10.0.0.5/hook");
  });

  it("shows the delivery log with the receiver's answer and sends one again", async () => {
    const seen = serve({
      "GET /api/staff/v1/webhooks": () => json(200, [{ ...endpoint, lastState: "FAILED" }]),
      [`GET /api/staff/v1/webhooks/${ID}/deliveries`]: () => json(200, [delivery]),
      [`POST /api/staff/v1/webhooks/${ID}/deliveries/${delivery.id}/resend`]: () =>
        json(200, { ...delivery, state: "PENDING", attempts: 0 }),
    });
    show();
    fireEvent.click(await screen.findByRole("button", { name: "Delivery log" }));
    const table = await screen.findByRole("table");
    expect(table.textContent).toContain("Order placed");
    expect(table.textContent).toContain("Failed");
    expect(table.textContent).toContain("HTTP 503 · the receiver answered 503");
    fireEvent.click(screen.getByRole("button", { name: "Send again" }));
    await waitFor(() => {
      expect(seen.some((s) => s.method === "POST" && s.path.endsWith("/resend"))).toBe(true);
    });
  });
});

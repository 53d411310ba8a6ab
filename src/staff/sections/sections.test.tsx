// The console's sections as staff use them: what they show, and what each button asks the API for.
// The API is answered by a fake fetch at the network edge (as the storefront's component tests do).
import { I18nProvider } from "@lingui/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { Suspense, type ComponentType } from "react";
import { describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../lib/query-client.ts";
import { i18n } from "../../lib/i18n.ts";
import { json } from "../../test/fixtures.ts";
import { staffSections } from "./index.ts";
import type { StaffSectionProps } from "./types.ts";

const BRANCH = "0190b0b0-0000-7000-8000-000000000001";
const id = (n: number) => `0190c0de-0000-7000-8000-${String(n).padStart(12, "0")}`;

interface Seen {
  method: string;
  path: string;
  body: unknown;
}

/** Answers by "METHOD /path" (query left out); records every call with its body. */
function serve(routes: Record<string, (body: unknown) => Response>): Seen[] {
  const seen: Seen[] = [];
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

function show(sectionId: string, branchId: string | null = BRANCH, more: Partial<StaffSectionProps> = {}) {
  const section = staffSections.find((s) => s.id === sectionId);
  if (!section) throw new Error(`no section ${sectionId}`);
  const Component = section.component as ComponentType<StaffSectionProps>;
  return render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>
        <Suspense fallback={null}>
          <Component branchId={branchId} {...more} />
        </Suspense>
      </QueryClientProvider>
    </I18nProvider>,
  );
}

const base = `/api/staff/v1/branches/${BRANCH}`;

describe("the registry", () => {
  it("lists the shift's sections, phone orders and the back office's, each with its own URL id and a shortcut letter no other section or the board has", () => {
    expect(staffSections.map((s) => s.id)).toEqual([
      "stop-list",
      "today",
      "waiter-calls",
      "bookings",
      "tables",
      "phone-order",
      "menu",
      "menu-builder",
      "branches",
      "zones",
      "content",
      "banners",
      "stories",
      "news",
      "audit",
      "staff",
      "settings",
      "kitchen",
      "yandex-delivery",
      "fiscal",
      "order-rules",
      "promos",
      "webhooks",
      "reports",
    ]);
    // The back office's sections are only for the roles that may open them.
    expect(staffSections.filter((s) => s.manages).map((s) => s.manages)).toEqual([
      "menu",
      "menu",
      "branches",
      "places",
      "content",
      "banners",
      "banners",
      "content",
      "audit",
      "staff",
      "settings",
      "settings",
      "settings",
      "settings",
      "settings",
      "promos",
      "webhooks",
      "reports",
    ]);
    // Alt+B is the order board's own.
    const letters = ["b", ...staffSections.map((s) => s.shortcut)];
    expect(new Set(letters).size).toBe(letters.length);
  });

  it("asks for a branch while all branches are chosen", async () => {
    serve({});
    show("today", null);
    expect(await screen.findByText("Choose a branch")).toBeTruthy();
  });
});

describe("the stop-list", () => {
  const OTHER_BRANCH = "0190b0b0-0000-7000-8000-000000000002";
  const list = {
    products: [
      {
        id: id(1),
        name: { eng: "Lavash classic" },
        image: null,
        categoryId: id(100),
        categoryName: { eng: "Lavash" },
        brandOff: false,
        stopped: false,
        soldAt: [BRANCH, OTHER_BRANCH],
        stoppedAt: [],
      },
      {
        id: id(2),
        name: { eng: "Shawarma" },
        image: null,
        categoryId: id(101),
        categoryName: { eng: "Shawarma" },
        brandOff: false,
        stopped: true,
        soldAt: [BRANCH],
        stoppedAt: [BRANCH],
      },
    ],
    options: [
      {
        id: id(11),
        name: { eng: "Cheese" },
        groupNames: [{ eng: "Extras" }],
        products: 140,
        stopped: false,
        soldAt: [BRANCH, OTHER_BRANCH],
        stoppedAt: [OTHER_BRANCH],
      },
    ],
  };

  it("lists dishes by category and each option once, found by name, and switches them off for the branch", async () => {
    const seen = serve({
      [`GET ${base}/stop-list`]: () => json(200, list),
      [`PUT ${base}/stop-list/products/${id(1)}`]: (b) =>
        json(200, { id: id(1), ...(b as object), branchIds: [BRANCH] }),
      [`PUT ${base}/stop-list/modifiers/${id(11)}`]: (b) =>
        json(200, { id: id(11), ...(b as object), branchIds: [BRANCH] }),
    });
    show("stop-list");
    const lavash = await screen.findByRole("switch", { name: "Lavash classic on sale" });
    expect(lavash.getAttribute("aria-checked")).toBe("true");
    expect(screen.getByRole("switch", { name: "Shawarma on sale" }).getAttribute("aria-checked")).toBe(
      "false",
    );
    expect(screen.getByRole("heading", { name: "Lavash" })).toBeTruthy();
    const options = screen.getByRole("list", { name: "Options of the branch" });
    expect(within(options).getAllByRole("listitem")).toHaveLength(1);
    expect(within(options).getByText("Stopped at 1 of 2 branches")).toBeTruthy();

    fireEvent.change(screen.getByRole("searchbox", { name: "Find a dish or an option" }), {
      target: { value: "shaw" },
    });
    await waitFor(() => {
      expect(screen.queryByRole("switch", { name: "Lavash classic on sale" })).toBeNull();
    });
    expect(screen.queryByRole("switch", { name: "Cheese on sale" })).toBeNull();
    fireEvent.change(screen.getByRole("searchbox"), { target: { value: "chee" } });
    expect(await screen.findByRole("switch", { name: "Cheese on sale" })).toBeTruthy();
    fireEvent.change(screen.getByRole("searchbox"), { target: { value: "" } });

    fireEvent.click(await screen.findByRole("switch", { name: "Lavash classic on sale" }));
    await waitFor(() => {
      expect(seen.some((s) => s.method === "PUT" && s.path.endsWith(`/products/${id(1)}`))).toBe(true);
    });
    expect(seen.find((s) => s.method === "PUT")?.body).toEqual({ stopped: true });
    fireEvent.click(screen.getByRole("switch", { name: "Cheese on sale" }));
    await waitFor(() => {
      expect(seen.find((s) => s.path.endsWith(`/modifiers/${id(11)}`))?.body).toEqual({ stopped: true });
    });
  });

  it("stops an option at every branch in one call, and says so at once", async () => {
    let current: typeof list = list;
    const seen = serve({
      [`GET ${base}/stop-list`]: () => json(200, current),
      [`PUT /api/staff/v1/stop-list/modifiers/${id(11)}`]: (b) => {
        current = {
          ...list,
          options: list.options.map((o) => ({ ...o, stopped: true, stoppedAt: [BRANCH, OTHER_BRANCH] })),
        };
        return json(200, { id: id(11), ...(b as object), branchIds: [BRANCH, OTHER_BRANCH] });
      },
    });
    show("stop-list");
    fireEvent.click(await screen.findByRole("button", { name: "Stop at every branch: Cheese" }));
    await waitFor(() => {
      expect(
        seen.find((s) => s.method === "PUT" && s.path === `/api/staff/v1/stop-list/modifiers/${id(11)}`)
          ?.body,
      ).toEqual({ stopped: true });
    });
    const options = screen.getByRole("list", { name: "Options of the branch" });
    expect(await within(options).findByText("Stopped at 2 of 2 branches")).toBeTruthy();
    expect(within(options).getByRole("button", { name: "Put back at every branch: Cheese" })).toBeTruthy();
    // A product sold at one branch only offers no every-branch action.
    expect(screen.queryByRole("button", { name: "Stop at every branch: Shawarma" })).toBeNull();
  });

  it("with all branches chosen, lists what they sell and switches each at every branch", async () => {
    const seen = serve({
      "GET /api/staff/v1/stop-list": () => json(200, list),
      [`PUT /api/staff/v1/stop-list/products/${id(2)}`]: (b) =>
        json(200, { id: id(2), ...(b as object), branchIds: [BRANCH] }),
    });
    show("stop-list", null);
    const putBack = await screen.findByRole("button", { name: "Put back at every branch: Shawarma" });
    // No per-branch switches: every change is at every branch.
    expect(screen.queryByRole("switch")).toBeNull();
    fireEvent.click(putBack);
    await waitFor(() => {
      expect(
        seen.find((s) => s.method === "PUT" && s.path === `/api/staff/v1/stop-list/products/${id(2)}`)?.body,
      ).toEqual({ stopped: false });
    });
  });

  it("puts the switch back when the server refuses", async () => {
    serve({
      [`GET ${base}/stop-list`]: () => json(200, list),
      [`PUT ${base}/stop-list/products/${id(1)}`]: () =>
        json(403, {
          status: 403,
          code: "STAFF_BRANCH_FORBIDDEN",
          description: { uz: "-", ru: "-", eng: "No" },
        }),
    });
    show("stop-list");
    const lavash = await screen.findByRole("switch", { name: "Lavash classic on sale" });
    fireEvent.click(lavash);
    await waitFor(() => {
      expect(
        screen.getByRole("switch", { name: "Lavash classic on sale" }).getAttribute("aria-checked"),
      ).toBe("true");
    });
  });

  it("says so when the list did not load, and loads it again on request", async () => {
    let calls = 0;
    serve({
      [`GET ${base}/stop-list`]: () => {
        calls += 1;
        return calls === 1
          ? json(404, { status: 404, code: "NOT_FOUND", description: { uz: "-", ru: "-", eng: "-" } })
          : json(200, list);
      },
    });
    show("stop-list");
    fireEvent.click(await screen.findByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("switch", { name: "Lavash classic on sale" })).toBeTruthy();
  });
});

describe("today at the branch", () => {
  const today = (over: Record<string, unknown> = {}) => ({
    branchId: BRANCH,
    day: "2026-11-25",
    closed: false,
    deliveryOff: false,
    deliveryOffered: true,
    pickupOffered: true,
    dineInOffered: false,
    hours: [
      { type: "PICK_UP", open: "10:00", close: "23:00" },
      { type: "DELIVERY", open: "10:00", close: "22:00" },
      { type: "DINE_IN", open: null, close: null },
    ],
    openNow: true,
    paused: [],
    totals: {
      orders: 12,
      canceled: 1,
      revenue: 1_250_000,
      paidOrders: 10,
      pending: 210_000,
      pendingOrders: 2,
      byPaymentType: [
        { paymentType: "CASH", orders: 8, revenue: 800_000, pending: 210_000 },
        { paymentType: "PAYME", orders: 4, revenue: 450_000, pending: 0 },
      ],
      averageReadyMinutes: 17.4,
      readyOrders: 10,
    },
    ...over,
  });

  it("shows the day's totals and closes the branch for the day", async () => {
    const seen = serve({
      [`GET ${base}/today`]: () => json(200, today()),
      [`PUT ${base}/today`]: (b) => json(200, today(b as Record<string, unknown>)),
    });
    show("today");
    expect(await screen.findByText("Open today")).toBeTruthy();
    expect(screen.getByText("12")).toBeTruthy();
    expect(screen.getByText("17 min")).toBeTruthy();
    const pending = screen.getByText("Not paid yet, sum").closest(".staff-stat");
    expect(pending?.querySelector(".staff-stat__value")?.textContent).toMatch(/210/);
    const table = screen.getByRole("table");
    expect(within(table).getByRole("rowheader", { name: "Cash" })).toBeTruthy();
    fireEvent.click(screen.getByRole("switch", { name: "Branch open today" }));
    // Asked first: nothing changes until it is confirmed.
    const ask = await screen.findByRole("dialog", { name: "Close the branch for today?" });
    expect(seen.some((s) => s.method === "PUT")).toBe(false);
    fireEvent.click(within(ask).getByRole("button", { name: "Close for today" }));
    expect(await screen.findByText("Closed for today")).toBeTruthy();
    expect(seen.find((s) => s.method === "PUT")?.body).toEqual({ closed: true });
    // Closed: the delivery card no longer promises pickup or dine-in.
    expect(screen.getByTestId("delivery-today-text").textContent).toBe(
      "Guests cannot order from this branch until tomorrow.",
    );
  });

  it("switches delivery off for the day", async () => {
    const seen = serve({
      [`GET ${base}/today`]: () => json(200, today()),
      [`PUT ${base}/today`]: (b) => json(200, today(b as Record<string, unknown>)),
    });
    show("today");
    fireEvent.click(await screen.findByRole("switch", { name: "Delivery today" }));
    const ask = await screen.findByRole("dialog", { name: "Switch delivery off for today?" });
    fireEvent.click(within(ask).getByRole("button", { name: "Back" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(seen.some((s) => s.method === "PUT")).toBe(false);
    fireEvent.click(screen.getByRole("switch", { name: "Delivery today" }));
    const again = await screen.findByRole("dialog", { name: "Switch delivery off for today?" });
    fireEvent.click(within(again).getByRole("button", { name: "Switch delivery off" }));
    expect(await screen.findByText("Delivery off today")).toBeTruthy();
    expect(seen.find((s) => s.method === "PUT")?.body).toEqual({ deliveryOff: true });
    // The branch has no dine-in: only pickup is promised.
    expect(screen.getByTestId("delivery-today-text").textContent).toBe("Guests can still pick up.");
  });

  it("pauses delivery for 30 minutes, says until when on the brand's clock, and resumes it now", async () => {
    // 19:40 in Tashkent, the brand's time zone (the console's default).
    const until = "2026-11-25T14:40:00.000Z";
    const seen = serve({
      [`GET ${base}/today`]: () => json(200, today()),
      [`PUT ${base}/pause`]: (b) => {
        const { services, paused } = b as { services: string[]; paused: boolean };
        return json(200, today({ paused: paused ? services.map((type) => ({ type, until })) : [] }));
      },
    });
    show("today");
    const delivery = await screen.findByTestId("delivery-card");
    fireEvent.click(within(delivery).getByRole("button", { name: "Pause delivery for 30 minutes" }));
    // Asked first, as switching off for the day is.
    const ask = await screen.findByRole("dialog", { name: "Pause delivery for 30 minutes?" });
    expect(seen.some((s) => s.method === "PUT")).toBe(false);
    fireEvent.click(within(ask).getByRole("button", { name: "Pause" }));
    expect(await within(delivery).findByText("Paused until 19:40")).toBeTruthy();
    expect(within(delivery).getByText("Delivery paused")).toBeTruthy();
    expect(seen.find((s) => s.method === "PUT")?.body).toEqual({ services: ["DELIVERY"], paused: true });
    // The branch as a whole still takes pickup: its card is not paused.
    expect(screen.getByText("Open today")).toBeTruthy();

    fireEvent.click(within(delivery).getByRole("button", { name: "Resume now" }));
    expect(await within(delivery).findByText("Delivery on")).toBeTruthy();
    expect(seen.filter((s) => s.method === "PUT").at(-1)?.body).toEqual({
      services: ["DELIVERY"],
      paused: false,
    });
  });

  it("pauses every service the branch offers at once", async () => {
    const seen = serve({
      [`GET ${base}/today`]: () => json(200, today()),
      [`PUT ${base}/pause`]: (b) => {
        const { services } = b as { services: string[] };
        return json(
          200,
          today({ paused: services.map((type) => ({ type, until: "2026-11-25T14:40:00.000Z" })) }),
        );
      },
    });
    show("today");
    fireEvent.click(await screen.findByRole("button", { name: "Pause all orders for 30 minutes" }));
    const ask = await screen.findByRole("dialog", { name: "Pause all orders for 30 minutes?" });
    fireEvent.click(within(ask).getByRole("button", { name: "Pause" }));
    expect(await screen.findByText("Orders paused")).toBeTruthy();
    // No dine-in at this branch: delivery and pickup only.
    expect(seen.find((s) => s.method === "PUT")?.body).toEqual({
      services: ["DELIVERY", "PICK_UP"],
      paused: true,
    });
    expect(screen.getAllByText("Paused until 19:40")).toHaveLength(2);
  });
});

describe("waiter calls", () => {
  const call = (n: number, over: Record<string, unknown> = {}) => ({
    id: id(n),
    branchId: BRANCH,
    hallId: id(90),
    tableId: id(91),
    tableName: String(n),
    hallName: { eng: "Main hall" },
    reason: "CALL",
    status: "OPEN",
    createdDate: new Date().toISOString(),
    acknowledgedAt: null,
    closedAt: null,
    ...over,
  });

  it("lists the open calls and answers one", async () => {
    const seen = serve({
      "GET /api/staff/v1/waiter-calls": () =>
        json(200, [call(4), call(7, { reason: "BILL", status: "ACKNOWLEDGED" })]),
      [`PUT /api/staff/v1/waiter-calls/${id(4)}/acknowledge`]: () =>
        json(200, call(4, { status: "ACKNOWLEDGED" })),
    });
    show("waiter-calls");
    expect(await screen.findByRole("heading", { name: "Table 4 calls a waiter" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Table 7 asks for the bill" })).toBeTruthy();
    // An acknowledged call offers only closing it.
    expect(screen.getAllByRole("button", { name: "On my way" })).toHaveLength(1);
    fireEvent.click(screen.getByRole("button", { name: "On my way" }));
    await waitFor(() => {
      expect(seen.some((s) => s.method === "PUT" && s.path.endsWith(`${id(4)}/acknowledge`))).toBe(true);
    });
  });

  it("says when nobody is calling", async () => {
    serve({ "GET /api/staff/v1/waiter-calls": () => json(200, []) });
    show("waiter-calls");
    expect(await screen.findByText("No calls")).toBeTruthy();
  });
});

describe("bookings", () => {
  const booking = (n: number, status: string, over: Record<string, unknown> = {}) => ({
    id: id(n),
    branchId: BRANCH,
    branchName: { eng: "Chilonzor" },
    bookingPhone: null,
    hallId: null,
    hallName: null,
    tableId: null,
    tableName: null,
    name: `Guest ${String(n)}`,
    phone: "+998901112233",
    guests: 4,
    time: "2026-11-25T14:00:00.000Z",
    endTime: "2026-11-25T16:00:00.000Z",
    comment: null,
    status,
    declineReason: null,
    cancellable: true,
    changeable: false,
    pendingPayment: null,
    createdDate: "2026-11-25T08:00:00.000Z",
    lastModifiedDate: "2026-11-25T08:00:00.000Z",
    userId: id(99),
    ...over,
  });
  const tables = [
    { id: id(51), code: "c5", name: "5", seats: 4, hall: { eng: "Main hall" } },
    { id: id(52), code: "c6", name: "6", seats: 2, hall: { eng: "Terrace" } },
  ];

  it("lists the requests waiting in the inbox, confirms one with a table and declines one with a reason", async () => {
    const seen = serve({
      "GET /api/staff/v1/reservations/requests": () => json(200, [booking(1, "REQUESTED")]),
      "GET /api/staff/v1/reservations": () => json(200, [booking(2, "DONE")]),
      [`GET ${base}/tables`]: () => json(200, tables),
      [`PUT /api/staff/v1/reservations/${id(1)}/status`]: () => json(200, booking(1, "CONFIRMED")),
    });
    show("bookings");
    const inbox = await screen.findByTestId("booking-inbox");
    const card = (await within(inbox).findByRole("heading", { name: "Guest 1" })).closest("li");
    if (!card) throw new Error("no card");
    expect(within(card).getByText("4 guests")).toBeTruthy();
    // Its day (the inbox spans days), the brand's clock and a readable phone.
    expect(within(card).getByText("25.11.2026")).toBeTruthy();
    expect(within(card).getByText("19:00")).toBeTruthy();
    expect(within(card).getByRole("link", { name: /\+998 90 111 22 33/ })).toBeTruthy();
    // The day's answered bookings below; a finished one offers nothing.
    const done = (await screen.findByRole("heading", { name: "Guest 2" })).closest("li");
    expect(within(inbox).queryByText("Guest 2")).toBeNull();
    expect(done && within(done).queryAllByRole("button")).toHaveLength(0);

    await within(card).findByRole("option", { name: "Table 6 · 2 seats" });
    fireEvent.change(within(card).getByLabelText("Table"), { target: { value: id(52) } });
    fireEvent.click(within(card).getByRole("button", { name: "Confirm" }));
    await waitFor(() => {
      expect(seen.find((s) => s.method === "PUT")?.body).toEqual({ status: "CONFIRMED", tableId: id(52) });
    });
    fireEvent.click(within(card).getByRole("button", { name: "Decline" }));
    fireEvent.change(within(card).getByLabelText("Reason for the guest"), {
      target: { value: "Fully booked" },
    });
    fireEvent.click(within(card).getByRole("button", { name: "Decline the booking" }));
    await waitFor(() => {
      expect(seen.filter((s) => s.method === "PUT").at(-1)?.body).toEqual({
        status: "DECLINED",
        reason: "Fully booked",
      });
    });
  });

  it("changes the table of a confirmed booking, which shows on its card", async () => {
    const seen = serve({
      "GET /api/staff/v1/reservations/requests": () => json(200, []),
      "GET /api/staff/v1/reservations": () =>
        json(200, [booking(3, "CONFIRMED", { tableId: id(51), tableName: "5" })]),
      [`GET ${base}/tables`]: () => json(200, tables),
      [`PUT /api/staff/v1/reservations/${id(3)}/table`]: () =>
        json(200, booking(3, "CONFIRMED", { tableId: id(52), tableName: "6" })),
    });
    show("bookings");
    expect(await screen.findByText("No requests are waiting for an answer.")).toBeTruthy();
    const card = (await screen.findByRole("heading", { name: "Guest 3" })).closest("li");
    if (!card) throw new Error("no card");
    expect(within(card).getByTestId("booking-table").textContent).toBe("Table 5");
    await within(card).findByRole("option", { name: "Table 6 · 2 seats" });
    fireEvent.change(within(card).getByLabelText("Table"), { target: { value: id(52) } });
    await waitFor(() => {
      expect(seen.find((s) => s.method === "PUT")).toEqual(
        expect.objectContaining({
          path: `/api/staff/v1/reservations/${id(3)}/table`,
          body: { tableId: id(52) },
        }),
      );
    });
  });

  it("under all branches lists every branch's requests with their branch, and asks for one for a day", async () => {
    serve({
      "GET /api/staff/v1/reservations/requests": () => json(200, [booking(4, "REQUESTED")]),
      [`GET ${base}/tables`]: () => json(200, tables),
    });
    show("bookings", null);
    const inbox = await screen.findByTestId("booking-inbox");
    const card = (await within(inbox).findByRole("heading", { name: "Guest 4" })).closest("li");
    expect(card?.textContent).toContain("Chilonzor");
    expect(screen.getByText("Pick a branch in the branch menu to see a day's bookings.")).toBeTruthy();
  });
});

describe("tables", () => {
  it("lists the tables by hall and downloads the QR sheet", async () => {
    const seen = serve({
      [`GET ${base}/tables`]: () =>
        json(200, [
          { id: id(1), code: "c1", name: "1", seats: 4, hall: { eng: "Main hall" } },
          { id: id(2), code: "c2", name: "2", seats: 2, hall: { eng: "Terrace" } },
        ]),
      [`GET ${base}/table-qr`]: () =>
        new Response("<!doctype html><svg></svg>", { status: 200, headers: { "content-type": "text/html" } }),
    });
    const created = vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:qr");
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => undefined);
    // The browser saves or opens the file; here the click is only recorded.
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => undefined);
    show("tables");
    expect(await screen.findByRole("heading", { name: "Terrace" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Download QR sheet" }));
    await waitFor(() => {
      expect(clicked).toHaveBeenCalled();
    });
    expect(created).toHaveBeenCalledWith(expect.any(Blob));
    expect(seen.some((s) => s.path === `${base}/table-qr`)).toBe(true);
  });

  it("names the downloaded sheet by the brand and the branch, not by the branch's id", async () => {
    serve({
      [`GET ${base}/tables`]: () =>
        json(200, [{ id: id(1), code: "c1", name: "1", seats: 4, hall: { eng: "Main hall" } }]),
      [`GET ${base}/table-qr`]: () =>
        new Response("<!doctype html><svg></svg>", { status: 200, headers: { "content-type": "text/html" } }),
    });
    vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:qr");
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => undefined);
    let saved = "";
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved = this.download;
    });
    show("tables", BRANCH, {
      brandSub: "plov",
      branches: [{ id: BRANCH, name: { uz: "Beshyog'och", ru: "Бешагач" } }],
    });
    fireEvent.click(await screen.findByRole("button", { name: "Download QR sheet" }));
    await waitFor(() => {
      expect(saved).toBe("table-qr-plov-beshyogoch.html");
    });
  });
});

describe("a booking's phone", () => {
  it("reads formatted, whatever way the guest typed it, with its tel: link", async () => {
    serve({
      "GET /api/staff/v1/reservations": () =>
        json(200, [
          {
            id: id(7),
            branchId: BRANCH,
            branchName: { eng: "Chilonzor" },
            bookingPhone: null,
            hallId: null,
            hallName: null,
            name: "Kamola",
            phone: "998901234567",
            guests: 2,
            time: "2026-11-25T14:00:00.000Z",
            endTime: "2026-11-25T16:00:00.000Z",
            comment: null,
            status: "CONFIRMED",
            declineReason: null,
            cancellable: true,
            changeable: false,
            pendingPayment: null,
            createdDate: "2026-11-25T08:00:00.000Z",
            lastModifiedDate: "2026-11-25T08:00:00.000Z",
            userId: id(99),
          },
        ]),
      "GET /api/staff/v1/reservations/requests": () => json(200, []),
    });
    show("bookings");
    const link = await screen.findByRole("link", { name: "+998 90 123 45 67" });
    expect(link.getAttribute("href")).toBe("tel:+998901234567");
  });
});

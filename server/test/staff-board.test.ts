/* eslint-disable @typescript-eslint/no-non-null-assertion -- the demo brand's fixtures exist; a missing one should fail loudly */
// The staff console's order board and live stream: staff of the brand see every order as it is
// placed and moved, with who placed it; a customer and another brand's staff are refused, and a
// brand's stream never carries another brand's orders.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { diningTables, orders, staffBranches, users } from "../src/db/schema/index.ts";
import { createSession } from "../src/repositories/sessions.ts";
import { createTestApp, merchantId, type TestApp } from "./support/app.ts";
import { branchNamed, plainProduct } from "./support/orders.ts";

let t: TestApp;
let lavash: string;
let plov: string;
let chilonzor: string;
let mirobod: string;
let pizza: string;
let seq = 0;
let listening: Promise<string> | null = null;
/** The app on a real port, for the streams (once per file). */
const serverAddress = () => (listening ??= t.app.listen({ port: 0, host: "127.0.0.1" }));

/** Inside the "Tashkent centre" delivery region. */
const ADDRESS = { name: "Amir Temur 1", houseNumber: "1", latitude: 41.311081, longitude: 69.240562 };

async function person(merchant: string, role: "CUSTOMER" | "STAFF" = "CUSTOMER", bindTo: string[] = []) {
  seq += 1;
  const phone = `+99893${String(2000000 + seq)}`;
  const [user] = await t.db
    .insert(users)
    .values({ merchantId: merchant, phone, firstName: `Aziza${seq}`, lastName: "Karimova", role })
    .returning();
  for (const branchId of bindTo)
    await t.db.insert(staffBranches).values({ merchantId: merchant, userId: user!.id, branchId });
  const { token } = await createSession(t.db, { merchantId: merchant, userId: user!.id, channel: "WEB" });
  return { id: user!.id, token, phone, merchant };
}
type Person = Awaited<ReturnType<typeof person>>;

const headers = (p: Person, merchant = p.merchant) => ({ merchant, authorization: `Bearer ${p.token}` });

async function place(c: Person, branchId = chilonzor, comment = "No onions") {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/orders/v1/orders",
    headers: headers(c),
    payload: {
      serviceType: "DELIVERY",
      paymentType: "CASH",
      cartItems: [{ productId: pizza, count: 2, modifications: [] }],
      address: ADDRESS,
      branchId,
      comment,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string; number: number }>();
}

/** Reads a stream until `until` shows in it or `ms` pass; answers what came. */
async function readStream(res: Response, until: (text: string) => boolean, ms = 5000): Promise<string> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const deadline = Date.now() + ms;
  while (!until(text) && Date.now() < deadline) {
    const next = await Promise.race([
      reader.read(),
      new Promise<null>((resolve) =>
        setTimeout(
          () => {
            resolve(null);
          },
          Math.max(1, deadline - Date.now()),
        ),
      ),
    ]);
    if (!next || next.done) break;
    text += decoder.decode(next.value);
  }
  await reader.cancel().catch(() => undefined);
  return text;
}

beforeAll(async () => {
  t = await createTestApp();
  lavash = await merchantId(t, "lavash");
  plov = await merchantId(t, "plov");
  chilonzor = await branchNamed(t, lavash, "Chilonzor");
  mirobod = await branchNamed(t, lavash, "Mirobod");
  pizza = await plainProduct(t, lavash);
});
afterAll(async () => {
  await t.close();
});

describe("the order board", () => {
  it("shows staff the brand's active orders with the items, the comment and who placed them", async () => {
    const staff = await person(lavash, "STAFF");
    const c = await person(lavash);
    const placed = await place(c);
    const res = await t.app.inject({ method: "GET", url: "/api/staff/v1/board", headers: headers(staff) });
    expect(res.statusCode, res.body).toBe(200);
    const board = res.json<{
      orders: {
        id: string;
        status: string;
        comment: string | null;
        cartItems: unknown[];
        customer: { name: string; phone: string } | null;
      }[];
      branches: { id: string }[];
      allBranches: boolean;
    }>();
    const order = board.orders.find((o) => o.id === placed.id);
    expect(order).toMatchObject({ status: "CREATED", comment: "No onions" });
    expect(order?.cartItems).toHaveLength(1);
    expect(order?.customer).toEqual({ name: expect.stringMatching(/^Aziza\d+ Karimova$/), phone: c.phone });
    expect(board.branches.map((b) => b.id)).toEqual(expect.arrayContaining([chilonzor, mirobod]));
    expect(board.allBranches).toBe(true);
  });

  it("names the table (and its hall) of an order placed at one, and no table for the others", async () => {
    const staff = await person(plov, "STAFF");
    const c = await person(plov);
    const [table] = await t.db.select().from(diningTables).where(eq(diningTables.code, "plov-Hd8sN3"));
    const placed = await t.app.inject({
      method: "POST",
      url: "/api/orders/v1/orders",
      headers: headers(c),
      payload: {
        serviceType: "DINE_IN",
        paymentType: "CASH",
        cartItems: [{ productId: await plainProduct(t, plov, 0), count: 1, modifications: [] }],
        branchId: table!.branchId,
        hallId: table!.hallId,
        tableId: table!.id,
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const res = await t.app.inject({ method: "GET", url: "/api/staff/v1/board", headers: headers(staff) });
    expect(res.statusCode, res.body).toBe(200);
    const orders = res.json<{ orders: { id: string; table: unknown }[] }>().orders;
    expect(orders.find((o) => o.id === placed.json<{ id: string }>().id)?.table).toEqual({
      name: "3",
      hall: expect.objectContaining({ eng: "Main hall" }),
    });
    const other = await place(await person(lavash));
    const lavashBoard = await t.app.inject({
      method: "GET",
      url: "/api/staff/v1/board",
      headers: headers(await person(lavash, "STAFF")),
    });
    expect(
      lavashBoard.json<{ orders: { id: string; table: unknown }[] }>().orders.find((o) => o.id === other.id)
        ?.table,
    ).toBeNull();
  });

  it("keeps to the chosen branch and keeps a cancelled order in the finished part", async () => {
    const staff = await person(lavash, "STAFF");
    const c = await person(lavash);
    const here = await place(c, chilonzor);
    const cancelled = await t.app.inject({
      method: "PUT",
      url: `/api/staff/v1/orders/${here.id}/status`,
      headers: headers(staff),
      payload: { status: "CANCELED", comment: "Out of dough" },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const res = await t.app.inject({
      method: "GET",
      url: `/api/staff/v1/board?branchId=${chilonzor}`,
      headers: headers(staff),
    });
    const shown = res.json<{ orders: { id: string; status: string }[] }>().orders;
    expect(shown.find((o) => o.id === here.id)?.status).toBe("CANCELED");
    // Mirobod's board has none of Chilonzor's orders.
    const other = await t.app.inject({
      method: "GET",
      url: `/api/staff/v1/board?branchId=${mirobod}`,
      headers: headers(staff),
    });
    expect(other.statusCode).toBe(200);
    expect(other.json<{ orders: { id: string }[] }>().orders.some((o) => o.id === here.id)).toBe(false);
  });

  it("shows staff bound to a branch only that branch's orders, and refuses them another branch", async () => {
    const atMirobod = await person(lavash, "STAFF", [mirobod]);
    const c = await person(lavash);
    const elsewhere = await place(c, chilonzor);
    const res = await t.app.inject({
      method: "GET",
      url: "/api/staff/v1/board",
      headers: headers(atMirobod),
    });
    expect(res.statusCode, res.body).toBe(200);
    const board = res.json<{ orders: { id: string }[]; branches: { id: string }[]; allBranches: boolean }>();
    expect(board.branches.map((b) => b.id)).toEqual([mirobod]);
    expect(board.allBranches).toBe(false);
    expect(board.orders.some((o) => o.id === elsewhere.id)).toBe(false);
    const asked = await t.app.inject({
      method: "GET",
      url: `/api/staff/v1/board?branchId=${chilonzor}`,
      headers: headers(atMirobod),
    });
    expect(asked.statusCode).toBe(403);
    expect(asked.json()).toMatchObject({ code: "STAFF_BRANCH_FORBIDDEN" });
  });

  it("refuses a customer, another brand's staff and another brand's branch", async () => {
    const c = await person(lavash);
    const foreign = await person(plov, "STAFF");
    const asCustomer = await t.app.inject({ method: "GET", url: "/api/staff/v1/board", headers: headers(c) });
    expect(asCustomer.statusCode).toBe(403);
    const asForeign = await t.app.inject({
      method: "GET",
      url: "/api/staff/v1/board",
      headers: headers(foreign, lavash),
    });
    expect(asForeign.statusCode).toBe(401);
    const plovBranch = await t.app.inject({
      method: "GET",
      url: `/api/staff/v1/board?branchId=${chilonzor}`,
      headers: headers(foreign),
    });
    expect(plovBranch.statusCode).toBe(404);
  });
});

describe("an order's details on the board", () => {
  type Entry = {
    status: string | null;
    courierStatus: string | null;
    reason: string;
    comment: string | null;
    by: { customer: boolean; name: string | null; phone: string | null } | null;
  };
  type Detailed = { id: string; deliveryPrice: number; deliveryDiscount: number; history: Entry[] };
  const move = async (who: Person, orderId: string, status: string, comment?: string) => {
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/staff/v1/orders/${orderId}/status`,
      headers: headers(who),
      payload: comment ? { status, comment } : { status },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const detailsOf = async (who: Person) => {
    const res = await t.app.inject({ method: "GET", url: "/api/staff/v1/board", headers: headers(who) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ orders: Detailed[]; now: string }>();
  };

  it("names who placed, accepted, moved and cancelled the order, and carries its delivery fee", async () => {
    const accepting = await person(lavash, "STAFF");
    const cancelling = await person(lavash, "STAFF");
    const c = await person(lavash);
    const placed = await place(c);
    await move(accepting, placed.id, "ACCEPTED");
    await move(cancelling, placed.id, "CANCELED", "Out of dough");
    const board = await detailsOf(accepting);
    const order = board.orders.find((o) => o.id === placed.id);
    // The fee the order was placed with (the Tashkent centre's delivery zone charges one).
    const [row] = await t.db.select().from(orders).where(eq(orders.id, placed.id));
    expect(order?.deliveryPrice).toBe(row?.deliveryPrice);
    expect(order?.deliveryPrice).toBeGreaterThan(0);
    expect(order?.history.map((h) => [h.status, h.by])).toEqual([
      ["CREATED", { customer: true, name: null, phone: null }],
      [
        "ACCEPTED",
        { customer: false, name: expect.stringMatching(/^Aziza\d+ Karimova$/), phone: accepting.phone },
      ],
      [
        "CANCELED",
        { customer: false, name: expect.stringMatching(/^Aziza\d+ Karimova$/), phone: cancelling.phone },
      ],
    ]);
    expect(order?.history[1]?.by?.name).not.toBe(order?.history[2]?.by?.name);
    // The server's clock, for the console's "17 min ago".
    expect(Math.abs(Date.parse(board.now) - Date.now())).toBeLessThan(60_000);
  });

  it("writes one history line when a ready order is given to a courier, not two", async () => {
    const staff = await person(lavash, "STAFF");
    const c = await person(lavash);
    const placed = await place(c);
    for (const status of ["ACCEPTED", "COOKING", "DONE"]) await move(staff, placed.id, status);
    seq += 1;
    const added = await t.app.inject({
      method: "POST",
      url: "/api/staff/v1/couriers",
      headers: headers(staff),
      payload: { name: "Bekzod", phone: `+99894${String(3000000 + seq)}`, branchId: chilonzor },
    });
    expect(added.statusCode, added.body).toBe(200);
    const attached = await t.app.inject({
      method: "PUT",
      url: `/api/staff/v1/orders/${placed.id}/courier`,
      headers: headers(staff),
      payload: { courierId: added.json<{ id: string }>().id },
    });
    expect(attached.statusCode, attached.body).toBe(200);
    const order = (await detailsOf(staff)).orders.find((o) => o.id === placed.id);
    const attachedLines = order?.history.filter((h) => h.status === "ATTACHED") ?? [];
    expect(attachedLines).toEqual([
      expect.objectContaining({ reason: "CHANGE_STATUS", courierStatus: "PERFORMER_FOUND" }),
    ]);
    expect(attachedLines[0]?.by?.phone).toBe(staff.phone);
  });
});

describe("the staff stream", () => {
  it("tells the brand's staff of a new order and of each move, with its branch", async () => {
    const staff = await person(lavash, "STAFF");
    const c = await person(lavash);
    const address = await serverAddress();
    const controller = new AbortController();
    const res = await fetch(`${address}/api/staff/v1/events`, {
      headers: headers(staff),
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    const reading = readStream(res, (text) => text.includes('"status":"ACCEPTED"'));
    // Let the stream subscribe before the order is placed.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const placed = await place(c);
    const moved = await t.app.inject({
      method: "PUT",
      url: `/api/staff/v1/orders/${placed.id}/status`,
      headers: headers(staff),
      payload: { status: "ACCEPTED" },
    });
    expect(moved.statusCode).toBe(200);
    const text = await reading;
    controller.abort();
    const events = text
      .split("\n\n")
      .filter((block) => block.startsWith("event: order"))
      .map((block) => JSON.parse(block.split("data: ")[1]!) as Record<string, unknown>);
    expect(events).toEqual([
      { orderId: placed.id, status: "CREATED", courierStatus: null, branchId: chilonzor },
      { orderId: placed.id, status: "ACCEPTED", courierStatus: null, branchId: chilonzor },
    ]);
  });

  it("carries to staff bound to a branch only that branch's orders", async () => {
    // Chilonzor is the demo's 24/7 branch: an order can be placed there at any hour.
    const atChilonzor = await person(lavash, "STAFF", [chilonzor]);
    const atMirobod = await person(lavash, "STAFF", [mirobod]);
    const c = await person(lavash);
    const address = await serverAddress();
    const controller = new AbortController();
    const open = (p: Person) =>
      fetch(`${address}/api/staff/v1/events`, { headers: headers(p), signal: controller.signal });
    const [here, there] = await Promise.all([open(atChilonzor), open(atMirobod)]);
    expect([here.status, there.status]).toEqual([200, 200]);
    const readingHere = readStream(here, (text) => text.includes("event: order"), 3000);
    const readingThere = readStream(there, (text) => text.includes("event: order"), 1500);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const placed = await place(c, chilonzor);
    const [textHere, textThere] = await Promise.all([readingHere, readingThere]);
    controller.abort();
    expect(textHere).toContain(placed.id);
    expect(textThere).toContain(": connected");
    expect(textThere).not.toContain("event: order");
  });

  it("refuses a customer and another brand's staff, and another brand's stream stays silent", async () => {
    const c = await person(lavash);
    const foreign = await person(plov, "STAFF");
    const address = await serverAddress();
    const asCustomer = await fetch(`${address}/api/staff/v1/events`, { headers: headers(c) });
    expect(asCustomer.status).toBe(403);
    expect(await asCustomer.json()).toMatchObject({ code: "FORBIDDEN" });
    const asForeign = await fetch(`${address}/api/staff/v1/events`, { headers: headers(foreign, lavash) });
    expect(asForeign.status).toBe(401);

    const controller = new AbortController();
    const plovStream = await fetch(`${address}/api/staff/v1/events`, {
      headers: headers(foreign),
      signal: controller.signal,
    });
    expect(plovStream.status).toBe(200);
    const reading = readStream(plovStream, (text) => text.includes("event:"), 1500);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await place(c);
    const text = await reading;
    controller.abort();
    expect(text).toContain(": connected");
    expect(text).not.toContain("event: order");
  });
});

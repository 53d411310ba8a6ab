/* eslint-disable @typescript-eslint/no-non-null-assertion -- the demo brand's fixtures exist; a missing one should fail loudly */
// The staff console's order board and live stream: staff of the brand see every order as it is
// placed and moved, with who placed it; a customer and another brand's staff are refused, and a
// brand's stream never carries another brand's orders.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { diningTables, staffBranches, users } from "../src/db/schema/index.ts";
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

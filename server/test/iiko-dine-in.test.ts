/* eslint-disable @typescript-eslint/no-non-null-assertion -- the demo brand's fixtures exist; a missing one should fail loudly */
// Dine-in orders reach the kitchen's iiko as table orders (issue 38): the demo brand plov wired to
// the fake iiko (server/src/fakes/fake-iiko.ts) as the demo wires it. An order at a table goes out
// once with order/create at iiko's table of the same number in the branch's terminal group (a table
// iiko does not number goes without one, named on the kitchen's ticket); iiko's TableOrderUpdate moves
// the order, and order/by_id reads back what a lost webhook would have said.
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { branches, diningTables, orderHistory, users } from "../src/db/schema/index.ts";
import { DEMO_IIKO_ORGANIZATION_ID, fakeIiko, fakeIikoTables } from "../src/fakes/fake-iiko.ts";
import { wireDemoKitchen } from "../src/fakes/iiko-demo.ts";
import { createSession } from "../src/repositories/sessions.ts";
import { sendDueKitchenOrders, type KitchenDeps } from "../src/services/kitchen/iiko-outbox.ts";
import { pollKitchenOrders } from "../src/services/kitchen/iiko-poll.ts";
import { createTestApp, type TestApp } from "./support/app.ts";
import { orderRow, plainProduct } from "./support/orders.ts";

/** Beshyog'och (open around the clock), main hall (server/test/dine-in.test.ts). */
const TABLE = "plov-Kq7mT2";
const OTHER_TABLE = "plov-Rz4pW9";

let t: TestApp;
let deps: KitchenDeps;
let plov: string;
let product: string;
let seq = 0;

async function customer() {
  seq += 1;
  const [row] = await t.db
    .insert(users)
    .values({
      merchantId: plov,
      phone: `+99893${String(8100000 + seq)}`,
      firstName: "Dilnoza",
      role: "CUSTOMER",
    })
    .returning();
  const { token } = await createSession(t.db, { merchantId: plov, userId: row!.id, channel: "WEB" });
  return { merchant: plov, authorization: `Bearer ${token}` };
}

async function table(code: string) {
  const [row] = await t.db.select().from(diningTables).where(eq(diningTables.code, code));
  const [branch] = await t.db.select().from(branches).where(eq(branches.id, row!.branchId));
  return { ...row!, terminalGroupId: branch!.iikoTerminalGroupId! };
}

/** A cash order at the table: the kitchen takes it at once. */
async function orderAt(code: string): Promise<{ id: string; number: number }> {
  const at = await table(code);
  const res = await t.app.inject({
    method: "POST",
    url: "/api/orders/v1/orders",
    headers: await customer(),
    payload: {
      serviceType: "DINE_IN",
      paymentType: "CASH",
      tableId: at.id,
      hallId: at.hallId,
      branchId: at.branchId,
      cartItems: [{ productId: product, count: 2, modifications: [] }],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  await t.app.kitchen.idle();
  return res.json<{ id: string; number: number }>();
}

const taken = (number: number) =>
  fakeIiko.ordersOf(DEMO_IIKO_ORGANIZATION_ID).filter((o) => o.externalNumber === String(number));
const sentTableOrders = (number: number) =>
  fakeIiko.tableCreateCalls(DEMO_IIKO_ORGANIZATION_ID).filter((o) => o.externalNumber === String(number));

beforeAll(async () => {
  // The fake is the worker's (Vitest runs files one after another in it): another file's orders of
  // the demo's organisation would share our external numbers.
  fakeIiko.forgetOrders();
  fakeIiko.mode = "up";
  fakeIiko.slowMs = 0;
  t = await createTestApp({ env: { KITCHEN_SWEEP_MS: "0" } });
  deps = { db: t.db, config: t.config, standIns: t.app.standIns, log: () => undefined };
  plov = (await wireDemoKitchen(t.app, "plov"))!;
  product = await plainProduct(t, plov, 0);
  // The demo's tables are named by number ("1", "2"...), as iiko numbers its tables.
  await t.db.update(diningTables).set({ name: "7" }).where(eq(diningTables.code, TABLE));
});

afterAll(async () => {
  await t.close();
});

describe("dine-in orders to iiko", () => {
  it("an order at a numbered table goes out once, as a table order at iiko's table of that number", async () => {
    const order = await orderAt(TABLE);
    // Ten workers race for it: one sends it.
    await Promise.all(Array.from({ length: 10 }, () => sendDueKitchenOrders(deps)));
    const at = await table(TABLE);
    const iikoTable = fakeIikoTables(at.terminalGroupId).find((x) => x.number === 7)!;
    expect(sentTableOrders(order.number)).toEqual([
      expect.objectContaining({
        tableIds: [iikoTable.id],
        items: [expect.objectContaining({ amount: 2, type: "Product" })],
        payments: [expect.objectContaining({ paymentTypeKind: "Cash", isProcessedExternally: false })],
      }),
    ]);
    expect(taken(order.number)).toHaveLength(1);
    expect(
      fakeIiko.createCalls(DEMO_IIKO_ORGANIZATION_ID).some((o) => o.externalNumber === String(order.number)),
    ).toBe(false);
  });

  it("a table iiko does not number goes without a table, its name on the kitchen's ticket", async () => {
    await t.db.update(diningTables).set({ name: "Terrace A" }).where(eq(diningTables.code, OTHER_TABLE));
    const order = await orderAt(OTHER_TABLE);
    await sendDueKitchenOrders(deps);
    const [sent] = sentTableOrders(order.number);
    expect(sent?.tableIds).toBeUndefined();
    // iiko's table order has no comment of its own: the kitchen's ticket prints the line's.
    expect(sent?.items[0]?.comment).toBe("Table Terrace A");
    expect(taken(order.number)).toHaveLength(1);
  });

  it("iiko's TableOrderUpdate moves the order; a lost one is read back with order/by_id", async () => {
    const order = await orderAt(TABLE);
    await sendDueKitchenOrders(deps);
    const iiko = taken(order.number)[0]!;
    expect(await fakeIiko.push(iiko.id, "Bill")).toBe(200);
    expect((await orderRow(t, order.id)).status).toBe("DONE");
    // The close's webhook is lost: the poll reads it back at its next look.
    fakeIiko.setStatusQuietly(iiko.id, "Closed");
    await pollKitchenOrders(
      { ...deps, events: t.app.orderEvents },
      { now: new Date(Date.now() + 10 * 60_000) },
    );
    expect((await orderRow(t, order.id)).status).toBe("CLOSED");
    const history = await t.db
      .select({ status: orderHistory.status })
      .from(orderHistory)
      .where(eq(orderHistory.orderId, order.id))
      .orderBy(asc(orderHistory.createdDate), asc(orderHistory.id));
    expect(history.map((h) => h.status)).toEqual(["CREATED", "ACCEPTED", "COOKING", "DONE", "CLOSED"]);
  });

  it("iiko deleting the table order cancels it", async () => {
    const order = await orderAt(TABLE);
    await sendDueKitchenOrders(deps);
    const iiko = taken(order.number)[0]!;
    await fakeIiko.push(iiko.id, "Deleted");
    expect((await orderRow(t, order.id)).status).toBe("CANCELED");
  });
});

/* eslint-disable @typescript-eslint/no-non-null-assertion -- the demo brand's fixtures exist; a missing one should fail loudly */
// The brand's order rules in the console (issues 36 and 42): the owner alone reads and saves them,
// a save over a newer one is refused naming who saved it, the change log keeps old and new, and the
// next basket is held to them: the fewest pieces for delivery, the largest order, the cashback earned.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrderRules, OrderRulesBody } from "#domain/contract/order-rules.ts";
import type { BrandRole } from "#domain/staff-scope.ts";
import { users } from "../src/db/schema/index.ts";
import { createSession } from "../src/repositories/sessions.ts";
import { createTestApp, merchantId, type TestApp } from "./support/app.ts";
import { branchNamed, plainProduct } from "./support/orders.ts";

let t: TestApp;
let lavash: string;
let plov: string;
let seq = 0;
const ADDRESS = { name: "Amir Temur 1", houseNumber: "1", latitude: 41.311081, longitude: 69.240562 };

beforeAll(async () => {
  t = await createTestApp();
  lavash = await merchantId(t, "lavash");
  plov = await merchantId(t, "plov");
});
afterAll(async () => {
  await t.close();
});

async function person(merchant: string, role: "CUSTOMER" | "STAFF", brandRole: BrandRole | null = null) {
  seq += 1;
  const [user] = await t.db
    .insert(users)
    .values({
      merchantId: merchant,
      phone: `+99894${String(3000000 + seq)}`,
      firstName: "Malika",
      lastName: `Rules ${String(seq)}`,
      role,
      brandRole,
    })
    .returning();
  const { token } = await createSession(t.db, { merchantId: merchant, userId: user!.id, channel: "WEB" });
  return { token, name: `Malika Rules ${String(seq)}` };
}
type Person = Awaited<ReturnType<typeof person>>;

const rulesCall = (who: Person, method: "GET" | "PUT", payload?: OrderRulesBody, merchant = lavash) =>
  t.app.inject({
    method,
    url: "/api/staff/v1/order-rules",
    headers: { merchant, authorization: `Bearer ${who.token}` },
    ...(payload ? { payload } : {}),
  });

describe("the order rules in the console", () => {
  it("only the brand's owner reads and saves them; a manager, the kitchen, a customer and another brand's owner are refused", async () => {
    const owner = await person(lavash, "STAFF", "OWNER");
    expect((await rulesCall(owner, "GET")).statusCode).toBe(200);
    for (const who of [
      await person(lavash, "STAFF", "MANAGER"),
      await person(lavash, "STAFF", "KITCHEN"),
      await person(lavash, "CUSTOMER"),
    ])
      expect((await rulesCall(who, "GET")).statusCode).toBe(403);
    // Plov's owner with lavash named: their session is plov's, so lavash does not know them.
    const plovOwner = await person(plov, "STAFF", "OWNER");
    expect([401, 403]).toContain((await rulesCall(plovOwner, "GET")).statusCode);
  });

  it("a save is logged with old and new values; a second save over it is refused naming who saved", async () => {
    const owner = await person(lavash, "STAFF", "OWNER");
    const other = await person(lavash, "STAFF", "OWNER");
    const first = (await rulesCall(owner, "GET")).json<OrderRules>();
    const saved = await rulesCall(owner, "PUT", { ...first, cashbackPercent: 7, maxOrderAmount: 3_000_000 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<OrderRules>()).toMatchObject({ cashbackPercent: 7, maxOrderAmount: 3_000_000 });
    const late = await rulesCall(other, "PUT", { ...first, cashbackPercent: 1 });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: "EDIT_CONFLICT" });
    expect(late.json<{ description: { eng: string } }>().description.eng).toContain(owner.name);
    const log = await t.app.inject({
      method: "GET",
      url: "/api/staff/v1/audit?entity=order-rules",
      headers: { merchant: lavash, authorization: `Bearer ${owner.token}` },
    });
    expect(log.statusCode, log.body).toBe(200);
    const [entry] = log.json<{ before: object; after: object; by: string }[]>();
    expect(entry).toMatchObject({
      by: owner.name,
      before: { cashbackPercent: first.cashbackPercent, maxOrderAmount: first.maxOrderAmount },
      after: { cashbackPercent: 7, maxOrderAmount: 3_000_000 },
    });
    // Bad input is refused at the field, nothing written.
    const bad = await rulesCall(owner, "PUT", {
      ...saved.json<OrderRules>(),
      minOrderAmount: 50_000,
      maxOrderAmount: 10_000,
    });
    expect(bad.statusCode).toBe(400);
    expect((await rulesCall(owner, "GET")).json<OrderRules>().minOrderAmount).toBe(first.minOrderAmount);
  });

  it("the next basket is held to them: the fewest pieces for delivery, the largest order, the cashback earned", async () => {
    const owner = await person(lavash, "STAFF", "OWNER");
    const rules = (await rulesCall(owner, "GET")).json<OrderRules>();
    const put = await rulesCall(owner, "PUT", {
      ...rules,
      minOrderAmount: 0,
      minDeliveryProductCount: 3,
      maxOrderAmount: 400_000,
      cashbackPercent: 10,
    });
    expect(put.statusCode, put.body).toBe(200);
    const customer = await person(lavash, "CUSTOMER");
    const dish = await plainProduct(t, lavash, 35_000);
    const chilonzor = await branchNamed(t, lavash, "Chilonzor");
    const quote = (serviceType: "DELIVERY" | "PICK_UP", count: number) =>
      t.app.inject({
        method: "POST",
        url: "/api/orders/v1/orders/quote",
        headers: { merchant: lavash, authorization: `Bearer ${customer.token}` },
        payload: {
          serviceType,
          paymentType: "CASH",
          cartItems: [{ productId: dish, count, modifications: [] }],
          branchId: chilonzor,
          ...(serviceType === "DELIVERY" ? { address: ADDRESS } : {}),
        },
      });
    const short = await quote("DELIVERY", 2);
    expect(short.json()).toMatchObject({ code: "MIN_PRODUCT_COUNT" });
    expect(short.json<{ description: { eng: string } }>().description.eng).toBe(
      "Insufficient number of products: delivery takes at least 3 items",
    );
    // Pickup is not held to the delivery minimum.
    const pickup = await quote("PICK_UP", 1);
    expect(pickup.statusCode, pickup.body).toBe(200);
    const priced = pickup.json<{ cashbackEarned: number; totals: { totalProductPrice: number } }>();
    expect(priced.cashbackEarned).toBe(Math.round(priced.totals.totalProductPrice / 10));
    const over = await quote("PICK_UP", 30);
    expect(over.json()).toMatchObject({ code: "MAX_ORDER_AMOUNT" });
    expect(over.json<{ description: { ru: string } }>().description.ru).toMatch(
      /^Превышена максимальная сумма: заказ не больше 400 000/,
    );
    // Back as they were for the other tests of this file.
    const now = (await rulesCall(owner, "GET")).json<OrderRules>();
    expect((await rulesCall(owner, "PUT", { ...rules, version: now.version })).statusCode).toBe(200);
  });
});

/* eslint-disable @typescript-eslint/no-non-null-assertion -- the demo brand's fixtures exist; a missing one should fail loudly */
// Phone orders (issue 42): an operator finds a caller by the phone they call from and places their
// order in the staff console. The order is the caller's own, checked by the storefront's rules on the
// OPERATOR channel, marked as taken by phone and by whom; the kitchen and couriers take none, and a
// member bound to a branch takes them for that branch only.
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Order, OrderQuote } from "#domain/contract/orders.ts";
import type { PhoneCustomer } from "#domain/contract/phone-orders.ts";
import type { StaffBoard } from "#domain/contract/staff-board.ts";
import type { BrandRole } from "#domain/staff-scope.ts";
import { localDay, localMoment } from "#domain/order-time.ts";
import {
  orderHistory,
  paymentMethods,
  paymentMethodSettings,
  promos,
  serviceTypeSettings,
  staffBranches,
  users,
} from "../src/db/schema/index.ts";
import { createSession } from "../src/repositories/sessions.ts";
import { freshPhone } from "./support/accounts.ts";
import { createTestApp, merchantId, type TestApp } from "./support/app.ts";
import { branchNamed, orderRow, plainProduct } from "./support/orders.ts";

let t: TestApp;
let lavash: string;
let plov: string;
let chilonzor: string;
let mirobod: string;
let product: string;
let seq = 0;

/** Inside the "Tashkent centre" delivery region (price 10 000). */
const TASHKENT_POINT = { name: "Amir Temur 1", houseNumber: "1", latitude: 41.311081, longitude: 69.240562 };

async function staff(merchant: string, brandRole: BrandRole, branch?: string) {
  seq += 1;
  const [user] = await t.db
    .insert(users)
    .values({
      merchantId: merchant,
      phone: freshPhone(),
      firstName: `Operator ${String(seq)}`,
      role: "STAFF",
      brandRole,
    })
    .returning();
  if (branch)
    await t.db.insert(staffBranches).values({ merchantId: merchant, userId: user!.id, branchId: branch });
  const { token } = await createSession(t.db, { merchantId: merchant, userId: user!.id, channel: "WEB" });
  return { id: user!.id, headers: { merchant, authorization: `Bearer ${token}` } };
}
type Staff = Awaited<ReturnType<typeof staff>>;

const pickup = (over: Record<string, unknown> = {}) => ({
  serviceType: "PICK_UP",
  paymentType: "CASH",
  branchId: chilonzor,
  cartItems: [{ productId: product, count: 1, modifications: [] }],
  ...over,
});

function call(who: Staff, method: "GET" | "POST", url: string, payload?: object, key?: string) {
  return t.app.inject({
    method,
    url: `/api/staff/v1/phone-orders${url}`,
    headers: { ...who.headers, ...(key ? { "idempotency-key": key } : {}) },
    ...(payload ? { payload } : {}),
  });
}

/** A local number as a caller says it ("90 123 45 67"), of a fresh E.164 phone. */
const spoken = (e164: string) => e164.replace(/^\+998(\d\d)(\d{3})(\d\d)(\d\d)$/, "$1 $2 $3 $4");

beforeAll(async () => {
  t = await createTestApp();
  lavash = await merchantId(t, "lavash");
  plov = await merchantId(t, "plov");
  chilonzor = await branchNamed(t, lavash, "Chilonzor");
  mirobod = await branchNamed(t, lavash, "Mirobod");
  product = await plainProduct(t, lavash);
});

afterAll(async () => {
  await t.close();
});

describe("an operator taking a phone order", () => {
  it("places a new caller's order as theirs: the account is made with the name, the order marked as by phone and by whom", async () => {
    const operator = await staff(lavash, "OPERATOR");
    const phone = freshPhone();
    const unknown = await call(operator, "GET", `/customer?phone=${encodeURIComponent(spoken(phone))}`);
    expect(unknown.statusCode, unknown.body).toBe(200);
    expect(unknown.json<PhoneCustomer>()).toEqual({ phone, customer: null, addresses: [], lastOrders: [] });

    const body = { customer: { phone: spoken(phone), name: "Dilnoza" }, order: pickup() };
    const quote = await call(operator, "POST", "/quote", body);
    expect(quote.statusCode, quote.body).toBe(200);
    const placed = await call(operator, "POST", "", body, "phone-call-0001");
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<Order>();
    expect(order.totalPrice).toBe(quote.json<OrderQuote>().totals.totalPrice);
    expect(order.orderDevice).toBe("OPERATOR");
    // Telling the same call again (a lost answer) places nothing new.
    const again = await call(operator, "POST", "", body, "phone-call-0001");
    expect(again.statusCode).toBe(200);
    expect(again.json<Order>().id).toBe(order.id);

    const [caller] = await t.db
      .select()
      .from(users)
      .where(and(eq(users.merchantId, lavash), eq(users.phone, phone)));
    expect(caller).toMatchObject({ firstName: "Dilnoza", role: "CUSTOMER" });
    expect((await orderRow(t, order.id)).userId).toBe(caller!.id);
    const [first] = await t.db
      .select()
      .from(orderHistory)
      .where(eq(orderHistory.orderId, order.id))
      .orderBy(asc(orderHistory.createdDate));
    expect(first?.actorUserId).toBe(operator.id);
    // The board names who took it.
    const board = await t.app.inject({
      method: "GET",
      url: "/api/staff/v1/board",
      headers: operator.headers,
    });
    const onBoard = board.json<StaffBoard>().orders.find((o) => o.id === order.id);
    expect(onBoard?.history[0]?.by).toMatchObject({
      customer: false,
      name: expect.stringContaining("Operator"),
    });

    // Now a returning caller: found by the number in any form, with this order to repeat.
    const found = (
      await call(operator, "GET", `/customer?phone=${encodeURIComponent(phone)}`)
    ).json<PhoneCustomer>();
    expect(found.customer).toMatchObject({ id: caller!.id, firstName: "Dilnoza" });
    expect(found.lastOrders.map((o) => o.id)).toEqual([order.id]);
    expect(found.lastOrders[0]?.cartItems[0]?.productId).toBe(product);
  });

  it("takes the caller's promo code and a later time: the discount in the quote and the order, placed for that moment", async () => {
    await t.db.insert(promos).values({
      merchantId: lavash,
      code: "PHONE5",
      discountType: "PERCENTAGE",
      productDiscount: 5,
      isActive: true,
    });
    const operator = await staff(lavash, "OPERATOR");
    const day = localDay(new Date(Date.now() + 24 * 3600_000), "Asia/Tashkent");
    const order = pickup({ promoCode: "PHONE5", day, time: "12:00" });
    const body = { customer: { phone: freshPhone(), name: "Later" }, order };
    const quote = await t.app.inject({
      method: "POST",
      url: "/api/staff/v1/phone-orders/quote?later=true",
      headers: operator.headers,
      payload: body,
    });
    expect(quote.statusCode, quote.body).toBe(200);
    const promo = quote.json<OrderQuote>().totals.promo;
    expect(promo).toBeGreaterThan(0);
    const placed = await t.app.inject({
      method: "POST",
      url: "/api/staff/v1/phone-orders?later=true",
      headers: { ...operator.headers, "idempotency-key": "phone-later-0001" },
      payload: body,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const made = placed.json<Order>();
    expect(made).toMatchObject({ status: "AT_TIME", promoCode: "PHONE5" });
    expect(made.totalDiscount).toBeGreaterThanOrEqual(promo);
    expect(made.atTime).toBe(localMoment(day, "12:00", "Asia/Tashkent").toISOString());
  });

  it("keeps a returning customer's own name and finds their saved addresses; another brand's customer of the phone is not theirs", async () => {
    const operator = await staff(lavash, "MANAGER");
    const phone = freshPhone();
    const [customer] = await t.db
      .insert(users)
      .values({ merchantId: lavash, phone, firstName: "Bekzod" })
      .returning();
    const { token } = await createSession(t.db, {
      merchantId: lavash,
      userId: customer!.id,
      channel: "TELEGRAM",
    });
    const saved = await t.app.inject({
      method: "POST",
      url: `/api/users/v1/addresses/user/${customer!.id}`,
      headers: { merchant: lavash, authorization: `Bearer ${token}` },
      payload: { ...TASHKENT_POINT, name: "Home" },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const found = (
      await call(operator, "GET", `/customer?phone=${encodeURIComponent(phone)}`)
    ).json<PhoneCustomer>();
    expect(found.addresses.map((a) => a.name)).toEqual(["Home"]);

    const placed = await call(operator, "POST", "", {
      customer: { phone, name: "Somebody else" },
      order: pickup({ serviceType: "DELIVERY", branchId: null, address: TASHKENT_POINT }),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json<Order>()).toMatchObject({ userId: customer!.id, deliveryPrice: 10_000 });
    const [after] = await t.db.select().from(users).where(eq(users.id, customer!.id));
    expect(after?.firstName).toBe("Bekzod");

    const plovOperator = await staff(plov, "OWNER");
    const elsewhere = await call(plovOperator, "GET", `/customer?phone=${encodeURIComponent(phone)}`);
    expect(elsewhere.json<PhoneCustomer>().customer).toBeNull();
  });

  it("offers what the brand switched on for operators, paid on receipt: Payme and a service type off there are refused", async () => {
    const operator = await staff(lavash, "OPERATOR");
    const caller = { phone: freshPhone() };
    const payme = await call(operator, "POST", "/quote", {
      customer: caller,
      order: pickup({ paymentType: "PAYME" }),
    });
    expect(payme.statusCode).toBe(400);
    expect(payme.json()).toMatchObject({ code: "PAYMENT_TYPE_UNAVAILABLE" });
    // Switched on for operators, an online type is still refused: nothing takes the caller to Payme's page.
    const [method] = await t.db
      .select()
      .from(paymentMethods)
      .where(and(eq(paymentMethods.merchantId, lavash), eq(paymentMethods.type, "PAYME")));
    await t.db
      .update(paymentMethodSettings)
      .set({ operatorEnabled: true })
      .where(eq(paymentMethodSettings.paymentMethodId, method!.id));
    try {
      const online = await call(operator, "POST", "", {
        customer: caller,
        order: pickup({ paymentType: "PAYME" }),
      });
      expect(online.statusCode).toBe(400);
      expect(online.json()).toMatchObject({ code: "PAYMENT_TYPE_UNAVAILABLE" });
    } finally {
      await t.db
        .update(paymentMethodSettings)
        .set({ operatorEnabled: false })
        .where(eq(paymentMethodSettings.paymentMethodId, method!.id));
    }
    await t.db
      .insert(serviceTypeSettings)
      .values({ merchantId: lavash, serviceType: "PICK_UP", operatorEnabled: false });
    try {
      const off = await call(operator, "POST", "", { customer: caller, order: pickup() });
      expect(off.statusCode).toBe(400);
      expect(off.json()).toMatchObject({ code: "SERVICE_TYPE_UNAVAILABLE" });
    } finally {
      await t.db.delete(serviceTypeSettings).where(eq(serviceTypeSettings.merchantId, lavash));
    }
  });

  it("is for owners, managers and operators of the brand, at their own branches; a bad phone is named", async () => {
    const body = { customer: { phone: freshPhone() }, order: pickup() };
    const kitchen = await staff(lavash, "KITCHEN");
    expect((await call(kitchen, "POST", "/quote", body)).statusCode).toBe(403);
    const [customerUser] = await t.db
      .insert(users)
      .values({ merchantId: lavash, phone: freshPhone() })
      .returning();
    const { token } = await createSession(t.db, {
      merchantId: lavash,
      userId: customerUser!.id,
      channel: "WEB",
    });
    const asCustomer = {
      id: customerUser!.id,
      headers: { merchant: lavash, authorization: `Bearer ${token}` },
    };
    expect(
      (await call(asCustomer, "GET", `/customer?phone=${encodeURIComponent(body.customer.phone)}`))
        .statusCode,
    ).toBe(403);

    const bound = await staff(lavash, "OPERATOR", mirobod);
    const elsewhere = await call(bound, "POST", "/quote", body);
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json()).toMatchObject({ code: "STAFF_BRANCH_FORBIDDEN" });
    const unnamed = await call(bound, "POST", "/quote", {
      ...body,
      order: pickup({ serviceType: "DELIVERY", branchId: null, address: TASHKENT_POINT }),
    });
    expect(unnamed.statusCode).toBe(403);

    const operator = await staff(lavash, "OPERATOR");
    const bad = await call(operator, "GET", "/customer?phone=12345");
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: "PHONE_INVALID" });
  });
});

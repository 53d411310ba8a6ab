/* eslint-disable @typescript-eslint/no-non-null-assertion -- the demo brand's fixtures exist; a missing one should fail loudly */
// Click's SHOP-API through POST /api/payments/v1/click/prepare and /complete: form data signed with
// MD5 and the brand's secret key, answered with Click's JSON and error codes; an order paid exactly
// once for exactly its total; replays, Click's own failures, concurrency; the pay link of
// GET /api/payments/v2/checkout/:orderId and the demo's fake Click pay page.
import { createHash, randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  branches,
  merchants,
  merchantWebSettings,
  orders,
  paymentTransactions,
  products,
  users,
} from "../src/db/schema/index.ts";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { createSession } from "../src/repositories/sessions.ts";
import { forgetTenants } from "../src/plugins/tenant.ts";
import { createTestApp, merchantId, type TestApp } from "./support/app.ts";
import { branchNamed, orderRow, paidEntries, plainProduct, transactionsOf } from "./support/orders.ts";

/** The demo plov's Click credentials (scripts/demo-brands/small-brands.ts). */
const PLOV_SERVICE = "10002";
const PLOV_MERCHANT = "20002";
const PLOV_SECRET = "DEMO-plov-click-secret-key-for-local-testing-only";
/** Given to lavash by this file, so a lavash order paid with Payme can meet Click. */
const LAVASH_SERVICE = "10001";
const LAVASH_SECRET = "test-lavash-click-secret";
const LAVASH_PAYME_KEY = "DEMO-lavash-payme-test-key-for-local-testing-only";
/** Inside the "Tashkent centre" delivery region of lavash. */
const ADDRESS = { name: "Amir Temur 1", houseNumber: "1", latitude: 41.311081, longitude: 69.240562 };
/** The storefront's origin the customer's browser uses (the API shares it). */
const HOST = "plov.localhost:5173";

let t: TestApp;
let plov: string;
let lavash: string;
let beshyogoch: string;
let osh: string;
let chilonzor: string;
let pizza: string;
let phoneSeq = 0;
let clickSeq = 0;

interface ClickAnswer {
  click_trans_id: number | string | null;
  merchant_trans_id: string | null;
  merchant_prepare_id?: number | null;
  merchant_confirm_id?: number | null;
  error: number;
  error_note: string;
}

type Fields = Record<string, string>;

const md5 = (text: string) => createHash("md5").update(text).digest("hex");

/** Click's sign of the fields, computed here from the protocol (not with the server's code). */
function sign(f: Fields, secret: string): string {
  const prepareId = f.action === "1" ? (f.merchant_prepare_id ?? "") : "";
  return md5(
    `${f.click_trans_id}${f.service_id}${secret}${f.merchant_trans_id}${prepareId}${f.amount}${f.action}${f.sign_time}`,
  );
}

/** Now in Tashkent as Click writes sign_time. */
function signTime(): string {
  return new Date(Date.now() + 5 * 3_600_000).toISOString().slice(0, 19).replace("T", " ");
}

function newClickId(): string {
  clickSeq += 1;
  return String(7_000_000_000 + process.pid * 10_000 + clickSeq);
}

async function post(stage: "prepare" | "complete", body: string) {
  const res = await t.app.inject({
    method: "POST",
    url: `/api/payments/v1/click/${stage}`,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ClickAnswer>();
}

/** A signed call; `over` replaces fields before signing, `after` after it (a forgery). */
async function call(
  stage: "prepare" | "complete",
  fields: Fields,
  { secret = PLOV_SECRET, after = {} }: { secret?: string; after?: Fields } = {},
) {
  const signed = { ...fields, sign_string: sign(fields, secret), ...after };
  return post(stage, new URLSearchParams(signed).toString());
}

interface Placed {
  id: string;
  totalPrice: number;
  status: string;
  isPaid: boolean;
  customer: { id: string; token: string };
}

/** So'm with two decimals, as Click's pay link and callbacks write it. */
const amountOf = (order: { totalPrice: number }) => (Math.round(order.totalPrice * 100) / 100).toFixed(2);

function prepareFields(order: { id: string; totalPrice: number }, over: Fields = {}): Fields {
  return {
    click_trans_id: newClickId(),
    service_id: PLOV_SERVICE,
    click_paydoc_id: newClickId(),
    merchant_trans_id: order.id,
    amount: amountOf(order),
    action: "0",
    error: "0",
    error_note: "Success",
    sign_time: signTime(),
    ...over,
  };
}

function completeFields(prepared: Fields, prepareId: number | null | undefined, over: Fields = {}): Fields {
  return { ...prepared, merchant_prepare_id: String(prepareId), action: "1", ...over };
}

async function customer(merchant = plov, channel: "WEB" | "CLICK" = "WEB") {
  phoneSeq += 1;
  const [user] = await t.db
    .insert(users)
    .values({ merchantId: merchant, phone: `+99894${String(4000000 + phoneSeq)}`, firstName: `C${phoneSeq}` })
    .returning();
  const { token } = await createSession(t.db, { merchantId: merchant, userId: user!.id, channel });
  return { id: user!.id, token };
}

async function placeRaw(
  merchant: string,
  c: { token: string },
  payload: Record<string, unknown>,
  later = false,
) {
  return t.app.inject({
    method: "POST",
    url: later ? "/api/orders/v1/orders/at-time" : "/api/orders/v1/orders",
    headers: { merchant, authorization: `Bearer ${c.token}` },
    payload,
  });
}

/** A plov pickup order (Click unless told). */
async function placeOrder(
  paymentType = "CLICK",
  { channel = "WEB", later = false }: { channel?: "WEB" | "CLICK"; later?: boolean } = {},
): Promise<Placed> {
  const c = await customer(plov, channel);
  const res = await placeRaw(
    plov,
    c,
    {
      serviceType: "PICK_UP",
      paymentType,
      cartItems: [{ productId: osh, count: 2, modifications: [] }],
      branchId: beshyogoch,
      ...(later ? { deliveryAt: new Date(Date.now() + 6 * 3_600_000).toISOString() } : {}),
    },
    later,
  );
  expect(res.statusCode, res.body).toBe(201);
  return { ...res.json<Omit<Placed, "customer">>(), customer: c };
}

/** Prepares a Click payment of an order; answers the fields and Click's prepare id. */
async function prepared(order: Placed) {
  const fields = prepareFields(order);
  const answer = await call("prepare", fields);
  expect(answer.error, JSON.stringify(answer)).toBe(0);
  return { fields, prepareId: answer.merchant_prepare_id };
}

function expectCode(answer: ClickAnswer, code: number) {
  expect(answer.error, JSON.stringify(answer)).toBe(code);
  expect(answer.error_note.length).toBeGreaterThan(0);
}

/** The plov's main branch and a plain dish; lavash's Chilonzor and a product for Payme. */
async function fixtures(app: TestApp) {
  const plovId = await merchantId(app, "plov");
  const plovBranches = await app.db.select().from(branches).where(eq(branches.merchantId, plovId));
  const main = plovBranches.find((b) => b.isMain)!.id;
  const [dish] = await app.db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.merchantId, plovId), eq(products.discount, 0)))
    .orderBy(asc(products.costPrice))
    .limit(1);
  return { plovId, main, dish: dish!.id };
}

beforeAll(async () => {
  t = await createTestApp();
  ({ plovId: plov, main: beshyogoch, dish: osh } = await fixtures(t));
  lavash = await merchantId(t, "lavash");
  chilonzor = await branchNamed(t, lavash, "Chilonzor");
  pizza = await plainProduct(t, lavash);
  // The demo data has plov take Click (clickActive and an active CLICK method).
  const [web] = await t.db
    .select({ clickActive: merchantWebSettings.clickActive })
    .from(merchantWebSettings)
    .where(eq(merchantWebSettings.merchantId, plov));
  expect(web?.clickActive).toBe(true);
  // Lavash gets Click credentials of its own (its orders are paid with Payme).
  await t.db
    .update(merchants)
    .set({ clickServiceId: LAVASH_SERVICE, clickMerchantId: "20001", clickSecretKey: LAVASH_SECRET })
    .where(eq(merchants.id, lavash));
  forgetTenants(t.db);
});
afterAll(async () => {
  await t.close();
});

describe("placing an order paid with Click", () => {
  it("creates it OPEN and unpaid on the brand that switched Click on", async () => {
    const order = await placeOrder();
    expect(order).toMatchObject({ status: "OPEN", isPaid: false });
    expect((await orderRow(t, order.id)).paymentType).toBe("CLICK");
  });

  it("is refused where clickActive is off, and CLICK_MINI_APP outside the Click mini app", async () => {
    const c = await customer(lavash);
    const res = await placeRaw(lavash, c, {
      serviceType: "DELIVERY",
      paymentType: "CLICK",
      cartItems: [{ productId: pizza, count: 1, modifications: [] }],
      address: ADDRESS,
      branchId: chilonzor,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ code: string }>().code).toBe("PAYMENT_TYPE_UNAVAILABLE");
    const web = await placeRaw(plov, await customer(), {
      serviceType: "PICK_UP",
      paymentType: "CLICK_MINI_APP",
      cartItems: [{ productId: osh, count: 1, modifications: [] }],
      branchId: beshyogoch,
    });
    expect(web.statusCode).toBe(400);
    expect(web.json<{ code: string }>().code).toBe("PAYMENT_TYPE_UNAVAILABLE");
  });

  it("takes CLICK_MINI_APP inside the Click mini app, and Click's callbacks pay it", async () => {
    const order = await placeOrder("CLICK_MINI_APP", { channel: "CLICK" });
    expect(order).toMatchObject({ status: "OPEN", isPaid: false });
    const { fields, prepareId } = await prepared(order);
    expectCode(await call("complete", completeFields(fields, prepareId)), 0);
    expect(await orderRow(t, order.id)).toMatchObject({ isPaid: true, status: "CREATED" });
  });
});

describe("Prepare", () => {
  it("opens a transaction for exactly the order's total, answering its whole-number prepare id", async () => {
    const order = await placeOrder();
    const fields = prepareFields(order);
    const answer = await call("prepare", fields);
    expect(answer).toEqual({
      click_trans_id: Number(fields.click_trans_id),
      merchant_trans_id: order.id,
      merchant_prepare_id: expect.any(Number) as number,
      error: 0,
      error_note: "Success",
    });
    const [tx, ...more] = await transactionsOf(t, order.id);
    expect(more).toHaveLength(0);
    expect(tx).toMatchObject({
      provider: "CLICK",
      providerTransactionId: fields.click_trans_id,
      state: 1,
      amount: Math.round(order.totalPrice * 100),
      number: answer.merchant_prepare_id,
    });
    expect(await orderRow(t, order.id)).toMatchObject({ isPaid: false, status: "OPEN" });
  });

  it("takes the amount as Click writes it, with or without tiyin, signed as sent", async () => {
    const order = await placeOrder();
    const whole = String(Math.round(order.totalPrice));
    expect(Number(whole)).toBe(order.totalPrice);
    expectCode(await call("prepare", prepareFields(order, { amount: whole })), 0);
  });

  it("answers a replay with the same prepare id and stores one row", async () => {
    const order = await placeOrder();
    const fields = prepareFields(order);
    const first = await call("prepare", fields);
    const again = await call("prepare", fields);
    expect(again).toEqual(first);
    expect(await transactionsOf(t, order.id)).toHaveLength(1);
  });

  it("lets a newer payment replace one Click never completed; the older Complete is then -9", async () => {
    const order = await placeOrder();
    const older = await prepared(order);
    const newer = await prepared(order);
    expect(newer.prepareId).not.toBe(older.prepareId);
    expectCode(await call("complete", completeFields(older.fields, older.prepareId)), -9);
    expect((await orderRow(t, order.id)).isPaid).toBe(false);
    expectCode(await call("complete", completeFields(newer.fields, newer.prepareId)), 0);
    expect(await paidEntries(t, order.id)).toHaveLength(1);
    expect((await transactionsOf(t, order.id)).map((x) => x.state).sort()).toEqual([-1, 2]);
  });
});

describe("refusals", () => {
  it("-1: a forged sign, a tampered field, another brand's secret or an unknown service id", async () => {
    const order = await placeOrder();
    expectCode(await call("prepare", prepareFields(order), { after: { sign_string: "0".repeat(32) } }), -1);
    expectCode(await call("prepare", prepareFields(order), { after: { amount: "1.00" } }), -1);
    expectCode(await call("prepare", prepareFields(order), { secret: LAVASH_SECRET }), -1);
    expectCode(await call("prepare", prepareFields(order), { secret: `${PLOV_SECRET}x` }), -1);
    expectCode(await call("prepare", prepareFields(order, { service_id: "99999" })), -1);
    const { fields, prepareId } = await prepared(order);
    const complete = completeFields(fields, prepareId);
    expectCode(
      await call("complete", complete, { after: { merchant_prepare_id: String(prepareId! + 1) } }),
      -1,
    );
    expectCode(await call("complete", complete, { secret: "wrong" }), -1);
    expect((await orderRow(t, order.id)).isPaid).toBe(false);
    expect((await transactionsOf(t, order.id)).map((x) => x.state)).toEqual([1]);
  });

  it("-2: an amount other than the order's total, at Prepare and at Complete", async () => {
    const order = await placeOrder();
    const total = Math.round(order.totalPrice * 100);
    for (const tiyin of [total - 100, total + 1, 100]) {
      const amount = `${String(Math.floor(tiyin / 100))}.${String(tiyin % 100).padStart(2, "0")}`;
      expectCode(await call("prepare", prepareFields(order, { amount })), -2);
    }
    expectCode(await call("prepare", prepareFields(order, { amount: "0" })), -2);
    expectCode(await call("prepare", prepareFields(order, { amount: `${amountOf(order)}1` })), -2);
    expect(await transactionsOf(t, order.id)).toHaveLength(0);
    const { fields, prepareId } = await prepared(order);
    const cheaper = completeFields(fields, prepareId, { amount: "1000.00" });
    expectCode(await call("complete", cheaper), -2);
    expect(await orderRow(t, order.id)).toMatchObject({ isPaid: false, status: "OPEN" });
    // The refused Complete cancelled its transaction: Click reverses the payment on its side.
    expect((await transactionsOf(t, order.id)).map((x) => x.state)).toEqual([-1]);
  });

  it("-3: an action other than the endpoint's", async () => {
    const order = await placeOrder();
    expectCode(await call("prepare", prepareFields(order, { action: "1" })), -3);
    expectCode(await call("prepare", prepareFields(order, { action: "7" })), -3);
    const { fields, prepareId } = await prepared(order);
    expectCode(await call("complete", completeFields(fields, prepareId, { action: "0" })), -3);
    expectCode(await call("complete", completeFields(fields, prepareId, { action: "2" })), -3);
  });

  it("-4: an order already paid, by Click or by Payme", async () => {
    const order = await placeOrder();
    const { fields, prepareId } = await prepared(order);
    expectCode(await call("complete", completeFields(fields, prepareId)), 0);
    expectCode(await call("prepare", prepareFields(order)), -4);
    // The replayed Prepare of the completed payment, too.
    expectCode(await call("prepare", fields), -4);

    // A lavash order paid with Payme, then offered to Click with lavash's own Click credentials.
    const c = await customer(lavash);
    const placed = await placeRaw(lavash, c, {
      serviceType: "DELIVERY",
      paymentType: "PAYME",
      cartItems: [{ productId: pizza, count: 1, modifications: [] }],
      address: ADDRESS,
      branchId: chilonzor,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const payme = placed.json<{ id: string; totalPrice: number }>();
    const rpc = async (method: string, params: Record<string, unknown>) =>
      (
        await t.app.inject({
          method: "POST",
          url: "/api/payments/v1/payme",
          headers: {
            authorization: `Basic ${Buffer.from(`Paycom:${LAVASH_PAYME_KEY}`).toString("base64")}`,
            "content-type": "application/json",
          },
          payload: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
        })
      ).json<{ result?: { state?: number } }>();
    const paymeId = `click-test-${String(process.pid)}`;
    const amount = Math.round(payme.totalPrice * 100);
    await rpc("CreateTransaction", {
      id: paymeId,
      time: Date.now(),
      amount,
      account: { order_id: payme.id },
    });
    expect((await rpc("PerformTransaction", { id: paymeId })).result?.state).toBe(2);
    const viaClick = await call("prepare", prepareFields(payme, { service_id: LAVASH_SERVICE }), {
      secret: LAVASH_SECRET,
    });
    expectCode(viaClick, -4);
    expect(await paidEntries(t, payme.id)).toHaveLength(1);
    expect((await transactionsOf(t, payme.id)).map((x) => x.provider)).toEqual(["PAYME"]);
  });

  it("-4 at Complete when the order was paid meanwhile: the Click transaction is cancelled", async () => {
    const order = await placeOrder();
    const { fields, prepareId } = await prepared(order);
    await t.db.update(orders).set({ isPaid: true }).where(eq(orders.id, order.id));
    expectCode(await call("complete", completeFields(fields, prepareId)), -4);
    expect(await paidEntries(t, order.id)).toHaveLength(0);
    expect((await transactionsOf(t, order.id)).map((x) => x.state)).toEqual([-1]);
  });

  it("-5: an unknown order, another brand's, or one not paid with Click or no longer OPEN", async () => {
    expectCode(await call("prepare", prepareFields({ id: randomUUID(), totalPrice: 1000 })), -5);
    const notUuid = await call("prepare", prepareFields({ id: "order-1", totalPrice: 1000 }));
    expectCode(notUuid, -5);
    expect(notUuid.merchant_trans_id).toBe("order-1");
    // A lavash order signed with plov's service id and secret.
    const c = await customer(lavash);
    const placed = await placeRaw(lavash, c, {
      serviceType: "DELIVERY",
      paymentType: "CASH",
      cartItems: [{ productId: pizza, count: 1, modifications: [] }],
      address: ADDRESS,
      branchId: chilonzor,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const elsewhere = placed.json<{ id: string; totalPrice: number }>();
    expectCode(await call("prepare", prepareFields(elsewhere)), -5);
    const cash = await placeOrder("CASH");
    expectCode(await call("prepare", prepareFields(cash)), -5);
    const moved = await placeOrder();
    await t.db.update(orders).set({ status: "CREATED" }).where(eq(orders.id, moved.id));
    expectCode(await call("prepare", prepareFields(moved)), -5);
    // Complete naming an order other than its transaction's.
    const order = await placeOrder();
    const { fields, prepareId } = await prepared(order);
    expectCode(
      await call("complete", completeFields(fields, prepareId, { merchant_trans_id: randomUUID() })),
      -5,
    );
    for (const id of [order.id, elsewhere.id, cash.id, moved.id]) {
      expect((await orderRow(t, id)).isPaid).toBe(false);
    }
  });

  it("-6: a Complete of an unknown transaction or with another prepare id", async () => {
    const order = await placeOrder();
    const { fields, prepareId } = await prepared(order);
    expectCode(
      await call("complete", completeFields(fields, prepareId, { click_trans_id: newClickId() })),
      -6,
    );
    expectCode(await call("complete", completeFields(fields, prepareId! + 1000)), -6);
    expect((await orderRow(t, order.id)).isPaid).toBe(false);
    expect((await transactionsOf(t, order.id)).map((x) => x.state)).toEqual([1]);
  });

  it("-7: an order with another provider's payment under way", async () => {
    const order = await placeOrder();
    await t.db.insert(paymentTransactions).values({
      merchantId: plov,
      provider: "PAYME",
      providerTransactionId: `open-payme-${order.id}`,
      orderId: order.id,
      amount: Math.round(order.totalPrice * 100),
      state: 1,
      providerTime: new Date(),
      createTime: new Date(),
    });
    expectCode(await call("prepare", prepareFields(order)), -7);
    expect((await transactionsOf(t, order.id)).map((x) => x.provider)).toEqual(["PAYME"]);
  });

  it("-8: a body that is not Click's form, or a Complete without its prepare id", async () => {
    const order = await placeOrder();
    const good = prepareFields(order);
    for (const body of [
      "",
      "click_trans_id=1",
      new URLSearchParams({ ...good, sign_string: sign(good, PLOV_SECRET), amount: "12,5" }).toString(),
      new URLSearchParams({ ...good, sign_string: "not-hex" }).toString(),
      new URLSearchParams({
        ...good,
        sign_string: sign(good, PLOV_SECRET),
        sign_time: "2026-11-25T10:00:00",
      }).toString(),
    ]) {
      expectCode(await post("prepare", body), -8);
    }
    const partial = await post(
      "prepare",
      `click_trans_id=${good.click_trans_id!}&merchant_trans_id=${order.id}`,
    );
    expect(partial).toMatchObject({
      click_trans_id: Number(good.click_trans_id),
      merchant_trans_id: order.id,
      merchant_prepare_id: null,
      error: -8,
    });
    // A date that does not exist, signed correctly.
    expectCode(await call("prepare", prepareFields(order, { sign_time: "2026-02-30 10:00:00" })), -8);
    const { fields, prepareId } = await prepared(order);
    const complete: Fields = completeFields(fields, prepareId);
    delete complete.merchant_prepare_id;
    expectCode(await call("complete", complete), -8);
    expect((await orderRow(t, order.id)).isPaid).toBe(false);
  });

  it("-9: a cancelled order", async () => {
    const order = await placeOrder();
    await t.db.update(orders).set({ status: "CANCELED" }).where(eq(orders.id, order.id));
    expectCode(await call("prepare", prepareFields(order)), -9);
    expect(await transactionsOf(t, order.id)).toHaveLength(0);
  });
});

describe("Complete", () => {
  it("pays the order: isPaid, OPEN -> CREATED, a PAID history entry, the transaction completed", async () => {
    const order = await placeOrder();
    const { fields, prepareId } = await prepared(order);
    const answer = await call("complete", completeFields(fields, prepareId));
    expect(answer).toEqual({
      click_trans_id: Number(fields.click_trans_id),
      merchant_trans_id: order.id,
      merchant_confirm_id: prepareId,
      error: 0,
      error_note: "Success",
    });
    const row = await orderRow(t, order.id);
    expect(row).toMatchObject({ isPaid: true, status: "CREATED" });
    expect(row.payment).toMatchObject({
      provider: "CLICK",
      transactionId: fields.click_trans_id,
      paydocId: fields.click_paydoc_id,
    });
    expect(await paidEntries(t, order.id)).toMatchObject([{ status: "CREATED", actorUserId: null }]);
    const [tx] = await transactionsOf(t, order.id);
    expect(tx).toMatchObject({ state: 2 });
    expect(tx!.performTime).toBeInstanceOf(Date);
    // The customer sees it paid.
    const view = await t.app.inject({
      method: "GET",
      url: `/api/orders/v1/orders/${order.id}`,
      headers: { merchant: plov, authorization: `Bearer ${order.customer.token}` },
    });
    expect(view.json<{ isPaid: boolean; status: string }>()).toMatchObject({
      isPaid: true,
      status: "CREATED",
    });
  });

  it("moves a later order from OPEN to AT_TIME", async () => {
    const order = await placeOrder("CLICK", { later: true });
    expect(order.status).toBe("OPEN");
    const { fields, prepareId } = await prepared(order);
    expectCode(await call("complete", completeFields(fields, prepareId)), 0);
    expect(await orderRow(t, order.id)).toMatchObject({ isPaid: true, status: "AT_TIME" });
  });

  it("answers a replay the same and changes nothing", async () => {
    const order = await placeOrder();
    const { fields, prepareId } = await prepared(order);
    const first = await call("complete", completeFields(fields, prepareId));
    const before = await orderRow(t, order.id);
    const [txBefore] = await transactionsOf(t, order.id);
    const again = await call("complete", completeFields(fields, prepareId));
    expect(again).toEqual(first);
    expect((await orderRow(t, order.id)).lastModifiedDate).toEqual(before.lastModifiedDate);
    expect(await transactionsOf(t, order.id)).toEqual([txBefore]);
    expect(await paidEntries(t, order.id)).toHaveLength(1);
  });

  it("pays once when the same Complete arrives 10 times at once, all 10 answering the same success", async () => {
    const order = await placeOrder();
    const { fields, prepareId } = await prepared(order);
    const complete = completeFields(fields, prepareId);
    const answers = await Promise.all(Array.from({ length: 10 }, () => call("complete", complete)));
    for (const a of answers) expect(a).toEqual(answers[0]);
    expect(answers[0]).toMatchObject({ error: 0, merchant_confirm_id: prepareId });
    expect(await paidEntries(t, order.id)).toHaveLength(1);
    expect(await orderRow(t, order.id)).toMatchObject({ isPaid: true, status: "CREATED" });
    expect((await transactionsOf(t, order.id)).map((x) => x.state)).toEqual([2]);
  });

  it("pays once when 10 different Click payments of one order are prepared and completed at once", async () => {
    const order = await placeOrder();
    const attempts = Array.from({ length: 10 }, () => prepareFields(order));
    const prepares = await Promise.all(attempts.map((f) => call("prepare", f)));
    for (const p of prepares) expect(p.error).toBe(0);
    const completes = await Promise.all(
      attempts.map((f, i) => call("complete", completeFields(f, prepares[i]!.merchant_prepare_id))),
    );
    expect(completes.filter((a) => a.error === 0)).toHaveLength(1);
    expect(await paidEntries(t, order.id)).toHaveLength(1);
    expect((await transactionsOf(t, order.id)).filter((x) => x.state === 2)).toHaveLength(1);
  });

  it("cancels the transaction when Click reports its own failure (error < 0), answering -9", async () => {
    const order = await placeOrder();
    const { fields, prepareId } = await prepared(order);
    const failed = completeFields(fields, prepareId, { error: "-5017", error_note: "Insufficient funds" });
    const answer = await call("complete", failed);
    expect(answer).toMatchObject({ error: -9, merchant_confirm_id: null });
    expect(await orderRow(t, order.id)).toMatchObject({ isPaid: false, status: "OPEN" });
    expect(await transactionsOf(t, order.id)).toMatchObject([{ state: -1, reason: -5017 }]);
    // Replayed, or completed after all: still cancelled, never paid.
    expectCode(await call("complete", failed), -9);
    expectCode(await call("complete", completeFields(fields, prepareId)), -9);
    expect((await orderRow(t, order.id)).isPaid).toBe(false);
    // The customer pays again with a new Click payment.
    const retry = await prepared(order);
    expectCode(await call("complete", completeFields(retry.fields, retry.prepareId)), 0);
    expect(await paidEntries(t, order.id)).toHaveLength(1);
  });
});

describe("GET /api/payments/v2/checkout/:orderId for a Click order", () => {
  function checkout(orderId: string, token: string) {
    return t.app.inject({
      method: "GET",
      url: `/api/payments/v2/checkout/${orderId}`,
      headers: { merchant: plov, host: HOST, authorization: `Bearer ${token}` },
    });
  }

  it("answers Click's pay link: service and merchant ids, the total in so'm, the order and its page", async () => {
    const order = await placeOrder();
    const res = await checkout(order.id, order.customer.token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ provider: string; url: string }>();
    expect(body.provider).toBe("CLICK");
    const url = new URL(body.url);
    // Demo mode (and tests): the fake pay page on the request's own origin.
    expect(`${url.origin}${url.pathname}`).toBe(`http://${HOST}/api/dev/click/pay`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      service_id: PLOV_SERVICE,
      merchant_id: PLOV_MERCHANT,
      amount: amountOf(order),
      transaction_param: order.id,
      return_url: `http://${HOST}/profile/orders/${order.id}`,
    });
    expect(url.searchParams.get("amount")).toMatch(/^\d+\.\d{2}$/);
  });

  it("answers 409 ORDER_NOT_PAYABLE for a paid Click order and a CASH one", async () => {
    const order = await placeOrder();
    const { fields, prepareId } = await prepared(order);
    expectCode(await call("complete", completeFields(fields, prepareId)), 0);
    const paid = await checkout(order.id, order.customer.token);
    expect(paid.statusCode).toBe(409);
    expect(paid.json<{ code: string }>().code).toBe("ORDER_NOT_PAYABLE");
    const cash = await placeOrder("CASH");
    expect((await checkout(cash.id, cash.customer.token)).statusCode).toBe(409);
  });
});

describe("the demo's fake Click pay page", () => {
  async function payPath(order: Placed) {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/payments/v2/checkout/${order.id}`,
      headers: { merchant: plov, host: HOST, authorization: `Bearer ${order.customer.token}` },
    });
    const url = new URL(res.json<{ url: string }>().url);
    return `${url.pathname}${url.search}`;
  }
  const submit = (path: string, action: string) =>
    t.app.inject({
      method: "POST",
      url: path,
      headers: { host: HOST, "content-type": "application/x-www-form-urlencoded" },
      payload: `action=${action}`,
    });

  it("shows the amount in so'm, the order and the Pay and Decline buttons", async () => {
    const order = await placeOrder();
    const res = await t.app.inject({ method: "GET", url: await payPath(order), headers: { host: HOST } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    const soums = String(order.totalPrice).replace(/\B(?=(\d{3})+(?!\d))/g, "\u00a0");
    expect(res.body).toContain(`${soums} <small>so'm</small>`);
    expect(res.body).toContain(order.id);
    expect(res.body).toMatch(/<button[^>]*value="pay">Pay<\/button>/);
    expect(res.body).toMatch(/<button[^>]*value="decline">Decline<\/button>/);
  });

  it("Pay pays through our Prepare and Complete and returns to the order's page", async () => {
    const order = await placeOrder();
    const res = await submit(await payPath(order), "pay");
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe(`http://${HOST}/profile/orders/${order.id}`);
    expect(await orderRow(t, order.id)).toMatchObject({ isPaid: true, status: "CREATED" });
    expect(await transactionsOf(t, order.id)).toMatchObject([{ provider: "CLICK", state: 2 }]);
  });

  it("Decline returns to the order's page with the order unpaid and still payable; a replayed Pay is refused", async () => {
    const order = await placeOrder();
    const path = await payPath(order);
    const declined = await submit(path, "decline");
    expect(declined.statusCode).toBe(303);
    expect(declined.headers.location).toBe(`http://${HOST}/profile/orders/${order.id}`);
    expect(await orderRow(t, order.id)).toMatchObject({ isPaid: false, status: "OPEN" });
    expect(await transactionsOf(t, order.id)).toMatchObject([{ state: -1, reason: -5017 }]);
    expect((await submit(path, "pay")).statusCode).toBe(303);
    expect((await orderRow(t, order.id)).isPaid).toBe(true);
    const again = await submit(path, "pay");
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('role="alert"');
    expect(again.body).toContain("(-4)");
    expect(await paidEntries(t, order.id)).toHaveLength(1);
  });

  it("answers 404 for a link of an unknown service or a malformed one", async () => {
    const order = await placeOrder();
    const path = await payPath(order);
    const unknown = path.replace(`service_id=${PLOV_SERVICE}`, "service_id=55555");
    expect((await t.app.inject({ method: "GET", url: unknown })).statusCode).toBe(404);
    expect((await submit(unknown, "pay")).statusCode).toBe(404);
    const malformed = path.replace(/return_url=[^&]*/, "return_url=javascript%3Aalert(1)");
    expect((await t.app.inject({ method: "GET", url: malformed })).statusCode).toBe(404);
    expect((await orderRow(t, order.id)).isPaid).toBe(false);
  });
});

describe("secrets and production", () => {
  it("never answers the secret key in the brand's public merchant or web settings", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/users/v1/merchants/sub/plov" });
    expect(res.body).not.toContain(PLOV_SECRET);
    const settings = await t.app.inject({
      method: "GET",
      url: "/api/users/v1/merchants/web-settings",
      headers: { merchant: plov },
    });
    expect(settings.body).not.toContain(PLOV_SECRET);
  });

  it("logs no secret key, in production links to my.click.uz and has no fake pay page", async () => {
    const lines: string[] = [];
    const prod = await buildApp({
      config: loadConfig({
        NODE_ENV: "production",
        DEMO: "0",
        LOG_LEVEL: "trace",
        STATIC_DIR: "/nonexistent",
      }),
      database: t.database,
      logger: true,
      logStream: { write: (line) => lines.push(line) },
      serveClient: false,
      rateLimitPerMinute: 100_000,
    });
    try {
      await prod.ready();
      const order = await placeOrder();
      const res = await prod.inject({
        method: "GET",
        url: `/api/payments/v2/checkout/${order.id}`,
        headers: { merchant: plov, host: "shop.example.uz", authorization: `Bearer ${order.customer.token}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      const url = new URL(res.json<{ url: string }>().url);
      expect(`${url.origin}${url.pathname}`).toBe("https://my.click.uz/services/pay");
      expect(url.searchParams.get("return_url")).toBe(`http://shop.example.uz/profile/orders/${order.id}`);
      for (const method of ["GET", "POST"] as const) {
        const fake = await prod.inject({
          method,
          url: `/api/dev/click/pay${url.search}`,
          headers: { "content-type": "application/x-www-form-urlencoded" },
          payload: method === "POST" ? "action=pay" : undefined,
        });
        expect(fake.statusCode).toBe(404);
      }
      const fields = prepareFields(order);
      const prepare = await prod.inject({
        method: "POST",
        url: "/api/payments/v1/click/prepare",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: new URLSearchParams({ ...fields, sign_string: sign(fields, PLOV_SECRET) }).toString(),
      });
      expect(prepare.json<ClickAnswer>().error).toBe(0);
      const log = lines.join("");
      expect(log).toContain("/api/payments/v1/click/prepare");
      expect(log).not.toContain(PLOV_SECRET);
      expect((await orderRow(t, order.id)).isPaid).toBe(false);
    } finally {
      await prod.close();
    }
  });
});

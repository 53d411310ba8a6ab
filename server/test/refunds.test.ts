/* eslint-disable @typescript-eslint/no-non-null-assertion -- the demo brand's fixtures exist; a missing one should fail loudly */
// Refunds the storefront sends itself when a paid order is cancelled here (by staff or the
// customer), against local stand-ins of the providers' APIs served over HTTP (Payme Subscribe
// receipts.cancel, Click Merchant API payment reversal, Uzum checkout refund) that can also answer
// 5xx: called once with the right amount, the refund recorded DONE and the order unpaid; a failing
// provider leaves it PENDING and a later run retries it (bounded, then FAILED for staff); a replayed
// or concurrent cancel never refunds twice; an unpaid order's open transaction is cancelled.
import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  branches,
  fiscalReceipts,
  paymentRefunds,
  paymentTransactions,
  products,
  users,
} from "../src/db/schema/index.ts";
import { clickAuthHeader } from "../src/integrations/click-merchant.ts";
import { createSession } from "../src/repositories/sessions.ts";
import { OrderEvents } from "../src/services/orders/events.ts";
import { REFUND_MAX_ATTEMPTS, sendDueRefunds, type RefundDeps } from "../src/services/payments/refunds.ts";
import { handleFakeClickMerchant } from "../src/fakes/fake-click-merchant.ts";
import { FAKE_SUBSCRIBE_CODE, handleFakeSubscribeRpc } from "../src/fakes/fake-payme-subscribe.ts";
import { handleFakeUzumCheckout } from "../src/fakes/fake-uzum-checkout.ts";
import { startFake, type FakeServer } from "./fakes/http.ts";
import { createTestApp, merchantId, type TestApp } from "./support/app.ts";
import { orderRow } from "./support/orders.ts";

/** The demo brands' credentials (scripts/demo-brands). */
const PLOV_CLICK_USER = "30002";
const PLOV_CLICK_SECRET = "DEMO-plov-click-secret-key-for-local-testing-only";
const PLOV_SERVICE = "10002";
const SUSHI_TERMINAL = "40003";
const SUSHI_UZUM_KEY = "DEMO-sushi-uzum-api-key-for-local-testing-only";
const LAVASH_CASHBOX = "000000000000000000000001";
const ADDRESS = { name: "Amir Temur 1", houseNumber: "1", latitude: 41.311081, longitude: 69.240562 };

type Provider = "payme" | "click" | "uzum";
interface Call {
  provider: Provider;
  method: string;
  path: string;
  body: string;
  headers: Record<string, string>;
}

let t: TestApp;
let fake: FakeServer;
let deps: RefundDeps;
const calls: Call[] = [];
/** Per provider: answer as the provider, or HTTP 502. */
const mode: Record<Provider, "ok" | "5xx"> = { payme: "ok", click: "ok", uzum: "ok" };
let lavash: string;
let plov: string;
let sushi: string;
const fixture = { chilonzor: "", pizza: "", plovMain: "", osh: "", sushiKitchen: "", roll: "", rollPrice: 0 };
let phoneSeq = 0;

async function user(merchant: string, role: "CUSTOMER" | "STAFF" = "CUSTOMER") {
  phoneSeq += 1;
  const [row] = await t.db
    .insert(users)
    .values({
      merchantId: merchant,
      phone: `+99895${String(6000000 + phoneSeq)}`,
      firstName: `R${phoneSeq}`,
      role,
    })
    .returning();
  const { token } = await createSession(t.db, { merchantId: merchant, userId: row!.id, channel: "WEB" });
  return { id: row!.id, headers: { merchant, authorization: `Bearer ${token}` } };
}
type User = Awaited<ReturnType<typeof user>>;

async function place(merchant: string, c: User, paymentType: string) {
  const body =
    merchant === plov
      ? {
          serviceType: "PICK_UP",
          cartItems: [{ productId: fixture.osh, count: 2, modifications: [] }],
          branchId: fixture.plovMain,
        }
      : merchant === sushi
        ? {
            serviceType: "DELIVERY",
            cartItems: [
              { productId: fixture.roll, count: Math.ceil(60_000 / fixture.rollPrice), modifications: [] },
            ],
            address: ADDRESS,
            branchId: fixture.sushiKitchen,
          }
        : {
            serviceType: "DELIVERY",
            cartItems: [{ productId: fixture.pizza, count: 1, modifications: [] }],
            address: ADDRESS,
            branchId: fixture.chilonzor,
          };
  const res = await t.app.inject({
    method: "POST",
    url: "/api/orders/v1/orders",
    headers: c.headers,
    payload: { ...body, paymentType },
  });
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json<{ id: string; totalPrice: number }>();
  return { ...order, amount: Math.round(order.totalPrice * 100), customer: c };
}
type Placed = Awaited<ReturnType<typeof place>>;

/** Pays the order on the demo's fake provider page, as the customer would (Payme, Click, Uzum). */
async function payOnPage(order: Placed) {
  const link = await t.app.inject({
    method: "GET",
    url: `/api/payments/v2/checkout/${order.id}`,
    headers: order.customer.headers,
  });
  expect(link.statusCode, link.body).toBe(200);
  const url = new URL(link.json<{ url: string }>().url, "http://localhost");
  const paid = await t.app.inject({
    method: "POST",
    url: `${url.pathname}${url.search}`,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: "action=pay",
  });
  expect(paid.statusCode, paid.body).toBe(303);
  expect((await orderRow(t, order.id)).isPaid).toBe(true);
  // A Click payment's fiscal receipt is submitted by the outbox the payment kicked (issue 40): let it
  // finish, so the calls counted below are the refund's.
  await t.app.fiscal.idle();
}

/** A lavash order paid with a saved, confirmed card. */
async function paidWithCard() {
  const c = await user(lavash);
  const added = await t.app.inject({
    method: "POST",
    url: "/api/payments/v1/cards",
    headers: c.headers,
    payload: { number: "8600069195406311", expire: "0399" },
  });
  expect(added.statusCode, added.body).toBe(201);
  const cardId = added.json<{ card: { id: string } }>().card.id;
  const verified = await t.app.inject({
    method: "POST",
    url: `/api/payments/v1/cards/${cardId}/verify`,
    headers: c.headers,
    payload: { code: FAKE_SUBSCRIBE_CODE },
  });
  expect(verified.statusCode, verified.body).toBe(200);
  const order = await place(lavash, c, "CARD");
  const paid = await t.app.inject({
    method: "POST",
    url: `/api/payments/v1/cards/${cardId}/pay`,
    headers: c.headers,
    payload: { orderId: order.id },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  return order;
}

async function staffCancel(merchant: string, orderId: string) {
  const staff = await user(merchant, "STAFF");
  return t.app.inject({
    method: "PUT",
    url: `/api/staff/v1/orders/${orderId}/status`,
    headers: staff.headers,
    payload: { status: "CANCELED", comment: "out of stock" },
  });
}

/** The order as the staff API shows it. */
async function staffView(merchant: string, orderId: string) {
  const staff = await user(merchant, "STAFF");
  const res = await t.app.inject({
    method: "GET",
    url: `/api/staff/v1/orders/${orderId}`,
    headers: staff.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ refundState: string | null; isPaid: boolean }>();
}

async function transactionOf(orderId: string) {
  const [row] = await t.db
    .select()
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.orderId, orderId), eq(paymentTransactions.state, 2)))
    .union(
      t.db
        .select()
        .from(paymentTransactions)
        .where(and(eq(paymentTransactions.orderId, orderId), eq(paymentTransactions.state, -2))),
    );
  return row!;
}

async function refundsOf(orderId: string) {
  return t.db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, orderId));
}

/** Waits for the refund the cancel kicked off to leave SENDING/its first PENDING. */
async function settled(orderId: string) {
  return vi.waitFor(
    async () => {
      const rows = await refundsOf(orderId);
      expect(rows).toHaveLength(1);
      const [row] = rows;
      expect(row!.state === "SENDING" || (row!.state === "PENDING" && row!.attempts === 0)).toBe(false);
      return row!;
    },
    { timeout: 5000, interval: 25 },
  );
}

const callsOf = (provider: Provider) => calls.filter((c) => c.provider === provider);
const clearCalls = () => calls.splice(0, calls.length);

beforeAll(async () => {
  fake = await startFake(async (request) => {
    const url = new URL(request.url);
    const [, provider = "", ...rest] = url.pathname.split("/");
    const body = request.method === "GET" || request.method === "DELETE" ? "" : await request.text();
    const headers: Record<string, string> = {};
    request.headers.forEach((v, k) => {
      headers[k] = v;
    });
    const p = provider as Provider;
    calls.push({ provider: p, method: request.method, path: `/${rest.join("/")}`, body, headers });
    if (mode[p] === "5xx") return new Response("Bad gateway", { status: 502 });
    const answer =
      p === "payme"
        ? handleFakeSubscribeRpc(headers, body)
        : p === "click"
          ? handleFakeClickMerchant({ method: request.method, path: rest.join("/"), headers, body }, (id) =>
              id === PLOV_CLICK_USER ? PLOV_CLICK_SECRET : undefined,
            )
          : handleFakeUzumCheckout({ path: `/${rest.join("/")}`, headers, body }, (id) =>
              id === SUSHI_TERMINAL ? SUSHI_UZUM_KEY : undefined,
            );
    return new Response(answer.body, {
      status: answer.status,
      headers: { "content-type": "application/json" },
    });
  });
  t = await createTestApp({
    env: {
      PAYME_API_URL: `${fake.url}/payme`,
      CLICK_MERCHANT_API_URL: `${fake.url}/click`,
      UZUM_API_URL: `${fake.url}/uzum`,
      PAYME_API_TIMEOUT_MS: "2000",
      // No timer: the cancel's own kick sends, and the tests run the retries with a later clock.
      PAYMENT_SWEEP_MS: "0",
    },
  });
  deps = {
    db: t.db,
    config: t.config,
    standIns: t.app.standIns,
    events: new OrderEvents(t.database),
    log: () => undefined,
  };
  lavash = await merchantId(t, "lavash");
  plov = await merchantId(t, "plov");
  sushi = await merchantId(t, "sushi");
  const all = await t.db.select().from(branches);
  fixture.chilonzor = all.find((b) => b.merchantId === lavash && b.name.eng?.startsWith("Chilonzor"))!.id;
  fixture.plovMain = all.find((b) => b.merchantId === plov && b.isMain)!.id;
  fixture.sushiKitchen = all.find((b) => b.merchantId === sushi && b.isMain)!.id;
  const cheapest = async (merchant: string, extra = sql`true`) => {
    const [row] = await t.db
      .select({ id: products.id, price: products.costPrice })
      .from(products)
      .where(
        and(
          eq(products.merchantId, merchant),
          eq(products.discount, 0),
          sql`not exists (select 1 from modification_groups g where g.product_id = ${products.id})`,
          extra,
        ),
      )
      .orderBy(asc(products.costPrice))
      .limit(1);
    return row!;
  };
  fixture.pizza = (await cheapest(lavash, sql`${products.costPrice} >= 35000`)).id;
  fixture.osh = (await cheapest(plov)).id;
  const roll = await cheapest(sushi);
  fixture.roll = roll.id;
  fixture.rollPrice = roll.price;
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

describe("a paid order cancelled by staff is refunded at its provider", () => {
  it("saved card (Payme Subscribe): receipts.cancel once for the receipt, the refund DONE and the order unpaid", async () => {
    const order = await paidWithCard();
    const paidTx = await transactionOf(order.id);
    clearCalls();
    const res = await staffCancel(lavash, order.id);
    expect(res.statusCode, res.body).toBe(200);
    const refund = await settled(order.id);
    expect(refund).toMatchObject({ state: "DONE", via: "PAYME", amount: order.amount, attempts: 1 });
    const cancels = callsOf("payme").filter((c) => c.body.includes("receipts.cancel"));
    expect(cancels).toHaveLength(1);
    expect(JSON.parse(cancels[0]!.body)).toMatchObject({ params: { id: paidTx.providerTransactionId } });
    expect(cancels[0]!.headers["x-auth"]?.startsWith(`${LAVASH_CASHBOX}:`)).toBe(true);
    expect(await transactionOf(order.id)).toMatchObject({ state: -2, reason: 5 });
    const row = await orderRow(t, order.id);
    expect(row).toMatchObject({ status: "CANCELED", isPaid: false });
    expect(row.payment).toMatchObject({ refundState: "DONE", refundedAt: expect.any(String) });
  });

  it("Payme checkout (Merchant API): receipts.cancel of Payme's transaction id; Payme's own CancelTransaction then answers -2", async () => {
    const c = await user(lavash);
    const order = await place(lavash, c, "PAYME");
    await payOnPage(order);
    const paidTx = await transactionOf(order.id);
    clearCalls();
    // The customer cancels this time (lavash lets customers cancel a CREATED order).
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/orders/v1/orders/${order.id}/cancel`,
      headers: c.headers,
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await settled(order.id)).toMatchObject({ state: "DONE", via: "PAYME", amount: order.amount });
    const cancels = callsOf("payme").filter((x) => x.body.includes("receipts.cancel"));
    expect(cancels.map((x) => (JSON.parse(x.body) as { params: { id: string } }).params.id)).toEqual([
      paidTx.providerTransactionId,
    ]);
    expect(await transactionOf(order.id)).toMatchObject({ state: -2, reason: 5 });
    const key = "DEMO-lavash-payme-test-key-for-local-testing-only";
    const answer = await t.app.inject({
      method: "POST",
      url: "/api/payments/v1/payme",
      headers: { authorization: `Basic ${Buffer.from(`Paycom:${key}`).toString("base64")}` },
      payload: {
        jsonrpc: "2.0",
        id: 1,
        method: "CancelTransaction",
        params: { id: paidTx.providerTransactionId, reason: 5 },
      },
    });
    expect(answer.json<{ result: { state: number } }>().result.state).toBe(-2);
  });

  it("Click (SHOP-API): DELETE payment/reversal/{service_id}/{click_trans_id}, signed with the brand's Auth header", async () => {
    const order = await place(plov, await user(plov), "CLICK");
    await payOnPage(order);
    const paidTx = await transactionOf(order.id);
    clearCalls();
    expect((await staffCancel(plov, order.id)).statusCode).toBe(200);
    expect(await settled(order.id)).toMatchObject({
      state: "DONE",
      via: "CLICK",
      amount: order.amount,
      lastError: null,
    });
    const reversals = callsOf("click");
    expect(reversals).toHaveLength(1);
    expect(reversals[0]).toMatchObject({
      method: "DELETE",
      path: `/payment/reversal/${PLOV_SERVICE}/${paidTx.providerTransactionId}`,
    });
    const [userId, digest, timestamp] = reversals[0]!.headers.auth!.split(":");
    expect(userId).toBe(PLOV_CLICK_USER);
    expect(`${userId}:${digest}:${timestamp}`).toBe(
      clickAuthHeader(PLOV_CLICK_USER, PLOV_CLICK_SECRET, Number(timestamp)),
    );
    expect(reversals[0]!.headers.auth).not.toContain(PLOV_CLICK_SECRET);
    expect(await orderRow(t, order.id)).toMatchObject({ status: "CANCELED", isPaid: false });
  });

  it("Uzum: the checkout API refund of the transId for the whole amount in tiyin", async () => {
    const order = await place(sushi, await user(sushi), "UZUM");
    await payOnPage(order);
    const paidTx = await transactionOf(order.id);
    clearCalls();
    expect((await staffCancel(sushi, order.id)).statusCode).toBe(200);
    expect(await settled(order.id)).toMatchObject({
      state: "DONE",
      via: "UZUM",
      amount: order.amount,
      lastError: null,
    });
    const refunds = callsOf("uzum");
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ method: "POST", path: "/api/v1/acquiring/refund" });
    expect(refunds[0]!.headers).toMatchObject({
      "x-terminal-id": SUSHI_TERMINAL,
      "x-api-key": SUSHI_UZUM_KEY,
    });
    expect(JSON.parse(refunds[0]!.body)).toEqual({
      orderId: paidTx.providerTransactionId,
      amount: order.amount,
    });
    expect(await orderRow(t, order.id)).toMatchObject({ status: "CANCELED", isPaid: false });
    // The money went back: the sale's return receipt is queued for Uzum's fiscalization API, once.
    const receipts = await t.db
      .select({
        kind: fiscalReceipts.kind,
        provider: fiscalReceipts.provider,
        paymentId: fiscalReceipts.paymentId,
      })
      .from(fiscalReceipts)
      .where(eq(fiscalReceipts.orderId, order.id));
    expect(receipts).toEqual(
      expect.arrayContaining([{ kind: "RETURN", provider: "UZUM", paymentId: paidTx.providerTransactionId }]),
    );
    expect(receipts.filter((r) => r.kind === "RETURN")).toHaveLength(1);
  });
});

describe("a provider that fails", () => {
  it("answering 5xx leaves the refund PENDING (the cancel still succeeds), and a later run sends it once", async () => {
    const order = await place(plov, await user(plov), "CLICK");
    await payOnPage(order);
    clearCalls();
    mode.click = "5xx";
    try {
      const cancel = await staffCancel(plov, order.id);
      expect(cancel.statusCode).toBe(200);
      // Staff see that a refund is owed and under way.
      expect(cancel.json<{ refundState: string | null }>().refundState).toBe("PENDING");
      const pending = await settled(order.id);
      expect(pending).toMatchObject({ state: "PENDING", attempts: 1 });
      expect(pending.lastError).toContain("502");
      expect(pending.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
      expect(await orderRow(t, order.id)).toMatchObject({ status: "CANCELED", isPaid: true });
      expect((await orderRow(t, order.id)).payment).toMatchObject({ refundState: "PENDING" });
      // Not due yet: nothing is sent.
      expect(await sendDueRefunds(deps)).toEqual([]);
    } finally {
      mode.click = "ok";
    }
    const later = new Date(Date.now() + 2 * 60_000);
    expect(await sendDueRefunds(deps, { now: later, orderId: order.id })).toEqual(["DONE"]);
    expect(callsOf("click")).toHaveLength(2);
    expect((await refundsOf(order.id))[0]).toMatchObject({ state: "DONE", attempts: 2, lastError: null });
    expect(await orderRow(t, order.id)).toMatchObject({ isPaid: false });
    expect(await staffView(plov, order.id)).toMatchObject({ refundState: "DONE", isPaid: false });
    // Done is done: another run sends nothing.
    expect(
      await sendDueRefunds(deps, { now: new Date(later.getTime() + 3_600_000), orderId: order.id }),
    ).toEqual([]);
    expect(callsOf("click")).toHaveLength(2);
  });

  it(`gives up after ${String(REFUND_MAX_ATTEMPTS)} failed tries: FAILED for staff, never lost`, async () => {
    const order = await place(sushi, await user(sushi), "UZUM");
    await payOnPage(order);
    clearCalls();
    mode.uzum = "5xx";
    try {
      expect((await staffCancel(sushi, order.id)).statusCode).toBe(200);
      await settled(order.id);
      let clock = Date.now();
      for (let i = 2; i <= REFUND_MAX_ATTEMPTS; i += 1) {
        clock += 4 * 3_600_000;
        await sendDueRefunds(deps, { now: new Date(clock), orderId: order.id });
      }
      expect(callsOf("uzum")).toHaveLength(REFUND_MAX_ATTEMPTS);
      expect((await refundsOf(order.id))[0]).toMatchObject({
        state: "FAILED",
        attempts: REFUND_MAX_ATTEMPTS,
      });
      expect((await orderRow(t, order.id)).payment).toMatchObject({ refundState: "FAILED" });
      expect(await staffView(sushi, order.id)).toMatchObject({ refundState: "FAILED", isPaid: true });
      await sendDueRefunds(deps, { now: new Date(clock + 24 * 3_600_000), orderId: order.id });
      expect(callsOf("uzum")).toHaveLength(REFUND_MAX_ATTEMPTS);
    } finally {
      mode.uzum = "ok";
    }
  });

  it("a refusal (the provider does not know the payment) is FAILED at once, without retries", async () => {
    const order = await paidWithCard();
    const paidTx = await transactionOf(order.id);
    // Payme no longer knows the receipt.
    await t.db
      .update(paymentTransactions)
      .set({ providerTransactionId: `${paidTx.providerTransactionId}-gone` })
      .where(eq(paymentTransactions.id, paidTx.id));
    expect((await staffCancel(lavash, order.id)).statusCode).toBe(200);
    const failed = await settled(order.id);
    expect(failed).toMatchObject({ state: "FAILED", attempts: 1 });
    expect(failed.lastError).toContain("receipts.cancel");
    expect(await orderRow(t, order.id)).toMatchObject({ status: "CANCELED", isPaid: true });
  });
});

describe("exactly once", () => {
  it("10 cancels at once (staff and the customer): one succeeds, one refund, one call to the provider", async () => {
    const order = await paidWithCard();
    clearCalls();
    const staff = await user(lavash, "STAFF");
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        i % 2 === 0
          ? t.app.inject({
              method: "PUT",
              url: `/api/staff/v1/orders/${order.id}/status`,
              headers: staff.headers,
              payload: { status: "CANCELED" },
            })
          : t.app.inject({
              method: "PUT",
              url: `/api/orders/v1/orders/${order.id}/cancel`,
              headers: order.customer.headers,
              payload: {},
            }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(9);
    expect(await settled(order.id)).toMatchObject({ state: "DONE", amount: order.amount });
    await sendDueRefunds(deps, { now: new Date(Date.now() + 86_400_000) });
    expect(callsOf("payme").filter((c) => c.body.includes("receipts.cancel"))).toHaveLength(1);
    expect(await refundsOf(order.id)).toHaveLength(1);
  });

  it("two workers at once send a due refund once", async () => {
    const order = await place(plov, await user(plov), "CLICK");
    await payOnPage(order);
    mode.click = "5xx";
    try {
      expect((await staffCancel(plov, order.id)).statusCode).toBe(200);
      await settled(order.id);
    } finally {
      mode.click = "ok";
    }
    clearCalls();
    const later = new Date(Date.now() + 2 * 60_000);
    const runs = await Promise.all(
      Array.from({ length: 5 }, () => sendDueRefunds(deps, { now: later, orderId: order.id })),
    );
    expect(runs.flat()).toEqual(["DONE"]);
    expect(callsOf("click")).toHaveLength(1);
  });

  it("a refund the provider made itself (Payme's CancelTransaction) is settled and never sent", async () => {
    const c = await user(lavash);
    const order = await place(lavash, c, "PAYME");
    await payOnPage(order);
    const paidTx = await transactionOf(order.id);
    mode.payme = "5xx";
    try {
      expect((await staffCancel(lavash, order.id)).statusCode).toBe(200);
      expect(await settled(order.id)).toMatchObject({ state: "PENDING" });
    } finally {
      mode.payme = "ok";
    }
    const key = "DEMO-lavash-payme-test-key-for-local-testing-only";
    await t.app.inject({
      method: "POST",
      url: "/api/payments/v1/payme",
      headers: { authorization: `Basic ${Buffer.from(`Paycom:${key}`).toString("base64")}` },
      payload: {
        jsonrpc: "2.0",
        id: 1,
        method: "CancelTransaction",
        params: { id: paidTx.providerTransactionId, reason: 5 },
      },
    });
    expect((await refundsOf(order.id))[0]).toMatchObject({ state: "DONE" });
    clearCalls();
    expect(await sendDueRefunds(deps, { now: new Date(Date.now() + 86_400_000), orderId: order.id })).toEqual(
      [],
    );
    expect(callsOf("payme")).toHaveLength(0);
  });
});

describe("an unpaid order cancelled by staff", () => {
  it("cancels its open Payme transaction (state -1, reason 3) and records no refund", async () => {
    const order = await place(lavash, await user(lavash), "PAYME");
    const key = "DEMO-lavash-payme-test-key-for-local-testing-only";
    const rpc = async (method: string, params: Record<string, unknown>) =>
      (
        await t.app.inject({
          method: "POST",
          url: "/api/payments/v1/payme",
          headers: { authorization: `Basic ${Buffer.from(`Paycom:${key}`).toString("base64")}` },
          payload: { jsonrpc: "2.0", id: 1, method, params },
        })
      ).json<{ result?: Record<string, unknown>; error?: { code: number } }>();
    const id = `refunds-${String(process.pid)}-${String(Date.now())}`;
    const created = await rpc("CreateTransaction", {
      id,
      time: Date.now(),
      amount: order.amount,
      account: { order_id: order.id },
    });
    expect(created.result?.state).toBe(1);
    expect((await staffCancel(lavash, order.id)).statusCode).toBe(200);
    expect((await rpc("CheckTransaction", { id })).result).toMatchObject({ state: -1, reason: 3 });
    expect((await rpc("PerformTransaction", { id })).error?.code).toBe(-31008);
    expect(await refundsOf(order.id)).toHaveLength(0);
    expect(await orderRow(t, order.id)).toMatchObject({ status: "CANCELED", isPaid: false });
  });
});

describe("in demo mode without provider URLs", () => {
  it("refunds a payment made on each fake provider page through the built-in fakes", async () => {
    const demo = await createTestApp({ env: { PAYMENT_SWEEP_MS: "0" } });
    try {
      const main = t;
      t = demo;
      try {
        for (const [merchant, type] of [
          [plov, "CLICK"],
          [sushi, "UZUM"],
          [lavash, "PAYME"],
        ] as const) {
          const order = await place(merchant, await user(merchant), type);
          await payOnPage(order);
          expect((await staffCancel(merchant, order.id)).statusCode).toBe(200);
          expect(await settled(order.id), type).toMatchObject({ state: "DONE", lastError: null });
          expect(await orderRow(t, order.id)).toMatchObject({ status: "CANCELED", isPaid: false });
        }
      } finally {
        t = main;
      }
    } finally {
      await demo.close();
    }
  });
});

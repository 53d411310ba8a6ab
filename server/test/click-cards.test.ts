/* eslint-disable @typescript-eslint/no-non-null-assertion -- the demo brand's fixtures exist; a missing one should fail loudly */
// Saved cards through Click's card-token API, the second card provider (docs/decisions.md, Saved
// cards, Click): a brand whose card provider is CLICK adds (card_token/request texts the code),
// confirms (card_token/verify), pays (card_token/payment for the server's total in so'm), removes
// (DELETE card_token/...) and refunds (DELETE payment/reversal/...) through a local stand-in of
// Click's Merchant API served over HTTP, every call signed with the Auth header; a card saved with
// Payme before the brand switched keeps going to Payme.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { cards, merchants, paymentRefunds, paymentTransactions, users } from "../src/db/schema/index.ts";
import { clickAuthHeader } from "../src/integrations/click-merchant.ts";
import { createSession } from "../src/repositories/sessions.ts";
import { forgetTenants } from "../src/plugins/tenant.ts";
import { FAKE_CLICK_CARD_CODE, handleFakeClickMerchant } from "../src/fakes/fake-click-merchant.ts";
import { FAKE_SUBSCRIBE_CODE, handleFakeSubscribeRpc } from "../src/fakes/fake-payme-subscribe.ts";
import { startFake, type FakeServer } from "./fakes/http.ts";
import { createTestApp, merchantId, type TestApp } from "./support/app.ts";
import { branchNamed, orderRow, plainProduct } from "./support/orders.ts";

/** Given to lavash by this file: its cards go to Click. */
const SERVICE = "10001";
const CLICK_USER = "30001";
const SECRET = "test-lavash-click-secret";
const CARD = "8600069195406311";
const DECLINED_CARD = "8600000000070000";
const ADDRESS = { name: "Amir Temur 1", houseNumber: "1", latitude: 41.311081, longitude: 69.240562 };

interface Call {
  provider: "click" | "payme";
  method: string;
  path: string;
  body: string;
  auth: string | undefined;
}

let t: TestApp;
let fake: FakeServer;
let clickDown = false;
const calls: Call[] = [];
let lavash: string;
let chilonzor: string;
let pizza: string;
let phoneSeq = 0;

async function person(role: "CUSTOMER" | "STAFF" = "CUSTOMER") {
  phoneSeq += 1;
  const [row] = await t.db
    .insert(users)
    .values({
      merchantId: lavash,
      phone: `+99897${String(7000000 + phoneSeq)}`,
      firstName: `K${phoneSeq}`,
      role,
    })
    .returning();
  const { token } = await createSession(t.db, { merchantId: lavash, userId: row!.id, channel: "WEB" });
  return { id: row!.id, headers: { merchant: lavash, authorization: `Bearer ${token}` } };
}
type Person = Awaited<ReturnType<typeof person>>;

async function api(c: Person, method: "GET" | "POST" | "DELETE", url: string, payload?: object) {
  return t.app.inject({
    method,
    url: `/api/payments/v1${url}`,
    headers: c.headers,
    ...(payload ? { payload } : {}),
  });
}

async function addCard(c: Person, number = CARD) {
  const res = await api(c, "POST", "/cards", { number, expire: "0399" });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{
    card: { id: string; number: string; isVerified: boolean };
    phone: string;
    sent: boolean;
  }>();
}

async function confirmedCard(c: Person, number = CARD) {
  const { card } = await addCard(c, number);
  const res = await api(c, "POST", `/cards/${card.id}/verify`, { code: FAKE_CLICK_CARD_CODE });
  expect(res.statusCode, res.body).toBe(200);
  return card.id;
}

async function placeCardOrder(c: Person) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/orders/v1/orders",
    headers: c.headers,
    payload: {
      serviceType: "DELIVERY",
      paymentType: "CARD",
      cartItems: [{ productId: pizza, count: 1, modifications: [] }],
      address: ADDRESS,
      branchId: chilonzor,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json<{ id: string; totalPrice: number }>();
  return { ...order, amount: Math.round(order.totalPrice * 100) };
}

const clickCalls = () => calls.filter((c) => c.provider === "click");

beforeAll(async () => {
  fake = await startFake(async (request) => {
    const url = new URL(request.url);
    const [, provider = "", ...rest] = url.pathname.split("/");
    const body = request.method === "DELETE" ? "" : await request.text();
    const headers: Record<string, string> = {};
    request.headers.forEach((v, k) => {
      headers[k] = v;
    });
    const p = provider === "click" ? "click" : "payme";
    calls.push({ provider: p, method: request.method, path: `/${rest.join("/")}`, body, auth: headers.auth });
    if (p === "click" && clickDown) return new Response("Bad gateway", { status: 502 });
    const answer =
      p === "click"
        ? handleFakeClickMerchant({ method: request.method, path: rest.join("/"), headers, body }, (id) =>
            id === CLICK_USER ? SECRET : undefined,
          )
        : handleFakeSubscribeRpc(headers, body);
    return new Response(answer.body, {
      status: answer.status,
      headers: { "content-type": "application/json" },
    });
  });
  t = await createTestApp({
    env: {
      PAYME_API_URL: `${fake.url}/payme`,
      CLICK_MERCHANT_API_URL: `${fake.url}/click`,
      PAYME_API_TIMEOUT_MS: "2000",
      PAYMENT_SWEEP_MS: "0",
    },
  });
  lavash = await merchantId(t, "lavash");
  chilonzor = await branchNamed(t, lavash, "Chilonzor");
  pizza = await plainProduct(t, lavash);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

async function switchTo(provider: "PAYME" | "CLICK") {
  await t.db
    .update(merchants)
    .set({
      cardProvider: provider,
      clickServiceId: SERVICE,
      clickMerchantUserId: CLICK_USER,
      clickSecretKey: SECRET,
    })
    .where(eq(merchants.id, lavash));
  forgetTenants(t.db);
}

describe("a brand whose card provider is Click", () => {
  let payme: { customer: Person; cardId: string };

  beforeAll(async () => {
    // A card saved while the brand still used Payme.
    await switchTo("PAYME");
    const customer = await person();
    const { card } = await addCard(customer);
    expect(
      (await api(customer, "POST", `/cards/${card.id}/verify`, { code: FAKE_SUBSCRIBE_CODE })).statusCode,
    ).toBe(200);
    payme = { customer, cardId: card.id };
    await switchTo("CLICK");
  });

  it("adds a card with card_token/request (Click texts the code), signed with the Auth header", async () => {
    const c = await person();
    calls.length = 0;
    const added = await addCard(c);
    expect(added).toMatchObject({ sent: true, phone: "99890***31", card: { isVerified: false } });
    expect(added.card.number).toContain("6311");
    expect(calls.map((x) => `${x.provider} ${x.method} ${x.path}`)).toEqual([
      "click POST /card_token/request",
    ]);
    expect(JSON.parse(calls[0]!.body)).toEqual({
      service_id: Number(SERVICE),
      card_number: CARD,
      expire_date: "0399",
      temporary: 0,
    });
    const [user, digest, timestamp] = calls[0]!.auth!.split(":");
    expect(`${user}:${digest}:${timestamp}`).toBe(clickAuthHeader(CLICK_USER, SECRET, Number(timestamp)));
    expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(60);
    const [row] = await t.db.select().from(cards).where(eq(cards.id, added.card.id));
    expect(row).toMatchObject({ provider: "CLICK", isVerified: false });
    // Click cannot text a new code without the number, which is not kept.
    const again = await api(c, "POST", `/cards/${added.card.id}/code`);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ code: string }>().code).toBe("CARD_CODE_RESEND_UNAVAILABLE");
  });

  it("confirms with card_token/verify: a wrong code is refused, the right one confirms", async () => {
    const c = await person();
    const { card } = await addCard(c);
    const wrong = await api(c, "POST", `/cards/${card.id}/verify`, { code: "111111" });
    expect(wrong.json<{ code: string }>().code).toBe("CARD_CODE_WRONG");
    calls.length = 0;
    const right = await api(c, "POST", `/cards/${card.id}/verify`, { code: FAKE_CLICK_CARD_CODE });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json<{ isVerified: boolean }>().isVerified).toBe(true);
    expect(calls.map((x) => x.path)).toEqual(["/card_token/verify"]);
    expect(JSON.parse(calls[0]!.body)).toMatchObject({ service_id: Number(SERVICE), sms_code: 666666 });
  });

  it("pays with card_token/payment for the server's total in so'm; a staff cancel reverses it once", async () => {
    const c = await person();
    const cardId = await confirmedCard(c);
    const order = await placeCardOrder(c);
    calls.length = 0;
    const paid = await api(c, "POST", `/cards/${cardId}/pay`, { orderId: order.id });
    expect(paid.statusCode, paid.body).toBe(200);
    // The payment, then its fiscal receipt through the outbox the payment kicked (issue 40).
    await t.app.fiscal.idle();
    expect(
      clickCalls()
        .map((x) => x.path)
        .slice(0, 2),
    ).toEqual(["/card_token/payment", "/payment/ofd_data/submit_items"]);
    expect(JSON.parse(clickCalls()[0]!.body)).toMatchObject({
      service_id: Number(SERVICE),
      amount: order.amount / 100,
      transaction_parameter: order.id,
    });
    const row = await orderRow(t, order.id);
    expect(row).toMatchObject({ isPaid: true, status: "CREATED" });
    expect(row.payment).toMatchObject({ provider: "CARD", cardProvider: "CLICK" });
    const [tx] = await t.db
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.orderId, order.id));
    expect(tx).toMatchObject({ state: 2, amount: order.amount });
    expect(tx!.providerTransactionId).toMatch(/^\d+$/);

    const staff = await person("STAFF");
    calls.length = 0;
    const cancel = await t.app.inject({
      method: "PUT",
      url: `/api/staff/v1/orders/${order.id}/status`,
      headers: staff.headers,
      payload: { status: "CANCELED" },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const refund = await vi.waitFor(
      async () => {
        const [r] = await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, order.id));
        expect(r?.state).toBe("DONE");
        return r!;
      },
      { timeout: 5000, interval: 25 },
    );
    expect(refund).toMatchObject({ via: "CLICK", amount: order.amount });
    expect(calls.map((x) => `${x.method} ${x.path}`)).toEqual([
      `DELETE /payment/reversal/${SERVICE}/${tx!.providerTransactionId}`,
    ]);
    expect(await orderRow(t, order.id)).toMatchObject({ status: "CANCELED", isPaid: false });
  });

  it("a declined card or Click answering 502 leaves the order unpaid and payable", async () => {
    const c = await person();
    const declined = await confirmedCard(c, DECLINED_CARD);
    const order = await placeCardOrder(c);
    const refused = await api(c, "POST", `/cards/${declined}/pay`, { orderId: order.id });
    expect(refused.statusCode).toBe(402);
    expect(refused.json<{ code: string }>().code).toBe("CARD_PAYMENT_DECLINED");
    const good = await confirmedCard(c);
    clickDown = true;
    try {
      const down = await api(c, "POST", `/cards/${good}/pay`, { orderId: order.id });
      expect(down.statusCode).toBe(503);
    } finally {
      clickDown = false;
    }
    expect(await orderRow(t, order.id)).toMatchObject({ isPaid: false, status: "OPEN" });
    expect((await api(c, "POST", `/cards/${good}/pay`, { orderId: order.id })).statusCode).toBe(200);
  });

  it("removes a card with DELETE card_token/{service_id}/{token}", async () => {
    const c = await person();
    const id = await confirmedCard(c);
    const [row] = await t.db.select().from(cards).where(eq(cards.id, id));
    calls.length = 0;
    expect((await api(c, "DELETE", `/cards/${id}`)).statusCode).toBe(204);
    expect(calls.map((x) => `${x.provider} ${x.method} ${x.path}`)).toEqual([
      `click DELETE /card_token/${SERVICE}/${row!.token!}`,
    ]);
  });

  it("keeps a card saved with Payme before the switch at Payme: it pays and is removed there", async () => {
    const order = await placeCardOrder(payme.customer);
    calls.length = 0;
    const paid = await api(payme.customer, "POST", `/cards/${payme.cardId}/pay`, { orderId: order.id });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(calls.every((x) => x.provider === "payme")).toBe(true);
    expect((await orderRow(t, order.id)).payment).toMatchObject({ cardProvider: "PAYME" });
    calls.length = 0;
    expect((await api(payme.customer, "DELETE", `/cards/${payme.cardId}`)).statusCode).toBe(204);
    expect(calls.map((x) => x.provider)).toEqual(["payme"]);
    expect(calls[0]!.body).toContain("cards.remove");
  });
});

/* eslint-disable @typescript-eslint/no-non-null-assertion -- the demo brand's fixtures exist; a missing one should fail loudly */
// Saved cards through /api/payments/v1/cards against the fake Payme Subscribe API (served by a local
// HTTP server that can also answer 5xx or hang): add (Luhn, tokenised), confirm with the SMS code
// (five wrong codes drop the card), list, remove, pay a CARD order exactly once, a provider failure
// leaves the order payable, another customer's card is 404 and no full number reaches the database.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cards, merchantWebSettings, users } from "../src/db/schema/index.ts";
import { createSession } from "../src/repositories/sessions.ts";
import { forgetTenants } from "../src/plugins/tenant.ts";
import { FAKE_SUBSCRIBE_CODE, handleFakeSubscribeRpc } from "../src/fakes/fake-payme-subscribe.ts";
import { startFake, type FakeServer } from "./fakes/http.ts";
import { createTestApp, merchantId, type TestApp } from "./support/app.ts";
import { branchNamed, orderRow, plainProduct, transactionsOf } from "./support/orders.ts";

const TEST_CARD = "8600069195406311";
const TEST_EXPIRE = "0399";
/** Luhn-valid, ends 0000: the fake declines its payments. */
const DECLINED_CARD = "8600000000070000";
const HUMO_CARD = "9860100100100005";
const ADDRESS = { name: "Amir Temur 1", houseNumber: "1", latitude: 41.311081, longitude: 69.240562 };

let t: TestApp;
let fake: FakeServer;
/** What the fake answers: the fake Subscribe API, HTTP 502, or nothing (the adapter times out). */
let mode: "ok" | "5xx" | "hang" = "ok";
const calls: { method: string; body: string }[] = [];
let lavash: string;
let chilonzor: string;
let pizza: string;
let phoneSeq = 0;

async function customer() {
  phoneSeq += 1;
  const [user] = await t.db
    .insert(users)
    .values({ merchantId: lavash, phone: `+99893${String(3000000 + phoneSeq)}`, firstName: `C${phoneSeq}` })
    .returning();
  const { token } = await createSession(t.db, { merchantId: lavash, userId: user!.id, channel: "WEB" });
  return { id: user!.id, headers: { merchant: lavash, authorization: `Bearer ${token}` } };
}
type Customer = Awaited<ReturnType<typeof customer>>;

async function api(c: Customer, method: "GET" | "POST" | "DELETE", url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url: `/api/payments/v1${url}`,
    headers: c.headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function addCard(c: Customer, number = TEST_CARD, expire = TEST_EXPIRE) {
  const res = await api(c, "POST", "/cards", { number, expire });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{
    card: { id: string; number: string; isVerified: boolean; type: string | null };
    phone: string;
    wait: number;
    sent: boolean;
  }>();
}

async function verifiedCard(c: Customer, number = TEST_CARD) {
  const { card } = await addCard(c, number);
  const res = await api(c, "POST", `/cards/${card.id}/verify`, { code: FAKE_SUBSCRIBE_CODE });
  expect(res.statusCode, res.body).toBe(200);
  return card.id;
}

async function placeCardOrder(c: Customer) {
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
  const order = res.json<{ id: string; totalPrice: number; status: string; isPaid: boolean }>();
  expect(order.status).toBe("OPEN");
  expect(order.isPaid).toBe(false);
  return order;
}

beforeAll(async () => {
  fake = await startFake(async (request) => {
    const body = await request.text();
    const method = (JSON.parse(body) as { method?: string }).method ?? "";
    calls.push({ method, body });
    if (mode === "5xx") return new Response("Bad gateway", { status: 502 });
    if (mode === "hang") await new Promise((resolve) => setTimeout(resolve, 3000));
    const headers: Record<string, string> = {};
    request.headers.forEach((v, k) => {
      headers[k] = v;
    });
    const answer = handleFakeSubscribeRpc(headers, body);
    return new Response(answer.body, {
      status: answer.status,
      headers: { "content-type": "application/json" },
    });
  });
  t = await createTestApp({ env: { PAYME_API_URL: fake.url, PAYME_API_TIMEOUT_MS: "2000" } });
  lavash = await merchantId(t, "lavash");
  chilonzor = await branchNamed(t, lavash, "Chilonzor");
  pizza = await plainProduct(t, lavash);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

describe("adding and confirming a card", () => {
  it("tokenises a Luhn-valid card at Payme and texts the code; listing shows it unconfirmed", async () => {
    const c = await customer();
    const created = await addCard(c);
    expect(created.sent).toBe(true);
    expect(created.phone).toMatch(/\*/);
    expect(created.wait).toBeGreaterThan(0);
    expect(created.card).toMatchObject({ number: "8600 **** **** 6311", isVerified: false, type: "UZCARD" });
    const create = calls.findLast((call) => call.method === "cards.create")!;
    expect(JSON.parse(create.body)).toMatchObject({
      jsonrpc: "2.0",
      params: { card: { number: TEST_CARD, expire: TEST_EXPIRE }, save: true },
    });
    const list = await api(c, "GET", "/cards");
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      {
        id: created.card.id,
        number: "8600 **** **** 6311",
        expireMonth: 3,
        expireYear: 2099,
        type: "UZCARD",
        isVerified: false,
      },
    ]);
  });

  it("confirms with the right code", async () => {
    const c = await customer();
    const { card } = await addCard(c, HUMO_CARD, "1230");
    expect(card.type).toBe("HUMO");
    const res = await api(c, "POST", `/cards/${card.id}/verify`, { code: FAKE_SUBSCRIBE_CODE });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: card.id, isVerified: true });
  });

  it("refuses a number failing the Luhn check without calling Payme", async () => {
    const c = await customer();
    const before = calls.length;
    const res = await api(c, "POST", "/cards", { number: "8600 0691 9540 6312", expire: TEST_EXPIRE });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ code: string }>().code).toBe("CARD_NUMBER_INVALID");
    expect(calls.length).toBe(before);
  });

  it("refuses an expired card and a malformed body", async () => {
    const c = await customer();
    const expired = await api(c, "POST", "/cards", { number: TEST_CARD, expire: "0120" });
    expect(expired.json<{ code: string }>().code).toBe("CARD_EXPIRED");
    const bad = await api(c, "POST", "/cards", { number: "86000691", expire: "1399" });
    expect(bad.statusCode).toBe(400);
  });

  it("drops the card after five wrong codes", async () => {
    const c = await customer();
    const { card } = await addCard(c);
    for (let i = 1; i <= 4; i += 1) {
      const res = await api(c, "POST", `/cards/${card.id}/verify`, { code: "111111" });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ code: string }>().code).toBe("CARD_CODE_WRONG");
    }
    const fifth = await api(c, "POST", `/cards/${card.id}/verify`, { code: "111111" });
    expect(fifth.statusCode).toBe(409);
    expect(fifth.json<{ code: string }>().code).toBe("CARD_CODE_ATTEMPTS");
    const rows = await t.db.select().from(cards).where(eq(cards.id, card.id));
    expect(rows).toEqual([]);
    // Even the right code is too late now.
    const late = await api(c, "POST", `/cards/${card.id}/verify`, { code: FAKE_SUBSCRIBE_CODE });
    expect(late.statusCode).toBe(404);
  });

  it("counts concurrent wrong codes: never more than five reach Payme", async () => {
    const c = await customer();
    const { card } = await addCard(c);
    const before = calls.filter((call) => call.method === "cards.verify").length;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => api(c, "POST", `/cards/${card.id}/verify`, { code: "222222" })),
    );
    const after = calls.filter((call) => call.method === "cards.verify").length;
    expect(after - before).toBeLessThanOrEqual(5);
    expect(answers.every((a) => a.statusCode >= 400)).toBe(true);
    expect(await t.db.select().from(cards).where(eq(cards.id, card.id))).toEqual([]);
  });

  it("asks for a new code only after the wait", async () => {
    const c = await customer();
    const { card } = await addCard(c);
    const soon = await api(c, "POST", `/cards/${card.id}/code`);
    expect(soon.statusCode).toBe(429);
    expect(soon.json<{ code: string }>().code).toBe("CARD_CODE_TOO_SOON");
    await t.db
      .update(cards)
      .set({ codeSentAt: new Date(Date.now() - 120_000) })
      .where(eq(cards.id, card.id));
    const again = await api(c, "POST", `/cards/${card.id}/code`);
    expect(again.statusCode, again.body).toBe(200);
  });

  it("is refused where the brand's cardActive switch is off", async () => {
    await t.db
      .update(merchantWebSettings)
      .set({ cardActive: false })
      .where(eq(merchantWebSettings.merchantId, lavash));
    forgetTenants(t.db);
    try {
      const c = await customer();
      const res = await api(c, "POST", "/cards", { number: TEST_CARD, expire: TEST_EXPIRE });
      expect(res.statusCode).toBe(409);
      expect(res.json<{ code: string }>().code).toBe("CARDS_UNAVAILABLE");
    } finally {
      await t.db
        .update(merchantWebSettings)
        .set({ cardActive: true })
        .where(eq(merchantWebSettings.merchantId, lavash));
      forgetTenants(t.db);
    }
  });

  it("keeps at most ten cards per customer", async () => {
    const c = await customer();
    for (let i = 0; i < 10; i += 1) await addCard(c);
    const res = await api(c, "POST", "/cards", { number: TEST_CARD, expire: TEST_EXPIRE });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ code: string }>().code).toBe("CARDS_LIMIT");
  });

  it("answers 401 without a session", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/payments/v1/cards",
      headers: { merchant: lavash },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe("another customer's card", () => {
  it("is 404 for every route and is left alone", async () => {
    const owner = await customer();
    const other = await customer();
    const id = await verifiedCard(owner);
    const order = await placeCardOrder(other);
    expect((await api(other, "POST", `/cards/${id}/verify`, { code: FAKE_SUBSCRIBE_CODE })).statusCode).toBe(
      404,
    );
    expect((await api(other, "POST", `/cards/${id}/code`)).statusCode).toBe(404);
    expect((await api(other, "DELETE", `/cards/${id}`)).statusCode).toBe(404);
    expect((await api(other, "POST", `/cards/${id}/pay`, { orderId: order.id })).statusCode).toBe(404);
    expect(await api(other, "GET", "/cards").then((r) => r.json<unknown[]>())).toEqual([]);
    expect((await orderRow(t, order.id)).isPaid).toBe(false);
    expect((await api(owner, "GET", "/cards").then((r) => r.json<unknown[]>())).length).toBe(1);
  });

  it("cannot pay someone else's order with one's own card", async () => {
    const owner = await customer();
    const other = await customer();
    const id = await verifiedCard(other);
    const order = await placeCardOrder(owner);
    const res = await api(other, "POST", `/cards/${id}/pay`, { orderId: order.id });
    expect(res.statusCode).toBe(404);
    expect((await orderRow(t, order.id)).isPaid).toBe(false);
  });
});

describe("removing a card", () => {
  it("removes it here and at Payme", async () => {
    const c = await customer();
    const id = await verifiedCard(c);
    const res = await api(c, "DELETE", `/cards/${id}`);
    expect(res.statusCode).toBe(204);
    expect(calls.at(-1)?.method).toBe("cards.remove");
    expect(await api(c, "GET", "/cards").then((r) => r.json<unknown[]>())).toEqual([]);
    expect((await api(c, "DELETE", `/cards/${id}`)).statusCode).toBe(404);
  });
});

describe("deleting the account", () => {
  it("removes every card of the customer at Payme too, and nobody else's", async () => {
    const c = await customer();
    const other = await customer();
    const first = await verifiedCard(c);
    const { card: second } = await addCard(c, HUMO_CARD);
    await verifiedCard(other);
    const tokens = await t.db
      .select({ id: cards.id, token: cards.token })
      .from(cards)
      .where(eq(cards.userId, c.id));
    expect(tokens.map((x) => x.id).sort()).toEqual([first, second.id].sort());
    calls.length = 0;
    const res = await t.app.inject({ method: "DELETE", url: "/api/users/v1/users", headers: c.headers });
    expect(res.statusCode, res.body).toBe(200);
    const removed = calls
      .filter((x) => x.method === "cards.remove")
      .map((x) => (JSON.parse(x.body) as { params: { token: string } }).params.token);
    expect(removed.sort()).toEqual(tokens.map((x) => x.token).sort());
    expect(await t.db.select().from(cards).where(eq(cards.userId, c.id))).toEqual([]);
    expect(await api(other, "GET", "/cards").then((r) => r.json<unknown[]>())).toHaveLength(1);
  });
});

describe("paying an order with a saved card", () => {
  it("pays the exact server total once, records the transaction and refuses a second pay", async () => {
    const c = await customer();
    const id = await verifiedCard(c);
    const order = await placeCardOrder(c);
    const res = await api(c, "POST", `/cards/${id}/pay`, { orderId: order.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ orderId: order.id, isPaid: true, status: "CREATED" });
    const receipt = calls.findLast((call) => call.method === "receipts.create")!;
    expect(JSON.parse(receipt.body)).toMatchObject({
      params: { amount: Math.round(order.totalPrice * 100), account: { order_id: order.id } },
    });
    const row = await orderRow(t, order.id);
    expect(row.isPaid).toBe(true);
    expect(row.status).toBe("CREATED");
    const txs = await transactionsOf(t, order.id);
    expect(txs).toHaveLength(1);
    expect(txs[0]).toMatchObject({ provider: "CARD", state: 2, amount: Math.round(order.totalPrice * 100) });
    expect(txs[0]!.providerTransactionId).not.toMatch(/^pending/);
    const again = await api(c, "POST", `/cards/${id}/pay`, { orderId: order.id });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ code: string }>().code).toBe("ORDER_NOT_PAYABLE");
    expect(await transactionsOf(t, order.id)).toHaveLength(1);
  });

  it("ten concurrent pays of one order make one payment", async () => {
    const c = await customer();
    const id = await verifiedCard(c);
    const order = await placeCardOrder(c);
    const before = calls.filter((call) => call.method === "receipts.pay").length;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => api(c, "POST", `/cards/${id}/pay`, { orderId: order.id })),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.statusCode !== 200)) {
      expect(a.statusCode).toBe(409);
      expect(["ORDER_NOT_PAYABLE", "ORDER_PAYMENT_IN_PROGRESS"]).toContain(a.json<{ code: string }>().code);
    }
    expect(calls.filter((call) => call.method === "receipts.pay").length - before).toBe(1);
    const txs = await transactionsOf(t, order.id);
    expect(txs.filter((x) => x.state === 2)).toHaveLength(1);
    expect(txs).toHaveLength(1);
    expect((await orderRow(t, order.id)).isPaid).toBe(true);
  });

  it("refuses an unconfirmed card and an order of another payment type", async () => {
    const c = await customer();
    const { card } = await addCard(c);
    const order = await placeCardOrder(c);
    const res = await api(c, "POST", `/cards/${card.id}/pay`, { orderId: order.id });
    expect(res.json<{ code: string }>().code).toBe("CARD_NOT_VERIFIED");
    const id = await verifiedCard(c);
    const cash = await t.app.inject({
      method: "POST",
      url: "/api/orders/v1/orders",
      headers: c.headers,
      payload: {
        serviceType: "DELIVERY",
        paymentType: "CASH",
        cartItems: [{ productId: pizza, count: 1, modifications: [] }],
        address: ADDRESS,
        branchId: chilonzor,
      },
    });
    const refused = await api(c, "POST", `/cards/${id}/pay`, { orderId: cash.json<{ id: string }>().id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ code: string }>().code).toBe("ORDER_NOT_PAYABLE");
  });

  it("a declined card leaves the order unpaid and payable", async () => {
    const c = await customer();
    const declined = await verifiedCard(c, DECLINED_CARD);
    const order = await placeCardOrder(c);
    const res = await api(c, "POST", `/cards/${declined}/pay`, { orderId: order.id });
    expect(res.statusCode).toBe(402);
    expect(res.json<{ code: string }>().code).toBe("CARD_PAYMENT_DECLINED");
    expect((await orderRow(t, order.id)).isPaid).toBe(false);
    const good = await verifiedCard(c);
    const paid = await api(c, "POST", `/cards/${good}/pay`, { orderId: order.id });
    expect(paid.statusCode, paid.body).toBe(200);
  });

  for (const failure of ["5xx", "hang"] as const) {
    it(`Payme ${failure === "5xx" ? "answering 502" : "timing out"} leaves the order unpaid and payable`, async () => {
      const c = await customer();
      const id = await verifiedCard(c);
      const order = await placeCardOrder(c);
      mode = failure;
      let res;
      try {
        res = await api(c, "POST", `/cards/${id}/pay`, { orderId: order.id });
      } finally {
        mode = "ok";
      }
      expect(res.statusCode).toBe(503);
      expect(res.json<{ code: string }>().code).toBe("CARD_PROVIDER_UNAVAILABLE");
      const row = await orderRow(t, order.id);
      expect(row.isPaid).toBe(false);
      expect(row.status).toBe("OPEN");
      expect((await transactionsOf(t, order.id)).every((x) => x.state === -1)).toBe(true);
      const retry = await api(c, "POST", `/cards/${id}/pay`, { orderId: order.id });
      expect(retry.statusCode, retry.body).toBe(200);
      expect((await orderRow(t, order.id)).isPaid).toBe(true);
    });
  }
});

describe("what the database keeps", () => {
  it("never a full card number nor the SMS code", async () => {
    const c = await customer();
    await verifiedCard(c);
    await verifiedCard(c, HUMO_CARD);
    const rows = await t.db.select().from(cards);
    expect(rows.length).toBeGreaterThan(0);
    const dump = JSON.stringify(rows);
    for (const number of [TEST_CARD, HUMO_CARD, DECLINED_CARD]) {
      expect(dump).not.toContain(number);
      expect(dump).not.toContain(number.slice(4, 12));
    }
    expect(dump).not.toContain(FAKE_SUBSCRIBE_CODE);
    // Nor in any other table: search every text column of the database.
    const found = await t.db.execute(sql`
      select table_name, column_name from information_schema.columns
      where table_schema = 'public' and data_type in ('text', 'jsonb', 'character varying')`);
    const columns = ("rows" in found ? found.rows : found) as { table_name: string; column_name: string }[];
    for (const { table_name, column_name } of columns) {
      const hit = await t.db.execute(
        sql`select 1 from ${sql.identifier(table_name)} where ${sql.identifier(column_name)}::text like ${`%${TEST_CARD}%`} limit 1`,
      );
      const hitRows = ("rows" in hit ? hit.rows : hit) as unknown[];
      expect(hitRows, `${table_name}.${column_name}`).toEqual([]);
    }
  });
});

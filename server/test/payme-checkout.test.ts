/* eslint-disable @typescript-eslint/no-non-null-assertion -- the demo brand's fixtures exist; a missing one should fail loudly */
// Paying a Payme order from the storefront: GET /api/payments/v2/checkout/:orderId answers Payme's
// checkout link for the owner's OPEN, unpaid PAYME order, and the demo's fake Payme checkout pays it
// through our own Merchant API (Check, Create, Perform) and returns the customer to the order's page.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, paymentTransactions, users } from "../src/db/schema/index.ts";
import { createSession } from "../src/repositories/sessions.ts";
import { createTestApp, merchantId, type TestApp } from "./support/app.ts";
import { branchNamed, orderRow, paidEntries, plainProduct } from "./support/orders.ts";

/** Inside the "Tashkent centre" delivery region. */
const ADDRESS = { name: "Amir Temur 1", houseNumber: "1", latitude: 41.311081, longitude: 69.240562 };
/** The storefront's origin the customer's browser uses (the API shares it). */
const HOST = "lavash.localhost:5173";
const LAVASH_PAYME_ID = "000000000000000000000001";

let t: TestApp;
let lavash: string;
let plov: string;
let chilonzor: string;
let pizza: string;
let phoneSeq = 0;

async function customer(merchant = lavash) {
  phoneSeq += 1;
  const [user] = await t.db
    .insert(users)
    .values({ merchantId: merchant, phone: `+99893${String(3000000 + phoneSeq)}`, firstName: `K${phoneSeq}` })
    .returning();
  const { token } = await createSession(t.db, { merchantId: merchant, userId: user!.id, channel: "WEB" });
  return { id: user!.id, token };
}
type Customer = Awaited<ReturnType<typeof customer>>;

/** Places a lavash delivery order (Payme unless told); the demo data switches Payme on for lavash. */
async function placeOrder(paymentType: "PAYME" | "CASH" = "PAYME") {
  const c = await customer();
  const res = await t.app.inject({
    method: "POST",
    url: "/api/orders/v1/orders",
    headers: { merchant: lavash, authorization: `Bearer ${c.token}` },
    payload: {
      serviceType: "DELIVERY",
      paymentType,
      cartItems: [{ productId: pizza, count: 1, modifications: [] }],
      address: ADDRESS,
      branchId: chilonzor,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json<{ id: string; totalPrice: number; status: string; isPaid: boolean }>();
  return { ...order, customer: c };
}

function checkout(orderId: string, c: Customer | undefined, merchant = lavash) {
  return t.app.inject({
    method: "GET",
    url: `/api/payments/v2/checkout/${orderId}`,
    headers: { merchant, host: HOST, ...(c ? { authorization: `Bearer ${c.token}` } : {}) },
  });
}

/** The checkout link of an order, decoded: its path on this server and its parameters. */
async function payLink(order: { id: string; customer: Customer }) {
  const res = await checkout(order.id, order.customer);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<{ provider: string; url: string }>();
  expect(body.provider).toBe("PAYME");
  const url = new URL(body.url);
  const prefix = "/api/dev/payme/checkout/";
  expect(url.pathname.startsWith(prefix)).toBe(true);
  const encoded = url.pathname.slice(prefix.length);
  const params = Object.fromEntries(
    Buffer.from(encoded, "base64")
      .toString("utf8")
      .split(";")
      .map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]),
  );
  return { url, path: url.pathname, params };
}

function post(path: string, action: string) {
  return t.app.inject({
    method: "POST",
    url: path,
    headers: { host: HOST, "content-type": "application/x-www-form-urlencoded" },
    payload: `action=${action}`,
  });
}

/** The demo's lavash, its Chilonzor branch and a product without options over the minimum order. */
async function lavashFixtures(app: TestApp) {
  const id = await merchantId(app, "lavash");
  const branch = await branchNamed(app, id, "Chilonzor");
  return { id, branch, product: await plainProduct(app, id) };
}

beforeAll(async () => {
  t = await createTestApp();
  ({ id: lavash, branch: chilonzor, product: pizza } = await lavashFixtures(t));
  plov = await merchantId(t, "plov");
});
afterAll(async () => {
  await t.close();
});

describe("GET /api/payments/v2/checkout/:orderId", () => {
  it("answers the owner Payme's checkout link: merchant id, order, total in tiyin, the order's page", async () => {
    const order = await placeOrder();
    expect(order).toMatchObject({ status: "OPEN", isPaid: false });
    const { url, params } = await payLink(order);
    // Demo mode (and tests): the fake checkout on the request's own origin.
    expect(url.origin).toBe(`http://${HOST}`);
    expect(params).toEqual({
      m: LAVASH_PAYME_ID,
      "ac.order_id": order.id,
      a: String(Math.round(order.totalPrice * 100)),
      c: `http://${HOST}/profile/orders/${order.id}`,
    });
    const row = await orderRow(t, order.id);
    expect(Number(params.a)).toBe(Math.round(row.totalPrice * 100));
  });

  it("answers 404 for another customer's order and for another brand's", async () => {
    const order = await placeOrder();
    const other = await customer();
    const res = await checkout(order.id, other);
    expect(res.statusCode).toBe(404);
    expect(res.json<{ code: string }>().code).toBe("NOT_FOUND");
    const plovCustomer = await customer(plov);
    const elsewhere = await checkout(order.id, plovCustomer, plov);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json<{ code: string }>().code).toBe("NOT_FOUND");
  });

  it("answers 401 without a token", async () => {
    const order = await placeOrder();
    expect((await checkout(order.id, undefined)).statusCode).toBe(401);
  });

  it("answers 409 ORDER_NOT_PAYABLE for a CASH order and a paid one", async () => {
    const cash = await placeOrder("CASH");
    const res = await checkout(cash.id, cash.customer);
    expect(res.statusCode).toBe(409);
    const body = res.json<{ code: string; description: Record<string, string> }>();
    expect(body.code).toBe("ORDER_NOT_PAYABLE");
    expect(body.description.uz && body.description.ru && body.description.eng).toBeTruthy();

    const order = await placeOrder();
    const { path } = await payLink(order);
    expect((await post(path, "pay")).statusCode).toBe(303);
    const paid = await checkout(order.id, order.customer);
    expect(paid.statusCode).toBe(409);
    expect(paid.json<{ code: string }>().code).toBe("ORDER_NOT_PAYABLE");
  });
});

describe("paying from the Telegram or Click mini app", () => {
  it("returns the payer to the return page /paid/{id}, with the host and the language", async () => {
    for (const via of ["telegram", "click"] as const) {
      const order = await placeOrder();
      const res = await t.app.inject({
        method: "GET",
        url: `/api/payments/v2/checkout/${order.id}?via=${via}&lang=ar`,
        headers: { merchant: lavash, host: HOST, authorization: `Bearer ${order.customer.token}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      const encoded = new URL(res.json<{ url: string }>().url).pathname.slice(
        "/api/dev/payme/checkout/".length,
      );
      const text = Buffer.from(encoded, "base64").toString("utf8");
      expect(text.slice(text.indexOf(";c=") + 3)).toBe(`http://${HOST}/paid/${order.id}?via=${via}&lang=ar`);
    }
  });

  it("refuses a host it does not know", async () => {
    const order = await placeOrder();
    const res = await t.app.inject({
      method: "GET",
      url: `/api/payments/v2/checkout/${order.id}?via=whatsapp`,
      headers: { merchant: lavash, host: HOST, authorization: `Bearer ${order.customer.token}` },
    });
    expect(res.statusCode).toBe(400);
  });

  it("the return page learns whether the order is paid, without a login, and nothing more", async () => {
    const order = await placeOrder();
    const status = () =>
      t.app.inject({
        method: "GET",
        url: `/api/payments/v2/checkout/${order.id}/return`,
        headers: { merchant: lavash, host: HOST },
      });
    const before = await status();
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toEqual({ isPaid: false });
    const { path } = await payLink(order);
    expect((await post(path, "pay")).statusCode).toBe(303);
    expect((await status()).json()).toEqual({ isPaid: true });
    // Another brand's header does not find it.
    const elsewhere = await t.app.inject({
      method: "GET",
      url: `/api/payments/v2/checkout/${order.id}/return`,
      headers: { merchant: plov, host: HOST },
    });
    expect(elsewhere.statusCode).toBe(404);
  });
});

describe("the demo's fake Payme checkout", () => {
  it("shows the amount in so'm, the order and the Pay and Decline buttons", async () => {
    const order = await placeOrder();
    const { path, params } = await payLink(order);
    const res = await t.app.inject({ method: "GET", url: path, headers: { host: HOST } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    const soums = String(Number(params.a) / 100).replace(/\B(?=(\d{3})+(?!\d))/g, "\u00a0");
    expect(res.body).toContain(`${soums} <small>so'm</small>`);
    expect(res.body).toContain(order.id);
    expect(res.body).toContain('<form method="post">');
    expect(res.body).toMatch(/<button[^>]*value="pay">Pay<\/button>/);
    expect(res.body).toMatch(/<button[^>]*value="decline">Decline<\/button>/);
    expect(res.body).toContain('name="viewport"');
  });

  it("Pay pays the order through the Merchant API and returns to the order's page", async () => {
    const order = await placeOrder();
    const { path, params } = await payLink(order);
    const res = await post(path, "pay");
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe(`http://${HOST}/profile/orders/${order.id}`);
    expect(await orderRow(t, order.id)).toMatchObject({ isPaid: true, status: "CREATED" });
    expect(await paidEntries(t, order.id)).toMatchObject([{ status: "CREATED", actorUserId: null }]);
    const txs = await t.db
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.orderId, order.id));
    expect(txs).toHaveLength(1);
    expect(txs[0]).toMatchObject({ provider: "PAYME", state: 2, amount: Number(params.a) });
    expect(txs[0]!.providerTransactionId).toMatch(/^[0-9a-f]{24}$/);
    // The customer sees it paid.
    const view = await t.app.inject({
      method: "GET",
      url: `/api/orders/v1/orders/${order.id}`,
      headers: { merchant: lavash, authorization: `Bearer ${order.customer.token}` },
    });
    expect(view.json<{ isPaid: boolean; status: string }>()).toMatchObject({
      isPaid: true,
      status: "CREATED",
    });
  });

  it("Decline returns to the order's page and leaves the order unpaid", async () => {
    const order = await placeOrder();
    const { path } = await payLink(order);
    const res = await post(path, "decline");
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`http://${HOST}/profile/orders/${order.id}`);
    expect(await orderRow(t, order.id)).toMatchObject({ isPaid: false, status: "OPEN" });
    expect(await paidEntries(t, order.id)).toHaveLength(0);
    const txs = await t.db
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.orderId, order.id));
    expect(txs).toHaveLength(0);
    // Still payable.
    expect((await checkout(order.id, order.customer)).statusCode).toBe(200);
  });

  it("a replayed Pay does not pay twice: the page shows Payme's refusal", async () => {
    const order = await placeOrder();
    const { path } = await payLink(order);
    expect((await post(path, "pay")).statusCode).toBe(303);
    const again = await post(path, "pay");
    expect(again.statusCode).toBe(200);
    expect(again.headers["content-type"]).toContain("text/html");
    expect(again.body).toContain('role="alert"');
    expect(again.body).toContain("(-31052)");
    expect(again.body).not.toContain('value="pay"');
    expect(await paidEntries(t, order.id)).toHaveLength(1);
    const txs = await t.db
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.orderId, order.id));
    expect(txs).toHaveLength(1);
  });

  it("answers 404 for a link it cannot read or of an unknown merchant id", async () => {
    const bad = await t.app.inject({ method: "GET", url: "/api/dev/payme/checkout/not-base64!" });
    expect(bad.statusCode).toBe(404);
    const unknown = Buffer.from(
      "m=ffffffffffffffffffffffff;ac.order_id=00000000-0000-4000-8000-000000000000;a=100;c=http://x.test/",
    ).toString("base64");
    const res = await post(`/api/dev/payme/checkout/${unknown}`, "pay");
    expect(res.statusCode).toBe(404);
  });
});

describe("in production", () => {
  let prod: TestApp;
  beforeAll(async () => {
    prod = await createTestApp({ env: { NODE_ENV: "production", DEMO: "0" } });
  });
  afterAll(async () => {
    await prod.close();
  });

  it("links to checkout.paycom.uz and has no fake checkout", async () => {
    const fx = await lavashFixtures(prod);
    const lavashId = fx.id;
    const [user] = await prod.db
      .insert(users)
      .values({ merchantId: lavashId, phone: "+998933999999", firstName: "P" })
      .returning();
    const { token } = await createSession(prod.db, {
      merchantId: lavashId,
      userId: user!.id,
      channel: "WEB",
    });
    const placed = await prod.app.inject({
      method: "POST",
      url: "/api/orders/v1/orders",
      headers: { merchant: lavashId, authorization: `Bearer ${token}` },
      payload: {
        serviceType: "DELIVERY",
        paymentType: "PAYME",
        cartItems: [{ productId: fx.product, count: 1, modifications: [] }],
        address: ADDRESS,
        branchId: fx.branch,
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json<{ id: string }>().id;
    const res = await prod.app.inject({
      method: "GET",
      url: `/api/payments/v2/checkout/${orderId}`,
      headers: { merchant: lavashId, host: "shop.example.uz", authorization: `Bearer ${token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const url = new URL(res.json<{ url: string }>().url);
    expect(url.origin).toBe("https://checkout.paycom.uz");
    const link = url.pathname.slice(1);
    for (const method of ["GET", "POST"] as const) {
      const fake = await prod.app.inject({
        method,
        url: `/api/dev/payme/checkout/${link}`,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: method === "POST" ? "action=pay" : undefined,
      });
      expect(fake.statusCode).toBe(404);
    }
    const [row] = await prod.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row!.isPaid).toBe(false);
  });
});

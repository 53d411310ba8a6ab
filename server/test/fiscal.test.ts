/* eslint-disable @typescript-eslint/no-non-null-assertion -- the demo brand's fixtures exist; a missing one should fail loudly */
// Fiscal receipts of online payments (issue 40): an order holding a product without its codes cannot
// be paid online; Payme's CheckPerformTransaction answers a `detail` that adds up to the amount to
// the tiyin (options, own discounts, a promo, cashback and delivery); Click's receipt is submitted
// through the fiscal outbox once, across an outage, a replayed Complete and a worker that died mid-send.
import { createHash, randomUUID } from "node:crypto";
import http from "node:http";
import { and, asc, eq, gt, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paymeDetailSum, type PaymeDetail } from "#domain/fiscal.ts";
import {
  botMessages,
  branches,
  fiscalReceipts,
  merchants,
  modificationGroups,
  modifications,
  orderSettings,
  paymentTransactions,
  products,
  promos,
  users,
} from "../src/db/schema/index.ts";
import {
  fakeClickOfdReceipt,
  handleFakeClickMerchant,
  registerFakeClickPayment,
} from "../src/fakes/fake-click-merchant.ts";
import { registerFakeUzumPayment } from "../src/fakes/fake-uzum-checkout.ts";
import { fakeUzumReceiptsOf, handleFakeUzumFiscal } from "../src/fakes/fake-uzum-fiscal.ts";
import { paymeDetailRefusal } from "../src/fakes/payme-detail-check.ts";
import { onConsoleSms } from "../src/integrations/sms/console.ts";
import { forgetTenants } from "../src/plugins/tenant.ts";
import { createSession } from "../src/repositories/sessions.ts";
import { sendDueFiscalReceipts, type FiscalDeps } from "../src/services/payments/fiscal-outbox.ts";
import { createTestApp, merchantId, type TestApp } from "./support/app.ts";
import { branchNamed, plainProduct } from "./support/orders.ts";

const LAVASH_KEY = "DEMO-lavash-payme-test-key-for-local-testing-only";
const PLOV_SERVICE = "10002";
const PLOV_USER = "30002";
const PLOV_SECRET = "DEMO-plov-click-secret-key-for-local-testing-only";
/** Inside the "Tashkent centre" delivery region of lavash. */
const ADDRESS = { name: "Amir Temur 1", houseNumber: "1", latitude: 41.311081, longitude: 69.240562 };

let t: TestApp;
let lavash: string;
let plov: string;
let chilonzor: string;
let pizza: string;
let phoneSeq = 0;
let seq = 0;
/** Click's Merchant API as the app reaches it: down while `clickDown`, else the fake. */
let clickDown = false;
let clickServer: http.Server;
/** Uzum's fiscalization API as the app reaches it: down while `uzumDown`, else the fake. */
let uzumDown = false;
let uzumServer: http.Server;
const UZUM_FISCAL_KEY = "test-uzum-fiscal-key";

async function customer(merchant: string, cashback = 0) {
  phoneSeq += 1;
  const [user] = await t.db
    .insert(users)
    .values({
      merchantId: merchant,
      phone: `+99893${String(5000000 + phoneSeq)}`,
      firstName: `F${phoneSeq}`,
      cashback,
    })
    .returning();
  const { token } = await createSession(t.db, { merchantId: merchant, userId: user!.id, channel: "WEB" });
  return { id: user!.id, token };
}

async function place(merchant: string, payload: Record<string, unknown>, cashback = 0) {
  const c = await customer(merchant, cashback);
  return t.app.inject({
    method: "POST",
    url: "/api/orders/v1/orders",
    headers: { merchant, authorization: `Bearer ${c.token}` },
    payload,
  });
}

async function payme(method: string, params: Record<string, unknown>) {
  seq += 1;
  const res = await t.app.inject({
    method: "POST",
    url: "/api/payments/v1/payme",
    headers: {
      authorization: `Basic ${Buffer.from(`Paycom:${LAVASH_KEY}`).toString("base64")}`,
      "content-type": "application/json",
    },
    payload: JSON.stringify({ jsonrpc: "2.0", id: seq, method, params }),
  });
  return res.json<{ result?: { allow: boolean; detail?: PaymeDetail }; error?: { code: number } }>();
}

const md5 = (text: string) => createHash("md5").update(text).digest("hex");

async function click(stage: "prepare" | "complete", fields: Record<string, string>) {
  const prepareId = fields.action === "1" ? (fields.merchant_prepare_id ?? "") : "";
  const sign = md5(
    `${fields.click_trans_id}${fields.service_id}${PLOV_SECRET}${fields.merchant_trans_id}${prepareId}${fields.amount}${fields.action}${fields.sign_time}`,
  );
  const res = await t.app.inject({
    method: "POST",
    url: `/api/payments/v1/click/${stage}`,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({ ...fields, sign_string: sign }).toString(),
  });
  return res.json<{ error: number; merchant_prepare_id?: number }>();
}

beforeAll(async () => {
  // Click's Merchant API behind a local HTTP server, so a test can take it down.
  clickServer = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      if (clickDown) {
        res.writeHead(502).end("bad gateway");
        return;
      }
      const answer = handleFakeClickMerchant(
        {
          method: req.method ?? "GET",
          path: (req.url ?? "").replace(/^\/v2\/merchant\/?/, ""),
          headers: req.headers,
          body,
        },
        (id) => (id === PLOV_USER ? PLOV_SECRET : undefined),
      );
      res.writeHead(answer.status, { "content-type": "application/json" }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => clickServer.listen(0, "127.0.0.1", resolve));
  const { port } = clickServer.address() as { port: number };
  uzumServer = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      if (uzumDown) {
        res.writeHead(503).end("unavailable");
        return;
      }
      const answer = handleFakeUzumFiscal(
        {
          method: req.method ?? "GET",
          path: (req.url ?? "").replace(/^\/ofd/, ""),
          headers: req.headers,
          body,
        },
        (key) => key === UZUM_FISCAL_KEY,
      );
      res.writeHead(answer.status, { "content-type": "application/json" }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => uzumServer.listen(0, "127.0.0.1", resolve));
  const uzumPort = (uzumServer.address() as { port: number }).port;
  t = await createTestApp({
    env: {
      CLICK_MERCHANT_API_URL: `http://127.0.0.1:${String(port)}/v2/merchant`,
      UZUM_FISCAL_URL: `http://127.0.0.1:${String(uzumPort)}/ofd`,
      PAYMENT_SWEEP_MS: "0",
    },
  });
  lavash = await merchantId(t, "lavash");
  plov = await merchantId(t, "plov");
  chilonzor = await branchNamed(t, lavash, "Chilonzor");
  pizza = await plainProduct(t, lavash);
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => clickServer.close(resolve));
  await new Promise((resolve) => uzumServer.close(resolve));
});

describe("an online payment needs the fiscal codes", () => {
  it("refuses paying online for a product without an MXIK code, and still takes the order in cash", async () => {
    const [before] = await t.db.select().from(products).where(eq(products.id, pizza));
    await t.db.update(products).set({ mxicCode: null }).where(eq(products.id, pizza));
    try {
      const order = {
        serviceType: "DELIVERY",
        cartItems: [{ productId: pizza, count: 1, modifications: [] }],
        address: ADDRESS,
        branchId: chilonzor,
      };
      const refused = await place(lavash, { ...order, paymentType: "PAYME" });
      expect(refused.statusCode, refused.body).toBe(409);
      const body = refused.json<{ code: string; description: { uz: string; ru: string; eng: string } }>();
      expect(body.code).toBe("FISCAL_CODES_MISSING");
      expect(body.description.eng).toMatch(/cannot take online payment/);
      const cash = await place(lavash, { ...order, paymentType: "CASH" });
      expect(cash.statusCode, cash.body).toBe(201);
    } finally {
      await t.db.update(products).set({ mxicCode: before!.mxicCode }).where(eq(products.id, pizza));
    }
  });

  it("refuses paying online while the brand has no tax id", async () => {
    const [m] = await t.db.select().from(merchants).where(eq(merchants.id, lavash));
    await t.db
      .update(merchants)
      .set({ fiscal: { ...m!.fiscal!, taxId: null } })
      .where(eq(merchants.id, lavash));
    forgetTenants(t.db);
    try {
      const res = await place(lavash, {
        serviceType: "DELIVERY",
        paymentType: "PAYME",
        cartItems: [{ productId: pizza, count: 1, modifications: [] }],
        address: ADDRESS,
        branchId: chilonzor,
      });
      expect(res.json<{ code: string }>().code).toBe("FISCAL_CODES_MISSING");
    } finally {
      await t.db.update(merchants).set({ fiscal: m!.fiscal }).where(eq(merchants.id, lavash));
      forgetTenants(t.db);
    }
  });
});

describe("the console's fiscal section", () => {
  async function owner(merchant: string, brandRole: "OWNER" | "MANAGER" = "OWNER") {
    phoneSeq += 1;
    const [user] = await t.db
      .insert(users)
      .values({
        merchantId: merchant,
        phone: `+99895${String(7000000 + phoneSeq)}`,
        firstName: "Owner",
        role: "STAFF",
        brandRole,
      })
      .returning();
    const { token } = await createSession(t.db, { merchantId: merchant, userId: user!.id, channel: "WEB" });
    return { merchant, authorization: `Bearer ${token}` };
  }

  it("lists the products without codes to the owner, who fills them in and gets online payment back", async () => {
    const headers = await owner(lavash);
    const ready = await t.app.inject({ method: "GET", url: "/api/staff/v1/fiscal", headers });
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.json()).toMatchObject({ onlinePaymentReady: true, gaps: [], products: [] });

    const [before] = await t.db.select().from(products).where(eq(products.id, pizza));
    await t.db.update(products).set({ mxicCode: null }).where(eq(products.id, pizza));
    const blocked = await t.app.inject({ method: "GET", url: "/api/staff/v1/fiscal", headers });
    const status = blocked.json<{ onlinePaymentReady: boolean; products: { id: string }[] }>();
    expect(status.onlinePaymentReady).toBe(false);
    expect(status.products.map((p) => p.id)).toEqual([pizza]);

    const wrong = await t.app.inject({
      method: "PUT",
      url: `/api/staff/v1/fiscal/products/${pizza}`,
      headers,
      payload: { mxicCode: "1234", packageCode: "1209885" },
    });
    expect(wrong.statusCode).toBe(400);
    const fixed = await t.app.inject({
      method: "PUT",
      url: `/api/staff/v1/fiscal/products/${pizza}`,
      headers,
      payload: { mxicCode: before!.mxicCode, packageCode: "1209885" },
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json()).toMatchObject({ onlinePaymentReady: true, products: [] });

    // The brand's tax id is the owner's to set; a manager may not.
    const manager = await owner(lavash, "MANAGER");
    const settings = ready.json<{ settings: Record<string, unknown> }>().settings;
    const refused = await t.app.inject({
      method: "PUT",
      url: "/api/staff/v1/fiscal",
      headers: manager,
      payload: settings,
    });
    expect(refused.statusCode).toBe(403);
    const cleared = await t.app.inject({
      method: "PUT",
      url: "/api/staff/v1/fiscal",
      headers,
      payload: { ...settings, taxId: null },
    });
    expect(cleared.json()).toMatchObject({ onlinePaymentReady: false, gaps: ["TAX_ID"] });
    const restored = await t.app.inject({
      method: "PUT",
      url: "/api/staff/v1/fiscal",
      headers,
      payload: settings,
    });
    expect(restored.json()).toMatchObject({ onlinePaymentReady: true });
  });
});

describe("Payme's detail", () => {
  it("adds up to the amount to the tiyin with options, own discounts, a promo, cashback and delivery", async () => {
    // A product with a size and an extra (the extra sold as its own line with its own codes), one
    // with its own percent discount, three pizzas; 7 % off the products and 33 % off delivery; cashback.
    const [withGroups] = await t.db
      .select({ id: products.id })
      .from(products)
      .where(
        and(
          eq(products.merchantId, lavash),
          sql`exists (select 1 from modification_groups g where g.product_id = ${products.id} and g.min_select = 1)`,
          sql`exists (select 1 from modification_groups g where g.product_id = ${products.id} and g.min_select = 0)`,
        ),
      )
      .limit(1);
    const groups = await t.db
      .select()
      .from(modificationGroups)
      .where(eq(modificationGroups.productId, withGroups!.id));
    const size = groups.find((g) => g.minSelect === 1)!;
    const extras = groups.find((g) => g.minSelect === 0)!;
    const [big] = await t.db
      .select()
      .from(modifications)
      .where(eq(modifications.groupId, size.id))
      .orderBy(asc(modifications.price))
      .limit(1);
    const [extra] = await t.db
      .select()
      .from(modifications)
      .where(and(eq(modifications.groupId, extras.id), gt(modifications.price, 0)))
      .limit(1);
    await t.db
      .update(modifications)
      .set({ mxicCode: "10202001001000099", packageCode: "1209885" })
      .where(eq(modifications.id, extra!.id));
    const [discounted] = await t.db
      .select({ id: products.id })
      .from(products)
      .where(
        and(
          eq(products.merchantId, lavash),
          gt(products.discount, 0),
          sql`not exists (select 1 from modification_groups g where g.product_id = ${products.id})`,
        ),
      )
      .limit(1);
    // Delivery is paid whatever the basket, and a service fee of 1 999 so'm is charged.
    await t.db
      .update(orderSettings)
      .set({ feeFreeThreshold: null, serviceFeeEnabled: true, feeAmount: 1999 })
      .where(eq(orderSettings.merchantId, lavash));
    await t.db.insert(promos).values({
      merchantId: lavash,
      code: "FISCAL7",
      discountType: "PERCENTAGE",
      productDiscount: 7,
      deliveryDiscount: 33,
      isActive: true,
    });
    const res = await place(
      lavash,
      {
        serviceType: "DELIVERY",
        paymentType: "PAYME",
        cartItems: [
          { productId: withGroups!.id, count: 3, modifications: [{ id: big!.id }, { id: extra!.id }] },
          ...(discounted ? [{ productId: discounted.id, count: 1, modifications: [] }] : []),
          { productId: pizza, count: 3, modifications: [] },
        ],
        address: ADDRESS,
        branchId: chilonzor,
        promoCode: "FISCAL7",
        cashback: 1234,
      },
      1234,
    );
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json<{
      id: string;
      totalPrice: number;
      cashback: number;
      deliveryDiscount: number;
      servicePrice: number;
    }>();
    await t.db
      .update(orderSettings)
      .set({ feeFreeThreshold: 150_000, serviceFeeEnabled: false, feeAmount: 0 })
      .where(eq(orderSettings.merchantId, lavash));
    expect(order.cashback).toBe(1234);
    expect(order.deliveryDiscount).toBeGreaterThan(0);
    expect(order.servicePrice).toBe(1999);
    const amount = Math.round(order.totalPrice * 100);

    const answer = await payme("CheckPerformTransaction", { amount, account: { order_id: order.id } });
    expect(answer.result?.allow, JSON.stringify(answer)).toBe(true);
    const detail = answer.result!.detail!;
    expect(detail.receipt_type).toBe(0);
    expect(paymeDetailSum(detail)).toBe(amount);
    // What Payme itself checks (the fake's rules): codes, whole tiyin, the sum.
    expect(paymeDetailRefusal(detail, amount)).toBeNull();
    expect(detail.shipping?.price).toBeGreaterThan(0);
    expect(detail.items.some((i) => i.code === "10202001001000099" && i.count === 3)).toBe(true);
    expect(detail.items.some((i) => i.code === "10112006002000001" && i.price === 199_900)).toBe(true);
    for (const item of detail.items) {
      expect(item.code).toMatch(/^\d{17}$/);
      expect(item.package_code).toBe("1209885");
      expect(item.vat_percent).toBe(12);
    }
    // A detail a tiyin off is refused as Payme refuses a wrong amount.
    expect(paymeDetailRefusal(detail, amount + 1)?.code).toBe(-31001);
  });

  it("refuses CheckPerformTransaction when a product lost its code after the order was placed", async () => {
    const res = await place(lavash, {
      serviceType: "PICK_UP",
      paymentType: "PAYME",
      cartItems: [{ productId: pizza, count: 1, modifications: [] }],
      branchId: chilonzor,
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json<{ id: string; totalPrice: number }>();
    const [before] = await t.db.select().from(products).where(eq(products.id, pizza));
    await t.db.update(products).set({ packageCode: null }).where(eq(products.id, pizza));
    try {
      const answer = await payme("CheckPerformTransaction", {
        amount: Math.round(order.totalPrice * 100),
        account: { order_id: order.id },
      });
      expect(answer.error?.code).toBe(-31052);
    } finally {
      await t.db.update(products).set({ packageCode: before!.packageCode }).where(eq(products.id, pizza));
    }
  });
});

describe("Payme's receipt link", () => {
  it("reaches the paid order's page and the bot chat after the fake checkout pays, and a cancel's return receipt is kept", async () => {
    const c = await customer(lavash);
    // A customer who came through the brand's Telegram bot.
    await t.db
      .update(users)
      .set({ telegramId: BigInt(9_000_000_000 + phoneSeq) })
      .where(eq(users.id, c.id));
    const headers = { merchant: lavash, authorization: `Bearer ${c.token}` };
    const placed = await t.app.inject({
      method: "POST",
      url: "/api/orders/v1/orders",
      headers,
      payload: {
        serviceType: "PICK_UP",
        paymentType: "PAYME",
        cartItems: [{ productId: pizza, count: 2, modifications: [] }],
        branchId: chilonzor,
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<{ id: string }>();
    const link = await t.app.inject({ method: "GET", url: `/api/payments/v2/checkout/${order.id}`, headers });
    const url = new URL(link.json<{ url: string }>().url, "http://localhost");
    const paid = await t.app.inject({
      method: "POST",
      url: `${url.pathname}${url.search}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "action=pay",
    });
    expect(paid.statusCode, paid.body).toBe(303);
    const view = await t.app.inject({ method: "GET", url: `/api/orders/v1/orders/${order.id}`, headers });
    const shown = view.json<{ isPaid: boolean; fiscalReceiptUrl: string | null }>();
    expect(shown).toMatchObject({
      isPaid: true,
      fiscalReceiptUrl: expect.stringMatching(/^https:\/\/ofd\.soliq\.uz\//) as unknown,
    });
    // The bot sends the link after the payment's receipt, once.
    const messages = await t.db.select().from(botMessages).where(eq(botMessages.orderId, order.id));
    expect(messages.filter((m) => m.text.includes(shown.fiscalReceiptUrl!))).toHaveLength(1);

    // "Send the receipt to my phone": the link by SMS through the brand's gateway (the console one
    // here), once a minute.
    const texts: { phone: string; text: string }[] = [];
    const stop = onConsoleSms((m) => texts.push(m));
    try {
      const sms = await t.app.inject({
        method: "POST",
        url: `/api/orders/v1/orders/${order.id}/receipt/sms`,
        headers,
      });
      expect(sms.statusCode, sms.body).toBe(200);
      expect(texts).toHaveLength(1);
      expect(texts[0]!.text).toContain(shown.fiscalReceiptUrl!);
      const again = await t.app.inject({
        method: "POST",
        url: `/api/orders/v1/orders/${order.id}/receipt/sms`,
        headers,
      });
      expect(again.statusCode).toBe(429);
      expect(again.json<{ code: string }>().code).toBe("FISCAL_RECEIPT_SMS_TOO_SOON");
      expect(texts).toHaveLength(1);
    } finally {
      stop();
    }

    // Payme cancels the performed payment and reports the return receipt it registered.
    const [tx] = await t.db
      .select({ id: paymentTransactions.providerTransactionId })
      .from(paymentTransactions)
      .where(eq(paymentTransactions.orderId, order.id));
    expect((await payme("CancelTransaction", { id: tx!.id, reason: 5 })).error).toBeUndefined();
    const returned = await payme("SetFiscalData", {
      id: tx!.id,
      type: "CANCEL",
      fiscal_data: { status_code: 0, qr_code_url: "https://ofd.soliq.uz/check?t=EP1&r=2&c=3" },
    });
    expect(returned.error, JSON.stringify(returned)).toBeUndefined();
    const kinds = await t.db
      .select({ kind: fiscalReceipts.kind, url: fiscalReceipts.receiptUrl })
      .from(fiscalReceipts)
      .where(eq(fiscalReceipts.orderId, order.id))
      .orderBy(asc(fiscalReceipts.kind));
    expect(kinds.map((k) => k.kind)).toEqual(["RETURN", "SALE"]);
    expect(kinds[0]!.url).toBe("https://ofd.soliq.uz/check?t=EP1&r=2&c=3");
  });
});

describe("Click's fiscal receipt", () => {
  it("is submitted once across an outage, a replayed Complete and a worker that died mid-send", async () => {
    const [dish] = await t.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.merchantId, plov), eq(products.discount, 0)))
      .orderBy(asc(products.costPrice))
      .limit(1);
    const [main] = await t.db
      .select({ id: branches.id })
      .from(branches)
      .where(and(eq(branches.merchantId, plov), eq(branches.isMain, true)));
    const beshyogoch = main!.id;
    const placed = await place(plov, {
      serviceType: "PICK_UP",
      paymentType: "CLICK",
      cartItems: [{ productId: dish!.id, count: 3, modifications: [] }],
      branchId: beshyogoch,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<{ id: string; totalPrice: number }>();
    const amount = (Math.round(order.totalPrice * 100) / 100).toFixed(2);
    const clickTransId = String(8_100_000_000 + process.pid);
    // Click knows its own payment (its Merchant API answers for it).
    registerFakeClickPayment({
      serviceId: PLOV_SERVICE,
      paymentId: clickTransId,
      amount: Math.round(order.totalPrice * 100),
    });
    const fields = {
      click_trans_id: clickTransId,
      service_id: PLOV_SERVICE,
      click_paydoc_id: clickTransId,
      merchant_trans_id: order.id,
      amount,
      action: "0",
      error: "0",
      error_note: "Success",
      sign_time: new Date(Date.now() + 5 * 3_600_000).toISOString().slice(0, 19).replace("T", " "),
    };
    const prepared = await click("prepare", fields);
    expect(prepared.error).toBe(0);
    const complete = { ...fields, action: "1", merchant_prepare_id: String(prepared.merchant_prepare_id) };

    // Click is down when the Complete kicks the outbox: the receipt waits.
    clickDown = true;
    expect((await click("complete", complete)).error).toBe(0);
    await t.app.fiscal.idle();
    const rowsOf = () => t.db.select().from(fiscalReceipts).where(eq(fiscalReceipts.orderId, order.id));
    let [row] = await rowsOf();
    expect(row).toMatchObject({ provider: "CLICK", kind: "SALE", paymentId: clickTransId, state: "PENDING" });
    expect(row!.attempts).toBe(1);
    expect(fakeClickOfdReceipt(clickTransId)).toBeUndefined();

    // A replayed Complete writes no second receipt.
    expect((await click("complete", complete)).error).toBe(0);
    await t.app.fiscal.idle();
    expect(await rowsOf()).toHaveLength(1);

    // Click is back: the next run after the pause submits it and keeps the tax authority's link.
    clickDown = false;
    const deps: FiscalDeps = {
      db: t.db,
      config: t.config,
      standIns: t.app.standIns,
      log: () => undefined,
    };
    const later = new Date(Date.now() + 10 * 60_000);
    expect(await sendDueFiscalReceipts(deps, { now: later })).toEqual(["SENT"]);
    [row] = await rowsOf();
    expect(row!.state).toBe("SENT");
    expect(row!.receiptUrl).toMatch(/^https:\/\/ofd\.soliq\.uz\//);
    expect(fakeClickOfdReceipt(clickTransId)?.submissions).toBe(1);
    expect(await sendDueFiscalReceipts(deps, { now: new Date(later.getTime() + 3_600_000) })).toEqual([]);

    // A worker that died after Click took the items (its lease ran out, the row still SENDING): the
    // next one submits again, Click answers "already submitted", and the receipt is read back.
    await t.db
      .update(fiscalReceipts)
      .set({ state: "SENDING", receiptUrl: null, nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(fiscalReceipts.id, row!.id));
    expect(await sendDueFiscalReceipts(deps)).toEqual(["SENT"]);
    [row] = await rowsOf();
    expect(row!.receiptUrl).toMatch(/^https:\/\/ofd\.soliq\.uz\//);
    // One receipt at Click: the second submission was refused, not registered again.
    expect(fakeClickOfdReceipt(clickTransId)?.submissions).toBe(2);
    expect(await rowsOf()).toHaveLength(1);
  });
});

describe("Uzum's fiscal receipt", () => {
  const SUSHI_AUTH = `Basic ${Buffer.from("sushi-uzum:DEMO-sushi-uzum-password-for-local-testing-only").toString("base64")}`;
  const deps = (): FiscalDeps => ({
    db: t.db,
    config: t.config,
    standIns: t.app.standIns,
    log: () => undefined,
  });

  async function uzum(operation: string, fields: Record<string, unknown>) {
    const res = await t.app.inject({
      method: "POST",
      url: `/api/payments/v1/uzum/${operation}`,
      headers: { "content-type": "application/json", authorization: SUSHI_AUTH },
      payload: JSON.stringify({ serviceId: 30003, timestamp: Date.now(), ...fields }),
    });
    return res.json<{ status: string; errorCode?: string }>();
  }

  /** A sushi delivery paid with Uzum; `taken` is what the fake Uzum says it took (the amount unless told). */
  async function paidWithUzum(taken?: (amount: number) => number) {
    const sushi = await merchantId(t, "sushi");
    await t.db.update(merchants).set({ uzumFiscalApiKey: UZUM_FISCAL_KEY }).where(eq(merchants.id, sushi));
    forgetTenants(t.db);
    const [main] = await t.db
      .select({ id: branches.id })
      .from(branches)
      .where(and(eq(branches.merchantId, sushi), eq(branches.isMain, true)));
    const [roll] = await t.db
      .select({ id: products.id, price: products.costPrice })
      .from(products)
      .where(
        and(
          eq(products.merchantId, sushi),
          eq(products.discount, 0),
          sql`not exists (select 1 from modification_groups g where g.product_id = ${products.id})`,
        ),
      )
      .orderBy(asc(products.costPrice))
      .limit(1);
    const placed = await place(sushi, {
      serviceType: "DELIVERY",
      paymentType: "UZUM",
      cartItems: [{ productId: roll!.id, count: Math.ceil(160_000 / roll!.price), modifications: [] }],
      address: ADDRESS,
      branchId: main!.id,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<{ id: string; totalPrice: number }>();
    const amount = Math.round(order.totalPrice * 100);
    const transId = randomUUID();
    registerFakeUzumPayment({ transId, amount: taken ? taken(amount) : amount });
    expect((await uzum("check", { params: { order_id: order.id } })).status).toBe("OK");
    expect((await uzum("create", { transId, params: { order_id: order.id }, amount })).status).toBe("OK");
    return { order, transId, amount };
  }

  const rowsOf = (orderId: string) =>
    t.db
      .select()
      .from(fiscalReceipts)
      .where(eq(fiscalReceipts.orderId, orderId))
      .orderBy(asc(fiscalReceipts.kind));

  it("registers the sale once across an outage and a lost answer, and the return when Uzum gives the money back", async () => {
    const { order, transId } = await paidWithUzum();
    // Uzum's fiscalization API is down when the confirm kicks the outbox: the receipt waits.
    uzumDown = true;
    expect((await uzum("confirm", { transId })).status).toBe("OK");
    await t.app.fiscal.idle();
    let [sale] = await rowsOf(order.id);
    expect(sale).toMatchObject({
      provider: "UZUM",
      kind: "SALE",
      paymentId: transId,
      state: "PENDING",
      attempts: 1,
    });
    expect(fakeUzumReceiptsOf(transId)).toEqual({});

    // Back: the next run after the pause registers it and keeps the tax authority's link.
    uzumDown = false;
    const later = new Date(Date.now() + 10 * 60_000);
    expect(await sendDueFiscalReceipts(deps(), { now: later })).toEqual(["SENT"]);
    [sale] = await rowsOf(order.id);
    expect(sale!.state).toBe("SENT");
    expect(sale!.receiptUrl).toMatch(/^https:\/\/ofd\.soliq\.uz\//);
    expect(fakeUzumReceiptsOf(transId).sale).toBe(sale!.receiptUrl);

    // A worker that died after Uzum took it (the row still SENDING, its lease over): the next one
    // reads the receipt back by its operation id instead of registering a second sale.
    await t.db
      .update(fiscalReceipts)
      .set({ state: "SENDING", receiptUrl: null, nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(fiscalReceipts.id, sale!.id));
    expect(await sendDueFiscalReceipts(deps())).toEqual(["SENT"]);
    [sale] = await rowsOf(order.id);
    expect(sale!.receiptUrl).toBe(fakeUzumReceiptsOf(transId).sale);

    // Uzum reverses the confirmed payment: the return receipt follows, once.
    expect((await uzum("reverse", { transId })).status).toBe("OK");
    expect((await uzum("reverse", { transId })).status).toBe("OK");
    await t.app.fiscal.idle();
    const rows = await rowsOf(order.id);
    expect(rows.map((r) => [r.kind, r.state])).toEqual([
      ["RETURN", "SENT"],
      ["SALE", "SENT"],
    ]);
    expect(rows[0]!.receiptUrl).toBe(fakeUzumReceiptsOf(transId).return);
    expect(rows[0]!.receiptUrl).not.toBe(sale!.receiptUrl);
  });

  it("is left FAILED with Uzum's reason when its lines do not add up to what Uzum took", async () => {
    const { order, transId } = await paidWithUzum((amount) => amount + 100);
    expect((await uzum("confirm", { transId })).status).toBe("OK");
    await t.app.fiscal.idle();
    const [sale] = await rowsOf(order.id);
    expect(sale).toMatchObject({ provider: "UZUM", state: "FAILED", receiptUrl: null });
    expect(sale!.lastError).toMatch(/HTTP 422 .*the payment was/);
    expect(fakeUzumReceiptsOf(transId)).toEqual({});
  });
});

/* eslint-disable @typescript-eslint/no-non-null-assertion -- the demo brand's fixtures exist; a missing one should fail loudly */
// Orders reach the kitchen (issue 38): the demo brand lavash wired to the fake iiko
// (server/src/fakes/fake-iiko.ts, reached in-process through the stand-in as the adapter reaches
// the real one). An order placed with a payment on receipt gets its kitchen row in the placement's
// transaction and reaches iiko exactly once, whatever the number of workers racing for it or the
// time iiko is away; iiko's status webhooks move the order along its legal transitions; a webhook
// without the brand's token is refused; a stop-list update switches a product off at the branch;
// an order iiko refuses is FAILED with iiko's reason, which staff see.
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { dropCaches } from "../src/db/cache-bus.ts";
import {
  branches,
  kitchenOrders,
  merchants,
  orderHistory,
  paymentMethods,
  products,
  users,
} from "../src/db/schema/index.ts";
import {
  DEMO_IIKO_API_LOGIN,
  DEMO_IIKO_ORGANIZATION_ID,
  DEMO_IIKO_TERMINAL_GROUPS,
  fakeIiko,
} from "../src/fakes/fake-iiko.ts";
import { wireDemoKitchen } from "../src/fakes/iiko-demo.ts";
import { IikoClient } from "../src/integrations/iiko.ts";
import { createSession } from "../src/repositories/sessions.ts";
import { sendDueKitchenOrders, type KitchenDeps } from "../src/services/kitchen/iiko-outbox.ts";
import { pollKitchenOrders } from "../src/services/kitchen/iiko-poll.ts";
import { createTestApp, merchantId, type TestApp } from "./support/app.ts";
import { branchNamed, orderRow, plainProduct } from "./support/orders.ts";

const API_LOGIN = "test-lavash-iiko-login";
const ORG = "0b7a3a8e-1111-4c2d-9a1e-5f0000000001";
const TERMINAL = "0b7a3a8e-2222-4c2d-9a1e-5f0000000002";
const WEBHOOK_TOKEN = "test-lavash-webhook-token-0123456789";
const WEBHOOK_PATH = "/api/integrations/v1/iiko/webhook";
const CASH_IIKO_ID = "09322f46-578a-d210-add7-eec222a08871";

let t: TestApp;
let deps: KitchenDeps;
let lavash: string;
let chilonzor: string;
let product: string;
let productIikoId: string;
let phoneSeq = 0;

async function customer() {
  phoneSeq += 1;
  const [row] = await t.db
    .insert(users)
    .values({
      merchantId: lavash,
      phone: `+99893${String(7000000 + phoneSeq)}`,
      firstName: `K${phoneSeq}`,
      role: "CUSTOMER",
    })
    .returning();
  const { token } = await createSession(t.db, { merchantId: lavash, userId: row!.id, channel: "WEB" });
  return { merchant: lavash, authorization: `Bearer ${token}` };
}

/** A pick-up order paid in cash at the counter: the kitchen takes it at once. */
async function place(productId = product): Promise<{ id: string; number: number }> {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/orders/v1/orders",
    headers: await customer(),
    payload: {
      serviceType: "PICK_UP",
      paymentType: "CASH",
      branchId: chilonzor,
      cartItems: [{ productId, count: 1, modifications: [] }],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  // The placement kicked the outbox: let that run finish before the test drives its own.
  await t.app.kitchen.idle();
  return res.json<{ id: string; number: number }>();
}

async function kitchenRow(orderId: string) {
  const [row] = await t.db.select().from(kitchenOrders).where(eq(kitchenOrders.orderId, orderId));
  return row!;
}

const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);
// The fake is shared with the other files Vitest runs in this worker: only our organisation counts.
const createsOf = (number: number) =>
  fakeIiko.createCalls(ORG).filter((o) => o.externalNumber === String(number));
const iikoOrderOf = (number: number) =>
  fakeIiko.ordersOf(ORG).find((o) => o.externalNumber === String(number))!;

beforeAll(async () => {
  t = await createTestApp({ env: { KITCHEN_SWEEP_MS: "0" } });
  deps = { db: t.db, config: t.config, standIns: t.app.standIns, log: () => undefined };
  lavash = await merchantId(t, "lavash");
  chilonzor = await branchNamed(t, lavash, "Chilonzor");
  product = await plainProduct(t, lavash);
  productIikoId = `iiko-${product}`;
  // The brand's iiko as the owner's console sets it up: login, organisation, webhook token, the
  // branch's terminal group, the product's and the cash payment type's iiko ids.
  fakeIiko.addAccount(API_LOGIN, {
    organization: { id: ORG, name: "Lavash kitchen" },
    terminalGroups: [{ id: TERMINAL, name: "Chilonzor kitchen" }],
  });
  fakeIiko.addProducts(API_LOGIN, [productIikoId]);
  await t.db
    .update(merchants)
    .set({ kitchenLogin: API_LOGIN, kitchenOrganizationId: ORG, kitchenWebhookToken: WEBHOOK_TOKEN })
    .where(eq(merchants.id, lavash));
  await t.db.update(branches).set({ iikoTerminalGroupId: TERMINAL }).where(eq(branches.id, chilonzor));
  await t.db.update(products).set({ iikoId: productIikoId }).where(eq(products.id, product));
  await t.db
    .update(paymentMethods)
    .set({ iikoId: CASH_IIKO_ID })
    .where(and(eq(paymentMethods.merchantId, lavash), eq(paymentMethods.type, "CASH")));
  dropCaches(["merchant", "menu"], lavash);
  const standIn = t.app.standIns!.iiko;
  await new IikoClient({
    baseUrl: standIn.url,
    apiLogin: API_LOGIN,
    timeoutMs: 2000,
    fetch: standIn.fetch,
  }).updateWebhookSettings({
    organizationId: ORG,
    webHooksUri: `http://localhost${WEBHOOK_PATH}`,
    authToken: WEBHOOK_TOKEN,
  });
});

beforeEach(() => {
  fakeIiko.mode = "up";
  fakeIiko.slowMs = 0;
});

afterAll(async () => {
  fakeIiko.mode = "up";
  await t.close();
});

describe("orders out: exactly once through the kitchen outbox", () => {
  it("a cash order is written with its kitchen row and reaches iiko with its lines, payment and number", async () => {
    const order = await place();
    expect(await kitchenRow(order.id)).toMatchObject({ state: "SENT", attempts: 1, lastError: null });
    const [sent] = createsOf(order.number);
    expect(createsOf(order.number)).toHaveLength(1);
    expect(sent).toMatchObject({
      externalNumber: String(order.number),
      orderServiceType: "DeliveryByClient",
      items: [{ type: "Product", productId: productIikoId, amount: 1 }],
      payments: [{ paymentTypeKind: "Cash", paymentTypeId: CASH_IIKO_ID, isProcessedExternally: false }],
    });
    expect(sent!.phone).toMatch(/^\+99893/);
  });

  it("an online order gets its kitchen row only once paid, and goes out marked processed", async () => {
    const PAYME_IIKO_ID = "5d7c2c0a-7a9e-4b59-9a34-000000000009";
    await t.db
      .update(paymentMethods)
      .set({ iikoId: PAYME_IIKO_ID })
      .where(and(eq(paymentMethods.merchantId, lavash), eq(paymentMethods.type, "PAYME")));
    const headers = await customer();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/orders/v1/orders",
      headers,
      payload: {
        serviceType: "PICK_UP",
        paymentType: "PAYME",
        branchId: chilonzor,
        cartItems: [{ productId: product, count: 1, modifications: [] }],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json<{ id: string; number: number }>();
    await t.app.kitchen.idle();
    expect(await t.db.select().from(kitchenOrders).where(eq(kitchenOrders.orderId, order.id))).toHaveLength(
      0,
    );
    // The customer pays on the demo's fake Payme page (Payme then calls our Merchant API).
    const link = await t.app.inject({ method: "GET", url: `/api/payments/v2/checkout/${order.id}`, headers });
    expect(link.statusCode, link.body).toBe(200);
    const url = new URL(link.json<{ url: string }>().url, "http://localhost");
    const paid = await t.app.inject({
      method: "POST",
      url: `${url.pathname}${url.search}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "action=pay",
    });
    expect(paid.statusCode, paid.body).toBe(303);
    expect((await kitchenRow(order.id)).state).toBe("PENDING");
    expect(await sendDueKitchenOrders(deps)).toContain("SENT");
    const [sent] = createsOf(order.number);
    expect(createsOf(order.number)).toHaveLength(1);
    expect(sent!.payments).toEqual([
      {
        paymentTypeKind: "Card",
        sum: expect.any(Number),
        paymentTypeId: PAYME_IIKO_ID,
        isProcessedExternally: true,
      },
    ]);
  });

  it("goes out once across 10 concurrent worker runs", async () => {
    fakeIiko.mode = "down";
    const order = await place();
    expect(await kitchenRow(order.id)).toMatchObject({ state: "PENDING", attempts: 1 });
    fakeIiko.mode = "up";
    fakeIiko.slowMs = 20;
    const now = later(1);
    const runs = await Promise.all(Array.from({ length: 10 }, () => sendDueKitchenOrders(deps, { now })));
    expect(runs.flat().filter((o) => o === "SENT")).toHaveLength(1);
    expect(createsOf(order.number)).toHaveLength(1);
    expect(await kitchenRow(order.id)).toMatchObject({ state: "SENT", attempts: 2 });
    expect(fakeIiko.ordersOf(ORG).filter((o) => o.externalNumber === String(order.number))).toHaveLength(1);
  });

  it("iiko down, then back: every order waits, then arrives exactly once", async () => {
    fakeIiko.mode = "down";
    const placed = [await place(), await place(), await place()];
    // Several runs while iiko is away (the pause grows; each run finds the rows due again later).
    for (const minutes of [1, 3, 10]) {
      const outcomes = await sendDueKitchenOrders(deps, { now: later(minutes) });
      expect(outcomes.every((o) => o === "PENDING")).toBe(true);
    }
    for (const o of placed) {
      const row = await kitchenRow(o.id);
      expect(row.state).toBe("PENDING");
      expect(row.lastError).toMatch(/503/);
      expect(createsOf(o.number)).toHaveLength(0);
    }
    fakeIiko.mode = "up";
    await sendDueKitchenOrders(deps, { now: later(60) });
    await sendDueKitchenOrders(deps, { now: later(120) });
    for (const o of placed) {
      expect((await kitchenRow(o.id)).state).toBe("SENT");
      expect(createsOf(o.number)).toHaveLength(1);
    }
  });

  it("a send whose answer was lost (iiko took it, the worker died) is not sent twice", async () => {
    const order = await place();
    // The worker died after iiko took it: its lease runs out and the row is due again.
    await t.db
      .update(kitchenOrders)
      .set({ state: "SENDING", nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(kitchenOrders.orderId, order.id));
    expect(await sendDueKitchenOrders(deps, { now: later(1) })).toContain("SENT");
    expect(fakeIiko.ordersOf(ORG).filter((o) => o.externalNumber === String(order.number))).toHaveLength(1);
    expect((await kitchenRow(order.id)).state).toBe("SENT");
  });

  it("an order iiko refuses is FAILED with iiko's reason, shown to staff on the order", async () => {
    // A product the kitchen's nomenclature does not know.
    const other = await plainProduct(t, lavash, 40_000);
    expect(other).not.toBe(product);
    await t.db
      .update(products)
      .set({ iikoId: `unknown-${other}` })
      .where(eq(products.id, other));
    const order = await place(other);
    const row = await kitchenRow(order.id);
    expect(row.state).toBe("FAILED");
    expect(row.lastError).toContain(`Product unknown-${other} not found`);
    const [staff] = await t.db
      .insert(users)
      .values({ merchantId: lavash, phone: "+998937999999", firstName: "Staff", role: "STAFF" })
      .returning();
    const { token } = await createSession(t.db, { merchantId: lavash, userId: staff!.id, channel: "WEB" });
    const res = await t.app.inject({
      method: "GET",
      url: `/api/staff/v1/board?branchId=${chilonzor}`,
      headers: { merchant: lavash, authorization: `Bearer ${token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const card = res
      .json<{ orders: { id: string; kitchen: unknown }[] }>()
      .orders.find((o) => o.id === order.id);
    expect(card?.kitchen).toEqual({
      state: "FAILED",
      error: expect.stringContaining("not found in the nomenclature"),
    });
  });
});

describe("statuses back: iiko's webhook", () => {
  it("DeliveryOrderUpdate moves the order along its legal transitions, with history", async () => {
    const order = await place();
    const iiko = iikoOrderOf(order.number);
    expect(await fakeIiko.push(iiko.id, "CookingStarted")).toBe(200);
    expect((await orderRow(t, order.id)).status).toBe("COOKING");
    expect(await fakeIiko.push(iiko.id, "CookingCompleted")).toBe(200);
    expect((await orderRow(t, order.id)).status).toBe("DONE");
    // A replayed, older status moves nothing.
    expect(await fakeIiko.push(iiko.id, "CookingStarted")).toBe(200);
    expect((await orderRow(t, order.id)).status).toBe("DONE");
    expect(await fakeIiko.push(iiko.id, "Closed")).toBe(200);
    const row = await orderRow(t, order.id);
    expect(row.status).toBe("CLOSED");
    // Cash collected at the counter, as when staff close it.
    expect(row.isPaid).toBe(true);
    const history = await t.db
      .select()
      .from(orderHistory)
      .where(eq(orderHistory.orderId, order.id))
      .orderBy(asc(orderHistory.createdDate), asc(orderHistory.id));
    expect(history.map((h) => h.status)).toEqual(["CREATED", "ACCEPTED", "COOKING", "DONE", "CLOSED"]);
  });

  it("a lost webhook: the poll of deliveries/by_id moves the order at its next look", async () => {
    const order = await place();
    const iiko = iikoOrderOf(order.number);
    fakeIiko.setStatusQuietly(iiko.id, "CookingStarted");
    const pollDeps = { ...deps, events: t.app.orderEvents };
    // Not yet: iiko spoke of it (took it) just now.
    await pollKitchenOrders(pollDeps);
    expect((await orderRow(t, order.id)).status).toBe("CREATED");
    expect(await pollKitchenOrders(pollDeps, { now: later(10) })).toBeGreaterThanOrEqual(1);
    expect((await orderRow(t, order.id)).status).toBe("COOKING");
    const polls = fakeIiko.calls.filter((c) => c.method === "deliveries/by_id").length;
    // Polled once per interval: a second look at the same time finds nothing due.
    await pollKitchenOrders(pollDeps, { now: later(10) });
    expect(fakeIiko.calls.filter((c) => c.method === "deliveries/by_id").length).toBe(polls);
  });

  it("a forged webhook (wrong or missing token) is refused with our error shape and moves nothing", async () => {
    const order = await place();
    const iiko = iikoOrderOf(order.number);
    const event = {
      eventType: "DeliveryOrderUpdate",
      organizationId: ORG,
      eventInfo: {
        id: iiko.id,
        externalNumber: String(order.number),
        creationStatus: "Success",
        order: { status: "Cancelled" },
      },
    };
    expect(await fakeIiko.sendRaw(WEBHOOK_PATH, "not-the-token", [event])).toBe(401);
    const res = await t.app.inject({ method: "POST", url: WEBHOOK_PATH, payload: [event] });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      status: 401,
      code: "UNAUTHORIZED",
      description: { uz: expect.any(String), ru: expect.any(String), eng: expect.any(String) },
    });
    expect((await orderRow(t, order.id)).status).toBe("CREATED");
    // The right token on another organisation is refused too.
    expect(
      await fakeIiko.sendRaw(WEBHOOK_PATH, WEBHOOK_TOKEN, [{ ...event, organizationId: "other-org" }]),
    ).toBe(401);
    expect((await orderRow(t, order.id)).status).toBe("CREATED");
  });

  it("StopListUpdate switches the product off at the branch on the storefront, and back on", async () => {
    const available = async () => {
      const res = await t.app.inject({
        method: "GET",
        url: `/api/products/v1/overalls?type=WEB&branchId=${chilonzor}`,
        headers: { merchant: lavash },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res
        .json<{ products: { id: string; isAvailable: boolean }[] }>()
        .products.find((p) => p.id === product)?.isAvailable;
    };
    expect(await available()).toBe(true);
    expect(await fakeIiko.setStopList(ORG, TERMINAL, [{ productId: productIikoId, balance: 0 }])).toBe(200);
    expect(await available()).toBe(false);
    expect(await fakeIiko.setStopList(ORG, TERMINAL, [])).toBe(200);
    expect(await available()).toBe(true);
  });
});

describe("the owner switches iiko on from the console", () => {
  async function member(merchant: string, brandRole: "OWNER" | "MANAGER") {
    phoneSeq += 1;
    const [row] = await t.db
      .insert(users)
      .values({
        merchantId: merchant,
        phone: `+99893${String(8000000 + phoneSeq)}`,
        firstName: "Owner",
        role: "ADMIN",
        brandRole,
      })
      .returning();
    const { token } = await createSession(t.db, { merchantId: merchant, userId: row!.id, channel: "WEB" });
    return { merchant, authorization: `Bearer ${token}`, "accept-language": "ru" };
  }

  it("a save checks the login with iiko, shows what it found, binds the branch and points iiko's webhook here", async () => {
    const sushi = await merchantId(t, "sushi");
    const owner = await member(sushi, "OWNER");
    const [branch] = await t.db.select().from(branches).where(eq(branches.merchantId, sushi));
    const refused = await t.app.inject({
      method: "PUT",
      url: "/api/staff/v1/kitchen/iiko",
      headers: owner,
      payload: { apiLogin: "not-a-login" },
    });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toMatchObject({
      code: "IIKO_REFUSED",
      description: { ru: "iiko отклонил запрос: Login is not authorized" },
    });
    const manager = await t.app.inject({
      method: "PUT",
      url: "/api/staff/v1/kitchen/iiko",
      headers: await member(sushi, "MANAGER"),
      payload: { apiLogin: DEMO_IIKO_API_LOGIN },
    });
    expect(manager.statusCode).toBe(403);

    const saved = await t.app.inject({
      method: "PUT",
      url: "/api/staff/v1/kitchen/iiko",
      headers: owner,
      payload: {
        apiLogin: DEMO_IIKO_API_LOGIN,
        branches: [{ id: branch!.id, terminalGroupId: DEMO_IIKO_TERMINAL_GROUPS[0]!.id }],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const body = saved.json<{
      organization: unknown;
      terminalGroups: unknown[];
      branches: { id: string; terminalGroupId: string | null }[];
      webhookUrl: string;
    }>();
    expect(body.organization).toEqual({ id: DEMO_IIKO_ORGANIZATION_ID, name: "Savat demo kitchen" });
    expect(body.terminalGroups).toHaveLength(DEMO_IIKO_TERMINAL_GROUPS.length);
    expect(body.branches.find((b) => b.id === branch!.id)?.terminalGroupId).toBe(
      DEMO_IIKO_TERMINAL_GROUPS[0]!.id,
    );
    expect(JSON.stringify(body)).not.toContain(DEMO_IIKO_API_LOGIN);
    const [row] = await t.db.select().from(merchants).where(eq(merchants.id, sushi));
    expect(fakeIiko.webhookOf(DEMO_IIKO_ORGANIZATION_ID)).toEqual({
      uri: body.webhookUrl,
      authToken: row!.kitchenWebhookToken,
    });
    expect(body.webhookUrl).toMatch(/\/api\/integrations\/v1\/iiko\/webhook$/);
  });
});

describe("the demo's kitchen", () => {
  it("plov wired to the fake iiko: a cash pick-up order reaches the kitchen and comes back cooked, then closed", async () => {
    // The fake is the worker's (Vitest runs files one after another in it): another file's orders of
    // the demo's organisation would share our external numbers.
    fakeIiko.forgetOrders();
    const plov = await wireDemoKitchen(t.app, "plov");
    expect(plov).not.toBeNull();
    fakeIiko.cookStepMs = 1;
    try {
      phoneSeq += 1;
      const [row] = await t.db
        .insert(users)
        .values({
          merchantId: plov!,
          phone: `+99893${String(9000000 + phoneSeq)}`,
          firstName: "P",
          role: "CUSTOMER",
        })
        .returning();
      const { token } = await createSession(t.db, { merchantId: plov!, userId: row!.id, channel: "WEB" });
      const [main] = await t.db
        .select()
        .from(branches)
        .where(and(eq(branches.merchantId, plov!), eq(branches.isMain, true)));
      const osh = await plainProduct(t, plov!, 0);
      const res = await t.app.inject({
        method: "POST",
        url: "/api/orders/v1/orders",
        headers: { merchant: plov!, authorization: `Bearer ${token}` },
        payload: {
          serviceType: "PICK_UP",
          paymentType: "CASH",
          branchId: main!.id,
          cartItems: [{ productId: osh, count: 2, modifications: [] }],
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      const order = res.json<{ id: string }>();
      await vi.waitFor(
        async () => {
          expect((await orderRow(t, order.id)).status).toBe("CLOSED");
        },
        { timeout: 10_000, interval: 50 },
      );
      const history = await t.db
        .select()
        .from(orderHistory)
        .where(eq(orderHistory.orderId, order.id))
        .orderBy(asc(orderHistory.createdDate), asc(orderHistory.id));
      expect(history.map((h) => h.status)).toEqual(["CREATED", "ACCEPTED", "COOKING", "DONE", "CLOSED"]);
      expect(history.slice(1).every((h) => h.comment?.startsWith("iiko: "))).toBe(true);
    } finally {
      fakeIiko.cookStepMs = 0;
    }
  });
});

/* eslint-disable @typescript-eslint/no-non-null-assertion -- the demo brand's fixtures exist; a missing one should fail loudly */
// Notifications: a customer sees their own order's status changes and the brand's news (paged,
// newest first), marks them read one by one or all at once; staff publish news to every customer
// of their brand only; with notificationsActive off the routes do not exist and nothing is written.
// A customer who came through the brand's Telegram bot also gets a bot message, sent from the
// outbox after the change: a failing Bot API is retried with back-off and never holds the change up.
import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notificationPageSchema, notificationSchema } from "#domain/contract/notifications.ts";
import {
  auditLog,
  botMessages,
  branches,
  merchantWebSettings,
  notifications,
  products,
  users,
} from "../src/db/schema/index.ts";
import { createSession } from "../src/repositories/sessions.ts";
import {
  BOT_BACKOFF_MS,
  sendDueBotMessages,
  type BotOutboxDeps,
} from "../src/services/notifications/bot-outbox.ts";
import { fakeBotApi, handleFakeBotApi } from "../src/fakes/fake-telegram-bot.ts";
import { startFake } from "./fakes/http.ts";
import { createTestApp, merchantId, type TestApp } from "./support/app.ts";

let t: TestApp;
let lavash: string;
let plov: string;
let chilonzor: string;
let product: string;
let seq = 0;
let telegramSeq = 0;

beforeAll(async () => {
  t = await createTestApp({ env: { BOT_MESSAGES_SWEEP_MS: "0" } });
  lavash = await merchantId(t, "lavash");
  plov = await merchantId(t, "plov");
  const bs = await t.db.select().from(branches).where(eq(branches.merchantId, lavash));
  chilonzor = bs.find((b) => b.name.eng?.startsWith("Chilonzor"))!.id;
  const [plain] = await t.db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        eq(products.merchantId, lavash),
        sql`not exists (select 1 from modification_groups g where g.product_id = ${products.id})`,
        sql`${products.costPrice} >= 35000`,
      ),
    )
    .orderBy(asc(products.costPrice))
    .limit(1);
  product = plain!.id;
});
afterAll(async () => {
  await t.close();
});

async function person(
  merchant = lavash,
  role: "CUSTOMER" | "STAFF" = "CUSTOMER",
  extra: { telegramId?: bigint; language?: string; brandRole?: "MANAGER" } = {},
) {
  seq += 1;
  const [user] = await t.db
    .insert(users)
    .values({
      merchantId: merchant,
      phone: `+99894${String(3000000 + seq)}`,
      firstName: `N${seq}`,
      role,
      ...extra,
    })
    .returning();
  const { token } = await createSession(t.db, { merchantId: merchant, userId: user!.id, channel: "WEB" });
  return { id: user!.id, token, merchant };
}
type Person = Awaited<ReturnType<typeof person>>;
const headers = (p: Person, merchant = p.merchant) => ({ merchant, authorization: `Bearer ${p.token}` });

function freshTelegramId(): bigint {
  telegramSeq += 1;
  return BigInt(7_100_000_000 + telegramSeq * 97 + (Date.now() % 1000));
}

async function placePickup(owner: Person): Promise<{ id: string; number: number }> {
  const placed = await t.app.inject({
    method: "POST",
    url: "/api/orders/v1/orders",
    headers: headers(owner),
    payload: {
      serviceType: "PICK_UP",
      paymentType: "CASH",
      branchId: chilonzor,
      cartItems: [{ productId: product, count: 1, modifications: [] }],
    },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  return placed.json<{ id: string; number: number }>();
}

async function move(staff: Person, orderId: string, status: string) {
  const moved = await t.app.inject({
    method: "PUT",
    url: `/api/staff/v1/orders/${orderId}/status`,
    headers: headers(staff),
    payload: { status },
  });
  expect(moved.statusCode, moved.body).toBe(200);
}

const list = async (p: Person, query = "") => {
  const res = await t.app.inject({
    method: "GET",
    url: `/api/notifications/v1/notifications${query}`,
    headers: headers(p),
  });
  expect(res.statusCode, res.body).toBe(200);
  return notificationPageSchema.parse(res.json());
};

const deps = (): BotOutboxDeps => ({
  db: t.db,
  config: t.config,
  standIns: t.app.standIns,
  log: () => undefined,
});

describe("GET /notifications/v1/notifications", () => {
  it("shows the customer their order's status changes and the brand's news, and nobody else's order", async () => {
    const owner = await person();
    const other = await person();
    const staff = await person(lavash, "STAFF");
    const before = await list(owner);
    // The brand file's two news items are every customer's.
    expect(before.content.filter((n) => n.type === "BRAND").map((n) => n.title.eng)).toEqual(
      expect.arrayContaining(["Welcome!", "Combo week"]),
    );
    const order = await placePickup(owner);
    await move(staff, order.id, "ACCEPTED");
    await move(staff, order.id, "COOKING");

    const after = await list(owner);
    const mine = after.content.filter((n) => n.type === "ORDER_STATUS");
    expect(mine.map((n) => n.orderStatus)).toEqual(["COOKING", "ACCEPTED"]);
    expect(mine[0]).toMatchObject({
      orderId: order.id,
      isRead: false,
      title: { eng: `Order #${order.number}`, ru: `Заказ №${order.number}` },
      body: { eng: "Your order is being prepared", uz: "Buyurtmangiz tayyorlanmoqda" },
    });
    expect(after.unread).toBe(before.unread + 2);
    // The other customer sees the news, never the owner's order.
    const theirs = await list(other);
    expect(theirs.content.some((n) => n.orderId === order.id)).toBe(false);
    const refused = await t.app.inject({
      method: "PUT",
      url: `/api/notifications/v1/notifications/${mine[0]!.id}/read`,
      headers: headers(other),
    });
    expect(refused.statusCode).toBe(404);
  });

  it("pages newest first with the totals, and asks for a login", async () => {
    const owner = await person();
    const staff = await person(lavash, "STAFF");
    const order = await placePickup(owner);
    for (const s of ["ACCEPTED", "COOKING", "DONE", "CLOSED"]) await move(staff, order.id, s);
    const all = await list(owner, "?size=50");
    const first = await list(owner, "?size=2&page=0");
    const second = await list(owner, "?size=2&page=1");
    expect(first.totalElements).toBe(all.totalElements);
    expect(first.totalPages).toBe(Math.ceil(all.totalElements / 2));
    expect(first.content.map((n) => n.id)).toEqual(all.content.slice(0, 2).map((n) => n.id));
    expect(second.content.map((n) => n.id)).toEqual(all.content.slice(2, 4).map((n) => n.id));
    expect(first.last).toBe(false);
    expect(first.content[0]!.orderStatus).toBe("CLOSED");
    const dates = all.content.map((n) => Date.parse(n.createdDate));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);

    const anonymous = await t.app.inject({
      method: "GET",
      url: "/api/notifications/v1/notifications",
      headers: { merchant: lavash },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("PUT /notifications/v1/notifications/{id}/read and /read-all", () => {
  it("marks one read, then all; a brand news item read by one customer stays unread for another", async () => {
    const owner = await person();
    const other = await person();
    const staff = await person(lavash, "STAFF");
    const order = await placePickup(owner);
    await move(staff, order.id, "ACCEPTED");
    const page = await list(owner);
    const status = page.content.find((n) => n.orderId === order.id)!;
    const news = page.content.find((n) => n.type === "BRAND")!;

    const read = await t.app.inject({
      method: "PUT",
      url: `/api/notifications/v1/notifications/${status.id}/read`,
      headers: headers(owner),
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(notificationSchema.parse(read.json()).isRead).toBe(true);
    const newsRead = await t.app.inject({
      method: "PUT",
      url: `/api/notifications/v1/notifications/${news.id}/read`,
      headers: headers(owner),
    });
    expect(newsRead.json<{ isRead: boolean }>().isRead).toBe(true);
    expect((await list(owner)).unread).toBe(page.unread - 2);
    expect((await list(other)).content.find((n) => n.id === news.id)?.isRead).toBe(false);

    const all = await t.app.inject({
      method: "PUT",
      url: "/api/notifications/v1/notifications/read-all",
      headers: headers(owner),
    });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toEqual({ unread: 0 });
    const after = await list(owner);
    expect(after.unread).toBe(0);
    expect(after.content.every((n) => n.isRead)).toBe(true);
    expect((await list(other)).unread).toBeGreaterThan(0);
  });
});

describe("POST /staff/v1/notifications", () => {
  const news = {
    title: { uz: "Yangi filial", ru: "Новый филиал", eng: "A new branch" },
    body: { uz: "Yunusobodda ochildik", ru: "Мы открылись в Юнусабаде", eng: "We opened in Yunusobod" },
  };

  it("publishes the brand's news to every customer of the brand, and only of the brand", async () => {
    // A manager bound to no branch (the back office's content area; bound staff and operators are
    // refused: server/test/back-office-stories.test.ts).
    const staff = await person(lavash, "STAFF", { brandRole: "MANAGER" });
    const a = await person();
    const b = await person();
    const published = await t.app.inject({
      method: "POST",
      url: "/api/staff/v1/notifications",
      headers: headers(staff),
      payload: news,
    });
    expect(published.statusCode, published.body).toBe(201);
    const id = notificationSchema.parse(published.json()).id;
    for (const p of [a, b]) {
      const seen = (await list(p)).content.find((n) => n.id === id);
      expect(seen).toMatchObject({ type: "BRAND", isRead: false, title: news.title });
    }
    // Another brand's staff cannot publish here, nor can a customer; half a text is refused.
    const plovStaff = await person(plov, "STAFF", { brandRole: "MANAGER" });
    const foreign = await t.app.inject({
      method: "POST",
      url: "/api/staff/v1/notifications",
      headers: headers(plovStaff, lavash),
      payload: news,
    });
    expect(foreign.statusCode).toBe(401);
    const customer = await t.app.inject({
      method: "POST",
      url: "/api/staff/v1/notifications",
      headers: headers(a),
      payload: news,
    });
    expect(customer.statusCode).toBe(403);
    const half = await t.app.inject({
      method: "POST",
      url: "/api/staff/v1/notifications",
      headers: headers(staff),
      payload: { ...news, body: { eng: "Only English" } },
    });
    expect(half.statusCode).toBe(400);
    // Plov's customers never see lavash's news.
    const plovCustomer = await person(plov);
    await t.db
      .update(merchantWebSettings)
      .set({ notificationsActive: true })
      .where(eq(merchantWebSettings.merchantId, plov));
    try {
      expect((await list(plovCustomer)).content.some((n) => n.id === id)).toBe(false);
    } finally {
      await t.db
        .update(merchantWebSettings)
        .set({ notificationsActive: false })
        .where(eq(merchantWebSettings.merchantId, plov));
    }
  });
});

describe("PUT and DELETE /staff/v1/notifications/{id}", () => {
  const news = {
    title: { uz: "Aksiya", ru: "Акция", eng: "An offer" },
    body: { uz: "Ikkinchisi bepul", ru: "Второй бесплатно", eng: "The second is free" },
  };

  it("a published news item is corrected for every customer, then taken back from every bell; another brand's is not found", async () => {
    const staff = await person(lavash, "STAFF", { brandRole: "MANAGER" });
    const customer = await person();
    const call = (method: "POST" | "PUT" | "DELETE", url: string, who = staff, payload?: object) =>
      t.app.inject({
        method,
        url: `/api/staff/v1/notifications${url}`,
        headers: headers(who),
        ...(payload ? { payload } : {}),
      });
    const published = await call("POST", "", staff, news);
    const id = notificationSchema.parse(published.json()).id;
    const corrected = {
      ...news,
      body: { ...news.body, ru: "Второй за полцены", eng: "The second at half price" },
    };
    const edited = await call("PUT", `/${id}`, staff, corrected);
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await list(customer)).content.find((n) => n.id === id)).toMatchObject({
      body: { ru: "Второй за полцены" },
    });
    // Plov's manager does not find lavash's item under plov; a customer may not touch it.
    const plovStaff = await person(plov, "STAFF", { brandRole: "MANAGER" });
    expect((await call("DELETE", `/${id}`, plovStaff)).statusCode).toBe(404);
    expect((await call("PUT", `/${id}`, customer, corrected)).statusCode).toBe(403);

    const gone = await call("DELETE", `/${id}`);
    expect(gone.statusCode).toBe(204);
    expect((await list(customer)).content.some((n) => n.id === id)).toBe(false);
    expect((await call("DELETE", `/${id}`)).statusCode).toBe(404);
    // The change log keeps what was said.
    const log = await t.db
      .select({ action: auditLog.action, before: auditLog.before })
      .from(auditLog)
      .where(eq(auditLog.entityId, id))
      .orderBy(asc(auditLog.createdDate));
    expect(log.map((l) => l.action)).toEqual(["create", "update", "delete"]);
    expect(log[2]!.before).toMatchObject({ body: { ru: "Второй за полцены" } });
  });
});

describe("notificationsActive off", () => {
  it("answers 404 to every customer route", async () => {
    const owner = await person(plov);
    for (const [method, url] of [
      ["GET", "/api/notifications/v1/notifications"],
      ["PUT", "/api/notifications/v1/notifications/read-all"],
      ["PUT", `/api/notifications/v1/notifications/${crypto.randomUUID()}/read`],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: headers(owner) });
      expect(res.statusCode, url).toBe(404);
      expect(res.json<{ code: string }>().code).toBe("NOT_FOUND");
    }
  });

  it("writes no notification and no bot message for a status change while the switch is off", async () => {
    // Lavash switched off for a moment (its Chilonzor branch is open around the clock).
    const owner = await person(lavash, "CUSTOMER", { telegramId: freshTelegramId() });
    const staff = await person(lavash, "STAFF");
    const order = await placePickup(owner);
    const switchTo = (on: boolean) =>
      t.db
        .update(merchantWebSettings)
        .set({ notificationsActive: on })
        .where(eq(merchantWebSettings.merchantId, lavash));
    await switchTo(false);
    try {
      await move(staff, order.id, "ACCEPTED");
    } finally {
      await switchTo(true);
    }
    expect(await t.db.select().from(botMessages).where(eq(botMessages.orderId, order.id))).toEqual([]);
    const rows = await t.db.select().from(notifications).where(eq(notifications.userId, owner.id));
    expect(rows).toEqual([]);
  });
});

describe("Telegram bot messages", () => {
  it("sends the status change to a bot customer in their language with a button to the order, retrying a failing Bot API", async () => {
    const telegramId = freshTelegramId();
    const owner = await person(lavash, "CUSTOMER", { telegramId, language: "ru" });
    const staff = await person(lavash, "STAFF");
    const order = await placePickup(owner);
    fakeBotApi.failNext(1);
    await move(staff, order.id, "ACCEPTED");
    const [queued] = await t.db.select().from(botMessages).where(eq(botMessages.orderId, order.id));
    expect(queued).toMatchObject({ state: "PENDING", chatId: telegramId, attempts: 0 });
    expect(queued!.text).toBe(`Заказ №${order.number}\nРесторан принял ваш заказ`);

    const now = new Date();
    expect(await sendDueBotMessages(deps(), { now })).toEqual(["PENDING"]);
    const [failed] = await t.db.select().from(botMessages).where(eq(botMessages.id, queued!.id));
    expect(failed).toMatchObject({ state: "PENDING", attempts: 1, lastError: "500 Internal Server Error" });
    expect(failed!.nextAttemptAt.getTime()).toBe(now.getTime() + BOT_BACKOFF_MS[0]!);
    expect(fakeBotApi.messages(telegramId.toString())).toEqual([]);

    // Not due yet a moment later; due after the first back-off.
    expect(await sendDueBotMessages(deps(), { now: new Date(now.getTime() + 500) })).toEqual([]);
    expect(await sendDueBotMessages(deps(), { now: new Date(now.getTime() + 1500) })).toEqual(["SENT"]);
    const [sent] = fakeBotApi.messages(telegramId.toString());
    expect(sent).toMatchObject({
      botId: "7000000001",
      text: `Заказ №${order.number}\nРесторан принял ваш заказ`,
      replyMarkup: {
        inline_keyboard: [
          [
            {
              text: "Открыть заказ",
              url: `https://t.me/savat_lavash_demo_bot?startapp=order_${order.id}`,
            },
          ],
        ],
      },
    });
    const [done] = await t.db.select().from(botMessages).where(eq(botMessages.id, queued!.id));
    expect(done).toMatchObject({ state: "SENT", messageId: sent!.messageId });
    // A web customer (no Telegram id) gets no bot message.
    const web = await person();
    const webOrder = await placePickup(web);
    await move(staff, webOrder.id, "ACCEPTED");
    expect(await t.db.select().from(botMessages).where(eq(botMessages.orderId, webOrder.id))).toEqual([]);
  });

  it("gives up after the last back-off, and at once when the customer blocked the bot", async () => {
    const blockedId = freshTelegramId();
    fakeBotApi.block(blockedId.toString());
    const blocked = await person(lavash, "CUSTOMER", { telegramId: blockedId });
    const staff = await person(lavash, "STAFF");
    const order = await placePickup(blocked);
    await move(staff, order.id, "ACCEPTED");
    let now = new Date(Date.now() + 1000);
    expect(await sendDueBotMessages(deps(), { now })).toEqual(["FAILED"]);

    const flaky = await person(lavash, "CUSTOMER", { telegramId: freshTelegramId() });
    const second = await placePickup(flaky);
    await move(staff, second.id, "ACCEPTED");
    fakeBotApi.failNext(100);
    try {
      const states: string[] = [];
      for (let i = 0; i <= BOT_BACKOFF_MS.length; i += 1) {
        states.push(...(await sendDueBotMessages(deps(), { now })));
        now = new Date(now.getTime() + 11 * 60_000);
      }
      expect(states).toEqual([...BOT_BACKOFF_MS.map(() => "PENDING"), "FAILED"]);
    } finally {
      fakeBotApi.failNext(0);
    }
    const [row] = await t.db.select().from(botMessages).where(eq(botMessages.orderId, second.id));
    expect(row).toMatchObject({ state: "FAILED", attempts: BOT_BACKOFF_MS.length + 1 });
  });

  it("over HTTP: a Bot API that is down neither slows nor fails the status change; the message goes once it is back", async () => {
    // The fake Bot API on a real HTTP server, first answering like Telegram's front end during an outage.
    let down = true;
    const received: string[] = [];
    const fake = await startFake(async (request) => {
      const url = new URL(request.url);
      received.push(url.pathname);
      if (down) return new Response("<html>502 Bad Gateway</html>", { status: 502 });
      const answer = handleFakeBotApi(url.pathname, await request.text());
      return new Response(answer.body, {
        status: answer.status,
        headers: { "content-type": "application/json" },
      });
    });
    const app2 = await createTestApp({ env: { BOT_MESSAGES_SWEEP_MS: "0", TELEGRAM_API_URL: fake.url } });
    try {
      const l2 = await merchantId(app2, "lavash");
      const telegramId = freshTelegramId();
      const [u] = await app2.db
        .insert(users)
        .values({ merchantId: l2, phone: "+998945550001", telegramId, language: "uz" })
        .returning();
      const [s] = await app2.db
        .insert(users)
        .values({ merchantId: l2, phone: "+998945550002", role: "STAFF" })
        .returning();
      const customer = await createSession(app2.db, { merchantId: l2, userId: u!.id, channel: "TELEGRAM" });
      const staffSession = await createSession(app2.db, { merchantId: l2, userId: s!.id, channel: "WEB" });
      const placed = await app2.app.inject({
        method: "POST",
        url: "/api/orders/v1/orders",
        headers: { merchant: l2, authorization: `Bearer ${customer.token}` },
        payload: {
          serviceType: "PICK_UP",
          paymentType: "CASH",
          branchId: chilonzor,
          cartItems: [{ productId: product, count: 1, modifications: [] }],
        },
      });
      expect(placed.statusCode, placed.body).toBe(201);
      const orderId = placed.json<{ id: string }>().id;
      const started = Date.now();
      const moved = await app2.app.inject({
        method: "PUT",
        url: `/api/staff/v1/orders/${orderId}/status`,
        headers: { merchant: l2, authorization: `Bearer ${staffSession.token}` },
        payload: { status: "ACCEPTED" },
      });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(Date.now() - started).toBeLessThan(2000);
      const d2: BotOutboxDeps = {
        db: app2.db,
        config: app2.config,
        standIns: app2.app.standIns,
        log: () => undefined,
      };
      const now = new Date();
      expect(await sendDueBotMessages(d2, { now })).toEqual(["PENDING"]);
      const [row] = await app2.db.select().from(botMessages).where(eq(botMessages.orderId, orderId));
      expect(row?.lastError).toBe("Bot API answered 502 without JSON");

      down = false;
      expect(await sendDueBotMessages(d2, { now: new Date(now.getTime() + 5000) })).toEqual(["SENT"]);
      expect(received).toEqual(
        Array(2).fill("/bot7000000001:DEMO_lavash_bot_token_for_local_testing_only/sendMessage"),
      );
      const [done] = await app2.db.select().from(botMessages).where(eq(botMessages.orderId, orderId));
      expect(done?.state).toBe("SENT");
      expect(fakeBotApi.messages(telegramId.toString())[0]?.text).toMatch(
        /^Buyurtma №\d+\nRestoran buyurtmangizni qabul qildi$/,
      );
    } finally {
      await app2.close();
      await fake.close();
    }
  });
});

/* eslint-disable @typescript-eslint/no-non-null-assertion -- the demo brand's fixtures exist; a missing one should fail loudly */
// The brand's bot talks (issue 41): Telegram's webhook is refused without the brand's secret; an
// update Telegram delivers twice is answered once; /start greets with the menu and asks for the
// phone, /start table_<code> opens that table, a contact that is not the sender's own is refused
// and their own is saved as their phone, /language switches the language by its buttons; anything
// else gets the menu button. A bot token saved in the console sets the bot up with Telegram
// (webhook with its secret, commands per language, descriptions), and long polling hears a bot
// without a public address. Telegram is the local fake Bot API, refusing what Telegram refuses.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  botMessages,
  botSessions,
  botUpdates,
  diningTables,
  merchants,
  orderItems,
  orders,
  users,
} from "../src/db/schema/index.ts";
import { fakeBotApi } from "../src/fakes/fake-telegram-bot.ts";
import { fakeBotTransport } from "../src/fakes/index.ts";
import { answerDueUpdates, pollUpdates, type BotUpdateDeps } from "../src/services/bot/updates.ts";
import { requestBotSetup } from "../src/services/bot/setup.ts";
import { sendDueBotMessages } from "../src/services/notifications/bot-outbox.ts";
import { BOT_MESSAGES_PER_SECOND, CHAT_MESSAGE_GAP_MS } from "../src/repositories/notifications.ts";
import { canGrade, nextStatuses } from "#domain/order-status.ts";
import type { BotState, BrandSettings } from "#domain/contract/back-office-brand.ts";
import type { OrderStatus } from "#domain/enums.ts";
import { createSession } from "../src/repositories/sessions.ts";
import { branchNamed, plainProduct } from "./support/orders.ts";
import { createTestApp, merchantId, type TestApp } from "./support/app.ts";

let t: TestApp;
let lavash: string;
let plov: string;
const SECRET = "e2e-webhook-secret_0123456789";
const LAVASH_BOT = "7000000001";
let seq = 0;

beforeAll(async () => {
  t = await createTestApp({
    env: {
      BOT_MESSAGES_SWEEP_MS: "0",
      TELEGRAM_UPDATES: "webhook",
    },
  });
  lavash = await merchantId(t, "lavash");
  plov = await merchantId(t, "plov");
  await t.db
    .update(merchants)
    .set({ telegramWebhookSecret: SECRET, domainUrl: "plov.example" })
    .where(eq(merchants.id, plov));
  // An https storefront: Telegram opens it as the mini app and calls the webhook there.
  await t.db
    .update(merchants)
    .set({ telegramWebhookSecret: SECRET, domainUrl: "lavash.example" })
    .where(eq(merchants.id, lavash));
});
afterAll(async () => {
  fakeBotApi.useClock(null);
  await t.close();
});

/** The outbox's clock, driven by the tests: the fake Bot API measures Telegram's limits by it. */
let clock = Date.now();
fakeBotApi.useClock(() => clock);

const deps = (): BotUpdateDeps => ({
  db: t.db,
  config: t.config,
  standIns: t.app.standIns,
  log: () => undefined,
});

function customer(language = "en") {
  seq += 1;
  return {
    id: 880_000_000 + seq * 7 + Math.floor(Math.random() * 5),
    first_name: `Aziz${seq}`,
    language_code: language,
  };
}
type Customer = ReturnType<typeof customer>;
let updateSeq = 10_000;

function message(from: Customer, fields: Record<string, unknown>) {
  updateSeq += 1;
  return {
    update_id: updateSeq,
    message: {
      message_id: updateSeq,
      from,
      chat: { id: from.id, type: "private" },
      date: 1_800_000_000,
      ...fields,
    },
  };
}

async function post(update: unknown, secret: string | null = SECRET, brand = "lavash") {
  return t.app.inject({
    method: "POST",
    url: `/api/telegram/webhook/${brand}`,
    headers: secret === null ? {} : { "x-telegram-bot-api-secret-token": secret },
    payload: update as Record<string, unknown>,
  });
}

/** Answers what came in and sends the answers; the messages the customer's chat got. */
async function conversation(from: Customer) {
  // The webhook kicked the app's own worker: let it finish, then answer and send what is left, the
  // outbox running once a second as it does (a chat gets one message a second).
  await t.app.botUpdates.idle();
  await answerDueUpdates(deps());
  clock = Math.max(clock, Date.now());
  for (let run = 0; run < 5; run += 1) {
    clock += 1_000;
    await sendDueBotMessages(deps(), { now: new Date(clock) });
  }
  return fakeBotApi.messages(String(from.id));
}

describe("the webhook", () => {
  it("refuses a call without the brand's secret, a forged one and another brand's, and keeps none", async () => {
    const from = customer();
    for (const [secret, brand] of [
      [null, "lavash"],
      ["forged", "lavash"],
      [SECRET, "sushi"],
    ] as const) {
      const res = await post(message(from, { text: "/start" }), secret, brand);
      expect(res.statusCode, `${brand} ${String(secret)}`).toBe(401);
      expect(res.json()).toMatchObject({ status: 401, code: "TELEGRAM_WEBHOOK_SECRET_INVALID" });
    }
    const kept = await t.db
      .select()
      .from(users)
      .where(eq(users.telegramId, BigInt(from.id)));
    expect(kept).toEqual([]);
  });

  it("answers an update Telegram delivers twice once", async () => {
    const from = customer();
    const update = message(from, { text: "/start" });
    expect((await post(update)).json()).toEqual({ ok: true });
    expect((await post(update)).json()).toEqual({ ok: true });
    const rows = await t.db.select().from(botUpdates).where(eq(botUpdates.updateId, update.update_id));
    expect(rows).toHaveLength(1);
    const chat = await conversation(from);
    // The greeting with the menu, and the request for the phone: once each.
    expect(chat.map((m) => m.text)).toEqual([
      "Welcome to Lavash Express! Tap “Menu” to order.",
      "Share your phone number so we can reach you about your order.",
    ]);
    expect(chat[1]!.replyMarkup).toEqual({
      keyboard: [[{ text: "Share my number", request_contact: true }]],
      resize_keyboard: true,
      one_time_keyboard: true,
    });
    expect((await conversation(from)).length).toBe(2);
  });
});

describe("the conversation", () => {
  it("opens the table of /start table_<code> with a button to it", async () => {
    const [table] = await t.db.select().from(diningTables).where(eq(diningTables.merchantId, plov)).limit(1);
    expect(table, "plov has a dining table in the demo").toBeDefined();
    const from = customer("ru");
    await post(message(from, { text: `/start table_${table!.code}` }), SECRET, "plov");
    const [first] = await conversation(from);
    expect(first!.text).toBe(`Стол ${table!.name}. Откройте меню: заказ принесут к вашему столу.`);
    expect(first!.replyMarkup).toEqual({
      inline_keyboard: [
        [
          {
            text: "Заказать к столу",
            web_app: { url: `https://plov.example/?table=${encodeURIComponent(table!.code)}` },
          },
        ],
      ],
    });
  });

  it("refuses a contact that is not the sender's own and saves their own as their phone", async () => {
    const from = customer();
    await post(
      message(from, { contact: { phone_number: "998901112233", first_name: "Friend", user_id: 12345 } }),
    );
    let chat = await conversation(from);
    expect(chat.at(-1)!.text).toBe("Please share your own number with the button below.");
    const [before] = await t.db
      .select()
      .from(users)
      .where(eq(users.telegramId, BigInt(from.id)));
    expect(before!.phone).toBeNull();

    const phone = `99890${String(7_000_000 + seq)}`;
    await post(
      message(from, { contact: { phone_number: phone, first_name: from.first_name, user_id: from.id } }),
    );
    chat = await conversation(from);
    expect(chat.at(-2)!.text).toBe(`Thank you! +${phone} is saved.`);
    expect(chat.at(-2)!.replyMarkup).toEqual({ remove_keyboard: true });
    const [after] = await t.db
      .select()
      .from(users)
      .where(eq(users.telegramId, BigInt(from.id)));
    expect(after!.phone).toBe(`+${phone}`);
    // With a phone, /start no longer asks for it.
    await post(message(from, { text: "/start" }));
    expect((await conversation(from)).at(-1)!.text).toBe("Welcome to Lavash Express! Tap “Menu” to order.");
  });

  it("switches the language with /language's buttons, and answers anything else with the menu", async () => {
    const from = customer("en");
    await post(message(from, { text: "/language" }));
    const [choice] = await conversation(from);
    const buttons = (choice!.replyMarkup as { inline_keyboard: { text: string; callback_data: string }[][] })
      .inline_keyboard;
    expect(buttons.flat().map((b) => b.callback_data)).toContain("lang:uz");
    updateSeq += 1;
    await post({
      update_id: updateSeq,
      callback_query: {
        id: "cb-1",
        from,
        message: { message_id: 1, chat: { id: from.id, type: "private" } },
        data: "lang:uz",
      },
    });
    const chat = await conversation(from);
    expect(chat.at(-1)!.text).toBe("Endi o'zbek tilida gaplashamiz.");
    expect(fakeBotApi.bot(LAVASH_BOT).answeredCallbacks).toContain("cb-1");
    await post(message(from, { text: "hello?" }));
    const [fallback] = (await conversation(from)).slice(-1);
    expect(fallback!.text).toBe("Xabarlarni hali o'qiy olmayman, lekin menyu bir bosishda ochiladi.");
    expect(fallback!.replyMarkup).toEqual({
      inline_keyboard: [[{ text: "Menyu", web_app: { url: "https://lavash.example/" } }]],
    });
  });
});

describe("setting the bot up", () => {
  it("a token saved sets the webhook with the brand's secret, the commands in each language and the menu button", async () => {
    await t.db.transaction(async (tx) => {
      await requestBotSetup(tx, lavash);
    });
    const [merchant] = await t.db.select().from(merchants).where(eq(merchants.id, lavash));
    await sendDueBotMessages(deps());
    const bot = fakeBotApi.bot(LAVASH_BOT);
    expect(bot.webhook).toEqual({
      url: "https://lavash.example/api/telegram/webhook/lavash",
      secretToken: merchant!.telegramWebhookSecret,
    });
    expect(bot.commands[""]!.map((c) => c.command)).toEqual(["start", "orders", "language", "help"]);
    expect(Object.keys(bot.commands).length).toBeGreaterThan(1);
    expect(bot.menuButton).toMatchObject({
      type: "web_app",
      web_app: { url: "https://lavash.example/" },
    });
    const [row] = await t.db.select().from(botMessages).where(eq(botMessages.method, "savat.setUp"));
    expect(row!.state).toBe("SENT");
    // The old secret is refused once a new one is made.
    expect((await post(message(customer(), { text: "/start" }))).statusCode).toBe(401);
    await t.db.update(merchants).set({ telegramWebhookSecret: SECRET }).where(eq(merchants.id, lavash));
  });

  it("the owner sees the bot as Telegram does and sets it up again; a language turned off loses its commands", async () => {
    const [ownerUser] = await t.db
      .insert(users)
      .values({
        merchantId: lavash,
        firstName: "Owner",
        role: "ADMIN",
        brandRole: "OWNER",
        phone: "+998941999001",
      })
      .returning();
    const owner = await createSession(t.db, { merchantId: lavash, userId: ownerUser!.id, channel: "WEB" });
    const headers = { merchant: lavash, authorization: `Bearer ${owner.token}` };
    const state = async () => {
      const res = await t.app.inject({ method: "GET", url: "/api/staff/v1/brand-settings/bot", headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<BotState>();
    };
    const again = await t.app.inject({
      method: "POST",
      url: "/api/staff/v1/brand-settings/bot/setup",
      headers,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<BotState>()).toMatchObject({
      token: true,
      updates: "webhook",
      setup: { state: "PENDING" },
    });
    await sendDueBotMessages(deps());
    const seen = await state();
    expect(seen.setup).toMatchObject({ state: "SENT", lastError: null });
    expect(seen.telegram).toEqual({
      reachable: true,
      webhookUrl: "https://lavash.example/api/telegram/webhook/lavash",
      pendingUpdateCount: 0,
      lastErrorAt: null,
      lastErrorMessage: null,
    });
    // A language of the brand other than its main one, turned off in the console: the set-up runs
    // again and Telegram keeps no commands in that language.
    const settings = await t.app.inject({ method: "GET", url: "/api/staff/v1/brand-settings", headers });
    const current = settings.json<BrandSettings>();
    const dropped = (["uz", "ru", "ar", "tr", "zh"] as const).find(
      (l) => current.languages[l] && l !== current.mainLanguage,
    )!;
    expect(fakeBotApi.bot(LAVASH_BOT).commands[dropped]).toBeDefined();
    const saved = await t.app.inject({
      method: "PUT",
      url: "/api/staff/v1/brand-settings",
      headers,
      payload: { ...current, languages: { ...current.languages, [dropped]: false }, secrets: {} },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await state()).setup).toMatchObject({ state: "PENDING" });
    await sendDueBotMessages(deps());
    expect(fakeBotApi.bot(LAVASH_BOT).commands[dropped]).toBeUndefined();
    expect(fakeBotApi.bot(LAVASH_BOT).commands[""]).toBeDefined();
    await t.app.inject({
      method: "PUT",
      url: "/api/staff/v1/brand-settings",
      headers,
      payload: { ...saved.json<BrandSettings>(), languages: current.languages, secrets: {} },
    });

    // Another role may not look.
    const customerSession = await createSession(t.db, {
      merchantId: lavash,
      userId: ownerUser!.id,
      channel: "WEB",
    });
    await t.db.update(users).set({ brandRole: "OPERATOR" }).where(eq(users.id, ownerUser!.id));
    const refused = await t.app.inject({
      method: "GET",
      url: "/api/staff/v1/brand-settings/bot",
      headers: { merchant: lavash, authorization: `Bearer ${customerSession.token}` },
    });
    expect(refused.statusCode).toBe(403);
    // The test's own secret back for the webhook tests that follow.
    await t.db.update(merchants).set({ telegramWebhookSecret: SECRET }).where(eq(merchants.id, lavash));
  });

  it("long polling hears a bot whose webhook is off, once per update", async () => {
    fakeBotApi.bot(LAVASH_BOT).webhook = null;
    const from = customer();
    const pushed = fakeBotApi.pushUpdate(LAVASH_BOT, {
      message: {
        message_id: 1,
        from,
        chat: { id: from.id, type: "private" },
        date: 1_800_000_000,
        text: "/help",
      },
    });
    expect(await pollUpdates(deps(), { timeoutS: 0 })).toBe(1);
    expect(await pollUpdates(deps(), { timeoutS: 0 })).toBe(0);
    const rows = await t.db
      .select()
      .from(botUpdates)
      .where(eq(botUpdates.updateId, pushed.update_id as number));
    expect(rows).toHaveLength(1);
    const [help] = await conversation(from);
    expect(help!.text).toMatch(/^\/start — the menu/);
  });
});

describe("Telegram's side of the webhook", () => {
  it("the fake Bot API POSTs a customer's message to the bot's webhook with its secret; one refused waits, with its error, until it is taken", async () => {
    fakeBotApi.transport = fakeBotTransport(t.app);
    try {
      await t.db.transaction(async (tx) => {
        await requestBotSetup(tx, lavash);
      });
      await sendDueBotMessages(deps());
      const bot = fakeBotApi.bot(LAVASH_BOT);
      expect(bot.webhook?.url).toBe("https://lavash.example/api/telegram/webhook/lavash");
      const from = customer();
      fakeBotApi.pushUpdate(LAVASH_BOT, message(from, { text: "/help" }));
      expect(await fakeBotApi.deliver(LAVASH_BOT)).toBe(1);
      expect(bot.pending).toHaveLength(0);
      const [help] = await conversation(from);
      expect(help!.text).toMatch(/^\/start — the menu/);

      // A webhook that refuses (here: a secret the brand no longer has) keeps the update waiting.
      const secret = bot.webhook!.secretToken;
      bot.webhook = { url: bot.webhook!.url, secretToken: "not-the-brands-secret" };
      fakeBotApi.pushUpdate(LAVASH_BOT, message(from, { text: "/orders" }));
      expect(await fakeBotApi.deliver(LAVASH_BOT)).toBe(0);
      expect(bot.pending).toHaveLength(1);
      expect(bot.lastError?.message).toBe("Wrong response from the webhook: 401");
      bot.webhook = { url: bot.webhook.url, secretToken: secret };
      expect(await fakeBotApi.deliver(LAVASH_BOT)).toBe(1);
      expect((await conversation(from)).at(-1)!.text).not.toBe(help!.text);
    } finally {
      fakeBotApi.transport = null;
      await t.db.update(merchants).set({ telegramWebhookSecret: SECRET }).where(eq(merchants.id, lavash));
    }
  });
});

describe("after delivery", () => {
  it("asks a bot customer for a grade; a low one asks why, and the answer and comment are the order's one review", async () => {
    const from = customer();
    await post(message(from, { text: "/start" }));
    const phone = `99891${String(2_000_000 + seq)}`;
    await post(
      message(from, { contact: { phone_number: phone, first_name: from.first_name, user_id: from.id } }),
    );
    await conversation(from);
    const [user] = await t.db
      .select()
      .from(users)
      .where(eq(users.telegramId, BigInt(from.id)));
    const { token } = await createSession(t.db, {
      merchantId: lavash,
      userId: user!.id,
      channel: "TELEGRAM",
    });
    const [staffUser] = await t.db
      .insert(users)
      .values({
        merchantId: lavash,
        firstName: "Staff",
        role: "STAFF",
        phone: `+99893${String(1_000_000 + seq)}`,
      })
      .returning();
    const staff = await createSession(t.db, { merchantId: lavash, userId: staffUser!.id, channel: "WEB" });
    const placed = await t.app.inject({
      method: "POST",
      url: "/api/orders/v1/orders",
      headers: { merchant: lavash, authorization: `Bearer ${token}` },
      payload: {
        serviceType: "PICK_UP",
        paymentType: "CASH",
        branchId: await branchNamed(t, lavash, "Chilonzor"),
        cartItems: [{ productId: await plainProduct(t, lavash), count: 1, modifications: [] }],
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<{ id: string; number: number; status: OrderStatus }>();
    // Staff take it to its end, step by step.
    let status = order.status;
    for (let step = 0; step < 8 && !canGrade(status, false); step += 1) {
      const next = nextStatuses(status, "PICK_UP").find((s) => s !== "CANCELED")!;
      const moved = await t.app.inject({
        method: "PUT",
        url: `/api/staff/v1/orders/${order.id}/status`,
        headers: { merchant: lavash, authorization: `Bearer ${staff.token}` },
        payload: { status: next },
      });
      expect(moved.statusCode, moved.body).toBe(200);
      status = next;
    }
    const question = (await conversation(from)).at(-1)!;
    expect(question.text).toBe(`How was order #${String(order.number)}? Rate it from 1 to 5.`);
    const buttons = (question.replyMarkup as { inline_keyboard: { callback_data: string }[][] })
      .inline_keyboard[0]!;
    expect(buttons.map((b) => b.callback_data)).toEqual(
      [1, 2, 3, 4, 5].map((n) => `grade:${order.id}:${String(n)}`),
    );
    const tap = (id: string, data: string) => {
      updateSeq += 1;
      return post({
        update_id: updateSeq,
        callback_query: {
          id,
          from,
          message: { message_id: 1, chat: { id: from.id, type: "private" } },
          data,
        },
      });
    };
    await tap("g-1", `grade:${order.id}:2`);
    expect((await conversation(from)).at(-1)!.text).toBe(
      "Sorry it wasn't great. What went wrong? Tell us in one message.",
    );
    await post(message(from, { text: "The rice was cold" }));
    expect((await conversation(from)).at(-1)!.text).toBe(
      "Thank you! We have passed it on to the restaurant.",
    );
    // A second tap does not grade again.
    await tap("g-2", `grade:${order.id}:5`);
    expect((await conversation(from)).at(-1)!.text).toBe("This order already has your grade.");
    const [graded] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(graded).toMatchObject({ grade: 2, gradeComment: "The rice was cold" });
  });
});

describe("receipts", () => {
  it("a bot customer who pays online gets the receipt: each line, the total and the provider, with the order's button", async () => {
    const from = customer();
    await post(message(from, { text: "/start" }));
    await post(
      message(from, {
        contact: {
          phone_number: `99891${String(3_000_000 + seq)}`,
          first_name: from.first_name,
          user_id: from.id,
        },
      }),
    );
    await conversation(from);
    const [user] = await t.db
      .select()
      .from(users)
      .where(eq(users.telegramId, BigInt(from.id)));
    const { token } = await createSession(t.db, {
      merchantId: lavash,
      userId: user!.id,
      channel: "TELEGRAM",
    });
    const headers = { merchant: lavash, authorization: `Bearer ${token}` };
    const placed = await t.app.inject({
      method: "POST",
      url: "/api/orders/v1/orders",
      headers,
      payload: {
        serviceType: "PICK_UP",
        paymentType: "PAYME",
        branchId: await branchNamed(t, lavash, "Chilonzor"),
        cartItems: [{ productId: await plainProduct(t, lavash), count: 2, modifications: [] }],
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<{ id: string; number: number }>();
    const link = await t.app.inject({ method: "GET", url: `/api/payments/v2/checkout/${order.id}`, headers });
    expect(link.statusCode, link.body).toBe(200);
    const page = new URL(link.json<{ url: string }>().url, "http://localhost");
    const paid = await t.app.inject({
      method: "POST",
      url: `${page.pathname}${page.search}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "action=pay",
    });
    expect(paid.statusCode, paid.body).toBe(303);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.isPaid).toBe(true);

    const chat = await conversation(from);
    const receipt = chat.find((m) =>
      m.text.startsWith(`Payment received for order #${String(order.number)}`),
    );
    expect(receipt, JSON.stringify(chat.map((m) => m.text))).toBeDefined();
    const [item] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    const sum = (n: number) => `${n.toLocaleString("en").replaceAll(",", " ")} so'm`;
    expect(receipt!.text).toContain(`2 × ${item!.name.eng ?? item!.name.ru}: ${sum(item!.price)}`);
    expect(receipt!.text).toContain(`Total paid (Payme): ${sum(row!.totalPrice)}`);
    const button = (
      receipt!.replyMarkup as { inline_keyboard: { text: string; web_app?: { url: string } }[][] }
    ).inline_keyboard[0]![0]!;
    expect(button).toEqual({
      text: "Receipt and order",
      web_app: { url: `https://lavash.example/profile/orders/${order.id}` },
    });
    // One receipt, however many times the chat is read.
    expect((await conversation(from)).filter((m) => m === receipt || m.text === receipt!.text)).toHaveLength(
      1,
    );
  });
});

describe("sending at scale", () => {
  it("200 messages to 50 chats keep to 30 a second for the bot and one a second per chat, by the fake's clock, with two processes' outboxes sending at once", async () => {
    const chats = Array.from({ length: 50 }, (_, i) => BigInt(770_000_000 + i));
    await t.db
      .insert(botMessages)
      .values(
        chats.flatMap((chatId) =>
          [1, 2, 3, 4].map((n) => ({ merchantId: lavash, chatId, text: `Status ${String(n)}` })),
        ),
      );
    clock = Math.max(clock, Date.now()) + 10_000;
    let runs = 0;
    const mine = () => fakeBotApi.messages().filter((m) => chats.includes(BigInt(m.chatId)));
    while (mine().length < 200 && runs < 30) {
      clock += 1_000;
      runs += 1;
      // Two server processes' outboxes run at the same moment: the limits are the bot's, not each one's.
      const now = new Date(clock);
      await Promise.all([sendDueBotMessages(deps(), { now }), sendDueBotMessages(deps(), { now })]);
    }
    const sent = mine();
    expect(sent).toHaveLength(200);
    // No 429: every message went at its first try.
    const rows = await t.db.select().from(botMessages).where(eq(botMessages.text, "Status 4"));
    expect(
      rows.filter((r) => chats.includes(r.chatId!)).every((r) => r.attempts === 1 && r.state === "SENT"),
    ).toBe(true);
    for (const m of sent) {
      const inTheSecond = sent.filter((o) => o.at > m.at - 1_000 && o.at <= m.at);
      expect(inTheSecond.length).toBeLessThanOrEqual(BOT_MESSAGES_PER_SECOND);
    }
    for (const chatId of chats) {
      const times = sent.filter((m) => m.chatId === chatId.toString()).map((m) => m.at);
      for (let i = 1; i < times.length; i += 1)
        expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(CHAT_MESSAGE_GAP_MS);
    }
    // And in order: a chat reads its statuses as they were written.
    expect(sent.filter((m) => m.chatId === chats[0]!.toString()).map((m) => m.text)).toEqual([
      "Status 1",
      "Status 2",
      "Status 3",
      "Status 4",
    ]);
  });

  it("a customer who blocked the bot is marked and not written to again until they write", async () => {
    const from = customer();
    fakeBotApi.block(String(from.id));
    await post(message(from, { text: "/start" }));
    await conversation(from);
    // The reply may be more than one message: the first Telegram refused, the rest were not sent
    // (which row the database returns first is its own choice).
    const replies = await t.db
      .select()
      .from(botMessages)
      .where(eq(botMessages.chatId, BigInt(from.id)));
    expect(replies.length).toBeGreaterThan(0);
    expect(replies.every((r) => r.state === "FAILED")).toBe(true);
    expect(replies.map((r) => r.lastError)).toContain("403 Forbidden: bot was blocked by the user");
    const [session] = await t.db
      .select()
      .from(botSessions)
      .where(eq(botSessions.telegramId, BigInt(from.id)));
    expect(session!.status).toBe("BOT_BLOCKED");
    // A status message later is not sent: the chat stays blocked.
    await t.db.insert(botMessages).values({ merchantId: lavash, chatId: BigInt(from.id), text: "Later" });
    await conversation(from);
    const [later] = await t.db.select().from(botMessages).where(eq(botMessages.text, "Later"));
    expect(later).toMatchObject({
      state: "FAILED",
      attempts: 1,
      lastError: "403 the customer blocked the bot",
    });
  });
});

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
import { botMessages, botUpdates, diningTables, merchants, users } from "../src/db/schema/index.ts";
import { fakeBotApi } from "../src/fakes/fake-telegram-bot.ts";
import { answerDueUpdates, pollUpdates, type BotUpdateDeps } from "../src/services/bot/updates.ts";
import { requestBotSetup } from "../src/services/bot/setup.ts";
import { sendDueBotMessages } from "../src/services/notifications/bot-outbox.ts";
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
  await t.close();
});

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
  // The webhook kicked the app's own worker: let it finish, then answer and send what is left.
  await t.app.botUpdates.idle();
  await answerDueUpdates(deps());
  await sendDueBotMessages(deps());
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

// The Telegram outbox worker (docs/decisions.md, Notifications): bot messages written with an
// order's status change (order-status.ts) are sent here through the Bot API's sendMessage, outside
// any database transaction. A message is claimed by one atomic update before the call (so two
// processes never send it twice), and a message only while the bot keeps to Telegram's limits as
// every process together counts them (claimPacedBotMessage); a failure Telegram may get over (unreachable, 5xx, 429) waits
// 1 s, 5 s, 30 s, 2 min, 10 min and is then FAILED; a refusal (chat not found, bot blocked, bad
// token) is FAILED at once. Each failure is logged without the token.
import type { FastifyInstance } from "fastify";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/types.ts";
import { startIntervalWorker } from "../../lib/interval-worker.ts";
import {
  BotApiError,
  callBotApi,
  sendBotMessage,
  type InlineButton,
  type ReplyMarkup,
} from "../../integrations/telegram-bot-api.ts";
import { isBotBlocked, markBotBlocked } from "../../repositories/bot.ts";
import { findMerchantById, getWebSettings, type MerchantRow } from "../../repositories/merchants.ts";
import {
  claimBotMessage,
  claimPacedBotMessage,
  listDueBotMessages,
  updateBotMessage,
  type BotMessageRow,
} from "../../repositories/notifications.ts";
import { botTokenFor } from "../accounts/telegram.ts";
import { botApi, storefrontOrigin } from "../bot/links.ts";
import { BOT_SETUP, botSetupCalls } from "../bot/setup.ts";
import type { Outside } from "../stand-ins.ts";

/** The wait after the 1st, 2nd, ... failed try; after the last one the message is FAILED. */
export const BOT_BACKOFF_MS = [1_000, 5_000, 30_000, 2 * 60_000, 10 * 60_000];
export const BOT_MAX_ATTEMPTS = BOT_BACKOFF_MS.length + 1;
/** How long a claimed message belongs to its worker; one that died lets the next retry after it. */
const LEASE_MS = 60_000;
const TIMEOUT_MS = 10_000;

export type BotMessageState = "PENDING" | "SENT" | "FAILED";

export interface BotOutboxDeps extends Outside {
  db: Db;
  log: (level: "info" | "warn", message: string, detail: Record<string, unknown>) => void;
}

/**
 * The button under the message: Telegram opens an https storefront as the mini app itself
 * (web_app); otherwise the bot's link with the order as start parameter, or the plain address.
 */
export function orderButton(
  merchant: MerchantRow,
  config: Config,
  orderId: string,
  text: string,
): InlineButton {
  const page = `${storefrontOrigin(merchant, config).replace(/\/+$/, "")}/profile/orders/${orderId}`;
  if (page.startsWith("https://")) return { text, web_app: { url: page } };
  if (merchant.telegramBotUsername) {
    return { text, url: `https://t.me/${merchant.telegramBotUsername}?startapp=order_${orderId}` };
  }
  return { text, url: page };
}

type Due = Awaited<ReturnType<typeof listDueBotMessages>>[number];

/** Sends one due row; "paced" when Telegram's limits hold it for a later run (set-up calls are not messages). */
async function attempt(deps: BotOutboxDeps, due: Due, now: Date): Promise<BotMessageState | "paced" | null> {
  const claim = { id: due.id, now, leaseUntil: new Date(now.getTime() + LEASE_MS) };
  const message =
    due.method === "sendMessage" && due.chatId !== null
      ? await claimPacedBotMessage(deps.db, { ...claim, merchantId: due.merchantId, chatId: due.chatId })
      : await claimBotMessage(deps.db, claim);
  if (!message || message === "paced") return message ?? null;
  const merchant = await findMerchantById(deps.db, message.merchantId);
  const token = merchant ? botTokenFor(merchant, deps.config) : undefined;
  const api = botApi(deps);
  try {
    if (!merchant || !token) throw new BotApiError(false, "the brand has no bot token");
    if (!api) throw new BotApiError(false, "no Bot API (TELEGRAM_API_URL)");
    const options = {
      baseUrl: api.baseUrl,
      token,
      timeoutMs: TIMEOUT_MS,
      ...(api.fetch ? { fetch: api.fetch } : {}),
    };
    let messageId: number | null = null;
    if (message.method === BOT_SETUP) {
      // The bot's set-up: its calls as the brand is now (a later save asks again).
      const settings = await getWebSettings(deps.db, { merchantId: merchant.id });
      for (const call of botSetupCalls(merchant, settings, deps.config))
        await callBotApi(options, call.method, call.params);
    } else if (message.method !== "sendMessage") {
      // A callback's answer: its whole body was written with it.
      await callBotApi(options, message.method, message.params ?? {});
    } else {
      if (message.chatId === null) throw new BotApiError(false, "a message without a chat");
      // A customer who blocked the bot is not written to until they write again.
      if (await isBotBlocked(deps.db, { merchantId: merchant.id, telegramId: message.chatId }))
        throw new BotApiError(false, "403 the customer blocked the bot");
      const button =
        message.orderId && message.buttonText
          ? orderButton(merchant, deps.config, message.orderId, message.buttonText)
          : null;
      messageId = await sendBotMessage(options, {
        chat_id: message.chatId.toString(),
        text: message.text,
        ...(message.replyMarkup
          ? { reply_markup: message.replyMarkup as unknown as ReplyMarkup }
          : button
            ? { reply_markup: { inline_keyboard: [[button]] } }
            : {}),
      });
    }
    await updateBotMessage(deps.db, {
      id: message.id,
      set: { state: "SENT", messageId, sentAt: new Date(), lastError: null },
    });
    return "SENT";
  } catch (error) {
    const failure = error instanceof BotApiError ? error : new BotApiError(true, "unexpected failure");
    return failed(deps, message, failure, now);
  }
}

async function failed(
  deps: BotOutboxDeps,
  message: BotMessageRow,
  failure: BotApiError,
  now: Date,
): Promise<BotMessageState> {
  const final = !failure.retry || message.attempts >= BOT_MAX_ATTEMPTS;
  if (failure.message.startsWith("403") && message.chatId !== null)
    await markBotBlocked(deps.db, { merchantId: message.merchantId, telegramId: message.chatId });
  const backoff = BOT_BACKOFF_MS[Math.min(message.attempts, BOT_BACKOFF_MS.length) - 1] ?? 1_000;
  const wait = Math.max(backoff, (failure.retryAfterS ?? 0) * 1000);
  await updateBotMessage(deps.db, {
    id: message.id,
    set: {
      state: final ? "FAILED" : "PENDING",
      nextAttemptAt: new Date(now.getTime() + wait),
      lastError: failure.message.slice(0, 500),
    },
  });
  deps.log("warn", final ? "bot message failed; not retried" : "bot message not sent; it will be retried", {
    botMessageId: message.id,
    orderId: message.orderId,
    attempts: message.attempts,
    error: failure.message,
    ...(final ? {} : { retryInMs: wait }),
  });
  return final ? "FAILED" : "PENDING";
}

/** Sends the messages due at `now` (tests pass a later clock); answers what became of each one tried. */
export async function sendDueBotMessages(
  deps: BotOutboxDeps,
  options: { now?: Date; limit?: number } = {},
): Promise<BotMessageState[]> {
  const now = options.now ?? new Date();
  const due = await listDueBotMessages(deps.db, { now, limit: options.limit ?? 200 });
  const results: BotMessageState[] = [];
  for (const row of due) {
    // A message over Telegram's limits stays due for a later run (the outbox runs every second).
    const state = await attempt(deps, row, now);
    if (state && state !== "paced") results.push(state);
  }
  return results;
}

export interface BotOutbox {
  /** Sends what is due now (the bot's answers, as soon as they are written). */
  kick(): void;
  /** Resolves when no run is under way (tests). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/** Runs sendDueBotMessages every `botMessagesSweepMs` (0: never in this process). */
export function startBotOutbox(app: FastifyInstance): BotOutbox {
  const deps: BotOutboxDeps = {
    db: app.database.db,
    config: app.config,
    standIns: app.standIns,
    log: (level, message, detail) => {
      app.log[level](detail, message);
    },
  };
  return startIntervalWorker({
    work: () => sendDueBotMessages(deps),
    everyMs: app.config.botMessagesSweepMs,
    failed: (error) => {
      app.log.warn({ err: error }, "bot outbox run failed; the next run tries again");
    },
    rerunWhenBusy: false,
  });
}

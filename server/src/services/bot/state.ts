// The console's view of the brand's bot (issue 41): what the outbox did with the newest set-up and
// what Telegram says now (getWebhookInfo: the webhook it calls, updates waiting, its last error), so
// an owner sees why the bot is silent without BotFather; and "set up again" after fixing the cause.
import type { BotState } from "#domain/contract/back-office-brand.ts";
import type { Db } from "../../db/types.ts";
import { callBotApi, BotApiError } from "../../integrations/telegram-bot-api.ts";
import { newestBotCall } from "../../repositories/bot.ts";
import { findMerchantById } from "../../repositories/merchants.ts";
import { transaction } from "../../db/transaction.ts";
import { AppError } from "../../lib/errors.ts";
import { botTokenFor } from "../accounts/telegram.ts";
import type { Outside } from "../stand-ins.ts";
import { botApi } from "./links.ts";
import { BOT_SETUP, requestBotSetup } from "./setup.ts";

/** The console waits this long for Telegram before showing it as unreachable. */
const TELEGRAM_TIMEOUT_MS = 3_000;

interface WebhookInfo {
  url?: string;
  pending_update_count?: number;
  last_error_date?: number;
  last_error_message?: string;
}

export async function botState(deps: Outside & { db: Db }, merchantId: string): Promise<BotState> {
  const merchant = await findMerchantById(deps.db, merchantId);
  if (!merchant) throw new AppError("NOT_FOUND");
  const token = botTokenFor(merchant, deps.config);
  const setup = await newestBotCall(deps.db, { merchantId, method: BOT_SETUP });
  const state: BotState = {
    token: token !== undefined,
    updates: deps.config.telegramUpdates,
    setup: setup
      ? {
          state: setup.state,
          attempts: setup.attempts,
          lastError: setup.lastError,
          requestedAt: setup.createdDate.toISOString(),
          doneAt: setup.sentAt?.toISOString() ?? null,
        }
      : null,
    telegram: null,
  };
  const api = botApi(deps);
  if (!token) return state;
  if (!api) return { ...state, telegram: { reachable: false, error: "no Bot API (TELEGRAM_API_URL)" } };
  try {
    const info = (await callBotApi(
      {
        baseUrl: api.baseUrl,
        token,
        timeoutMs: TELEGRAM_TIMEOUT_MS,
        ...(api.fetch ? { fetch: api.fetch } : {}),
      },
      "getWebhookInfo",
      {},
    )) as WebhookInfo;
    return {
      ...state,
      telegram: {
        reachable: true,
        webhookUrl: info.url ?? "",
        pendingUpdateCount: info.pending_update_count ?? 0,
        lastErrorAt: info.last_error_date ? new Date(info.last_error_date * 1000).toISOString() : null,
        lastErrorMessage: info.last_error_message ?? null,
      },
    };
  } catch (error) {
    // BotApiError's text never holds the token (telegram-bot-api.ts).
    const message = error instanceof BotApiError ? error.message : "Bot API unreachable";
    return { ...state, telegram: { reachable: false, error: message } };
  }
}

/** Asks for the set-up anew (after a fix on Telegram's side); refused without a token. */
export async function setUpBotAgain(deps: Outside & { db: Db }, merchantId: string): Promise<BotState> {
  const merchant = await findMerchantById(deps.db, merchantId);
  if (!merchant) throw new AppError("NOT_FOUND");
  if (!botTokenFor(merchant, deps.config)) {
    throw new AppError("VALIDATION_FAILED", {
      uz: "Avval bot tokenini saqlang",
      ru: "Сначала сохраните токен бота",
      eng: "Save the bot token first",
    });
  }
  await transaction(deps.db, async (tx) => {
    await requestBotSetup(tx, merchantId);
  });
  return botState(deps, merchantId);
}

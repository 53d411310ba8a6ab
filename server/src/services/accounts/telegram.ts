// Telegram sign-in rules: which bot token a brand's initData is signed with, and the checks of
// initData and of a shared contact, as API errors. Used by the sign-in routes, the bot outbox and the
// harness.
import type { Config } from "../../config.ts";
import {
  verifyContact,
  verifyInitData,
  type InitDataFailure,
  type VerifiedContact,
  type VerifiedInitData,
} from "../../integrations/telegram-init-data.ts";
import { AppError } from "../../lib/errors.ts";
import type { MerchantRow } from "../../repositories/merchants.ts";

/**
 * The bot token initData of this merchant is signed with. TELEGRAM_BOT_TOKEN overrides every brand
 * in demo mode (the demo brands ship placeholder tokens, a tester brings a real bot); outside demo
 * mode a merchant's own token wins and the variable is only a fallback.
 */
export function botTokenFor(merchant: MerchantRow, config: Config): string | undefined {
  if (config.telegramBotToken && (config.demo || !merchant.telegramBotToken)) return config.telegramBotToken;
  return merchant.telegramBotToken ?? undefined;
}

export function requireBotToken(merchant: MerchantRow, config: Config): string {
  const token = botTokenFor(merchant, config);
  if (!token) throw new AppError("TELEGRAM_LOGIN_UNAVAILABLE");
  return token;
}

function failure(reason: InitDataFailure): AppError {
  return new AppError(reason === "EXPIRED" ? "INIT_DATA_EXPIRED" : "INIT_DATA_INVALID");
}

export function verifyInitDataOrThrow(initData: string, botToken: string): VerifiedInitData {
  const result = verifyInitData(initData, botToken);
  if (!result.ok) throw failure(result.reason);
  return result.value;
}

/** The contact must be signed by the same bot, fresh, and be the same Telegram user's own number. */
export function verifyContactOrThrow(contact: string, botToken: string, telegramId: bigint): VerifiedContact {
  const result = verifyContact(contact, botToken);
  if (!result.ok) {
    if (result.reason === "EXPIRED") throw new AppError("INIT_DATA_EXPIRED");
    throw new AppError("CONTACT_INVALID");
  }
  if (result.value.userId !== telegramId) throw new AppError("CONTACT_INVALID");
  return result.value;
}

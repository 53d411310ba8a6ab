// The bot's set-up with Telegram (issue 41): with a bot token saved, Savat tells Telegram where the
// bot's updates go (setWebhook with a fresh secret, or deleteWebhook where the server polls), its
// commands in each of the brand's languages (and none in a language it dropped), its menu button (the storefront as a mini app, where
// the storefront is https) and its descriptions. Requested in the transaction that saves the token,
// as one outbox row the outbox worker turns into these calls (each may be repeated: Telegram
// keeps the last), so a token saved is set up once Telegram can be reached.
import { randomBytes } from "node:crypto";
import { CONTENT_LANGUAGES, type ContentLanguage } from "#domain/enums.ts";
import { pickText } from "#domain/multilingual.ts";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/types.ts";
import { setWebhookSecret } from "../../repositories/bot.ts";
import type { MerchantRow, WebSettingsRow } from "../../repositories/merchants.ts";
import { enqueueBotMessage } from "../../repositories/notifications.ts";
import { storefrontOrigin } from "./links.ts";
import { BOT_COMMANDS, botText } from "./texts.ts";

/** The outbox row's method that stands for the whole set-up (not a Bot API method). */
export const BOT_SETUP = "savat.setUp";

/** Telegram's language_code of a content language (IETF two letters). */
const TELEGRAM_CODE: Record<ContentLanguage, string> = {
  uz: "uz",
  ru: "ru",
  eng: "en",
  ar: "ar",
  kz: "kk",
  tr: "tr",
  zh: "zh",
};

/** Makes the brand's webhook secret anew and asks for the set-up, in the caller's transaction. */
export async function requestBotSetup(tx: Db, merchantId: string): Promise<void> {
  await setWebhookSecret(tx, { merchantId, secret: randomBytes(32).toString("base64url") });
  await enqueueBotMessage(tx, { merchantId, text: "", method: BOT_SETUP, params: {} });
}

/** The webhook's address: on the brand's storefront origin, where it is https (Telegram's rule). */
export function webhookUrl(merchant: MerchantRow, config: Config): string | null {
  const origin = storefrontOrigin(merchant, config);
  return origin.startsWith("https://") ? `${origin}/api/telegram/webhook/${merchant.sub}` : null;
}

/** The Bot API calls of the set-up, in order. */
export function botSetupCalls(
  merchant: MerchantRow,
  settings: WebSettingsRow,
  config: Config,
): { method: string; params: Record<string, unknown> }[] {
  const main = (CONTENT_LANGUAGES as readonly string[]).includes(settings.mainLanguage)
    ? (settings.mainLanguage as ContentLanguage)
    : "ru";
  const active: Record<ContentLanguage, boolean> = {
    uz: settings.uzLangActive,
    ru: settings.ruLangActive,
    eng: settings.engLangActive,
    ar: settings.arLangActive,
    kz: settings.kzLangActive,
    tr: settings.trLangActive,
    zh: settings.zhLangActive,
  };
  const languages = CONTENT_LANGUAGES.filter((l) => active[l] && l !== main);
  const calls: { method: string; params: Record<string, unknown> }[] = [];
  const hook = webhookUrl(merchant, config);
  if (config.telegramUpdates === "webhook" && hook && merchant.telegramWebhookSecret) {
    calls.push({
      method: "setWebhook",
      params: {
        url: hook,
        secret_token: merchant.telegramWebhookSecret,
        allowed_updates: ["message", "callback_query"],
      },
    });
  } else if (config.telegramUpdates === "polling") {
    calls.push({ method: "deleteWebhook", params: {} });
  }
  // The main language is the default (no language_code); the others each their own.
  for (const lang of [main, ...languages]) {
    const code = lang === main ? {} : { language_code: TELEGRAM_CODE[lang] };
    const brand = pickText(merchant.name, lang);
    calls.push({
      method: "setMyCommands",
      params: {
        commands: BOT_COMMANDS.map((c) => ({ command: c.command, description: c.description[lang] })),
        ...code,
      },
    });
    calls.push({
      method: "setMyDescription",
      params: { description: botText("greeting", lang, { brand }), ...code },
    });
    calls.push({
      method: "setMyShortDescription",
      params: { short_description: brand.slice(0, 120), ...code },
    });
  }
  // A language the brand no longer has loses its own commands and descriptions (Telegram then
  // shows the default, the main language's).
  for (const lang of CONTENT_LANGUAGES.filter((l) => !active[l] && l !== main)) {
    const code = { language_code: TELEGRAM_CODE[lang] };
    calls.push({ method: "deleteMyCommands", params: code });
    calls.push({ method: "setMyDescription", params: { description: "", ...code } });
    calls.push({ method: "setMyShortDescription", params: { short_description: "", ...code } });
  }
  const origin = storefrontOrigin(merchant, config);
  // Telegram opens only https pages as mini apps; elsewhere the button lists the commands.
  calls.push({
    method: "setChatMenuButton",
    params: {
      menu_button: origin.startsWith("https://")
        ? { type: "web_app", text: botText("menu", main), web_app: { url: `${origin}/` } }
        : { type: "commands" },
    },
  });
  return calls;
}

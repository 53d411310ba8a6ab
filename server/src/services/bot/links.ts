// Where a brand's bot points: the Bot API it calls (TELEGRAM_API_URL, or the demo's stand-in) and
// the storefront its buttons open.
import type { Config } from "../../config.ts";
import type { BotApiFetch } from "../../integrations/telegram-bot-api.ts";
import type { MerchantRow } from "../../repositories/merchants.ts";
import type { Outside } from "../stand-ins.ts";

/** The Bot API to call: TELEGRAM_API_URL, or in demo and development mode the stand-in handed in. */
export function botApi({ config, standIns }: Outside): { baseUrl: string; fetch?: BotApiFetch } | undefined {
  if (config.telegramApiUrl) return { baseUrl: config.telegramApiUrl };
  if (standIns) return { baseUrl: standIns.telegramBotApi.url, fetch: standIns.telegramBotApi.fetch };
  return undefined;
}

/** The storefront's address of a brand: its domain, PUBLIC_URL with its subdomain, or localhost. */
export function storefrontOrigin(merchant: MerchantRow, config: Config): string {
  if (merchant.domainUrl) {
    return /^https?:\/\//.test(merchant.domainUrl) ? merchant.domainUrl : `https://${merchant.domainUrl}`;
  }
  if (config.publicUrl) {
    const url = new URL(config.publicUrl);
    url.hostname = `${merchant.sub}.${url.hostname}`;
    return url.origin;
  }
  return `http://${merchant.sub}.localhost:${String(config.port)}`;
}

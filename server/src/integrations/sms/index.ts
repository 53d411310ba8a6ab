// Which gateway carries a merchant's codes (docs/decisions.md "Accounts"):
// - SMS_GATEWAY=console (the default in demo mode): the console gateway for every brand;
// - otherwise the brand's own: ESKIZ or PLAY_MOBILE with its credentials;
// - a brand without one gets the console gateway in demo and development mode, and no SMS login
//   (SMS_UNAVAILABLE) in production.
import path from "node:path";
import { CONTENT_LANGUAGES, type ContentLanguage, type SmsGateway as SmsGatewayName } from "#domain/enums.ts";
import { pickText, type Multilingual } from "#domain/multilingual.ts";
import type { Config } from "../../config.ts";
import { createConsoleGateway, SMS_OUTBOX_FILE } from "./console.ts";
import { createEskizGateway } from "./eskiz.ts";
import { createPlayMobileGateway } from "./play-mobile.ts";
import type { Fetch, SmsGateway } from "./types.ts";

export { onConsoleSms } from "./console.ts";
export { SmsError, type SmsGateway, type SmsMessage } from "./types.ts";

/** A brand's gateway settings (the merchant row's columns of the same names). */
interface GatewayMerchant {
  smsGateway: SmsGatewayName | null;
  smsLogin: string | null;
  smsPassword: string | null;
  smsFrom: string | null;
}

export interface GatewayDeps {
  fetch?: Fetch;
  /** Replaces the console gateway's output (tests). */
  consoleWrite?: (line: string) => void;
}

function consoleGateway(config: Config, deps: GatewayDeps): SmsGateway {
  // The outbox file is for the demo's browser journeys; server tests listen in-process instead.
  const outbox = config.demo && config.env !== "test";
  return createConsoleGateway({
    write: deps.consoleWrite ?? (config.logLevel === "silent" ? null : undefined),
    ...(outbox ? { outboxFile: path.join(config.dataDir, SMS_OUTBOX_FILE) } : {}),
  });
}

/** The brand's own gateway is set up (ESKIZ or PLAY_MOBILE with its login and password). */
export function hasOwnGateway(merchant: GatewayMerchant): boolean {
  const { smsGateway, smsLogin, smsPassword } = merchant;
  return (smsGateway === "ESKIZ" || smsGateway === "PLAY_MOBILE") && Boolean(smsLogin && smsPassword);
}

/**
 * How a brand without a gateway of its own is to be reported, once per brand and process: null
 * when nothing is missing (its own gateway, or the console gateway chosen for every brand);
 * "error" in production, where its customers cannot sign in by SMS; "warn" elsewhere, where the
 * console gateway prints its codes instead.
 */
export function missingGatewayLevel(merchant: GatewayMerchant, config: Config): "error" | "warn" | null {
  if (hasOwnGateway(merchant)) return null;
  const consoleAllowed = config.demo || config.env !== "production";
  if (config.smsGateway === "console" && consoleAllowed) return null;
  return consoleAllowed ? "warn" : "error";
}

/** The gateway for this merchant, or undefined when it has none that can be used. */
export function smsGatewayFor(
  merchant: GatewayMerchant,
  config: Config,
  deps: GatewayDeps = {},
): SmsGateway | undefined {
  const consoleAllowed = config.demo || config.env !== "production";
  if (config.smsGateway === "console" && consoleAllowed) return consoleGateway(config, deps);
  const { smsGateway, smsLogin, smsPassword, smsFrom } = merchant;
  if (smsGateway === "ESKIZ" && smsLogin && smsPassword) {
    return createEskizGateway({
      baseUrl: config.eskizApiUrl,
      email: smsLogin,
      password: smsPassword,
      from: smsFrom ?? "4546",
      ...(deps.fetch ? { fetch: deps.fetch } : {}),
    });
  }
  if (smsGateway === "PLAY_MOBILE" && smsLogin && smsPassword) {
    return createPlayMobileGateway({
      baseUrl: config.playMobileApiUrl,
      login: smsLogin,
      password: smsPassword,
      originator: smsFrom ?? "3700",
      ...(deps.fetch ? { fetch: deps.fetch } : {}),
    });
  }
  return consoleAllowed ? consoleGateway(config, deps) : undefined;
}

/** The default SMS wording in every content language; `{brand}` and `{code}` are filled in. */
const CODE_TEXTS: Record<ContentLanguage, string> = {
  uz: "{brand}: {code} - tasdiqlash kodi",
  ru: "{brand}: {code} - код подтверждения",
  eng: "{brand}: {code} - your login code",
  ar: "{brand}: {code} - رمز الدخول الخاص بك",
  kz: "{brand}: {code} - растау коды",
  tr: "{brand}: {code} - giriş kodunuz",
  zh: "{brand}：{code} - 您的登录验证码",
};

/**
 * The SMS text: the brand's `smsContent` when it holds a `{code}` placeholder (gateways such as
 * Eskiz only deliver texts they approved, so the brand controls the wording), else the default in
 * the customer's language naming the brand in that language (pickText's usual fallback).
 */
export function codeMessage(
  code: string,
  brandName: Multilingual | null | undefined,
  fallbackName: string,
  lang: ContentLanguage,
  smsContent: string | null | undefined,
): string {
  if (smsContent?.includes("{code}")) return smsContent.replaceAll("{code}", code);
  const brand = pickText(brandName, lang) || fallbackName;
  // One pass, so a brand name holding "{code}" stays as written.
  return CODE_TEXTS[lang].replace(/\{(brand|code)\}/g, (_, key: string) => (key === "brand" ? brand : code));
}

/** `eng`, `en-US`, `kk`, `ar` -> a content language, or undefined for one the storefront lacks. */
function contentLanguage(value: string | undefined): ContentLanguage | undefined {
  const base = value?.trim().toLowerCase().split(/[-_;]/)[0];
  const normal = base === "en" ? "eng" : base === "kk" ? "kz" : base;
  return (CONTENT_LANGUAGES as readonly string[]).includes(normal ?? "")
    ? (normal as ContentLanguage)
    : undefined;
}

/**
 * The language of a code request: the page's language, which the client sends as Accept-Language
 * (first known tag), else the `lang` cookie the language switcher sets, else the brand's main
 * language, else ru (the storefront's default).
 */
export function requestLanguage(
  headers: { "accept-language"?: string | undefined; cookie?: string | undefined },
  mainLanguage: string | undefined,
): ContentLanguage {
  for (const tag of (headers["accept-language"] ?? "").split(",")) {
    const lang = contentLanguage(tag);
    if (lang) return lang;
  }
  const cookie = /(?:^|;\s*)lang=([^;]+)/.exec(headers.cookie ?? "")?.[1];
  return contentLanguage(cookie) ?? contentLanguage(mainLanguage) ?? "ru";
}

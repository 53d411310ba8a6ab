// Which gateway carries a merchant's codes (docs/decisions.md "Accounts"):
// - SMS_GATEWAY=console (the default in demo mode): the console gateway for every brand;
// - otherwise the brand's own: ESKIZ or PLAY_MOBILE with its credentials;
// - a brand without one gets the console gateway in demo and development mode, and no SMS login
//   (SMS_UNAVAILABLE) in production.
import path from "node:path";
import type { Config } from "../../config.ts";
import type { MerchantRow } from "../../repositories/merchants.ts";
import { createConsoleGateway, SMS_OUTBOX_FILE } from "./console.ts";
import { createEskizGateway } from "./eskiz.ts";
import { createPlayMobileGateway } from "./play-mobile.ts";
import type { Fetch, SmsGateway } from "./types.ts";

export { onConsoleSms } from "./console.ts";
export { SmsError, type SmsGateway, type SmsMessage } from "./types.ts";

type GatewayMerchant = Pick<MerchantRow, "smsGateway" | "smsLogin" | "smsPassword" | "smsFrom">;

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

/**
 * The SMS text: the brand's `smsContent` when it holds a `{code}` placeholder (gateways such as
 * Eskiz only deliver texts they approved, so the brand controls the wording), else a short default.
 */
export function codeMessage(code: string, brandName: string, smsContent: string | null | undefined): string {
  if (smsContent?.includes("{code}")) return smsContent.replaceAll("{code}", code);
  return `${brandName}: ${code} - tasdiqlash kodi / код подтверждения / your login code`;
}

// Telegram Mini App initData and requested-contact payloads: the HMAC check of
// core.telegram.org/bots/webapps ("Validating data received via the Mini App") and the signer the
// demo harness uses. Both payloads are URL-encoded `key=value` lists with a `hash` field:
//   secret = HMAC_SHA256(key "WebAppData", bot token)
//   hash   = hex(HMAC_SHA256(key secret, fields without `hash` as sorted "key=value" lines))
// The third-party `signature` field (Ed25519, Bot API 8.0) is part of the checked string like any
// other field; it is not needed when the bot token is known.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** Telegram's own libraries and ours: initData older than this is refused. */
export const INIT_DATA_MAX_AGE_SECONDS = 24 * 60 * 60;
/** Clock skew tolerated for an auth_date in the future. */
const FUTURE_SKEW_SECONDS = 5 * 60;

export type InitDataFailure =
  /** No hash, no auth_date, a field that does not parse: not initData at all. */
  | "MALFORMED"
  /** The hash does not match: changed after signing, or signed with another bot's token. */
  | "BAD_SIGNATURE"
  /** Signed, but auth_date is older than the allowed age (or too far in the future). */
  | "EXPIRED";

export interface TelegramUser {
  /** Telegram ids can need more than 53 bits: kept exact as a bigint. */
  id: bigint;
  firstName: string;
  lastName: string | undefined;
  username: string | undefined;
  languageCode: string | undefined;
  isPremium: boolean;
  photoUrl: string | undefined;
}

export interface VerifiedInitData {
  authDate: Date;
  user: TelegramUser;
  startParam: string | undefined;
  queryId: string | undefined;
  chatType: string | undefined;
}

export interface VerifiedContact {
  authDate: Date;
  userId: bigint;
  /** As Telegram sends it: digits, sometimes with a leading "+". */
  phoneNumber: string;
  firstName: string;
  lastName: string | undefined;
}

export type VerifyResult<T> = { ok: true; value: T } | { ok: false; reason: InitDataFailure };

export interface VerifyOptions {
  /** Seconds; 0 skips the age check (the contact payload is checked together with initData). */
  maxAgeSeconds?: number;
  now?: Date;
}

function secretKey(botToken: string): Buffer {
  return createHmac("sha256", "WebAppData").update(botToken).digest();
}

function dataCheckString(params: URLSearchParams): string {
  return [...params.entries()]
    .filter(([key]) => key !== "hash")
    .map(([key, value]) => `${key}=${value}`)
    .sort()
    .join("\n");
}

function hashOf(params: URLSearchParams, botToken: string): string {
  return createHmac("sha256", secretKey(botToken)).update(dataCheckString(params)).digest("hex");
}

/** JSON.parse that keeps integer ids exact: `id` and `user_id` numbers become bigints. */
function parseJsonWithIds(text: string): unknown {
  const reviver = (key: string, value: unknown, context?: { source?: string }): unknown => {
    if ((key === "id" || key === "user_id") && typeof value === "number") {
      const source = context?.source;
      return source !== undefined && /^-?\d+$/.test(source) ? BigInt(source) : BigInt(Math.trunc(value));
    }
    return value;
  };
  // Node 22+ passes the source text as the third argument (ES2025 "JSON.parse source text access").
  return JSON.parse(text, reviver);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function optionalString(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

/** Checks the signature and the age; answers the failure reason instead of throwing. */
function checkSigned(
  raw: string,
  botToken: string,
  options: VerifyOptions,
): { ok: true; params: URLSearchParams; authDate: Date } | { ok: false; reason: InitDataFailure } {
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(raw.startsWith("?") ? raw.slice(1) : raw);
  } catch {
    return { ok: false, reason: "MALFORMED" };
  }
  const hash = params.get("hash");
  const authDateText = params.get("auth_date");
  if (!hash || !/^[0-9a-f]{64}$/i.test(hash) || !authDateText || !/^\d{1,12}$/.test(authDateText)) {
    return { ok: false, reason: "MALFORMED" };
  }
  const expected = Buffer.from(hashOf(params, botToken), "hex");
  const given = Buffer.from(hash.toLowerCase(), "hex");
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return { ok: false, reason: "BAD_SIGNATURE" };
  }
  const authSeconds = Number(authDateText);
  const nowSeconds = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const maxAge = options.maxAgeSeconds ?? INIT_DATA_MAX_AGE_SECONDS;
  if (maxAge > 0 && (nowSeconds - authSeconds > maxAge || authSeconds - nowSeconds > FUTURE_SKEW_SECONDS)) {
    return { ok: false, reason: "EXPIRED" };
  }
  return { ok: true, params, authDate: new Date(authSeconds * 1000) };
}

/** Validates Mini App initData with the bot's token; the user must be present. */
export function verifyInitData(
  raw: string,
  botToken: string,
  options: VerifyOptions = {},
): VerifyResult<VerifiedInitData> {
  const checked = checkSigned(raw, botToken, options);
  if (!checked.ok) return checked;
  const userText = checked.params.get("user");
  if (!userText) return { ok: false, reason: "MALFORMED" };
  let user: unknown;
  try {
    user = parseJsonWithIds(userText);
  } catch {
    return { ok: false, reason: "MALFORMED" };
  }
  if (!isRecord(user) || typeof user.id !== "bigint" || user.id <= 0n)
    return { ok: false, reason: "MALFORMED" };
  return {
    ok: true,
    value: {
      authDate: checked.authDate,
      user: {
        id: user.id,
        firstName: optionalString(user.first_name) ?? "",
        lastName: optionalString(user.last_name),
        username: optionalString(user.username),
        languageCode: optionalString(user.language_code),
        isPremium: user.is_premium === true,
        photoUrl: optionalString(user.photo_url),
      },
      startParam: optionalString(checked.params.get("start_param")),
      queryId: optionalString(checked.params.get("query_id")),
      chatType: optionalString(checked.params.get("chat_type")),
    },
  };
}

/**
 * Validates the payload Telegram answers to requestContact (the SDK's `requestContactComplete().raw`):
 * `contact=<json>&auth_date=<s>&hash=<hex>`, signed like initData.
 */
export function verifyContact(
  raw: string,
  botToken: string,
  options: VerifyOptions = {},
): VerifyResult<VerifiedContact> {
  const checked = checkSigned(raw, botToken, options);
  if (!checked.ok) return checked;
  const contactText = checked.params.get("contact");
  if (!contactText) return { ok: false, reason: "MALFORMED" };
  let contact: unknown;
  try {
    contact = parseJsonWithIds(contactText);
  } catch {
    return { ok: false, reason: "MALFORMED" };
  }
  if (
    !isRecord(contact) ||
    typeof contact.user_id !== "bigint" ||
    typeof contact.phone_number !== "string" ||
    !/^\+?\d{7,15}$/.test(contact.phone_number)
  ) {
    return { ok: false, reason: "MALFORMED" };
  }
  return {
    ok: true,
    value: {
      authDate: checked.authDate,
      userId: contact.user_id,
      phoneNumber: contact.phone_number,
      firstName: optionalString(contact.first_name) ?? "",
      lastName: optionalString(contact.last_name),
    },
  };
}

/** JSON with bigints written as plain numbers (Telegram writes ids as JSON numbers). */
function stringifyWithIds(value: Record<string, unknown>): string {
  const marked = JSON.stringify(value, (_key, v: unknown) => (typeof v === "bigint" ? `__int:${v}` : v));
  return marked.replace(/"__int:(-?\d+)"/g, "$1");
}

/** Signs `fields` (strings, or objects serialised as JSON) the way Telegram does; for the demo harness. */
export function signTelegramData(
  fields: Record<string, string | Record<string, unknown>>,
  botToken: string,
  authDate: Date,
): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    params.set(key, typeof value === "string" ? value : stringifyWithIds(value));
  }
  params.set("auth_date", String(Math.floor(authDate.getTime() / 1000)));
  params.set("hash", hashOf(params, botToken));
  return params.toString();
}

export interface SignUserInput {
  id: bigint;
  firstName: string;
  lastName?: string | undefined;
  username?: string | undefined;
  languageCode?: string | undefined;
  isPremium?: boolean | undefined;
}

function userJson(user: SignUserInput): Record<string, unknown> {
  return {
    id: user.id,
    first_name: user.firstName,
    ...(user.lastName ? { last_name: user.lastName } : {}),
    ...(user.username ? { username: user.username } : {}),
    ...(user.languageCode ? { language_code: user.languageCode } : {}),
    ...(user.isPremium ? { is_premium: true } : {}),
    allows_write_to_pm: true,
  };
}

/** Builds and signs initData for a user, as Telegram would hand it to the mini app. */
export function signInitData(
  user: SignUserInput,
  botToken: string,
  options: { authDate?: Date; startParam?: string; chatType?: string } = {},
): string {
  const fields: Record<string, string | Record<string, unknown>> = {
    user: userJson(user),
    chat_instance: "-1",
    chat_type: options.chatType ?? "sender",
    // Telegram's Ed25519 signature for third parties (Bot API 8.0). Clients (and the SDK's parser)
    // expect the field; only Telegram can make a real one, and the HMAC hash covers it either way.
    signature: randomBytes(64).toString("base64url"),
  };
  if (options.startParam) fields.start_param = options.startParam;
  return signTelegramData(fields, botToken, options.authDate ?? new Date());
}

/** Builds and signs the payload Telegram answers to requestContact. */
export function signContact(
  contact: { userId: bigint; phoneNumber: string; firstName: string; lastName?: string | undefined },
  botToken: string,
  authDate: Date = new Date(),
): string {
  return signTelegramData(
    {
      contact: {
        user_id: contact.userId,
        phone_number: contact.phoneNumber,
        first_name: contact.firstName,
        ...(contact.lastName ? { last_name: contact.lastName } : {}),
      },
    },
    botToken,
    authDate,
  );
}

// One-time codes (docs/decisions.md "Accounts"): 6 digits from the CSPRNG, valid 120 s, a new one
// after 60 s, locked after 5 wrong tries, at most 5 per phone per hour and a per-address limit.
// Only a salted HMAC of the code is stored and it is compared in constant time. A code lives two
// minutes, so the hash is there to keep codes out of backups and logs, not to resist a brute force
// of a leaked live row. The same rules guard the code of a phone change (phone_changes).
import { createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import {
  OTP_CODE_LENGTH,
  OTP_CODES_PER_PHONE_PER_HOUR,
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_AFTER_SECONDS,
  OTP_TTL_SECONDS,
} from "#domain/contract/users.ts";
import type { AuthChannel } from "#domain/enums.ts";
import type { Db } from "../../db/types.ts";
import {
  consumeLiveCodes,
  consumePhoneChangeCode,
  countCodesSince,
  deleteLoginCode,
  deletePhoneChangeCode,
  insertLoginCode,
  insertPhoneChangeCode,
  lockCodeKey,
  lockNewestLiveCode,
  newestCodeTime,
  updateCode,
  type CodeOwner,
} from "../../repositories/otp-codes.ts";

/** Codes one client address may request per hour at one brand (many customers share a carrier's NAT). */
export const OTP_CODES_PER_IP_PER_HOUR = 200;
const HOUR_MS = 60 * 60 * 1000;

export function generateCode(): string {
  return String(randomInt(0, 10 ** OTP_CODE_LENGTH)).padStart(OTP_CODE_LENGTH, "0");
}

/** `salt$hmac`: HMAC-SHA256 keyed by a random salt over the phone and the code. */
export function hashCode(phone: string, code: string, salt = randomBytes(16).toString("base64url")): string {
  const mac = createHmac("sha256", salt).update(`${phone}:${code}`).digest("base64url");
  return `${salt}$${mac}`;
}

/** Constant-time check of a code against its stored hash. */
export function codeMatches(stored: string, phone: string, code: string): boolean {
  const salt = stored.slice(0, stored.indexOf("$"));
  if (!salt) return false;
  const expected = Buffer.from(stored);
  const actual = Buffer.from(hashCode(phone, code, salt));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

export type IssueRefusal =
  | { ok: false; reason: "RESEND_TOO_EARLY"; retryAfterSeconds: number }
  | { ok: false; reason: "PHONE_LIMIT"; retryAfterSeconds: number }
  | { ok: false; reason: "IP_LIMIT"; retryAfterSeconds: number };

export type IssueResult =
  { ok: true; id: string; code: string; expiresInSeconds: number; resendAfterSeconds: number } | IssueRefusal;

export type VerifyResult = { ok: true; id: string } | { ok: false; reason: "INVALID" | "LOCKED" };

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** A refusal when `owner` got `max` codes in the hour before `now`, else null. */
async function hourlyLimit(
  tx: Db,
  owner: CodeOwner,
  max: number,
  reason: "PHONE_LIMIT" | "IP_LIMIT",
  now: Date,
): Promise<IssueRefusal | null> {
  const recent = await countCodesSince(tx, owner, new Date(now.getTime() - HOUR_MS));
  if (recent.n < max) return null;
  const first = recent.first ?? now;
  return { ok: false, reason, retryAfterSeconds: seconds(first.getTime() + HOUR_MS - now.getTime()) };
}

interface IssueSpec {
  /** The advisory lock that serialises issuing for the key. */
  lock: string;
  /** The key's codes (a phone's login codes, a customer's phone changes). */
  owner: CodeOwner;
  phone: string;
  now: Date;
  /** Limits beyond the key's own (the client address for login codes). */
  more?: (tx: Db) => Promise<IssueRefusal | null>;
  /** Stores the new code; answers its id. */
  insert: (
    tx: Db,
    code: { codeHash: string; expiresAt: Date; createdDate: Date },
  ) => Promise<{ id: string } | undefined>;
}

/**
 * Limits, then insert: the resend countdown and the hourly count of the key's codes, any further
 * limit, then the key's earlier live codes stop working and a new one is stored.
 */
async function issueCode(db: Db, spec: IssueSpec): Promise<IssueResult> {
  const { owner, now } = spec;
  return db.transaction(async (tx) => {
    await lockCodeKey(tx, spec.lock);
    const last = await newestCodeTime(tx, owner);
    const sinceLast = last ? now.getTime() - last.getTime() : Infinity;
    if (sinceLast < OTP_RESEND_AFTER_SECONDS * 1000) {
      return {
        ok: false,
        reason: "RESEND_TOO_EARLY",
        retryAfterSeconds: seconds(OTP_RESEND_AFTER_SECONDS * 1000 - sinceLast),
      };
    }
    const refusal =
      (await hourlyLimit(tx, owner, OTP_CODES_PER_PHONE_PER_HOUR, "PHONE_LIMIT", now)) ??
      (await spec.more?.(tx)) ??
      null;
    if (refusal) return refusal;
    await consumeLiveCodes(tx, owner, now);
    const code = generateCode();
    const row = await spec.insert(tx, {
      codeHash: hashCode(spec.phone, code),
      expiresAt: new Date(now.getTime() + OTP_TTL_SECONDS * 1000),
      createdDate: now,
    });
    if (!row) throw new Error("code insert returned no row");
    return {
      ok: true,
      id: row.id,
      code,
      expiresInSeconds: OTP_TTL_SECONDS,
      resendAfterSeconds: OTP_RESEND_AFTER_SECONDS,
    };
  });
}

/**
 * Checks the newest live code of the key, which must be for `phone`: a wrong try counts against it
 * and the fifth locks it; a right one is used up (only once, even when two requests race).
 *
 * The code's row is locked (SELECT ... FOR UPDATE) for the whole check, so tries of the same code on
 * any number of API processes are judged one after another against the committed count: parallel
 * wrong guesses stop at OTP_MAX_ATTEMPTS, and no guess is compared once the code is locked.
 */
async function checkNewestCode(
  db: Db,
  owner: CodeOwner,
  { phone, code, now }: { phone: string; code: string; now: Date },
): Promise<VerifyResult> {
  return db.transaction(async (tx) => {
    const row = await lockNewestLiveCode(tx, owner);
    if (!row || row.phone !== phone || row.expiresAt.getTime() <= now.getTime()) {
      return { ok: false, reason: "INVALID" };
    }
    if (row.attempts >= OTP_MAX_ATTEMPTS) return { ok: false, reason: "LOCKED" };
    if (!codeMatches(row.codeHash, phone, code)) {
      const attempts = row.attempts + 1;
      await updateCode(tx, owner, { id: row.id, set: { attempts } });
      return { ok: false, reason: attempts >= OTP_MAX_ATTEMPTS ? "LOCKED" : "INVALID" };
    }
    await updateCode(tx, owner, { id: row.id, set: { consumedAt: now } });
    return { ok: true, id: row.id };
  });
}

interface IssueInput {
  merchantId: string;
  phone: string;
  ip: string;
  now?: Date;
}

/** A new login code for the phone, or why not. Earlier live codes of the phone stop working. */
export async function issueLoginCode(db: Db, input: IssueInput): Promise<IssueResult> {
  const { merchantId, phone, ip } = input;
  const now = input.now ?? new Date();
  return issueCode(db, {
    lock: `otp:${merchantId}:${phone}`,
    owner: { kind: "login", merchantId, phone },
    phone,
    now,
    more: (tx) =>
      hourlyLimit(tx, { kind: "login-ip", merchantId, ip }, OTP_CODES_PER_IP_PER_HOUR, "IP_LIMIT", now),
    insert: (tx, code) => insertLoginCode(tx, { merchantId, phone, ip, ...code }),
  });
}

/** Forgets a code that never reached the customer (the gateway failed), so a retry is not delayed. */
export async function withdrawLoginCode(db: Db, { merchantId, id }: { merchantId: string; id: string }) {
  await deleteLoginCode(db, { merchantId, id });
}

/** Checks a login code: the newest live code of the phone is the only one that counts. */
export async function verifyLoginCode(
  db: Db,
  {
    merchantId,
    phone,
    code,
    now = new Date(),
  }: { merchantId: string; phone: string; code: string; now?: Date },
): Promise<VerifyResult> {
  return checkNewestCode(db, { kind: "login", merchantId, phone }, { phone, code, now });
}

interface PhoneChangeInput {
  merchantId: string;
  userId: string;
  phone: string;
  type: AuthChannel;
  now?: Date;
}

/** A code for a logged-in customer's new phone: the login code's rules, counted per customer. */
export async function issuePhoneChangeCode(db: Db, input: PhoneChangeInput): Promise<IssueResult> {
  const { merchantId, userId, phone, type } = input;
  return issueCode(db, {
    lock: `phone-change:${merchantId}:${userId}`,
    owner: { kind: "phone-change", merchantId, userId },
    phone,
    now: input.now ?? new Date(),
    insert: (tx, code) => insertPhoneChangeCode(tx, { merchantId, userId, phone, type, ...code }),
  });
}

export async function withdrawPhoneChangeCode(
  db: Db,
  { merchantId, id }: { merchantId: string; id: string },
) {
  await deletePhoneChangeCode(db, { merchantId, id });
}

/** Makes a code unusable but keeps it counted (a refused number still spends one of the customer's codes). */
export async function voidPhoneChangeCode(
  db: Db,
  { merchantId, id, now = new Date() }: { merchantId: string; id: string; now?: Date },
) {
  await consumePhoneChangeCode(db, { merchantId, id, now });
}

/** Checks the code of the customer's newest pending phone change, which must be for `phone`. */
export async function verifyPhoneChangeCode(
  db: Db,
  {
    merchantId,
    userId,
    phone,
    code,
    now = new Date(),
  }: { merchantId: string; userId: string; phone: string; code: string; now?: Date },
): Promise<VerifyResult> {
  return checkNewestCode(db, { kind: "phone-change", merchantId, userId }, { phone, code, now });
}

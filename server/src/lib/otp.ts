// One-time codes (docs/decisions.md "Accounts"): 6 digits from the CSPRNG, valid 120 s, a new one
// after 60 s, locked after 5 wrong tries, at most 5 per phone per hour and a per-address limit.
// Only a salted HMAC of the code is stored and it is compared in constant time. A code lives two
// minutes, so the hash is there to keep codes out of backups and logs, not to resist a brute force
// of a leaked live row. The same rules guard the code of a phone change (phone_changes).
import { createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { and, count, desc, eq, gt, isNull, min, sql } from "drizzle-orm";
import {
  OTP_CODE_LENGTH,
  OTP_CODES_PER_PHONE_PER_HOUR,
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_AFTER_SECONDS,
  OTP_TTL_SECONDS,
} from "../../../src/domain/contract/users.ts";
import type { AuthChannel } from "../../../src/domain/enums.ts";
import { otpCodes, phoneChanges } from "../db/schema/index.ts";
import type { Db } from "../db/types.ts";

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

/** Serialises code issuing per key for the transaction, so two quick requests cannot both pass the limits. */
async function lockKey(tx: Db, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

interface IssueInput {
  merchantId: string;
  phone: string;
  ip: string;
  now?: Date;
}

/** A new login code for the phone, or why not. Earlier live codes of the phone stop working. */
export async function issueLoginCode(db: Db, input: IssueInput): Promise<IssueResult> {
  const now = input.now ?? new Date();
  const hourAgo = new Date(now.getTime() - HOUR_MS);
  return db.transaction(async (tx) => {
    await lockKey(tx, `otp:${input.merchantId}:${input.phone}`);
    const [recent] = await tx
      .select({ n: count(), first: min(otpCodes.createdDate) })
      .from(otpCodes)
      .where(
        and(
          eq(otpCodes.merchantId, input.merchantId),
          eq(otpCodes.phone, input.phone),
          gt(otpCodes.createdDate, hourAgo),
        ),
      );
    const [last] = await tx
      .select({ createdDate: otpCodes.createdDate })
      .from(otpCodes)
      .where(and(eq(otpCodes.merchantId, input.merchantId), eq(otpCodes.phone, input.phone)))
      .orderBy(desc(otpCodes.createdDate))
      .limit(1);
    const sinceLast = last ? now.getTime() - last.createdDate.getTime() : Infinity;
    if (sinceLast < OTP_RESEND_AFTER_SECONDS * 1000) {
      return {
        ok: false,
        reason: "RESEND_TOO_EARLY",
        retryAfterSeconds: seconds(OTP_RESEND_AFTER_SECONDS * 1000 - sinceLast),
      };
    }
    if (recent && recent.n >= OTP_CODES_PER_PHONE_PER_HOUR) {
      const first = recent.first ?? now;
      return {
        ok: false,
        reason: "PHONE_LIMIT",
        retryAfterSeconds: seconds(first.getTime() + HOUR_MS - now.getTime()),
      };
    }
    const [byIp] = await tx
      .select({ n: count(), first: min(otpCodes.createdDate) })
      .from(otpCodes)
      .where(
        and(
          eq(otpCodes.merchantId, input.merchantId),
          eq(otpCodes.ip, input.ip),
          gt(otpCodes.createdDate, hourAgo),
        ),
      );
    if (byIp && byIp.n >= OTP_CODES_PER_IP_PER_HOUR) {
      const first = byIp.first ?? now;
      return {
        ok: false,
        reason: "IP_LIMIT",
        retryAfterSeconds: seconds(first.getTime() + HOUR_MS - now.getTime()),
      };
    }
    await tx
      .update(otpCodes)
      .set({ consumedAt: now })
      .where(
        and(
          eq(otpCodes.merchantId, input.merchantId),
          eq(otpCodes.phone, input.phone),
          isNull(otpCodes.consumedAt),
        ),
      );
    const code = generateCode();
    const [row] = await tx
      .insert(otpCodes)
      .values({
        merchantId: input.merchantId,
        phone: input.phone,
        ip: input.ip,
        codeHash: hashCode(input.phone, code),
        expiresAt: new Date(now.getTime() + OTP_TTL_SECONDS * 1000),
        createdDate: now,
      })
      .returning({ id: otpCodes.id });
    if (!row) throw new Error("otp insert returned no row");
    return {
      ok: true,
      id: row.id,
      code,
      expiresInSeconds: OTP_TTL_SECONDS,
      resendAfterSeconds: OTP_RESEND_AFTER_SECONDS,
    };
  });
}

/** Forgets a code that never reached the customer (the gateway failed), so a retry is not delayed. */
export async function withdrawLoginCode(db: Db, { merchantId, id }: { merchantId: string; id: string }) {
  await db.delete(otpCodes).where(and(eq(otpCodes.id, id), eq(otpCodes.merchantId, merchantId)));
}

/**
 * Checks a login code. The newest live code of the phone is the only one that counts; a wrong try
 * counts against it and the fifth locks it; a right one is used up (only once, even when two
 * requests race).
 */
export async function verifyLoginCode(
  db: Db,
  {
    merchantId,
    phone,
    code,
    now = new Date(),
  }: { merchantId: string; phone: string; code: string; now?: Date },
): Promise<VerifyResult> {
  const [row] = await db
    .select()
    .from(otpCodes)
    .where(and(eq(otpCodes.merchantId, merchantId), eq(otpCodes.phone, phone), isNull(otpCodes.consumedAt)))
    .orderBy(desc(otpCodes.createdDate))
    .limit(1);
  if (!row || row.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: "INVALID" };
  if (row.attempts >= OTP_MAX_ATTEMPTS) return { ok: false, reason: "LOCKED" };
  if (!codeMatches(row.codeHash, phone, code)) {
    const [counted] = await db
      .update(otpCodes)
      .set({ attempts: sql`${otpCodes.attempts} + 1` })
      .where(and(eq(otpCodes.id, row.id), sql`${otpCodes.attempts} < ${OTP_MAX_ATTEMPTS}`))
      .returning({ attempts: otpCodes.attempts });
    return { ok: false, reason: !counted || counted.attempts >= OTP_MAX_ATTEMPTS ? "LOCKED" : "INVALID" };
  }
  const [used] = await db
    .update(otpCodes)
    .set({ consumedAt: now })
    .where(
      and(
        eq(otpCodes.id, row.id),
        isNull(otpCodes.consumedAt),
        sql`${otpCodes.attempts} < ${OTP_MAX_ATTEMPTS}`,
        gt(otpCodes.expiresAt, now),
      ),
    )
    .returning({ id: otpCodes.id });
  return used ? { ok: true, id: used.id } : { ok: false, reason: "INVALID" };
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
  const now = input.now ?? new Date();
  const hourAgo = new Date(now.getTime() - HOUR_MS);
  const mine = and(eq(phoneChanges.merchantId, input.merchantId), eq(phoneChanges.userId, input.userId));
  return db.transaction(async (tx) => {
    await lockKey(tx, `phone-change:${input.merchantId}:${input.userId}`);
    const [recent] = await tx
      .select({ n: count(), first: min(phoneChanges.createdDate) })
      .from(phoneChanges)
      .where(and(mine, gt(phoneChanges.createdDate, hourAgo)));
    const [last] = await tx
      .select({ createdDate: phoneChanges.createdDate })
      .from(phoneChanges)
      .where(mine)
      .orderBy(desc(phoneChanges.createdDate))
      .limit(1);
    const sinceLast = last ? now.getTime() - last.createdDate.getTime() : Infinity;
    if (sinceLast < OTP_RESEND_AFTER_SECONDS * 1000) {
      return {
        ok: false,
        reason: "RESEND_TOO_EARLY",
        retryAfterSeconds: seconds(OTP_RESEND_AFTER_SECONDS * 1000 - sinceLast),
      };
    }
    if (recent && recent.n >= OTP_CODES_PER_PHONE_PER_HOUR) {
      const first = recent.first ?? now;
      return {
        ok: false,
        reason: "PHONE_LIMIT",
        retryAfterSeconds: seconds(first.getTime() + HOUR_MS - now.getTime()),
      };
    }
    await tx
      .update(phoneChanges)
      .set({ consumedAt: now })
      .where(and(mine, isNull(phoneChanges.consumedAt)));
    const code = generateCode();
    const [row] = await tx
      .insert(phoneChanges)
      .values({
        merchantId: input.merchantId,
        userId: input.userId,
        phone: input.phone,
        type: input.type,
        codeHash: hashCode(input.phone, code),
        expiresAt: new Date(now.getTime() + OTP_TTL_SECONDS * 1000),
        createdDate: now,
      })
      .returning({ id: phoneChanges.id });
    if (!row) throw new Error("phone change insert returned no row");
    return {
      ok: true,
      id: row.id,
      code,
      expiresInSeconds: OTP_TTL_SECONDS,
      resendAfterSeconds: OTP_RESEND_AFTER_SECONDS,
    };
  });
}

export async function withdrawPhoneChangeCode(
  db: Db,
  { merchantId, id }: { merchantId: string; id: string },
) {
  await db.delete(phoneChanges).where(and(eq(phoneChanges.id, id), eq(phoneChanges.merchantId, merchantId)));
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
  const [row] = await db
    .select()
    .from(phoneChanges)
    .where(
      and(
        eq(phoneChanges.merchantId, merchantId),
        eq(phoneChanges.userId, userId),
        isNull(phoneChanges.consumedAt),
      ),
    )
    .orderBy(desc(phoneChanges.createdDate))
    .limit(1);
  if (!row || row.phone !== phone || row.expiresAt.getTime() <= now.getTime()) {
    return { ok: false, reason: "INVALID" };
  }
  if (row.attempts >= OTP_MAX_ATTEMPTS) return { ok: false, reason: "LOCKED" };
  if (!codeMatches(row.codeHash, phone, code)) {
    const [counted] = await db
      .update(phoneChanges)
      .set({ attempts: sql`${phoneChanges.attempts} + 1` })
      .where(and(eq(phoneChanges.id, row.id), sql`${phoneChanges.attempts} < ${OTP_MAX_ATTEMPTS}`))
      .returning({ attempts: phoneChanges.attempts });
    return { ok: false, reason: !counted || counted.attempts >= OTP_MAX_ATTEMPTS ? "LOCKED" : "INVALID" };
  }
  const [used] = await db
    .update(phoneChanges)
    .set({ consumedAt: now })
    .where(
      and(
        eq(phoneChanges.id, row.id),
        isNull(phoneChanges.consumedAt),
        sql`${phoneChanges.attempts} < ${OTP_MAX_ATTEMPTS}`,
        gt(phoneChanges.expiresAt, now),
      ),
    )
    .returning({ id: phoneChanges.id });
  return used ? { ok: true, id: used.id } : { ok: false, reason: "INVALID" };
}

// The one-time codes of logins (otp_codes, per brand and phone) and of phone changes (phone_changes,
// per brand and customer). The rules (limits, hashing, tries) are services/accounts/otp.ts.
import { and, count, desc, eq, gt, isNull, min, sql, type SQL } from "drizzle-orm";
import type { AuthChannel } from "#domain/enums.ts";
import { otpCodes, phoneChanges } from "../db/schema/index.ts";
import type { Db } from "../db/types.ts";

/** Whose codes: a phone's login codes, those asked from one client address, or a customer's phone changes. */
export type CodeOwner =
  | { kind: "login"; merchantId: string; phone: string }
  | { kind: "login-ip"; merchantId: string; ip: string }
  | { kind: "phone-change"; merchantId: string; userId: string };

type CodeTable = typeof otpCodes | typeof phoneChanges;

function tableOf(owner: CodeOwner): CodeTable {
  return owner.kind === "phone-change" ? phoneChanges : otpCodes;
}

function whereOf(owner: CodeOwner): SQL | undefined {
  switch (owner.kind) {
    case "login":
      return and(eq(otpCodes.merchantId, owner.merchantId), eq(otpCodes.phone, owner.phone));
    case "login-ip":
      return and(eq(otpCodes.merchantId, owner.merchantId), eq(otpCodes.ip, owner.ip));
    case "phone-change":
      return and(eq(phoneChanges.merchantId, owner.merchantId), eq(phoneChanges.userId, owner.userId));
  }
}

/** Serialises work on `key` until the transaction ends. */
export async function lockCodeKey(tx: Db, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

/** When the owner's newest code was made. */
export async function newestCodeTime(tx: Db, owner: CodeOwner): Promise<Date | undefined> {
  const table = tableOf(owner);
  const [last] = await tx
    .select({ createdDate: table.createdDate })
    .from(table)
    .where(whereOf(owner))
    .orderBy(desc(table.createdDate))
    .limit(1);
  return last?.createdDate;
}

/** How many codes the owner got since `since`, and when the first of them was made. */
export async function countCodesSince(
  tx: Db,
  owner: CodeOwner,
  since: Date,
): Promise<{ n: number; first: Date | null }> {
  const table = tableOf(owner);
  const [recent] = await tx
    .select({ n: count(), first: min(table.createdDate) })
    .from(table)
    .where(and(whereOf(owner), gt(table.createdDate, since)));
  return { n: recent?.n ?? 0, first: recent?.first ?? null };
}

/** The owner's live codes stop working. */
export async function consumeLiveCodes(tx: Db, owner: CodeOwner, now: Date): Promise<void> {
  const table = tableOf(owner);
  await tx
    .update(table)
    .set({ consumedAt: now })
    .where(and(whereOf(owner), isNull(table.consumedAt)));
}

interface NewCode {
  codeHash: string;
  expiresAt: Date;
  createdDate: Date;
}

export async function insertLoginCode(
  tx: Db,
  values: NewCode & { merchantId: string; phone: string; ip: string },
): Promise<{ id: string } | undefined> {
  const [row] = await tx.insert(otpCodes).values(values).returning({ id: otpCodes.id });
  return row;
}

export async function insertPhoneChangeCode(
  tx: Db,
  values: NewCode & { merchantId: string; userId: string; phone: string; type: AuthChannel },
): Promise<{ id: string } | undefined> {
  const [row] = await tx.insert(phoneChanges).values(values).returning({ id: phoneChanges.id });
  return row;
}

export interface LiveCode {
  id: string;
  phone: string;
  codeHash: string;
  attempts: number;
  expiresAt: Date;
}

/** The owner's newest live code, locked until the transaction ends. */
export async function lockNewestLiveCode(tx: Db, owner: CodeOwner): Promise<LiveCode | undefined> {
  const table = tableOf(owner);
  const [row] = await tx
    .select({
      id: table.id,
      phone: table.phone,
      codeHash: table.codeHash,
      attempts: table.attempts,
      expiresAt: table.expiresAt,
    })
    .from(table)
    .where(and(whereOf(owner), isNull(table.consumedAt)))
    .orderBy(desc(table.createdDate))
    .limit(1)
    .for("update");
  return row;
}

export async function updateCode(
  tx: Db,
  owner: CodeOwner,
  { id, set }: { id: string; set: { attempts?: number; consumedAt?: Date } },
): Promise<void> {
  const table = tableOf(owner);
  await tx.update(table).set(set).where(eq(table.id, id));
}

export async function deleteLoginCode(db: Db, { merchantId, id }: { merchantId: string; id: string }) {
  await db.delete(otpCodes).where(and(eq(otpCodes.id, id), eq(otpCodes.merchantId, merchantId)));
}

export async function deletePhoneChangeCode(db: Db, { merchantId, id }: { merchantId: string; id: string }) {
  await db.delete(phoneChanges).where(and(eq(phoneChanges.id, id), eq(phoneChanges.merchantId, merchantId)));
}

/** Makes a phone change's code unusable but keeps it counted. */
export async function consumePhoneChangeCode(
  db: Db,
  { merchantId, id, now }: { merchantId: string; id: string; now: Date },
) {
  await db
    .update(phoneChanges)
    .set({ consumedAt: now })
    .where(and(eq(phoneChanges.id, id), eq(phoneChanges.merchantId, merchantId)));
}

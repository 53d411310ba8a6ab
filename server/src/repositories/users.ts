// Users of one merchant: lookups by Telegram id, phone and Click id, and the account merge that
// happens when a Telegram user proves a phone that already has an account at the brand.
import { and, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { ContentLanguage } from "#domain/enums.ts";
import { ACTIVE_ORDER_STATUSES } from "#domain/order-status.ts";
import { botSessions, grades, orders, otpCodes, sessions, users } from "../db/schema/index.ts";
import type { Db } from "../db/types.ts";

export type UserRow = typeof users.$inferSelect;

interface Tenant {
  merchantId: string;
}

/** E.164 of a phone Telegram or Click vouches for (src/domain/phone.ts), or undefined. */
export { normalisePhone } from "#domain/phone.ts";

/** The app's content language for a Telegram/Click language code: uz, ru, en -> eng; others none. */
export function contentLanguageOf(code: string | undefined): ContentLanguage | undefined {
  const base = code?.toLowerCase().split(/[-_]/)[0];
  if (base === "uz" || base === "ru") return base;
  if (base === "en" || base === "eng") return "eng";
  return undefined;
}

const live = (merchantId: string) => and(eq(users.merchantId, merchantId), isNull(users.deletedAt));

export async function findUserById(
  db: Db,
  { merchantId, id }: Tenant & { id: string },
): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(live(merchantId), eq(users.id, id)))
    .limit(1);
  return row;
}

export async function findUserByTelegramId(
  db: Db,
  { merchantId, telegramId }: Tenant & { telegramId: bigint },
): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(live(merchantId), eq(users.telegramId, telegramId)))
    .limit(1);
  return row;
}

export async function findUserByPhone(
  db: Db,
  { merchantId, phone }: Tenant & { phone: string },
): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(live(merchantId), eq(users.phone, phone)))
    .limit(1);
  return row;
}

export async function findUserByClickUserId(
  db: Db,
  { merchantId, clickUserId }: Tenant & { clickUserId: string },
): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(live(merchantId), eq(users.clickUserId, clickUserId)))
    .limit(1);
  return row;
}

export interface TelegramProfile {
  telegramId: bigint;
  firstName: string;
  lastName: string | undefined;
  language: ContentLanguage | undefined;
}

/**
 * The user of this Telegram id at the merchant, created on first sight. A concurrent first login
 * of the same person (two tabs) meets the unique index and reads the winner's row.
 */
export async function findOrCreateTelegramUser(
  db: Db,
  { merchantId, profile }: Tenant & { profile: TelegramProfile },
): Promise<{ user: UserRow; created: boolean }> {
  const existing = await findUserByTelegramId(db, { merchantId, telegramId: profile.telegramId });
  if (existing) {
    if (!existing.isActive) return { user: existing, created: false };
    // Names Telegram knows fill empty ones; names the customer typed are kept.
    const patch: Partial<UserRow> = {};
    if (!existing.firstName && profile.firstName) patch.firstName = profile.firstName;
    if (!existing.lastName && profile.lastName) patch.lastName = profile.lastName;
    if (!existing.language && profile.language) patch.language = profile.language;
    if (Object.keys(patch).length === 0) return { user: existing, created: false };
    const [updated] = await db
      .update(users)
      .set(patch)
      .where(and(eq(users.id, existing.id), eq(users.merchantId, merchantId)))
      .returning();
    return { user: updated ?? existing, created: false };
  }
  const [created] = await db
    .insert(users)
    .values({
      merchantId,
      telegramId: profile.telegramId,
      firstName: profile.firstName || null,
      lastName: profile.lastName ?? null,
      language: profile.language ?? null,
    })
    .onConflictDoNothing()
    .returning();
  if (created) return { user: created, created: true };
  const winner = await findUserByTelegramId(db, { merchantId, telegramId: profile.telegramId });
  if (!winner) throw new Error("telegram user vanished after a conflicting insert");
  return { user: winner, created: false };
}

/**
 * The testers' harness's own account for a Telegram or Click id, created (and marked) on first
 * launch; undefined when the id belongs to an account the harness did not make, which it must not
 * touch. A concurrent launch meets the unique index and reads the winner's row.
 */
export async function findOrCreateHarnessUser(
  db: Db,
  {
    merchantId,
    identity,
    firstName,
    lastName,
    language,
  }: Tenant & {
    identity: { telegramId: bigint } | { clickUserId: string };
    firstName: string;
    lastName: string | undefined;
    language: ContentLanguage | undefined;
  },
): Promise<UserRow | undefined> {
  const find = () =>
    "telegramId" in identity
      ? findUserByTelegramId(db, { merchantId, telegramId: identity.telegramId })
      : findUserByClickUserId(db, { merchantId, clickUserId: identity.clickUserId });
  let user = await find();
  if (!user) {
    await db
      .insert(users)
      .values({
        merchantId,
        ...identity,
        firstName: firstName || null,
        lastName: lastName || null,
        language: language ?? null,
        harness: true,
      })
      .onConflictDoNothing();
    user = await find();
  }
  return user?.harness ? user : undefined;
}

/** Of these Telegram chat ids, the ones that belong to an account the testers' harness made. */
export async function harnessTelegramIds(db: Db, chatIds: string[]): Promise<Set<string>> {
  const ids = [...new Set(chatIds)].filter((id) => /^\d{1,19}$/.test(id)).map((id) => BigInt(id));
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ telegramId: users.telegramId })
    .from(users)
    .where(and(eq(users.harness, true), inArray(users.telegramId, ids)));
  return new Set(rows.map((r) => String(r.telegramId)));
}

/** Columns (table, column) that point at users.id, except sessions, read from the catalogue. */
async function userReferences(db: Db): Promise<{ table: string; column: string }[]> {
  const result = await db.execute<{ table_name: string; column_name: string }>(sql`
    select cl.relname as table_name, att.attname as column_name
    from pg_constraint con
    join pg_class cl on cl.oid = con.conrelid
    join pg_namespace ns on ns.oid = cl.relnamespace
    join pg_attribute att on att.attrelid = con.conrelid and att.attnum = any (con.conkey)
    where con.contype = 'f' and con.confrelid = 'public.users'::regclass and ns.nspname = 'public'
  `);
  return result.rows
    .map((r) => ({ table: r.table_name, column: r.column_name }))
    .filter((r) => r.table !== "sessions" && r.table !== "users");
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Moves everything of `fromUserId` to `toUserId` and deletes `fromUserId`: the Telegram-only
 * account of a customer who then proved a phone that already had an account. A row that would
 * duplicate one of the target (a favourite of the same product) is dropped with the source account.
 * The source's sessions are revoked (deleted with it).
 */
async function mergeInto(
  tx: Tx,
  refs: { table: string; column: string }[],
  { merchantId, fromUserId, toUserId }: Tenant & { fromUserId: string; toUserId: string },
): Promise<void> {
  for (const { table, column } of refs) {
    const t = sql.identifier(table);
    const c = sql.identifier(column);
    try {
      await tx.transaction(async (sp) => {
        await sp.execute(sql`update ${t} set ${c} = ${toUserId} where ${c} = ${fromUserId}`);
      });
    } catch {
      // A unique conflict (the target has an equivalent row): move row by row, leaving the duplicates.
      const rows = await tx.execute<{ row: string }>(
        sql`select ctid::text as row from ${t} where ${c} = ${fromUserId}`,
      );
      for (const { row } of rows.rows) {
        try {
          await tx.transaction(async (sp) => {
            await sp.execute(sql`update ${t} set ${c} = ${toUserId} where ctid = ${row}::tid`);
          });
        } catch {
          // This row duplicates one of the target's; it goes with the merged account.
        }
      }
    }
  }
  await tx
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, fromUserId), isNull(sessions.revokedAt)));
  await tx.delete(users).where(and(eq(users.id, fromUserId), eq(users.merchantId, merchantId)));
}

/**
 * Records a phone the Telegram user proved (a verified contact). When another live account of the
 * merchant already has that phone, the Telegram user becomes that account: the Telegram id moves
 * there and the Telegram-only account is merged into it. Answers the account to log in.
 */
export async function attachVerifiedPhone(
  db: Db,
  { merchantId, userId, phone }: Tenant & { userId: string; phone: string },
): Promise<UserRow> {
  const current = await findUserById(db, { merchantId, id: userId });
  if (!current) throw new Error("user to attach a phone to does not exist");
  if (current.phone === phone) return current;
  const [owner] = await db
    .select()
    .from(users)
    .where(and(live(merchantId), eq(users.phone, phone), ne(users.id, userId)))
    .limit(1);
  if (!owner) {
    const [updated] = await db
      .update(users)
      .set({ phone })
      .where(and(eq(users.id, userId), eq(users.merchantId, merchantId)))
      .returning();
    if (!updated) throw new Error("user vanished while attaching a phone");
    return updated;
  }
  const telegramId = current.telegramId;
  const refs = current.phone === null ? await userReferences(db) : [];
  return db.transaction(async (tx) => {
    // The Telegram id is unique per merchant: free it before the owner takes it.
    await tx
      .update(users)
      .set({ telegramId: null })
      .where(and(eq(users.id, current.id), eq(users.merchantId, merchantId)));
    if (current.phone === null)
      await mergeInto(tx, refs, { merchantId, fromUserId: current.id, toUserId: owner.id });
    const [updated] = await tx
      .update(users)
      .set({
        telegramId,
        firstName: owner.firstName ?? current.firstName,
        lastName: owner.lastName ?? current.lastName,
        language: owner.language ?? current.language,
      })
      .where(and(eq(users.id, owner.id), eq(users.merchantId, merchantId)))
      .returning();
    if (!updated) throw new Error("account vanished while taking over a Telegram id");
    return updated;
  });
}

/** Links a Telegram id to an account that has none; answers the updated row (undefined if it is gone). */
export async function linkTelegramId(
  db: Db,
  { merchantId, userId, telegramId }: Tenant & { userId: string; telegramId: bigint },
): Promise<UserRow | undefined> {
  const [linked] = await db
    .update(users)
    .set({ telegramId })
    .where(and(eq(users.id, userId), eq(users.merchantId, merchantId)))
    .returning();
  return linked;
}

/** Forgets an account's phone (the development harness puts accounts back in "no phone yet"). */
export async function clearPhone(db: Db, { merchantId, userId }: Tenant & { userId: string }): Promise<void> {
  await db
    .update(users)
    .set({ phone: null })
    .where(and(eq(users.id, userId), eq(users.merchantId, merchantId)));
}

export interface BotSessionState {
  telegramId: bigint;
  status: string;
  firstName: string | null;
  lastName: string | null;
  phone?: string | undefined;
}

/** Remembers what the bot should know about the customer's mini-app state (spec "Bot session"). */
export async function saveBotSession(
  db: Db,
  { merchantId, telegramId, phone, ...state }: Tenant & BotSessionState,
): Promise<void> {
  const values = { ...state, ...(phone ? { phone } : {}) };
  await db
    .insert(botSessions)
    .values({ merchantId, telegramId, ...values })
    .onConflictDoUpdate({ target: [botSessions.merchantId, botSessions.telegramId], set: values });
}

export interface ClickUserInput {
  clickUserId: string | undefined;
  phone: string | undefined;
  firstName: string | undefined;
  lastName: string | undefined;
}

/**
 * The account of a Click customer: found by Click id, else by the phone Click vouches for (the
 * account gains the Click id), else created. Click's phone is trusted: it comes server to server.
 */
export async function findOrCreateClickUser(
  db: Db,
  { merchantId, profile }: Tenant & { profile: ClickUserInput },
  retried = false,
): Promise<UserRow> {
  let user = profile.clickUserId
    ? await findUserByClickUserId(db, { merchantId, clickUserId: profile.clickUserId })
    : undefined;
  if (!user && profile.phone) user = await findUserByPhone(db, { merchantId, phone: profile.phone });
  if (user) {
    const patch: Partial<UserRow> = {};
    if (profile.clickUserId && user.clickUserId !== profile.clickUserId)
      patch.clickUserId = profile.clickUserId;
    if (!user.phone && profile.phone && !(await findUserByPhone(db, { merchantId, phone: profile.phone }))) {
      patch.phone = profile.phone;
    }
    if (!user.firstName && profile.firstName) patch.firstName = profile.firstName;
    if (!user.lastName && profile.lastName) patch.lastName = profile.lastName;
    if (Object.keys(patch).length === 0) return user;
    const [updated] = await db
      .update(users)
      .set(patch)
      .where(and(eq(users.id, user.id), eq(users.merchantId, merchantId)))
      .returning();
    return updated ?? user;
  }
  const [created] = await db
    .insert(users)
    .values({
      merchantId,
      clickUserId: profile.clickUserId ?? null,
      phone: profile.phone ?? null,
      firstName: profile.firstName ?? null,
      lastName: profile.lastName ?? null,
    })
    .onConflictDoNothing()
    .returning();
  if (created) return created;
  // A concurrent first login won the unique index: read its row.
  if (retried) throw new Error("click user conflicts with an account that cannot be found");
  return findOrCreateClickUser(db, { merchantId, profile }, true);
}

export async function setUserLanguage(
  db: Db,
  { merchantId, userId, language }: Tenant & { userId: string; language: ContentLanguage },
): Promise<void> {
  await db
    .update(users)
    .set({ language })
    .where(and(eq(users.id, userId), eq(users.merchantId, merchantId)));
}

/**
 * The account of a phone that just proved itself with a code: the brand's live account with that
 * phone (whichever channel created it: web, Telegram, Click), else a new one. A concurrent first
 * login of the same phone meets the unique index and reads the winner's row.
 */
export async function findOrCreatePhoneUser(
  db: Db,
  { merchantId, phone, language }: Tenant & { phone: string; language?: ContentLanguage | undefined },
): Promise<UserRow> {
  const existing = await findUserByPhone(db, { merchantId, phone });
  if (existing) return existing;
  const [created] = await db
    .insert(users)
    .values({ merchantId, phone, language: language ?? null })
    .onConflictDoNothing()
    .returning();
  if (created) return created;
  const winner = await findUserByPhone(db, { merchantId, phone });
  if (!winner) throw new Error("phone user vanished after a conflicting insert");
  return winner;
}

/**
 * The brand's account of a phone staff typed for a courier: found or made, and given the name staff
 * typed when it has none (a customer's own name is theirs and stays).
 */
export async function findOrNamePhoneUser(
  db: Db,
  { merchantId, phone, name }: Tenant & { phone: string; name: string },
): Promise<UserRow> {
  const user = await findOrCreatePhoneUser(db, { merchantId, phone });
  if (user.firstName || user.lastName) return user;
  const [named] = await db
    .update(users)
    .set({ firstName: name })
    .where(and(live(merchantId), eq(users.id, user.id)))
    .returning();
  return named ?? user;
}

export interface ProfilePatch {
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
  email?: string | null | undefined;
  birthday?: string | null | undefined;
  gender?: UserRow["gender"] | undefined;
  image?: string | null | undefined;
  phone?: string | undefined;
}

/** Writes the given profile fields of a live account; answers the updated row. */
export async function updateProfile(
  db: Db,
  { merchantId, userId, patch }: Tenant & { userId: string; patch: ProfilePatch },
): Promise<UserRow | undefined> {
  const set = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  if (Object.keys(set).length === 0) return findUserById(db, { merchantId, id: userId });
  const [row] = await db
    .update(users)
    .set(set)
    .where(and(live(merchantId), eq(users.id, userId)))
    .returning();
  return row;
}

/** Statuses during which an order still needs its customer's address and phone (OPEN waits for payment). */
const IN_PROGRESS = ACTIVE_ORDER_STATUSES.filter((s) => s !== "OPEN");

export async function hasOrderInProgress(db: Db, { merchantId, userId }: Tenant & { userId: string }) {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(eq(orders.merchantId, merchantId), eq(orders.userId, userId), inArray(orders.status, IN_PROGRESS)),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Account deletion (docs/decisions.md "Accounts"): the user row goes, and with it (foreign keys)
 * every session, address, favourite, card, phone change, notification, reservation and promo use.
 * Orders stay for the merchant, anonymised: no user, receiver, address, comments or receipt phone.
 * Product ratings stay without their author or comment. Codes sent to the phone and the Telegram
 * bot's memory of the customer go too. Answers the profile image to remove from storage.
 */
export async function deleteAccount(
  db: Db,
  { merchantId, userId }: Tenant & { userId: string },
): Promise<{ image: string | null } | undefined> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, userId), eq(users.merchantId, merchantId)))
      .for("update")
      .limit(1);
    if (!user) return undefined;
    await tx
      .update(orders)
      .set({
        receiver: null,
        address: null,
        comment: null,
        courierComment: null,
        sendChequePhone: null,
        sendCheque: false,
      })
      .where(and(eq(orders.merchantId, merchantId), eq(orders.userId, userId)));
    await tx
      .update(grades)
      .set({ comment: null })
      .where(and(eq(grades.merchantId, merchantId), eq(grades.userId, userId)));
    if (user.phone) {
      await tx
        .delete(otpCodes)
        .where(and(eq(otpCodes.merchantId, merchantId), eq(otpCodes.phone, user.phone)));
    }
    if (user.telegramId !== null) {
      await tx
        .delete(botSessions)
        .where(and(eq(botSessions.merchantId, merchantId), eq(botSessions.telegramId, user.telegramId)));
    }
    await tx.delete(users).where(and(eq(users.id, userId), eq(users.merchantId, merchantId)));
    return { image: user.image };
  });
}

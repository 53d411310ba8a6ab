// The bots' inbox (bot_updates), their webhook secrets, and what the conversation reads and writes
// (services/bot/).
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, max, sql } from "drizzle-orm";
import {
  botMessages,
  botSessions,
  botUpdates,
  merchants,
  orders,
  products,
  users,
} from "../db/schema/index.ts";
import type { Db } from "../db/types.ts";

interface Tenant {
  merchantId: string;
}

export type BotUpdateRow = typeof botUpdates.$inferSelect;

/** Keeps an update; false when the brand already has its update_id (a redelivery). */
export async function insertBotUpdate(
  db: Db,
  { merchantId, updateId, update }: Tenant & { updateId: number; update: Record<string, unknown> },
): Promise<boolean> {
  const rows = await db
    .insert(botUpdates)
    .values({ merchantId, updateId, update })
    .onConflictDoNothing()
    .returning({ id: botUpdates.id });
  return rows.length > 0;
}

export async function listDueBotUpdates(db: Db, { now, limit }: { now: Date; limit: number }) {
  return db
    .select({ id: botUpdates.id })
    .from(botUpdates)
    .where(and(inArray(botUpdates.state, ["PENDING", "HANDLING"]), lte(botUpdates.nextAttemptAt, now)))
    .orderBy(asc(botUpdates.updateId))
    .limit(limit);
}

/** Claims a due update for one attempt until `leaseUntil`: of two processes only one gets it. */
export async function claimBotUpdate(
  db: Db,
  { id, now, leaseUntil }: { id: string; now: Date; leaseUntil: Date },
): Promise<BotUpdateRow | undefined> {
  const [row] = await db
    .update(botUpdates)
    .set({ state: "HANDLING", attempts: sql`${botUpdates.attempts} + 1`, nextAttemptAt: leaseUntil })
    .where(
      and(
        eq(botUpdates.id, id),
        inArray(botUpdates.state, ["PENDING", "HANDLING"]),
        lte(botUpdates.nextAttemptAt, now),
      ),
    )
    .returning();
  return row;
}

export async function updateBotUpdate(
  db: Db,
  { id, set }: { id: string; set: Partial<typeof botUpdates.$inferInsert> },
): Promise<void> {
  await db.update(botUpdates).set(set).where(eq(botUpdates.id, id));
}

/** The newest update_id kept for the brand (long polling asks for the next). */
export async function newestBotUpdateId(db: Db, { merchantId }: Tenant): Promise<number | null> {
  const [row] = await db
    .select({ updateId: max(botUpdates.updateId) })
    .from(botUpdates)
    .where(eq(botUpdates.merchantId, merchantId));
  return row?.updateId ?? null;
}

export async function setWebhookSecret(db: Db, { merchantId, secret }: Tenant & { secret: string }) {
  await db.update(merchants).set({ telegramWebhookSecret: secret }).where(eq(merchants.id, merchantId));
}

/** The brand's newest outbox row of `method` (the set-up's), for the console's view of the bot. */
export async function newestBotCall(db: Db, { merchantId, method }: Tenant & { method: string }) {
  const [row] = await db
    .select({
      state: botMessages.state,
      attempts: botMessages.attempts,
      lastError: botMessages.lastError,
      createdDate: botMessages.createdDate,
      sentAt: botMessages.sentAt,
    })
    .from(botMessages)
    .where(and(eq(botMessages.merchantId, merchantId), eq(botMessages.method, method)))
    .orderBy(desc(botMessages.createdDate))
    .limit(1);
  return row;
}

/** A product the storefront shows (active, not deleted), by id. */
export async function findLiveProduct(db: Db, { merchantId, id }: Tenant & { id: string }) {
  const [row] = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(
      and(
        eq(products.merchantId, merchantId),
        eq(products.id, id),
        eq(products.active, true),
        isNull(products.deletedDate),
      ),
    )
    .limit(1);
  return row;
}

export async function setUserLanguage(
  db: Db,
  { merchantId, userId, language }: Tenant & { userId: string; language: string },
) {
  await db
    .update(users)
    .set({ language })
    .where(and(eq(users.id, userId), eq(users.merchantId, merchantId)));
}

/**
 * The customer's order they graded below 4 since `since` and have not yet said why: the bot's next
 * plain message is that comment.
 */
export async function findOrderAwaitingComment(
  db: Db,
  { merchantId, userId, since }: Tenant & { userId: string; since: Date },
) {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.merchantId, merchantId),
        eq(orders.userId, userId),
        isNotNull(orders.grade),
        lt(orders.grade, 4),
        isNull(orders.gradeComment),
        gte(orders.gradedAt, since),
      ),
    )
    .orderBy(desc(orders.gradedAt))
    .limit(1);
  return row;
}

export async function setGradeComment(
  db: Db,
  { merchantId, orderId, comment }: Tenant & { orderId: string; comment: string },
) {
  await db
    .update(orders)
    .set({ gradeComment: comment })
    .where(and(eq(orders.id, orderId), eq(orders.merchantId, merchantId), isNull(orders.gradeComment)));
}

/** A bot session's status once Telegram answered 403: the customer blocked the bot. */
export const BOT_BLOCKED = "BOT_BLOCKED";

/** Marks the chat blocked: the outbox stops writing to it until the customer writes again. */
export async function markBotBlocked(db: Db, { merchantId, telegramId }: Tenant & { telegramId: bigint }) {
  await db
    .insert(botSessions)
    .values({ merchantId, telegramId, status: BOT_BLOCKED })
    .onConflictDoUpdate({
      target: [botSessions.merchantId, botSessions.telegramId],
      set: { status: BOT_BLOCKED },
    });
}

export async function isBotBlocked(db: Db, { merchantId, telegramId }: Tenant & { telegramId: bigint }) {
  const [row] = await db
    .select({ status: botSessions.status })
    .from(botSessions)
    .where(and(eq(botSessions.merchantId, merchantId), eq(botSessions.telegramId, telegramId)))
    .limit(1);
  return row?.status === BOT_BLOCKED;
}

/** The customer wrote to the bot: they have not blocked it (any more). */
export async function clearBotBlocked(db: Db, { merchantId, telegramId }: Tenant & { telegramId: bigint }) {
  await db
    .update(botSessions)
    .set({ status: "BOT_ACTIVE" })
    .where(
      and(
        eq(botSessions.merchantId, merchantId),
        eq(botSessions.telegramId, telegramId),
        eq(botSessions.status, BOT_BLOCKED),
      ),
    );
}

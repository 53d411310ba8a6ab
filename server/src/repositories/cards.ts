// A customer's saved cards (cards): every read and write is filtered by brand and owner.
import { and, asc, eq, lt, sql } from "drizzle-orm";
import { cards } from "../db/schema/index.ts";
import type { Db } from "../db/types.ts";

export type CardRow = typeof cards.$inferSelect;
export type CardInsert = typeof cards.$inferInsert;

interface Owner {
  merchantId: string;
  userId: string;
}

export async function listCards(db: Db, { merchantId, userId }: Owner): Promise<CardRow[]> {
  return db
    .select()
    .from(cards)
    .where(and(eq(cards.merchantId, merchantId), eq(cards.userId, userId)))
    .orderBy(asc(cards.createdDate), asc(cards.id));
}

export async function findCard(db: Db, { merchantId, userId, id }: Owner & { id: string }) {
  const [row] = await db
    .select()
    .from(cards)
    .where(and(eq(cards.id, id), eq(cards.merchantId, merchantId), eq(cards.userId, userId)))
    .limit(1);
  return row;
}

export async function insertCard(db: Db, values: CardInsert): Promise<CardRow> {
  const [row] = await db.insert(cards).values(values).returning();
  if (!row) throw new Error("expected a row");
  return row;
}

export async function updateCard(
  db: Db,
  { merchantId, userId, id, set }: Owner & { id: string; set: Partial<CardInsert> },
): Promise<CardRow | undefined> {
  const [row] = await db
    .update(cards)
    .set(set)
    .where(and(eq(cards.id, id), eq(cards.merchantId, merchantId), eq(cards.userId, userId)))
    .returning();
  return row;
}

export async function deleteCard(db: Db, { merchantId, userId, id }: Owner & { id: string }) {
  const [row] = await db
    .delete(cards)
    .where(and(eq(cards.id, id), eq(cards.merchantId, merchantId), eq(cards.userId, userId)))
    .returning();
  return row;
}

/**
 * Takes one of the card's code tries (verify_attempts + 1), atomically; undefined when the card is
 * gone, confirmed, or has no tries left.
 */
export async function takeVerifyAttempt(
  db: Db,
  { merchantId, userId, id, max }: Owner & { id: string; max: number },
): Promise<CardRow | undefined> {
  const [row] = await db
    .update(cards)
    .set({ verifyAttempts: sql`${cards.verifyAttempts} + 1` })
    .where(
      and(
        eq(cards.id, id),
        eq(cards.merchantId, merchantId),
        eq(cards.userId, userId),
        eq(cards.isVerified, false),
        lt(cards.verifyAttempts, max),
      ),
    )
    .returning();
  return row;
}

/** Gives back a try the provider never judged (it was unavailable). */
export async function returnVerifyAttempt(db: Db, { merchantId, userId, id }: Owner & { id: string }) {
  await db
    .update(cards)
    .set({ verifyAttempts: sql`greatest(${cards.verifyAttempts} - 1, 0)` })
    .where(and(eq(cards.id, id), eq(cards.merchantId, merchantId), eq(cards.userId, userId)));
}

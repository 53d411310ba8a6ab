// Promo codes and the customer's list of them (user_promos), of one merchant.
import { and, desc, eq, inArray, ne } from "drizzle-orm";
import { merchantWebSettings, orders, promos, userPromos } from "../db/schema/index.ts";
import type { Db } from "../db/types.ts";

export type PromoRow = typeof promos.$inferSelect;

interface Customer {
  merchantId: string;
  userId: string;
}

/** Which of the promos the customer has used on an order that was not cancelled. */
export async function usedPromoIds(
  db: Db,
  { merchantId, userId, promoIds }: Customer & { promoIds: string[] },
): Promise<Set<string>> {
  if (promoIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ promoId: orders.promoId })
    .from(orders)
    .where(
      and(
        eq(orders.merchantId, merchantId),
        eq(orders.userId, userId),
        inArray(orders.promoId, promoIds),
        ne(orders.status, "CANCELED"),
      ),
    );
  return new Set(rows.map((r) => r.promoId).filter((id): id is string => id !== null));
}

/** The customer's promos, last added first, with when each was added. */
export function listUserPromos(db: Db, { merchantId, userId }: Customer) {
  return db
    .select({ promo: promos, added: userPromos.createdDate })
    .from(userPromos)
    .innerJoin(promos, eq(promos.id, userPromos.promoId))
    .where(and(eq(userPromos.merchantId, merchantId), eq(userPromos.userId, userId)))
    .orderBy(desc(userPromos.createdDate), desc(userPromos.id));
}

/** Whether the brand takes promo codes at all. */
export async function findPromoActive(db: Db, { merchantId }: { merchantId: string }): Promise<boolean> {
  const [ws] = await db
    .select({ promoActive: merchantWebSettings.promoActive })
    .from(merchantWebSettings)
    .where(eq(merchantWebSettings.merchantId, merchantId));
  return ws?.promoActive ?? false;
}

export async function findPromoByCode(
  db: Db,
  { merchantId, code }: { merchantId: string; code: string },
): Promise<PromoRow | undefined> {
  const [promo] = await db
    .select()
    .from(promos)
    .where(and(eq(promos.merchantId, merchantId), eq(promos.code, code)))
    .limit(1);
  return promo;
}

/** Adds the promo to the customer's list (once) and answers when it was added. */
export async function addUserPromo(
  db: Db,
  { merchantId, userId, promoId }: Customer & { promoId: string },
): Promise<Date | undefined> {
  await db.insert(userPromos).values({ merchantId, userId, promoId }).onConflictDoNothing();
  const [link] = await db
    .select({ added: userPromos.createdDate })
    .from(userPromos)
    .where(and(eq(userPromos.userId, userId), eq(userPromos.promoId, promoId)));
  return link?.added;
}

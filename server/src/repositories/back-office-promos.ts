// The brand's promo codes as the back office lists them (issue 36), with how many orders used each.
import { and, count, desc, eq, sql } from "drizzle-orm";
import { orders, promos } from "../db/schema/index.ts";
import type { Db } from "../db/types.ts";

export async function listPromoRows(db: Db, { merchantId, id }: { merchantId: string; id?: string }) {
  const uses = db
    .select({ promoId: orders.promoId, uses: count().as("uses") })
    .from(orders)
    .where(and(eq(orders.merchantId, merchantId), sql`${orders.promoId} is not null`))
    .groupBy(orders.promoId)
    .as("uses");
  return db
    .select({
      id: promos.id,
      code: promos.code,
      discountType: promos.discountType,
      productDiscount: promos.productDiscount,
      deliveryDiscount: promos.deliveryDiscount,
      minPrice: promos.minPrice,
      startDate: promos.startDate,
      endDate: promos.endDate,
      isActive: promos.isActive,
      usageLimit: promos.usageLimit,
      perCustomerLimit: promos.perCustomerLimit,
      uses: sql<number>`coalesce(${uses.uses}, 0)`.mapWith(Number),
      lastModifiedDate: promos.lastModifiedDate,
    })
    .from(promos)
    .leftJoin(uses, eq(uses.promoId, promos.id))
    .where(and(eq(promos.merchantId, merchantId), id === undefined ? undefined : eq(promos.id, id)))
    .orderBy(desc(promos.createdDate), promos.id);
}

export type PromoRow = Awaited<ReturnType<typeof listPromoRows>>[number];

export async function lockPromo(db: Db, { merchantId, id }: { merchantId: string; id: string }) {
  const [row] = await db
    .select()
    .from(promos)
    .where(and(eq(promos.merchantId, merchantId), eq(promos.id, id)))
    .for("update");
  return row;
}

export async function findPromoByCode(db: Db, { merchantId, code }: { merchantId: string; code: string }) {
  const [row] = await db
    .select({ id: promos.id })
    .from(promos)
    .where(and(eq(promos.merchantId, merchantId), eq(promos.code, code)));
  return row;
}

export async function insertPromo(db: Db, values: typeof promos.$inferInsert): Promise<string> {
  const [row] = await db.insert(promos).values(values).returning({ id: promos.id });
  if (!row) throw new Error("promo insert returned no row");
  return row.id;
}

export async function updatePromo(
  db: Db,
  { merchantId, id, values }: { merchantId: string; id: string; values: Partial<typeof promos.$inferInsert> },
): Promise<void> {
  await db
    .update(promos)
    .set({
      ...values,
      lastModifiedDate: sql`greatest(now(), ${promos.lastModifiedDate} + interval '1 millisecond')`,
    })
    .where(and(eq(promos.merchantId, merchantId), eq(promos.id, id)));
}

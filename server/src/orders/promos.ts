// The customer's promo codes (/profile/promos): codes the customer added or used. A code is added
// only while it can be used (active, started, not expired); one use per customer.
import { and, desc, eq, inArray, ne } from "drizzle-orm";
import type { Promo } from "#domain/contract/orders.ts";
import { promoProblem } from "#domain/order-totals.ts";
import { merchantWebSettings, orders, promos, userPromos } from "../db/schema/index.ts";
import type { Db } from "../db/types.ts";
import { AppError } from "../lib/errors.ts";

type PromoRow = typeof promos.$inferSelect;

function view(p: PromoRow, used: boolean, added: Date): Promo {
  return {
    id: p.id,
    code: p.code,
    discountType: p.discountType,
    productDiscount: p.productDiscount,
    deliveryDiscount: p.deliveryDiscount,
    minPrice: p.minPrice,
    startDate: p.startDate?.toISOString() ?? null,
    endDate: p.endDate?.toISOString() ?? null,
    isActive: p.isActive,
    used,
    addedDate: added.toISOString(),
  };
}

async function usedPromoIds(
  db: Db,
  merchantId: string,
  userId: string,
  promoIds: string[],
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

export async function listCustomerPromos(
  db: Db,
  { merchantId, userId }: { merchantId: string; userId: string },
) {
  const rows = await db
    .select({ promo: promos, added: userPromos.createdDate })
    .from(userPromos)
    .innerJoin(promos, eq(promos.id, userPromos.promoId))
    .where(and(eq(userPromos.merchantId, merchantId), eq(userPromos.userId, userId)))
    .orderBy(desc(userPromos.createdDate), desc(userPromos.id));
  const used = await usedPromoIds(
    db,
    merchantId,
    userId,
    rows.map((r) => r.promo.id),
  );
  return rows.map((r) => view(r.promo, used.has(r.promo.id), r.added));
}

export async function addCustomerPromo(
  db: Db,
  { merchantId, userId, code }: { merchantId: string; userId: string; code: string },
): Promise<Promo> {
  const [ws] = await db
    .select({ promoActive: merchantWebSettings.promoActive })
    .from(merchantWebSettings)
    .where(eq(merchantWebSettings.merchantId, merchantId));
  if (!ws?.promoActive) throw new AppError("PROMO_NOT_ACTIVE");
  const [promo] = await db
    .select()
    .from(promos)
    .where(and(eq(promos.merchantId, merchantId), eq(promos.code, code.trim().toUpperCase())))
    .limit(1);
  if (!promo) throw new AppError("PROMO_NOT_FOUND");
  const problem = promoProblem(promo, new Date(), null);
  if (problem) throw new AppError(problem);
  await db.insert(userPromos).values({ merchantId, userId, promoId: promo.id }).onConflictDoNothing();
  const [link] = await db
    .select({ added: userPromos.createdDate })
    .from(userPromos)
    .where(and(eq(userPromos.userId, userId), eq(userPromos.promoId, promo.id)));
  const used = await usedPromoIds(db, merchantId, userId, [promo.id]);
  return view(promo, used.has(promo.id), link?.added ?? new Date());
}

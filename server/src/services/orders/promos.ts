// The customer's promo codes (/profile/promos): codes the customer added or used. A code is added
// only while it can be used (active, started, not expired); one use per customer.
import type { Promo } from "#domain/contract/orders.ts";
import { promoProblem } from "#domain/order-totals.ts";
import type { Db } from "../../db/types.ts";
import { AppError } from "../../lib/errors.ts";
import {
  addUserPromo,
  findPromoActive,
  findPromoByCode,
  listUserPromos,
  usedPromoIds,
  type PromoRow,
} from "../../repositories/promos.ts";

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

export async function listCustomerPromos(
  db: Db,
  { merchantId, userId }: { merchantId: string; userId: string },
) {
  const rows = await listUserPromos(db, { merchantId, userId });
  const used = await usedPromoIds(db, { merchantId, userId, promoIds: rows.map((r) => r.promo.id) });
  return rows.map((r) => view(r.promo, used.has(r.promo.id), r.added));
}

export async function addCustomerPromo(
  db: Db,
  { merchantId, userId, code }: { merchantId: string; userId: string; code: string },
): Promise<Promo> {
  if (!(await findPromoActive(db, { merchantId }))) throw new AppError("PROMO_NOT_ACTIVE");
  const promo = await findPromoByCode(db, { merchantId, code: code.trim().toUpperCase() });
  if (!promo) throw new AppError("PROMO_NOT_FOUND");
  const problem = promoProblem(promo, new Date(), null);
  if (problem) throw new AppError(problem);
  const added = await addUserPromo(db, { merchantId, userId, promoId: promo.id });
  const used = await usedPromoIds(db, { merchantId, userId, promoIds: [promo.id] });
  return view(promo, used.has(promo.id), added ?? new Date());
}

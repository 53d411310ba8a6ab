// The brand's order rules in the console (issues 36 and 42, owner only): cashback, the service fee,
// free delivery, the smallest and largest orders, the time to pay online and the couriers' speed.
// One transaction per save, refused over a newer save (EDIT_CONFLICT) and logged field by field;
// the checkout and the order check read the row itself, so a save holds for the next basket.
import type { OrderRules, OrderRulesBody } from "#domain/contract/order-rules.ts";
import { orderSettingsOrDefaults } from "#domain/order-settings.ts";
import { transaction } from "../../db/transaction.ts";
import type { Db } from "../../db/types.ts";
import { AppError } from "../../lib/errors.ts";
import { insertAudit } from "../../repositories/back-office.ts";
import type { OrderSettingsRow } from "../../repositories/merchants.ts";
import {
  ensureBrandOrderSettings,
  findBrandOrderSettings,
  saveBrandOrderSettings,
} from "../../repositories/order-rules.ts";
import { loggedEditConflict } from "./edit-conflict.ts";

function view(row: OrderSettingsRow): OrderRules {
  const s = orderSettingsOrDefaults(row);
  return {
    version: row.lastModifiedDate.toISOString(),
    cashbackPercent: s.cashbackPercent,
    serviceFeeEnabled: s.serviceFeeEnabled,
    feeAmount: s.feeAmount,
    feeFreeThreshold: s.feeFreeThreshold,
    minimalDeliveryPrice: s.minimalDeliveryPrice,
    minOrderAmount: s.minOrderAmount,
    minDeliveryProductCount: s.minDeliveryProductCount,
    maxOrderAmount: s.maxOrderAmount,
    paymentTimeoutMinutes: row.paymentTimeoutMinutes,
    courierSpeedKmh: row.courierSpeedKmh,
  };
}

/** The brand's rules; a brand that never set them gets its row made with the defaults. */
export async function orderRules(db: Db, merchantId: string): Promise<OrderRules> {
  await ensureBrandOrderSettings(db, merchantId);
  const row = await findBrandOrderSettings(db, merchantId);
  if (!row) throw new AppError("NOT_FOUND");
  return view(row);
}

export async function saveOrderRules(
  db: Db,
  { merchantId, userId, timeZone }: { merchantId: string; userId: string; timeZone: string },
  body: OrderRulesBody,
): Promise<OrderRules> {
  await ensureBrandOrderSettings(db, merchantId);
  return transaction(db, async (tx) => {
    const row = await findBrandOrderSettings(tx, merchantId, { lock: true });
    if (!row) throw new AppError("NOT_FOUND");
    const before = view(row);
    if (before.version !== body.version) {
      throw await loggedEditConflict(tx, {
        merchantId,
        entity: "order-rules",
        entityId: merchantId,
        at: row.lastModifiedDate,
        timeZone,
      });
    }
    const { version: _version, ...values } = body;
    const written = await saveBrandOrderSettings(tx, merchantId, values, new Date());
    if (!written) throw new AppError("NOT_FOUND");
    const saved = view(written);
    // The log keeps only what changed, old and new.
    const changed = (Object.keys(values) as (keyof typeof values)[]).filter((k) => before[k] !== saved[k]);
    if (changed.length > 0) {
      await insertAudit(tx, {
        merchantId,
        userId,
        entity: "order-rules",
        entityId: merchantId,
        action: "update",
        before: Object.fromEntries(changed.map((k) => [k, before[k]])),
        after: Object.fromEntries(changed.map((k) => [k, saved[k]])),
      });
    }
    return saved;
  });
}

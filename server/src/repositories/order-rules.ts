// The brand-wide row of order_settings (the one without a city), as the console's order rules read
// and write it; the order check picks a city's own row first (merchants.ts pickOrderSettings).
import { and, eq, isNull } from "drizzle-orm";
import { orderSettings } from "../db/schema/index.ts";
import type { Db } from "../db/types.ts";
import type { OrderSettingsRow } from "./merchants.ts";

export type OrderRulesValues = Pick<
  typeof orderSettings.$inferInsert,
  | "cashbackPercent"
  | "serviceFeeEnabled"
  | "feeAmount"
  | "feeFreeThreshold"
  | "minimalDeliveryPrice"
  | "minOrderAmount"
  | "minDeliveryProductCount"
  | "maxOrderAmount"
  | "paymentTimeoutMinutes"
  | "courierSpeedKmh"
>;

const brandWide = (merchantId: string) =>
  and(eq(orderSettings.merchantId, merchantId), isNull(orderSettings.cityId));

/** The brand-wide row, locked for the rest of the transaction when `lock`. */
export async function findBrandOrderSettings(
  db: Db,
  merchantId: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<OrderSettingsRow | undefined> {
  const query = db.select().from(orderSettings).where(brandWide(merchantId)).limit(1);
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

/** Makes the brand-wide row with the defaults where the brand has none (they are the same rules). */
export async function ensureBrandOrderSettings(db: Db, merchantId: string): Promise<void> {
  await db.insert(orderSettings).values({ merchantId, cityId: null }).onConflictDoNothing();
}

/** Writes the brand-wide row; answers it as saved (undefined: there is none). */
export async function saveBrandOrderSettings(
  db: Db,
  merchantId: string,
  values: OrderRulesValues,
  at: Date,
): Promise<OrderSettingsRow | undefined> {
  const [updated] = await db
    .update(orderSettings)
    .set({ ...values, lastModifiedDate: at })
    .where(brandWide(merchantId))
    .returning();
  return updated;
}

import { and, asc, eq } from "drizzle-orm";
import type { PolicyType } from "../../../src/domain/enums.ts";
import type { Db } from "../db/types.ts";
import {
  brands,
  cities,
  merchants,
  merchantWebSettings,
  orderSettings,
  paymentMethods,
  paymentMethodSettings,
  policies,
} from "../db/schema/index.ts";

export type MerchantRow = typeof merchants.$inferSelect;
export type WebSettingsRow = typeof merchantWebSettings.$inferSelect;
export type OrderSettingsRow = typeof orderSettings.$inferSelect;

interface Tenant {
  merchantId: string;
}

export async function findMerchantById(db: Db, id: string): Promise<MerchantRow | undefined> {
  const [row] = await db.select().from(merchants).where(eq(merchants.id, id)).limit(1);
  return row;
}

export async function findMerchantBySub(db: Db, sub: string): Promise<MerchantRow | undefined> {
  const [row] = await db
    .select()
    .from(merchants)
    .where(and(eq(merchants.sub, sub.toLowerCase()), eq(merchants.deleted, false)))
    .limit(1);
  return row;
}

/** The merchant's web settings; a merchant without a row gets every default of the table. */
export async function getWebSettings(db: Db, { merchantId }: Tenant): Promise<WebSettingsRow> {
  const [row] = await db
    .select()
    .from(merchantWebSettings)
    .where(eq(merchantWebSettings.merchantId, merchantId))
    .limit(1);
  if (row) return row;
  const [created] = await db
    .insert(merchantWebSettings)
    .values({ merchantId })
    .onConflictDoNothing()
    .returning();
  return created ?? (await getWebSettings(db, { merchantId }));
}

/** The merchant-wide order settings (the row without a city), or undefined when none is set. */
export async function getOrderSettings(
  db: Db,
  { merchantId }: Tenant,
): Promise<OrderSettingsRow | undefined> {
  const rows = await db.select().from(orderSettings).where(eq(orderSettings.merchantId, merchantId));
  return rows.find((r) => r.cityId === null) ?? rows[0];
}

export async function listCities(db: Db, { merchantId }: Tenant) {
  return db
    .select()
    .from(cities)
    .where(eq(cities.merchantId, merchantId))
    .orderBy(asc(cities.createdDate), asc(cities.id));
}

export async function listBrands(db: Db, { merchantId }: Tenant) {
  return db
    .select({
      id: brands.id,
      merchantId: brands.targetMerchantId,
      sub: merchants.sub,
      name: brands.name,
      domainUrl: brands.domainUrl,
      color: brands.color,
      image: brands.image,
    })
    .from(brands)
    .leftJoin(merchants, and(eq(merchants.id, brands.targetMerchantId), eq(merchants.deleted, false)))
    .where(eq(brands.merchantId, merchantId))
    .orderBy(asc(brands.priority), asc(brands.id));
}

export async function findPolicy(db: Db, { merchantId, type }: Tenant & { type: PolicyType }) {
  const [row] = await db
    .select({ type: policies.type, text: policies.text })
    .from(policies)
    .where(and(eq(policies.merchantId, merchantId), eq(policies.type, type)))
    .limit(1);
  return row;
}

/** Payment types whose method is active and switched on for the app channel. */
export async function listAppPaymentTypes(db: Db, { merchantId }: Tenant) {
  const rows = await db
    .select({ type: paymentMethods.type })
    .from(paymentMethods)
    .innerJoin(paymentMethodSettings, eq(paymentMethodSettings.paymentMethodId, paymentMethods.id))
    .where(
      and(
        eq(paymentMethods.merchantId, merchantId),
        eq(paymentMethodSettings.merchantId, merchantId),
        eq(paymentMethodSettings.isActive, true),
        eq(paymentMethodSettings.appEnabled, true),
      ),
    );
  return [...new Set(rows.map((r) => r.type))];
}

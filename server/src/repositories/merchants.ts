import { and, asc, count, eq, isNull, or, type Placeholder } from "drizzle-orm";
import type { PaymentType, PolicyType } from "#domain/enums.ts";
import type { Multilingual } from "#domain/multilingual.ts";
import {
  OFFERED_SERVICE_TYPES,
  type ChannelPaymentTypes,
  type ChannelServiceTypes,
  type OrderChannel,
} from "#domain/offer.ts";
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
  serviceTypeSettings,
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

/** Every brand that is not deleted, across tenants (the development harness lists them). */
export async function listLiveMerchants(db: Db): Promise<MerchantRow[]> {
  return db.select().from(merchants).where(eq(merchants.deleted, false));
}

/** Every brand not deleted, by sub: the demo banner lists where to open each. */
export function listMerchantSubs(db: Db): Promise<{ sub: string; isActive: boolean }[]> {
  return db
    .select({ sub: merchants.sub, isActive: merchants.isActive })
    .from(merchants)
    .where(eq(merchants.deleted, false))
    .orderBy(asc(merchants.sub));
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

/** The brand's own text around a sign-in code, if it set one (without creating the settings row). */
export async function findSmsContent(
  db: Db,
  { merchantId }: Tenant,
): Promise<{ smsContent: string | null; mainLanguage: string } | undefined> {
  const [settings] = await db
    .select({ smsContent: merchantWebSettings.smsContent, mainLanguage: merchantWebSettings.mainLanguage })
    .from(merchantWebSettings)
    .where(eq(merchantWebSettings.merchantId, merchantId))
    .limit(1);
  return settings;
}

/** The merchant-wide order settings (the row without a city), or undefined when none is set. */
export async function getOrderSettings(
  db: Db,
  { merchantId }: Tenant,
): Promise<OrderSettingsRow | undefined> {
  const rows = await db.select().from(orderSettings).where(eq(orderSettings.merchantId, merchantId));
  return rows.find((r) => r.cityId === null) ?? rows[0];
}

/** The order settings of a city among the brand's rows: its own row, else the brand-wide one (no city). */
export function pickOrderSettings<T extends { cityId: string | null }>(
  rows: readonly T[],
  cityId: string | null | undefined,
): T | null {
  return (
    (cityId ? rows.find((r) => r.cityId === cityId) : undefined) ??
    rows.find((r) => r.cityId === null) ??
    null
  );
}

/**
 * The order settings that apply in a city: the city's own row, else the merchant-wide one (no city);
 * null when neither is set. The delivery tariff, the order check and the settings call all read
 * this one rule (pickOrderSettings).
 */
export async function findOrderSettings(
  db: Db,
  { merchantId, cityId }: Tenant & { cityId: string | null | undefined },
): Promise<OrderSettingsRow | null> {
  const rows = await db
    .select()
    .from(orderSettings)
    .where(
      and(
        eq(orderSettings.merchantId, merchantId),
        cityId
          ? or(isNull(orderSettings.cityId), eq(orderSettings.cityId, cityId))
          : isNull(orderSettings.cityId),
      ),
    );
  return pickOrderSettings(rows, cityId);
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

/**
 * The payment-method switch of a session's channel (Click and the app share the app switch); an order
 * placed at a table (its QR code) reads the QR switch whatever the channel.
 */
function channelSwitch(channel: OrderChannel | "QR") {
  if (channel === "QR") return paymentMethodSettings.qrEnabled;
  if (channel === "OPERATOR") return paymentMethodSettings.operatorEnabled;
  if (channel === "TELEGRAM") return paymentMethodSettings.botEnabled;
  if (channel === "WEB") return paymentMethodSettings.webEnabled;
  return paymentMethodSettings.appEnabled;
}

/**
 * The merchant's payment methods that are active and switched on for the channel, optionally of one
 * type: the one rule of "this payment type is on here", for the order check and the settings calls.
 */
export function paymentMethodsOn(
  db: Db,
  {
    merchantId,
    channel,
    type,
  }: {
    /** A placeholder in a prepared statement (the order check's read). */
    merchantId: string | Placeholder;
    channel: OrderChannel | "QR";
    type?: PaymentType;
  },
) {
  return db
    .select({ type: paymentMethods.type })
    .from(paymentMethods)
    .innerJoin(paymentMethodSettings, eq(paymentMethodSettings.paymentMethodId, paymentMethods.id))
    .where(
      and(
        eq(paymentMethods.merchantId, merchantId),
        eq(paymentMethodSettings.merchantId, merchantId),
        eq(paymentMethodSettings.isActive, true),
        eq(channelSwitch(channel), true),
        type ? eq(paymentMethods.type, type) : undefined,
      ),
    );
}

/** Payment types whose method is active and switched on for the app channel. */
export async function listAppPaymentTypes(db: Db, { merchantId }: Tenant) {
  const rows = await paymentMethodsOn(db, { merchantId, channel: "APP" });
  return [...new Set(rows.map((r) => r.type))];
}

/** How the brand names a payment type: its first active method's title and icon (null: not set). */
export interface PaymentMethodLook {
  type: PaymentType;
  title: Multilingual | null;
  icon: string | null;
}

/**
 * The brand's active payment methods, in one query: per payment channel the types switched on for
 * it, and per type how the brand names it (the first method of the type by priority).
 */
export async function listOfferedPaymentMethods(
  db: Db,
  { merchantId }: Tenant,
): Promise<{ byChannel: ChannelPaymentTypes; looks: PaymentMethodLook[] }> {
  const rows = await db
    .select({
      type: paymentMethods.type,
      title: paymentMethods.title,
      icon: paymentMethods.icon,
      web: paymentMethodSettings.webEnabled,
      bot: paymentMethodSettings.botEnabled,
      app: paymentMethodSettings.appEnabled,
      qr: paymentMethodSettings.qrEnabled,
      operator: paymentMethodSettings.operatorEnabled,
    })
    .from(paymentMethods)
    .innerJoin(paymentMethodSettings, eq(paymentMethodSettings.paymentMethodId, paymentMethods.id))
    .where(
      and(
        eq(paymentMethods.merchantId, merchantId),
        eq(paymentMethodSettings.merchantId, merchantId),
        eq(paymentMethodSettings.isActive, true),
      ),
    )
    .orderBy(asc(paymentMethods.priority), asc(paymentMethods.id));
  const of = (on: (r: (typeof rows)[number]) => boolean) => [...new Set(rows.filter(on).map((r) => r.type))];
  const looks = new Map<PaymentType, PaymentMethodLook>();
  for (const r of rows) {
    if (!looks.has(r.type)) looks.set(r.type, { type: r.type, title: r.title ?? null, icon: r.icon || null });
  }
  return {
    byChannel: {
      WEB: of((r) => r.web),
      BOT: of((r) => r.bot),
      APP: of((r) => r.app),
      QR: of((r) => r.qr),
      OPERATOR: of((r) => r.operator),
    },
    looks: [...looks.values()],
  };
}

/**
 * Per payment channel, the service types the brand switched on for it: every storefront type unless
 * its service type settings row switches it off there (no row: on everywhere).
 */
export async function listChannelServiceTypes(db: Db, { merchantId }: Tenant): Promise<ChannelServiceTypes> {
  const rows = await db
    .select()
    .from(serviceTypeSettings)
    .where(eq(serviceTypeSettings.merchantId, merchantId));
  const on = (column: "webEnabled" | "botEnabled" | "appEnabled" | "qrEnabled" | "operatorEnabled") =>
    OFFERED_SERVICE_TYPES.filter((type) => rows.find((r) => r.serviceType === type)?.[column] ?? true);
  return {
    WEB: on("webEnabled"),
    BOT: on("botEnabled"),
    APP: on("appEnabled"),
    QR: on("qrEnabled"),
    OPERATOR: on("operatorEnabled"),
  };
}

/** The service type switch of a session's channel, as `channelSwitch` is for payment methods. */
export function serviceChannelSwitch(channel: OrderChannel | "QR") {
  if (channel === "QR") return serviceTypeSettings.qrEnabled;
  if (channel === "OPERATOR") return serviceTypeSettings.operatorEnabled;
  if (channel === "TELEGRAM") return serviceTypeSettings.botEnabled;
  if (channel === "WEB") return serviceTypeSettings.webEnabled;
  return serviceTypeSettings.appEnabled;
}

/** The brand of a sub, deleted ones included (the staff commands name brands by sub). */
export async function findAnyMerchantBySub(db: Db, sub: string): Promise<MerchantRow | undefined> {
  const [merchant] = await db.select().from(merchants).where(eq(merchants.sub, sub));
  return merchant;
}

/** How many merchants the database has (a demo server seeds an empty one only). */
export async function countMerchants(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(merchants);
  return row?.n ?? 0;
}

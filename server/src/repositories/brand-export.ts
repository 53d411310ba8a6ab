// Every row of one brand that the brand file describes, read for the back office's export
// (services/back-office/brand-export.ts turns them into a file). Each read is the merchant's rows only.
import { and, asc, eq, isNull } from "drizzle-orm";
import {
  banners,
  branches,
  branchHolidays,
  branchWorkHours,
  brands,
  categories,
  cities,
  deliveryRegions,
  diningTables,
  extraPages,
  halls,
  menuGroups,
  merchants,
  merchantWebSettings,
  modificationGroups,
  modifications,
  notifications,
  orderSettings,
  paymentMethods,
  paymentMethodSettings,
  serviceTypeSettings,
  policies,
  productBranches,
  products,
  promos,
  stories,
  vacancies,
} from "../db/schema/index.ts";
import type { Db } from "../db/types.ts";

/** The brand's news to every customer; a customer's own messages (order statuses) are not the brand's. */
function brandNews(db: Db, merchantId: string) {
  return db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.merchantId, merchantId),
        isNull(notifications.userId),
        eq(notifications.kind, "BRAND"),
      ),
    )
    .orderBy(asc(notifications.createdDate), asc(notifications.id));
}

/** The brand's rows, each list in the storefront's order (priority, then id). */
/** The brand's service types' channels (a type without a row is on everywhere). */
function serviceTypeRowsOf(db: Db, merchantId: string) {
  return db
    .select()
    .from(serviceTypeSettings)
    .where(eq(serviceTypeSettings.merchantId, merchantId))
    .orderBy(asc(serviceTypeSettings.serviceType));
}

export async function readBrandRows(db: Db, merchantId: string) {
  const [merchant] = await db.select().from(merchants).where(eq(merchants.id, merchantId));
  if (!merchant) return undefined;
  const [webSettings] = await db
    .select()
    .from(merchantWebSettings)
    .where(eq(merchantWebSettings.merchantId, merchantId));
  const [settings] = await db
    .select()
    .from(orderSettings)
    .where(and(eq(orderSettings.merchantId, merchantId), isNull(orderSettings.cityId)));
  const [
    cityRows,
    branchRows,
    workHourRows,
    holidayRows,
    hallRows,
    tableRows,
    regionRows,
    methodRows,
    policyRows,
    groupRows,
    categoryRows,
    productRows,
    modGroupRows,
    modRows,
    productBranchRows,
    promoRows,
    vacancyRows,
    bannerRows,
    storyRows,
    pageRows,
    newsRows,
    brandRows,
  ] = await Promise.all([
    db.select().from(cities).where(eq(cities.merchantId, merchantId)).orderBy(asc(cities.id)),
    db
      .select()
      .from(branches)
      .where(and(eq(branches.merchantId, merchantId), eq(branches.deleted, false)))
      .orderBy(asc(branches.id)),
    db.select().from(branchWorkHours).where(eq(branchWorkHours.merchantId, merchantId)),
    db
      .select()
      .from(branchHolidays)
      .where(eq(branchHolidays.merchantId, merchantId))
      .orderBy(asc(branchHolidays.day)),
    db
      .select()
      .from(halls)
      .where(eq(halls.merchantId, merchantId))
      .orderBy(asc(halls.priority), asc(halls.id)),
    db
      .select()
      .from(diningTables)
      .where(eq(diningTables.merchantId, merchantId))
      .orderBy(asc(diningTables.priority), asc(diningTables.id)),
    db
      .select()
      .from(deliveryRegions)
      .where(eq(deliveryRegions.merchantId, merchantId))
      .orderBy(asc(deliveryRegions.priority), asc(deliveryRegions.id)),
    db
      .select({ method: paymentMethods, settings: paymentMethodSettings })
      .from(paymentMethods)
      .leftJoin(paymentMethodSettings, eq(paymentMethodSettings.paymentMethodId, paymentMethods.id))
      .where(eq(paymentMethods.merchantId, merchantId))
      .orderBy(asc(paymentMethods.priority), asc(paymentMethods.id)),
    db.select().from(policies).where(eq(policies.merchantId, merchantId)),
    db
      .select()
      .from(menuGroups)
      .where(eq(menuGroups.merchantId, merchantId))
      .orderBy(asc(menuGroups.priority), asc(menuGroups.id)),
    db
      .select()
      .from(categories)
      // Deleted from the back office: kept for the orders' history, gone from the brand.
      .where(and(eq(categories.merchantId, merchantId), isNull(categories.deletedDate)))
      .orderBy(asc(categories.priority), asc(categories.id)),
    db
      .select()
      .from(products)
      .where(and(eq(products.merchantId, merchantId), isNull(products.deletedDate)))
      .orderBy(asc(products.priority), asc(products.id)),
    db
      .select()
      .from(modificationGroups)
      .where(eq(modificationGroups.merchantId, merchantId))
      .orderBy(asc(modificationGroups.priority), asc(modificationGroups.id)),
    db
      .select()
      .from(modifications)
      .where(eq(modifications.merchantId, merchantId))
      .orderBy(asc(modifications.priority), asc(modifications.id)),
    db.select().from(productBranches).where(eq(productBranches.merchantId, merchantId)),
    db.select().from(promos).where(eq(promos.merchantId, merchantId)).orderBy(asc(promos.id)),
    db
      .select()
      .from(vacancies)
      .where(eq(vacancies.merchantId, merchantId))
      .orderBy(asc(vacancies.priority), asc(vacancies.id)),
    db
      .select()
      .from(banners)
      .where(eq(banners.merchantId, merchantId))
      .orderBy(asc(banners.priority), asc(banners.id)),
    db
      .select()
      .from(stories)
      .where(eq(stories.merchantId, merchantId))
      .orderBy(asc(stories.priority), asc(stories.id)),
    db.select().from(extraPages).where(eq(extraPages.merchantId, merchantId)).orderBy(asc(extraPages.slug)),
    brandNews(db, merchantId),
    db
      .select({ brand: brands, sub: merchants.sub })
      .from(brands)
      .leftJoin(merchants, eq(merchants.id, brands.targetMerchantId))
      .where(eq(brands.merchantId, merchantId))
      .orderBy(asc(brands.priority), asc(brands.id)),
  ]);
  return {
    merchant,
    webSettings,
    orderSettings: settings,
    cities: cityRows,
    branches: branchRows,
    workHours: workHourRows,
    holidays: holidayRows,
    halls: hallRows,
    tables: tableRows,
    regions: regionRows,
    paymentMethods: methodRows,
    policies: policyRows,
    serviceTypeChannels: await serviceTypeRowsOf(db, merchantId),
    groups: groupRows,
    categories: categoryRows,
    products: productRows,
    modificationGroups: modGroupRows,
    modifications: modRows,
    productBranches: productBranchRows,
    promos: promoRows,
    vacancies: vacancyRows,
    banners: bannerRows,
    stories: storyRows,
    extraPages: pageRows,
    news: newsRows,
    brands: brandRows,
  };
}

export type BrandRows = NonNullable<Awaited<ReturnType<typeof readBrandRows>>>;

// One step per entity of a brand file. Each takes the import's transaction and the merchant id, writes
// its rows with ids derived from (sub, entity, key), and answers the ids it wrote, so the last step can
// remove the merchant's rows the file no longer has.
import { and, eq, inArray, isNull, ne } from "drizzle-orm";
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
  halls,
  menuGroups,
  merchants,
  merchantWebSettings,
  modificationGroups,
  modifications,
  orderSettings,
  paymentMethods,
  paymentMethodSettings,
  serviceTypeSettings,
  policies,
  productBranches,
  products,
  extraPages,
  promos,
  stories,
  vacancies,
  type StoryMedia,
} from "../db/schema/index.ts";
import type { Db } from "../db/types.ts";
import { brandEntityId, merchantIdForSub, type BrandEntity, type BrandFile } from "../import/brand-file.ts";
import { deleteMissingFileNotifications, upsertFileNotifications } from "./notifications.ts";
import { deactivateMissing, deleteMissing, excludedSet, upsert, type Row, type Tx } from "./upsert.ts";

type IdOf = (entity: BrandEntity, key: string) => string;

/** The derived ids of one brand: the same (sub, entity, key) always gives the same id. */
function idsOf(file: BrandFile): IdOf {
  const sub = file.merchant.sub;
  return (entity, key) => brandEntityId(sub, entity, key);
}

function mainCityOf(file: BrandFile) {
  return file.cities.find((c) => c.isMain) ?? file.cities[0];
}

/** The merchant the file is for. One created outside the import keeps its id; its rows' ids still use the sub. */
export async function resolveMerchant(
  tx: Tx,
  file: BrandFile,
): Promise<{ merchantId: string; created: boolean }> {
  const sub = file.merchant.sub;
  const [existing] = await tx.select({ id: merchants.id }).from(merchants).where(eq(merchants.sub, sub));
  return { merchantId: existing?.id ?? merchantIdForSub(sub), created: existing === undefined };
}

export async function writeMerchant(tx: Tx, merchantId: string, file: BrandFile): Promise<void> {
  const m = file.merchant;
  const mainCity = mainCityOf(file);
  const location =
    m.location ?? (mainCity ? { latitude: mainCity.latitude, longitude: mainCity.longitude } : undefined);
  const merchantRow = {
    id: merchantId,
    sub: m.sub,
    name: m.name,
    logo: m.logo,
    color: m.color,
    appId: m.appId,
    isActive: m.isActive,
    deleted: false,
    domainUrl: m.domainUrl,
    ...(location ?? {}),
    timezone: m.timezone,
    currency: m.currency,
    ...m.integrations,
    fiscal: m.fiscal,
  };
  await tx
    .insert(merchants)
    .values(merchantRow)
    .onConflictDoUpdate({
      target: merchants.id,
      set: excludedSet(
        merchants,
        Object.keys(merchantRow).filter((k) => k !== "id"),
      ),
    });
}

export async function writeWebSettings(tx: Tx, merchantId: string, file: BrandFile): Promise<void> {
  const webRow = { merchantId, ...file.webSettings };
  await tx
    .insert(merchantWebSettings)
    .values(webRow)
    .onConflictDoUpdate({
      target: merchantWebSettings.merchantId,
      set: excludedSet(
        merchantWebSettings,
        Object.keys(webRow).filter((k) => k !== "merchantId"),
      ),
    });
}

/** The cities, and the merchant's main city. */
export async function writeCities(tx: Tx, merchantId: string, file: BrandFile): Promise<string[]> {
  const idOf = idsOf(file);
  const mainCity = mainCityOf(file);
  const cityIds = await upsert(
    tx,
    cities,
    file.cities.map((c) => ({
      id: idOf("city", c.key),
      merchantId,
      name: c.name,
      description: c.description,
      latitude: c.latitude,
      longitude: c.longitude,
      isMain: c === mainCity,
      isTaximeter: c.isTaximeter,
      taximeterComment: c.taximeterComment,
    })),
  );
  await tx
    .update(merchants)
    .set({ mainCityId: mainCity ? idOf("city", mainCity.key) : null })
    .where(eq(merchants.id, merchantId));
  return cityIds;
}

/** The branches with their work hours and holidays. */
export async function writeBranches(
  tx: Tx,
  merchantId: string,
  file: BrandFile,
): Promise<{ branchIds: string[]; workHourIds: string[]; holidayIds: string[] }> {
  const idOf = idsOf(file);
  const branchIds = await upsert(
    tx,
    branches,
    file.branches.map((b) => ({
      id: idOf("branch", b.key),
      merchantId,
      cityId: idOf("city", b.cityKey),
      name: b.name,
      address: b.address,
      phone: b.phone,
      bookingPhone: b.bookingPhone,
      latitude: b.latitude,
      longitude: b.longitude,
      isActive: b.isActive,
      isMain: b.isMain,
      deleted: false,
      open: b.open,
      close: b.close,
      deliveryPrice: b.deliveryPrice,
      deliveryStart: b.deliveryStart,
      deliveryEnd: b.deliveryEnd,
      companyId: b.companyId,
      paymentId: b.paymentId,
      iikoId: b.iikoId,
      iikoTerminalGroupId: b.iikoTerminalGroupId,
      yandexToken: b.yandexToken,
      yandexPickupName: b.yandexPickupName,
      yandexPickupPhone: b.yandexPickupPhone,
      paymentTypes: b.paymentTypes,
      ...b.settings,
    })),
  );

  const workHourRows = file.branches.flatMap((b) =>
    b.workHours.flatMap((wh) =>
      wh.hours.map((h) => ({
        id: idOf("workHour", `${b.key}/${wh.type}/${h.weekName}`),
        merchantId,
        branchId: idOf("branch", b.key),
        type: wh.type,
        weekName: h.weekName,
        open: h.open,
        close: h.close,
        isDayOff: h.isDayOff,
      })),
    ),
  );
  const workHourIds = await upsert(tx, branchWorkHours, workHourRows, [
    branchWorkHours.branchId,
    branchWorkHours.type,
    branchWorkHours.weekName,
  ]);
  const holidayIds = await upsert(
    tx,
    branchHolidays,
    file.branches.flatMap((b) =>
      b.holidays.map((h) => ({
        id: idOf("holiday", `${b.key}/${h.day}`),
        merchantId,
        branchId: idOf("branch", b.key),
        day: h.day,
        note: h.note,
      })),
    ),
    [branchHolidays.branchId, branchHolidays.day],
  );
  return { branchIds, workHourIds, holidayIds };
}

/** The halls of each branch and their tables (dine-in by QR code, table booking). */
export async function writeHalls(
  tx: Tx,
  merchantId: string,
  file: BrandFile,
): Promise<{ hallIds: string[]; tableIds: string[] }> {
  const idOf = idsOf(file);
  const hallKey = (branchKey: string, key: string) => `${branchKey}/${key}`;
  const hallIds = await upsert(
    tx,
    halls,
    file.branches.flatMap((b) =>
      b.halls.map((h, i) => ({
        id: idOf("hall", hallKey(b.key, h.key)),
        merchantId,
        branchId: idOf("branch", b.key),
        name: h.name,
        priority: i,
        isActive: h.isActive,
      })),
    ),
  );
  const tableIds = await upsert(
    tx,
    diningTables,
    file.branches.flatMap((b) =>
      b.halls.flatMap((h) =>
        h.tables.map((t, i) => ({
          id: idOf("table", `${hallKey(b.key, h.key)}/${t.key}`),
          merchantId,
          branchId: idOf("branch", b.key),
          hallId: idOf("hall", hallKey(b.key, h.key)),
          name: t.name,
          code: t.code,
          seats: t.seats,
          priority: i,
          isActive: t.isActive,
        })),
      ),
    ),
  );
  return { hallIds, tableIds };
}

export async function writeDeliveryRegions(tx: Tx, merchantId: string, file: BrandFile): Promise<string[]> {
  const idOf = idsOf(file);
  return upsert(
    tx,
    deliveryRegions,
    file.deliveryRegions.map((r) => ({
      id: idOf("region", r.key),
      merchantId,
      cityId: idOf("city", r.cityKey),
      name: r.name,
      polygon: r.polygon,
      color: r.color,
      price: r.price,
      minOrderAmount: r.minOrderAmount,
      priority: r.priority,
    })),
  );
}

/** The merchant-wide order settings; answers how many other rows of the merchant it deleted. */
export async function writeOrderSettings(tx: Tx, merchantId: string, file: BrandFile): Promise<number> {
  const orderSettingsId = idsOf(file)("orderSettings", "default");
  // The file describes the merchant default only; rows made another way would collide with it.
  const deleted = await tx
    .delete(orderSettings)
    .where(and(eq(orderSettings.merchantId, merchantId), ne(orderSettings.id, orderSettingsId)))
    .returning({ id: orderSettings.id });
  await upsert(tx, orderSettings, [
    {
      id: orderSettingsId,
      merchantId,
      cityId: null,
      // The delivery-area switch lives only in the web settings (merchant_web_settings).
      ...file.orderSettings,
    },
  ]);
  return deleted.length;
}

/** The payment methods with their per-channel switches. */
export async function writePaymentMethods(tx: Tx, merchantId: string, file: BrandFile): Promise<string[]> {
  const idOf = idsOf(file);
  const paymentMethodIds = await upsert(
    tx,
    paymentMethods,
    file.paymentMethods.map((p) => ({
      id: idOf("paymentMethod", p.type),
      merchantId,
      name: p.name ?? p.type,
      icon: p.icon,
      title: p.title,
      iikoId: p.iikoId,
      type: p.type,
      priority: p.priority,
    })),
  );
  const paymentSettingsRows = file.paymentMethods.map((p) => ({
    paymentMethodId: idOf("paymentMethod", p.type),
    merchantId,
    webEnabled: p.webEnabled,
    botEnabled: p.botEnabled,
    operatorEnabled: p.operatorEnabled,
    appEnabled: p.appEnabled,
    qrEnabled: p.qrEnabled,
    isActive: p.isActive,
  }));
  const firstSettings = paymentSettingsRows[0];
  if (firstSettings) {
    await tx
      .insert(paymentMethodSettings)
      .values(paymentSettingsRows)
      .onConflictDoUpdate({
        target: paymentMethodSettings.paymentMethodId,
        set: excludedSet(
          paymentMethodSettings,
          Object.keys(firstSettings).filter((k) => k !== "paymentMethodId"),
        ),
      });
  }
  return paymentMethodIds;
}

/** The service types' channels: the file's rows replace the brand's (a type it omits is on everywhere). */
export async function writeServiceTypeChannels(tx: Tx, merchantId: string, file: BrandFile): Promise<void> {
  await tx.delete(serviceTypeSettings).where(eq(serviceTypeSettings.merchantId, merchantId));
  if (file.serviceTypeChannels.length === 0) return;
  await tx
    .insert(serviceTypeSettings)
    .values(file.serviceTypeChannels.map((row) => ({ merchantId, ...row })));
}

/** The policy texts (privacy, terms, ...), one row per type the file has. */
export async function writePolicies(tx: Tx, merchantId: string, file: BrandFile): Promise<string[]> {
  const idOf = idsOf(file);
  type PolicyText = (typeof file.policies)[keyof typeof file.policies];
  const policyRows = (Object.entries(file.policies) as [string, PolicyText][]).flatMap(([type, text]) =>
    text ? [{ id: idOf("policy", type), merchantId, type: type as keyof typeof file.policies, text }] : [],
  );
  return upsert(tx, policies, policyRows, [policies.merchantId, policies.type]);
}

export interface MenuIds {
  groupIds: string[];
  categoryIds: string[];
  productIds: string[];
  modGroupIds: string[];
  modIds: string[];
  productBranchIds: string[];
}

/** Groups, categories, products with their modifications, and the branches each product is sold in. */
export async function writeMenu(tx: Tx, merchantId: string, file: BrandFile): Promise<MenuIds> {
  const idOf = idsOf(file);
  const groups = file.menu.groups;
  const allCategories = groups.flatMap((g) => g.categories.map((c) => ({ group: g, category: c })));
  const allProducts = allCategories.flatMap(({ category }) =>
    category.products.map((p) => ({ category, product: p })),
  );
  const categoryId = (key: string) => idOf("category", key);
  const productId = (key: string) => idOf("product", key);

  const groupIds = await upsert(
    tx,
    menuGroups,
    groups.map((g) => ({
      id: idOf("group", g.key),
      merchantId,
      name: g.name,
      icon: g.icon,
      image: g.image,
      bgColor: g.bgColor,
      iconBgColor: g.iconBgColor,
      priority: g.priority,
      isActive: g.isActive,
    })),
  );
  const categoryIds = await upsert(
    tx,
    categories,
    allCategories.map(({ group, category: c }) => ({
      id: categoryId(c.key),
      merchantId,
      groupId: idOf("group", group.key),
      name: c.name,
      image: c.image,
      priority: c.priority,
      textColor: c.textColor,
      viewType: c.viewType,
      scrollType: c.scrollType,
      navigationType: c.navigationType,
      isWithoutCart: c.isWithoutCart,
      isActive: c.isActive,
      iikoId: c.iikoId,
    })),
  );
  const productIds = await upsert(
    tx,
    products,
    allProducts.map(({ category, product: p }) => ({
      id: productId(p.key),
      merchantId,
      categoryId: categoryId(category.key),
      name: p.name,
      description: p.description,
      image: p.image,
      gallery: p.gallery,
      barcode: p.barcode,
      mxicCode: p.mxicCode,
      packageCode: p.packageCode,
      unitCode: p.unitCode,
      vatPercent: p.vatPercent,
      labels: p.labels,
      tags: p.tags,
      calorie: p.calorie,
      timeCookingMin: p.timeCookingMin,
      timeCookingMax: p.timeCookingMax,
      costPrice: p.costPrice,
      discount: p.discount,
      additionalPrice: p.additionalPrice,
      unit: p.unit,
      type: p.modificationGroups.length > 0 ? ("MODIFICATION" as const) : ("NONE" as const),
      active: p.active,
      isAvailable: p.isAvailable,
      stock: p.stock,
      priority: p.priority,
      deliveryEnabled: p.deliveryEnabled,
      eatsPrice: p.eatsPrice,
      enabledEats: p.enabledEats,
      expressPrice: p.expressPrice,
      enabledExpress: p.enabledExpress,
      isCartRecommendation: p.isCartRecommendation,
      tgEnabled: p.tgEnabled,
      webEnabled: p.webEnabled,
      systems: p.systems,
      iikoId: p.iikoId,
    })),
  );

  const modGroupRows: Row[] = [];
  const modRows: Row[] = [];
  for (const { product: p } of allProducts) {
    for (const g of p.modificationGroups) {
      const groupKey = `${p.key}/${g.key}`;
      const groupId = idOf("modificationGroup", groupKey);
      modGroupRows.push({
        id: groupId,
        merchantId,
        productId: productId(p.key),
        name: g.name,
        minSelect: g.minSelect,
        maxSelect: g.maxSelect,
        priority: g.priority,
        iikoId: g.iikoId,
      });
      for (const mod of g.modifications) {
        modRows.push({
          id: idOf("modification", `${groupKey}/${mod.key}`),
          merchantId,
          groupId,
          name: mod.name,
          image: mod.image,
          price: mod.price,
          priority: mod.priority,
          isActive: mod.isActive,
          iikoId: mod.iikoId,
          mxicCode: mod.mxicCode,
          packageCode: mod.packageCode,
        });
      }
    }
  }
  const modGroupIds = await upsert(tx, modificationGroups, modGroupRows);
  const modIds = await upsert(tx, modifications, modRows);

  const everyBranch = file.branches.map((b) => b.key);
  const productBranchRows = allProducts.flatMap(({ product: p }) =>
    (p.branches ?? everyBranch).map((key) => ({
      id: idOf("productBranch", `${p.key}/${key}`),
      merchantId,
      productId: productId(p.key),
      branchId: idOf("branch", key),
      isActive: true,
    })),
  );
  const productBranchIds = await upsert(tx, productBranches, productBranchRows, [
    productBranches.productId,
    productBranches.branchId,
  ]);
  return { groupIds, categoryIds, productIds, modGroupIds, modIds, productBranchIds };
}

export async function writePromos(tx: Tx, merchantId: string, file: BrandFile): Promise<string[]> {
  const idOf = idsOf(file);
  return upsert(
    tx,
    promos,
    file.promos.map((p) => ({
      id: idOf("promo", p.key),
      merchantId,
      code: p.code.toUpperCase(),
      discountType: p.discountType,
      productDiscount: p.productDiscount,
      deliveryDiscount: p.deliveryDiscount,
      minPrice: p.minPrice,
      startDate: p.startDate === null ? null : new Date(p.startDate),
      endDate: p.endDate === null ? null : new Date(p.endDate),
      isActive: p.isActive,
      usageLimit: p.usageLimit,
      perCustomerLimit: p.perCustomerLimit,
    })),
  );
}

export async function writeVacancies(tx: Tx, merchantId: string, file: BrandFile): Promise<string[]> {
  const idOf = idsOf(file);
  const branchCity = new Map(file.branches.map((b) => [b.key, b.cityKey]));
  // A vacancy at a branch is in the branch's city unless the file names another one.
  const cityOfVacancy = (v: BrandFile["vacancies"][number]) => {
    const cityKey = v.cityKey ?? (v.branchKey === undefined ? undefined : branchCity.get(v.branchKey));
    return cityKey === undefined ? null : idOf("city", cityKey);
  };
  return upsert(
    tx,
    vacancies,
    file.vacancies.map((v) => ({
      id: idOf("vacancy", v.key),
      merchantId,
      responsible: v.responsible,
      phone: v.phone,
      position: v.position,
      salary: v.salary,
      requirements: v.requirements,
      branchId: v.branchKey === undefined ? null : idOf("branch", v.branchKey),
      cityId: cityOfVacancy(v),
      telegram: v.telegram,
      isActive: v.isActive,
      priority: v.priority,
    })),
  );
}

export async function writeBanners(tx: Tx, merchantId: string, file: BrandFile): Promise<string[]> {
  const idOf = idsOf(file);
  const promoCodes = new Map(file.promos.map((p) => [p.key, p.code]));
  return upsert(
    tx,
    banners,
    file.banners.map((b) => ({
      id: idOf("banner", b.key),
      merchantId,
      title: b.title,
      image: b.image,
      width: b.width,
      height: b.height,
      productId: b.productKey === undefined ? null : idOf("product", b.productKey),
      categoryId: b.categoryKey === undefined ? null : idOf("category", b.categoryKey),
      promoCode: b.promoKey === undefined ? null : (promoCodes.get(b.promoKey) ?? null),
      link: b.link ?? null,
      priority: b.priority,
      isActive: b.isActive,
      startDate: b.startDate === null ? null : new Date(b.startDate),
      endDate: b.endDate === null ? null : new Date(b.endDate),
    })),
  );
}

export async function writeStories(tx: Tx, merchantId: string, file: BrandFile): Promise<string[]> {
  const idOf = idsOf(file);
  return upsert(
    tx,
    stories,
    file.stories.map((story) => ({
      id: idOf("story", story.key),
      merchantId,
      title: story.title,
      preview: story.preview,
      media: story.slides.map((slide): StoryMedia => {
        const button = slide.button;
        return {
          type: slide.type,
          url: slide.url,
          duration: slide.duration,
          ...(slide.poster === undefined ? {} : { poster: slide.poster }),
          ...(button === undefined
            ? {}
            : {
                button: {
                  label: button.label,
                  ...(button.productKey === undefined
                    ? {}
                    : { productId: idOf("product", button.productKey) }),
                  ...(button.link === undefined ? {} : { link: button.link }),
                },
              }),
        };
      }),
      priority: story.priority,
      isActive: story.isActive,
    })),
  );
}

export async function writeExtraPages(tx: Tx, merchantId: string, file: BrandFile): Promise<string[]> {
  const idOf = idsOf(file);
  return upsert(
    tx,
    extraPages,
    file.extraPages.map((page) => ({
      id: idOf("extraPage", page.slug),
      merchantId,
      slug: page.slug,
      title: page.title,
      body: page.body,
    })),
    [extraPages.merchantId, extraPages.slug],
  );
}

/** The brand file's news (brand-wide notifications), by derived id so read marks survive a re-import. */
export async function writeNotifications(tx: Tx, merchantId: string, file: BrandFile): Promise<string[]> {
  const idOf = idsOf(file);
  return upsertFileNotifications(
    tx,
    merchantId,
    file.notifications.map((n) => ({
      id: idOf("notification", n.key),
      title: n.title,
      body: n.body,
      image: n.image,
      ...(n.date === undefined ? {} : { createdDate: new Date(n.date) }),
    })),
  );
}

/** The brand switcher's entries; subs whose merchant does not exist (yet) are answered as unresolved. */
export async function writeBrandSwitcher(
  tx: Tx,
  merchantId: string,
  file: BrandFile,
): Promise<{ brandIds: string[]; unresolvedBrandSubs: string[] }> {
  const idOf = idsOf(file);
  const brandSubs = file.brands.map((b) => b.sub);
  const targets = new Map(
    brandSubs.length === 0
      ? []
      : (
          await tx
            .select({ id: merchants.id, sub: merchants.sub })
            .from(merchants)
            .where(inArray(merchants.sub, brandSubs))
        ).map((r) => [r.sub, r.id]),
  );
  const brandIds = await upsert(
    tx,
    brands,
    file.brands.map((b) => ({
      id: idOf("brand", b.key),
      merchantId,
      targetMerchantId: targets.get(b.sub) ?? null,
      name: b.name,
      domainUrl: b.domainUrl,
      color: b.color,
      image: b.image,
      priority: b.priority,
    })),
  );
  return { brandIds, unresolvedBrandSubs: brandSubs.filter((s) => !targets.has(s)) };
}

/** The ids every step wrote: what the merchant keeps. */
export interface KeptIds extends MenuIds {
  cityIds: string[];
  branchIds: string[];
  workHourIds: string[];
  holidayIds: string[];
  regionIds: string[];
  paymentMethodIds: string[];
  policyIds: string[];
  promoIds: string[];
  vacancyIds: string[];
  hallIds: string[];
  tableIds: string[];
  bannerIds: string[];
  storyIds: string[];
  extraPageIds: string[];
  notificationIds: string[];
  brandIds: string[];
}

/**
 * Removes the merchant's rows the file no longer has. Children are replaced; rows that orders,
 * favourites or reservations point at are only switched off. Runs last, children before parents.
 */
export async function removeMissing(
  tx: Tx,
  merchantId: string,
  kept: KeptIds,
): Promise<{ deleted: number; deactivated: number }> {
  let deleted = 0;
  let deactivated = 0;
  deleted += await deleteMissing(tx, productBranches, merchantId, kept.productBranchIds);
  deleted += await deleteMissing(tx, modifications, merchantId, kept.modIds);
  deleted += await deleteMissing(tx, modificationGroups, merchantId, kept.modGroupIds);
  deleted += await deleteMissing(tx, branchWorkHours, merchantId, kept.workHourIds);
  deleted += await deleteMissing(tx, branchHolidays, merchantId, kept.holidayIds);
  deleted += await deleteMissing(tx, deliveryRegions, merchantId, kept.regionIds);
  deleted += await deleteMissing(tx, paymentMethods, merchantId, kept.paymentMethodIds);
  deleted += await deleteMissing(tx, policies, merchantId, kept.policyIds);
  deleted += await deleteMissing(tx, vacancies, merchantId, kept.vacancyIds);
  deleted += await deleteMissing(tx, banners, merchantId, kept.bannerIds);
  deleted += await deleteMissing(tx, stories, merchantId, kept.storyIds);
  deleted += await deleteMissing(tx, extraPages, merchantId, kept.extraPageIds);
  deleted += await deleteMissingFileNotifications(tx, merchantId, kept.notificationIds);
  deleted += await deleteMissing(tx, brands, merchantId, kept.brandIds);
  const off = { isActive: false };
  deactivated += await deactivateMissing(
    tx,
    products,
    merchantId,
    kept.productIds,
    { active: false },
    products.active,
  );
  deactivated += await deactivateMissing(
    tx,
    categories,
    merchantId,
    kept.categoryIds,
    off,
    categories.isActive,
  );
  deactivated += await deactivateMissing(tx, menuGroups, merchantId, kept.groupIds, off, menuGroups.isActive);
  deactivated += await deactivateMissing(
    tx,
    branches,
    merchantId,
    kept.branchIds,
    { isActive: false, deleted: true },
    branches.isActive,
  );
  deactivated += await deactivateMissing(tx, promos, merchantId, kept.promoIds, off, promos.isActive);
  // Orders, bookings and waiter calls keep pointing at a table that left the file: it is switched off.
  deactivated += await deactivateMissing(
    tx,
    diningTables,
    merchantId,
    kept.tableIds,
    off,
    diningTables.isActive,
  );
  deactivated += await deactivateMissing(tx, halls, merchantId, kept.hallIds, off, halls.isActive);
  // Addresses keep their coordinates when their city goes (cities.id is referenced with SET NULL).
  deleted += await deleteMissing(tx, cities, merchantId, kept.cityIds);
  return { deleted, deactivated };
}

/** Links a brand-switcher card to its merchant, unless it is linked already. */
export async function linkBrandCard(
  db: Db,
  { brandId, targetMerchantId }: { brandId: string; targetMerchantId: string },
) {
  await db
    .update(brands)
    .set({ targetMerchantId })
    .where(and(eq(brands.id, brandId), isNull(brands.targetMerchantId)));
}

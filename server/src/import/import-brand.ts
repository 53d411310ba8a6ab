// Writes a brand file to the database in one transaction. Rows get ids derived from (sub, entity, key),
// so importing the same file again updates the same rows instead of adding new ones.
import { and, eq, getTableColumns, inArray, ne, notInArray, sql, type SQL } from "drizzle-orm";
import { toSnakeCase } from "drizzle-orm/casing";
import type { IndexColumn, PgColumn, PgTable } from "drizzle-orm/pg-core";
import {
  banners,
  branches,
  branchWorkHours,
  brands,
  categories,
  cities,
  deliveryRegions,
  menuGroups,
  merchants,
  merchantWebSettings,
  modificationGroups,
  modifications,
  orderSettings,
  paymentMethods,
  paymentMethodSettings,
  policies,
  productBranches,
  products,
  promos,
  vacancies,
} from "../db/schema/index.ts";
import type { Db } from "../db/types.ts";
import { invalidateMenu, notifyMenuChanged } from "../lib/menu-cache.ts";
import { forgetGeo } from "../repositories/geo.ts";
import {
  brandEntityId,
  merchantIdForSub,
  parseBrandFile,
  type BrandFile,
  type BrandFileIssue,
} from "./brand-file.ts";

/** The file is not a valid brand file; nothing was written. */
export class BrandFileError extends Error {
  override name = "BrandFileError";
  readonly issues: BrandFileIssue[];
  constructor(issues: BrandFileIssue[]) {
    super(
      `Invalid brand file (${issues.length} problem${issues.length === 1 ? "" : "s"}):\n` +
        issues.map((i) => `  ${i.path || "(file)"}: ${i.message}`).join("\n"),
    );
    this.issues = issues;
  }
}

export interface ImportSummary {
  sub: string;
  merchantId: string;
  /** False when the merchant existed before this import. */
  created: boolean;
  /** Rows written (inserted or updated) per entity. */
  counts: {
    merchants: number;
    webSettings: number;
    cities: number;
    branches: number;
    workHours: number;
    deliveryRegions: number;
    orderSettings: number;
    paymentMethods: number;
    policies: number;
    groups: number;
    categories: number;
    products: number;
    modificationGroups: number;
    modifications: number;
    productBranches: number;
    promos: number;
    vacancies: number;
    banners: number;
    brands: number;
  };
  /** Rows of this merchant that are no longer in the file: deleted, or deactivated where orders may point at them. */
  removed: {
    deleted: number;
    deactivated: number;
  };
  /** Subs of brand-switcher entries whose merchant does not exist (yet); import again once it does. */
  unresolvedBrandSubs: string[];
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Row = Record<string, unknown>;

/** Rows per statement; keeps every statement far below the 65,535 bind parameters of the protocol. */
const CHUNK = 400;

function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}

/** `SET col = excluded.col` for every given property; names follow the instance's snake_case casing. */
function excludedSet(table: PgTable, keys: string[]): Record<string, SQL> {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const set: Record<string, SQL> = {};
  for (const key of keys) {
    const column = columns[key];
    if (!column) throw new Error(`${key} is not a column`);
    const name = column.keyAsName ? toSnakeCase(column.name) : column.name;
    set[key] = sql`excluded.${sql.identifier(name)}`;
  }
  return set;
}

interface TenantTable extends PgTable {
  id: PgColumn;
  merchantId: PgColumn;
}

/**
 * Inserts or updates rows by `target` and returns the ids of the rows now holding them. A row with the
 * same id that belongs to another merchant is never taken over: the import fails instead.
 */
async function upsert(
  tx: Tx,
  table: TenantTable,
  rows: Row[],
  target: IndexColumn | IndexColumn[] = table.id,
): Promise<string[]> {
  const first = rows[0];
  if (!first) return [];
  const targetColumns = new Set(Array.isArray(target) ? target : [target]);
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const keys = Object.keys(first).filter((k) => k !== "id" && !targetColumns.has(columns[k] as IndexColumn));
  const set = excludedSet(table, keys);
  const ids: string[] = [];
  for (const chunk of chunks(rows)) {
    const merchantId = chunk[0]?.merchantId as string;
    const written = (await tx
      .insert(table)
      .values(chunk as never)
      .onConflictDoUpdate({ target, set, setWhere: eq(table.merchantId, merchantId) })
      .returning({ id: table.id })) as { id: string }[];
    if (written.length !== chunk.length) {
      throw new Error(
        `${tableName(table)}: ${chunk.length - written.length} row id(s) already belong to another merchant`,
      );
    }
    ids.push(...written.map((w) => w.id));
  }
  return ids;
}

function tableName(table: PgTable): string {
  return (table as unknown as Record<symbol, string>)[Symbol.for("drizzle:Name")] ?? "table";
}

async function deleteMissing(
  tx: Tx,
  table: TenantTable,
  merchantId: string,
  keep: string[],
): Promise<number> {
  const deleted = await tx
    .delete(table)
    .where(and(eq(table.merchantId, merchantId), notInArray(table.id, keep)))
    .returning({ id: table.id });
  return deleted.length;
}

async function deactivateMissing(
  tx: Tx,
  table: TenantTable,
  merchantId: string,
  keep: string[],
  set: Row,
  activeColumn: PgColumn,
): Promise<number> {
  const changed = await tx
    .update(table)
    .set(set as never)
    .where(and(eq(table.merchantId, merchantId), notInArray(table.id, keep), eq(activeColumn, true)))
    .returning({ id: table.id });
  return changed.length;
}

/** Validates `input` as a brand file and writes it; throws BrandFileError before touching the database. */
export async function importBrand(db: Db, input: unknown): Promise<ImportSummary> {
  const parsed = parseBrandFile(input);
  if (!parsed.success) throw new BrandFileError(parsed.issues);
  const file = parsed.data;
  const summary = await db.transaction(async (tx) => {
    const written = await writeBrand(tx, file);
    // Other servers on the same PostgreSQL drop their cached menu when this commits.
    await notifyMenuChanged(tx, written.merchantId);
    return written;
  });
  invalidateMenu(summary.merchantId);
  // Branches, hours and regions are cached briefly too; an import shows at once on this server.
  forgetGeo(db, summary.merchantId);
  return summary;
}

async function writeBrand(tx: Tx, file: BrandFile): Promise<ImportSummary> {
  const m = file.merchant;
  const sub = m.sub;
  const idOf = (entity: Parameters<typeof brandEntityId>[1], key: string) => brandEntityId(sub, entity, key);

  // A merchant created outside the import keeps its id; the derived ids of its rows still use the sub.
  const [existing] = await tx.select({ id: merchants.id }).from(merchants).where(eq(merchants.sub, sub));
  const merchantId = existing?.id ?? merchantIdForSub(sub);
  let deleted = 0;
  let deactivated = 0;

  const mainCity = file.cities.find((c) => c.isMain) ?? file.cities[0];
  const location =
    m.location ?? (mainCity ? { latitude: mainCity.latitude, longitude: mainCity.longitude } : undefined);
  const merchantRow = {
    id: merchantId,
    sub,
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

  // Geography ---------------------------------------------------------------------------------------
  const cityId = (key: string) => idOf("city", key);
  const cityIds = await upsert(
    tx,
    cities,
    file.cities.map((c) => ({
      id: cityId(c.key),
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
    .set({ mainCityId: mainCity ? cityId(mainCity.key) : null })
    .where(eq(merchants.id, merchantId));

  const branchId = (key: string) => idOf("branch", key);
  const branchIds = await upsert(
    tx,
    branches,
    file.branches.map((b) => ({
      id: branchId(b.key),
      merchantId,
      cityId: cityId(b.cityKey),
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
      ...b.settings,
    })),
  );

  const workHourRows = file.branches.flatMap((b) =>
    b.workHours.flatMap((wh) =>
      wh.hours.map((h) => ({
        id: idOf("workHour", `${b.key}/${wh.type}/${h.weekName}`),
        merchantId,
        branchId: branchId(b.key),
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

  const regionIds = await upsert(
    tx,
    deliveryRegions,
    file.deliveryRegions.map((r) => ({
      id: idOf("region", r.key),
      merchantId,
      cityId: cityId(r.cityKey),
      name: r.name,
      polygon: r.polygon,
      color: r.color,
      price: r.price,
      priority: r.priority,
    })),
  );

  // Orders and payments -----------------------------------------------------------------------------
  const orderSettingsId = idOf("orderSettings", "default");
  // The file describes the merchant default only; rows made another way would collide with it.
  deleted += (
    await tx
      .delete(orderSettings)
      .where(and(eq(orderSettings.merchantId, merchantId), ne(orderSettings.id, orderSettingsId)))
      .returning({ id: orderSettings.id })
  ).length;
  await upsert(tx, orderSettings, [
    {
      id: orderSettingsId,
      merchantId,
      cityId: null,
      // The delivery-area switch lives only in the web settings (merchant_web_settings).
      ...file.orderSettings,
    },
  ]);

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

  type PolicyText = (typeof file.policies)[keyof typeof file.policies];
  const policyRows = (Object.entries(file.policies) as [string, PolicyText][]).flatMap(([type, text]) =>
    text ? [{ id: idOf("policy", type), merchantId, type: type as keyof typeof file.policies, text }] : [],
  );
  const policyIds = await upsert(tx, policies, policyRows, [policies.merchantId, policies.type]);

  // Menu ----------------------------------------------------------------------------------------------
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
      branchId: branchId(key),
      isActive: true,
    })),
  );
  const productBranchIds = await upsert(tx, productBranches, productBranchRows, [
    productBranches.productId,
    productBranches.branchId,
  ]);

  // Promos and content ------------------------------------------------------------------------------
  const promoIds = await upsert(
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
    })),
  );
  const vacancyIds = await upsert(
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
      isActive: v.isActive,
      priority: v.priority,
    })),
  );
  const bannerIds = await upsert(
    tx,
    banners,
    file.banners.map((b) => ({
      id: idOf("banner", b.key),
      merchantId,
      title: b.title,
      image: b.image,
      productId: b.productKey === undefined ? null : productId(b.productKey),
      // docs/decisions.md: a banner that opens a category links to the category page by id.
      link: b.categoryKey === undefined ? (b.link ?? null) : `/category?id=${categoryId(b.categoryKey)}`,
      priority: b.priority,
      isActive: b.isActive,
      startDate: b.startDate === null ? null : new Date(b.startDate),
      endDate: b.endDate === null ? null : new Date(b.endDate),
    })),
  );

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

  // What the file no longer has -----------------------------------------------------------------------
  // Children are replaced; rows that orders, favourites or reservations point at are only switched off.
  deleted += await deleteMissing(tx, productBranches, merchantId, productBranchIds);
  deleted += await deleteMissing(tx, modifications, merchantId, modIds);
  deleted += await deleteMissing(tx, modificationGroups, merchantId, modGroupIds);
  deleted += await deleteMissing(tx, branchWorkHours, merchantId, workHourIds);
  deleted += await deleteMissing(tx, deliveryRegions, merchantId, regionIds);
  deleted += await deleteMissing(tx, paymentMethods, merchantId, paymentMethodIds);
  deleted += await deleteMissing(tx, policies, merchantId, policyIds);
  deleted += await deleteMissing(tx, vacancies, merchantId, vacancyIds);
  deleted += await deleteMissing(tx, banners, merchantId, bannerIds);
  deleted += await deleteMissing(tx, brands, merchantId, brandIds);
  deactivated += await deactivateMissing(
    tx,
    products,
    merchantId,
    productIds,
    { active: false },
    products.active,
  );
  deactivated += await deactivateMissing(
    tx,
    categories,
    merchantId,
    categoryIds,
    { isActive: false },
    categories.isActive,
  );
  deactivated += await deactivateMissing(
    tx,
    menuGroups,
    merchantId,
    groupIds,
    { isActive: false },
    menuGroups.isActive,
  );
  deactivated += await deactivateMissing(
    tx,
    branches,
    merchantId,
    branchIds,
    { isActive: false, deleted: true },
    branches.isActive,
  );
  deactivated += await deactivateMissing(
    tx,
    promos,
    merchantId,
    promoIds,
    { isActive: false },
    promos.isActive,
  );
  // Addresses keep their coordinates when their city goes (cities.id is referenced with SET NULL).
  deleted += await deleteMissing(tx, cities, merchantId, cityIds);

  return {
    sub,
    merchantId,
    created: existing === undefined,
    counts: {
      merchants: 1,
      webSettings: 1,
      cities: cityIds.length,
      branches: branchIds.length,
      workHours: workHourIds.length,
      deliveryRegions: regionIds.length,
      orderSettings: 1,
      paymentMethods: paymentMethodIds.length,
      policies: policyIds.length,
      groups: groupIds.length,
      categories: categoryIds.length,
      products: productIds.length,
      modificationGroups: modGroupIds.length,
      modifications: modIds.length,
      productBranches: productBranchIds.length,
      promos: promoIds.length,
      vacancies: vacancyIds.length,
      banners: bannerIds.length,
      brands: brandIds.length,
    },
    removed: { deleted, deactivated },
    unresolvedBrandSubs: brandSubs.filter((s) => !targets.has(s)),
  };
}

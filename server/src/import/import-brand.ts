// Writes a brand file to the database in one transaction. Rows get ids derived from (sub, entity, key),
// so importing the same file again updates the same rows instead of adding new ones.
import fs from "node:fs";
import path from "node:path";
import type { Db } from "../db/types.ts";
import { transaction, type Tx } from "../db/transaction.ts";
import { cachesChanged } from "../db/cache-bus.ts";
import type { ObjectStorage } from "../lib/object-storage.ts";
import { formatPath, parseBrandFile, type BrandFile, type BrandFileIssue } from "./brand-file.ts";
import {
  isUploadedSrc,
  prepareMedia,
  storedAlready,
  uploadedSrcs,
  type PreparedMedia,
} from "./brand-media.ts";
import {
  removeMissing,
  resolveMerchant,
  writeBanners,
  writeExtraPages,
  writeStories,
  writeNotifications,
  writeBranches,
  writeBrandSwitcher,
  writeCities,
  writeDeliveryRegions,
  writeHalls,
  writeMenu,
  writeMerchant,
  writeOrderSettings,
  writePaymentMethods,
  writeServiceTypeChannels,
  writePolicies,
  writePromos,
  writeVacancies,
  writeWebSettings,
} from "../repositories/brand-import.ts";

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
    halls: number;
    tables: number;
    banners: number;
    stories: number;
    extraPages: number;
    notifications: number;
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

/** Validates `input` as a brand file and writes it; throws BrandFileError before touching the database. */
/** A picture or clip by its path from the site root ("/demo/lavash/logo.svg"), not a page link. */
const LOCAL_MEDIA = /^\/(?!\/)\S+\.(?:svg|png|jpe?g|webp|gif|avif|webm|mp4)$/i;

/**
 * Every picture or clip the file names by a path from the site root that is in none of `roots`
 * (the built site and public/), with the field that names it. Outside addresses are not fetched.
 */
export function missingMedia(file: unknown, roots: readonly string[]): BrandFileIssue[] {
  const issues: BrandFileIssue[] = [];
  const exists = (src: string) =>
    roots.some((root) => {
      const target = path.resolve(root, `.${src}`);
      return target.startsWith(root + path.sep) && fs.existsSync(target) && fs.statSync(target).isFile();
    });
  const walk = (value: unknown, at: PropertyKey[]) => {
    if (typeof value === "string") {
      // An uploaded picture or clip is the file's media's or the storage's (checkUploads).
      if (LOCAL_MEDIA.test(value) && !isUploadedSrc(value) && !exists(value)) {
        issues.push({ path: formatPath(at), message: `no such file under the site root: ${value}` });
      }
    } else if (Array.isArray(value)) {
      value.forEach((item, i) => {
        walk(item, [...at, i]);
      });
    } else if (value && typeof value === "object") {
      for (const [key, item] of Object.entries(value)) walk(item, [...at, key]);
    }
  };
  walk(file, []);
  return issues;
}

export interface ImportOptions {
  /**
   * Where the site's files are (the built site, public/): when given, a picture or clip the file
   * names by a path from the site root must be there, or nothing is imported.
   */
  siteRoots?: readonly string[];
  /**
   * The deployment's object storage: when given, the file's media (the pictures and clips uploaded
   * where it was exported) are checked and stored there first, and every uploaded picture or clip
   * the file names must be among them or already stored, or nothing is imported. Without it the
   * media are not read.
   */
  storage?: ObjectStorage;
}

/** The file's media checked by their bytes, and each uploaded src it names found; or the problems. */
async function checkUploads(
  file: BrandFile,
  storage: ObjectStorage,
): Promise<{ ready: PreparedMedia[]; issues: BrandFileIssue[] }> {
  const ready: PreparedMedia[] = [];
  const issues: BrandFileIssue[] = [];
  file.media.forEach((entry, i) => {
    const prepared = prepareMedia(entry);
    if (typeof prepared === "string") issues.push({ path: `media[${String(i)}]`, message: prepared });
    else ready.push(prepared);
  });
  const carried = new Set(file.media.map((m) => m.src));
  for (const src of uploadedSrcs({ ...file, media: [] })) {
    if (carried.has(src) || (await storedAlready(storage, src))) continue;
    issues.push({ path: "(file)", message: `names ${src}, which is neither in its media nor stored here` });
  }
  return { ready, issues };
}

export async function importBrand(
  db: Db,
  input: unknown,
  options: ImportOptions = {},
): Promise<ImportSummary> {
  const parsed = parseBrandFile(input);
  if (!parsed.success) throw new BrandFileError(parsed.issues);
  const file = parsed.data;
  if (options.siteRoots) {
    const missing = missingMedia(file, options.siteRoots);
    if (missing.length > 0) throw new BrandFileError(missing);
  }
  if (options.storage) {
    const uploads = await checkUploads(file, options.storage);
    if (uploads.issues.length > 0) throw new BrandFileError(uploads.issues);
    // Stored before the rows that name them: a failed import leaves only unnamed files behind.
    for (const m of uploads.ready) await options.storage.put(m.key, m.bytes, m.contentType);
  }
  const summary = await transaction(db, async (tx) => {
    const written = await writeBrand(tx, file);
    // The menu, the merchant row and its branches, hours and regions: fresh on every process.
    await cachesChanged(tx, written.merchantId, ["menu", "merchant", "geo"]);
    return written;
  });
  return summary;
}

/** The steps of an import, one per entity, in an order that satisfies every foreign key. */
async function writeBrand(tx: Tx, file: BrandFile): Promise<ImportSummary> {
  const { merchantId, created } = await resolveMerchant(tx, file);
  await writeMerchant(tx, merchantId, file);
  await writeWebSettings(tx, merchantId, file);
  const cityIds = await writeCities(tx, merchantId, file);
  const { branchIds, workHourIds, holidayIds } = await writeBranches(tx, merchantId, file);
  const { hallIds, tableIds } = await writeHalls(tx, merchantId, file);
  const regionIds = await writeDeliveryRegions(tx, merchantId, file);
  const orderSettingsDeleted = await writeOrderSettings(tx, merchantId, file);
  const paymentMethodIds = await writePaymentMethods(tx, merchantId, file);
  await writeServiceTypeChannels(tx, merchantId, file);
  const policyIds = await writePolicies(tx, merchantId, file);
  const menu = await writeMenu(tx, merchantId, file);
  const promoIds = await writePromos(tx, merchantId, file);
  const vacancyIds = await writeVacancies(tx, merchantId, file);
  const bannerIds = await writeBanners(tx, merchantId, file);
  const storyIds = await writeStories(tx, merchantId, file);
  const extraPageIds = await writeExtraPages(tx, merchantId, file);
  const notificationIds = await writeNotifications(tx, merchantId, file);
  const { brandIds, unresolvedBrandSubs } = await writeBrandSwitcher(tx, merchantId, file);
  const removed = await removeMissing(tx, merchantId, {
    cityIds,
    branchIds,
    workHourIds,
    holidayIds,
    regionIds,
    paymentMethodIds,
    policyIds,
    ...menu,
    promoIds,
    vacancyIds,
    hallIds,
    tableIds,
    bannerIds,
    storyIds,
    extraPageIds,
    notificationIds,
    brandIds,
  });
  return {
    sub: file.merchant.sub,
    merchantId,
    created,
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
      groups: menu.groupIds.length,
      categories: menu.categoryIds.length,
      products: menu.productIds.length,
      modificationGroups: menu.modGroupIds.length,
      modifications: menu.modIds.length,
      productBranches: menu.productBranchIds.length,
      promos: promoIds.length,
      vacancies: vacancyIds.length,
      halls: hallIds.length,
      tables: tableIds.length,
      banners: bannerIds.length,
      stories: storyIds.length,
      extraPages: extraPageIds.length,
      notifications: notificationIds.length,
      brands: brandIds.length,
    },
    removed: { deleted: removed.deleted + orderSettingsDeleted, deactivated: removed.deactivated },
    unresolvedBrandSubs,
  };
}

// The brand file: one JSON document that describes a merchant completely (settings, geography, menu,
// promos, texts). `importBrand` writes it to the database; the demo brands are such files.
//
// Entities name each other by stable string keys chosen by the author of the file; database ids are
// derived from (sub, entity, key) with UUID v5, so importing the same file again hits the same rows.
// The parts of the schema live in ./brand-file/, one file per section; this file puts them together,
// checks the references between entities and reports problems by path.
import { z } from "zod";
import {
  bannerSchema,
  brandSchema,
  extraPageSchema,
  notificationSchema,
  policiesSchema,
  storySchema,
  vacancySchema,
} from "./brand-file/content.ts";
import { branchSchema, citySchema, deliveryRegionSchema } from "./brand-file/geography.ts";
import { groupSchema } from "./brand-file/menu.ts";
import { merchantSchema, webSettingsSchema } from "./brand-file/merchant.ts";
import {
  orderSettingsSchema,
  paymentMethodSchema,
  promoSchema,
  serviceTypeChannelSchema,
} from "./brand-file/orders.ts";

export { BRAND_ID_NAMESPACE, brandEntityId, merchantIdForSub, type BrandEntity } from "./brand-file/ids.ts";

// ---------------------------------------------------------------------------------------------------
// The file

const brandFileObject = z.strictObject({
  /** Format version of the file. */
  version: z.literal(1),
  merchant: merchantSchema,
  webSettings: webSettingsSchema.prefault({}),
  policies: policiesSchema.default({}),
  cities: z.array(citySchema).min(1, { error: "needs at least one city" }),
  branches: z.array(branchSchema).default([]),
  deliveryRegions: z.array(deliveryRegionSchema).default([]),
  orderSettings: orderSettingsSchema.prefault({}),
  paymentMethods: z.array(paymentMethodSchema).default([]),
  serviceTypeChannels: z.array(serviceTypeChannelSchema).default([]),
  menu: z.strictObject({ groups: z.array(groupSchema) }).prefault({ groups: [] }),
  promos: z.array(promoSchema).default([]),
  vacancies: z.array(vacancySchema).default([]),
  banners: z.array(bannerSchema).default([]),
  stories: z.array(storySchema).default([]),
  extraPages: z.array(extraPageSchema).default([]),
  notifications: z.array(notificationSchema).default([]),
  brands: z.array(brandSchema).default([]),
  /**
   * The bytes of the pictures and clips uploaded in the console that the file names (base64), so an
   * import elsewhere shows them too (import/brand-media.ts).
   */
  media: z
    .array(
      z.strictObject({
        src: z.string().max(300),
        data: z.base64({ error: "must be the file's bytes in base64" }),
      }),
    )
    .max(5_000)
    .default([]),
});

type Path = (string | number)[];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** `[index, element]` of an array field, or nothing when the field is not an array. */
function items(value: unknown, field: string): [number, unknown][] {
  const list = isRecord(value) ? value[field] : undefined;
  return Array.isArray(list) ? list.map((item, i) => [i, item]) : [];
}

function stringField(value: unknown, field: string): string | undefined {
  const v = isRecord(value) ? value[field] : undefined;
  return typeof v === "string" ? v : undefined;
}

/**
 * Uniqueness of keys and cross-references between entities. Written against `unknown` because it
 * runs even when other fields are malformed, so one report lists every bad path.
 */
function checkReferences(file: unknown, ctx: z.RefinementCtx): void {
  const issue = (path: Path, message: string) => {
    ctx.addIssue({ code: "custom", path, message });
  };

  function uniqueKeys(entries: [Path, unknown][], field: string, what: string, normalise = (s: string) => s) {
    const seen = new Map<string, Path>();
    for (const [path, entry] of entries) {
      const value = stringField(entry, field);
      if (value === undefined) continue;
      const norm = normalise(value);
      const first = seen.get(norm);
      if (first) issue([...path, field], `duplicate ${what} "${value}" (first at ${formatPath(first)})`);
      else seen.set(norm, path);
    }
    return new Set(seen.keys());
  }

  const at = (field: string): [Path, unknown][] => items(file, field).map(([i, v]) => [[field, i], v]);

  const cityKeys = uniqueKeys(at("cities"), "key", "city key");
  const branchKeys = uniqueKeys(at("branches"), "key", "branch key");
  uniqueKeys(at("deliveryRegions"), "key", "delivery region key");
  const promoKeys = uniqueKeys(at("promos"), "key", "promo key");
  uniqueKeys(at("promos"), "code", "promo code", (s) => s.toUpperCase());
  uniqueKeys(at("vacancies"), "key", "vacancy key");
  uniqueKeys(at("banners"), "key", "banner key");
  uniqueKeys(at("stories"), "key", "story key");
  uniqueKeys(at("extraPages"), "slug", "extra page");
  uniqueKeys(at("notifications"), "key", "notification key");
  uniqueKeys(at("brands"), "key", "brand key");
  uniqueKeys(at("brands"), "sub", "brand sub");
  uniqueKeys(at("paymentMethods"), "type", "payment method type");
  uniqueKeys(at("serviceTypeChannels"), "serviceType", "service type");

  const mainCities = at("cities").filter(([, c]) => isRecord(c) && c.isMain === true);
  for (const [path] of mainCities.slice(1)) issue([...path, "isMain"], "only one city may be the main city");

  const tables: [Path, unknown][] = [];
  for (const [path, branch] of at("branches")) {
    const workHours: [Path, unknown][] = items(branch, "workHours").map(([i, v]) => [
      [...path, "workHours", i],
      v,
    ]);
    uniqueKeys(workHours, "type", "work hours type");
    const halls: [Path, unknown][] = items(branch, "halls").map(([i, v]) => [[...path, "halls", i], v]);
    uniqueKeys(halls, "key", "hall key");
    for (const [hallPath, hall] of halls) {
      const hallTables = items(hall, "tables").map(([i, v]): [Path, unknown] => [
        [...hallPath, "tables", i],
        v,
      ]);
      uniqueKeys(hallTables, "key", "table key");
      tables.push(...hallTables);
    }
    for (const [whPath, wh] of workHours) {
      uniqueKeys(
        items(wh, "hours").map(([i, v]) => [[...whPath, "hours", i], v]),
        "weekName",
        "weekday",
      );
    }
  }

  // A QR code names one table of the brand, whatever its branch.
  uniqueKeys(tables, "code", "table code", (s) => s.toLowerCase());

  const refersTo = (entries: [Path, unknown][], field: string, known: Set<string>, what: string) => {
    for (const [path, entry] of entries) {
      const value = stringField(entry, field);
      if (value !== undefined && !known.has(value)) issue([...path, field], `unknown ${what} "${value}"`);
    }
  };
  refersTo(at("branches"), "cityKey", cityKeys, "city key");
  refersTo(at("deliveryRegions"), "cityKey", cityKeys, "city key");

  const menu = isRecord(file) ? file.menu : undefined;
  const groups: [Path, unknown][] = items(menu, "groups").map(([i, v]) => [["menu", "groups", i], v]);
  const categories: [Path, unknown][] = groups.flatMap(([path, g]) =>
    items(g, "categories").map(([i, v]): [Path, unknown] => [[...path, "categories", i], v]),
  );
  const products: [Path, unknown][] = categories.flatMap(([path, c]) =>
    items(c, "products").map(([i, v]): [Path, unknown] => [[...path, "products", i], v]),
  );
  uniqueKeys(groups, "key", "group key");
  const categoryKeys = uniqueKeys(categories, "key", "category key");
  const productKeys = uniqueKeys(products, "key", "product key");

  for (const [path, product] of products) {
    const branchesField = isRecord(product) ? product.branches : undefined;
    if (Array.isArray(branchesField)) {
      const seen = new Set<string>();
      branchesField.forEach((key, i) => {
        if (typeof key !== "string") return;
        if (!branchKeys.has(key)) issue([...path, "branches", i], `unknown branch key "${key}"`);
        else if (seen.has(key)) issue([...path, "branches", i], `duplicate branch key "${key}"`);
        seen.add(key);
      });
    }
    const modGroups: [Path, unknown][] = items(product, "modificationGroups").map(([i, v]) => [
      [...path, "modificationGroups", i],
      v,
    ]);
    uniqueKeys(modGroups, "key", "modification group key");
    for (const [mgPath, mg] of modGroups) {
      uniqueKeys(
        items(mg, "modifications").map(([i, v]) => [[...mgPath, "modifications", i], v]),
        "key",
        "modification key",
      );
    }
  }

  refersTo(at("banners"), "productKey", productKeys, "product key");
  refersTo(at("banners"), "categoryKey", categoryKeys, "category key");
  refersTo(at("banners"), "promoKey", promoKeys, "promo key");
  refersTo(at("vacancies"), "branchKey", branchKeys, "branch key");
  const slideButtons: [Path, unknown][] = at("stories").flatMap(([path, story]) =>
    items(story, "slides").map(([i, slide]): [Path, unknown] => [
      [...path, "slides", i, "button"],
      isRecord(slide) ? slide.button : undefined,
    ]),
  );
  refersTo(slideButtons, "productKey", productKeys, "product key");
  refersTo(at("vacancies"), "cityKey", cityKeys, "city key");
}

/** The brand file format (version 1). Parse with `parseBrandFile` to get every issue with its path. */
export const brandFileSchema = brandFileObject.superRefine(checkReferences, { when: () => true });

export type BrandFile = z.output<typeof brandFileSchema>;
/** What an author writes: every field with a default may be omitted. */
export type BrandFileInput = z.input<typeof brandFileSchema>;

export interface BrandFileIssue {
  /** e.g. `menu.groups[0].categories[2].products[5].costPrice`; "" for the file itself. */
  path: string;
  message: string;
}

export function formatPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const part of path) {
    if (typeof part === "number") out += `[${part}]`;
    else out += out === "" ? String(part) : `.${String(part)}`;
  }
  return out;
}

function describeIssue(issue: z.core.$ZodIssue): BrandFileIssue[] {
  if (issue.code === "unrecognized_keys") {
    return issue.keys.map((key) => ({ path: formatPath([...issue.path, key]), message: "unknown field" }));
  }
  let message = issue.message;
  if (issue.code === "invalid_type" && /received undefined$/.test(message)) {
    message = `is required (${issue.expected})`;
  }
  return [{ path: formatPath(issue.path), message }];
}

export type ParseResult = { success: true; data: BrandFile } | { success: false; issues: BrandFileIssue[] };

/** Validates a parsed JSON value; on failure lists every bad field with its path. */
export function parseBrandFile(input: unknown): ParseResult {
  const result = brandFileSchema.safeParse(input);
  if (result.success) return { success: true, data: result.data };
  const seen = new Set<string>();
  const issues: BrandFileIssue[] = [];
  for (const issue of result.error.issues.flatMap(describeIssue)) {
    const id = `${issue.path}\n${issue.message}`;
    if (seen.has(id)) continue;
    seen.add(id);
    issues.push(issue);
  }
  return { success: false, issues };
}

import fs from "node:fs";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  banners,
  branches,
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
  policies,
  productBranches,
  products,
  promos,
  vacancies,
} from "../src/db/schema/index.ts";
import type { Db } from "../src/db/types.ts";
import { brandEntityId, merchantIdForSub } from "../src/import/brand-file.ts";
import { DEMO_BRANDS_DIR, importDemoBrands } from "../src/import/demo.ts";
import { BrandFileError, importBrand } from "../src/import/import-brand.ts";
import { createTestDb, type TestDb } from "./support/db.ts";

const TABLES = {
  cities,
  branches,
  branchWorkHours,
  deliveryRegions,
  orderSettings,
  merchantWebSettings,
  paymentMethods,
  policies,
  menuGroups,
  categories,
  products,
  modificationGroups,
  modifications,
  productBranches,
  promos,
  vacancies,
  banners,
  brands,
  halls,
  diningTables,
};

type Json = Record<string, unknown> & {
  merchant: { sub: string; isActive?: boolean };
  menu: { groups: { categories: { key: string; name?: unknown; products: Record<string, unknown>[] }[] }[] };
};

const readDemo = (name: string): Json =>
  JSON.parse(fs.readFileSync(path.join(DEMO_BRANDS_DIR, `${name}.json`), "utf8")) as Json;

async function rowCounts(db: Db, merchantId: string): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const [name, table] of Object.entries(TABLES)) {
    const [row] = await db.select({ n: count() }).from(table).where(eq(table.merchantId, merchantId));
    out[name] = row?.n ?? 0;
  }
  return out;
}

async function merchantBySub(db: Db, sub: string) {
  const [row] = await db.select().from(merchants).where(eq(merchants.sub, sub));
  return row;
}

let t: TestDb;
beforeEach(async () => {
  t = await createTestDb();
});
afterEach(async () => {
  await t.close();
});

describe("demo brands", () => {
  it("imports all four demo files; lavash has 300+ products and a resolved brand catalog", async () => {
    await importDemoBrands(t.db, { onlyWhenEmpty: true });
    const subs = (await t.db.select({ sub: merchants.sub }).from(merchants)).map((m) => m.sub).sort();
    expect(subs).toEqual(["closed", "lavash", "plov", "sushi"]);

    const lavash = await merchantBySub(t.db, "lavash");
    expect(lavash).toBeDefined();
    const counts = await rowCounts(t.db, lavash?.id ?? "");
    expect(counts.products).toBeGreaterThanOrEqual(300);
    expect(counts.cities).toBe(2);
    expect(counts.branches).toBe(4);
    expect((await merchantBySub(t.db, "closed"))?.isActive).toBe(false);

    const catalog = await t.db
      .select()
      .from(brands)
      .where(eq(brands.merchantId, lavash?.id ?? ""));
    expect(catalog).toHaveLength(3);
    expect(catalog.every((b) => b.targetMerchantId !== null)).toBe(true);

    // A second start does nothing once merchants exist.
    await importDemoBrands(t.db, { onlyWhenEmpty: true });
    expect(await rowCounts(t.db, lavash?.id ?? "")).toEqual(counts);
  });
});

describe("importBrand", () => {
  it("imports the same file twice without new rows, and applies an edited price", async () => {
    const file = readDemo("lavash");
    const first = await importBrand(t.db, file);
    expect(first.created).toBe(true);
    const id = merchantIdForSub("lavash");
    const before = await rowCounts(t.db, id);
    expect(before.products).toBeGreaterThanOrEqual(300);

    const again = await importBrand(t.db, file);
    expect(again.created).toBe(false);
    expect(again.removed).toEqual({ deleted: 0, deactivated: 0 });
    expect(await rowCounts(t.db, id)).toEqual(before);

    const edited = structuredClone(file);
    const product = edited.menu.groups[0]?.categories[0]?.products[0];
    expect(product).toBeDefined();
    if (!product) return;
    product.costPrice = 12_300;
    await importBrand(t.db, edited);
    expect(await rowCounts(t.db, id)).toEqual(before);
    const [row] = await t.db
      .select({ costPrice: products.costPrice })
      .from(products)
      .where(eq(products.id, brandEntityId("lavash", "product", String(product.key))));
    expect(Number(row?.costPrice)).toBe(12_300);
  });

  it("rejects a bad file listing every bad path, and writes nothing", async () => {
    const file = readDemo("plov");
    file.merchant.sub = "bad-brand";
    const webSettings = file.webSettings as Record<string, unknown>;
    webSettings.basketPosition = "SIDEWAYS";
    const category = file.menu.groups[0]?.categories[1];
    const product = file.menu.groups[0]?.categories[0]?.products[2];
    if (!category || !product) throw new Error("plov.json changed shape");
    product.costPrice = -5_000;
    delete category.name;
    file.banners = [
      { key: "b1", title: { ru: "Баннер" }, image: "/demo/plov/logo.svg", categoryKey: "no-such-category" },
    ];

    const error = await importBrand(t.db, file).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BrandFileError);
    const paths = (error as BrandFileError).issues.map((i) => i.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        "webSettings.basketPosition",
        "menu.groups[0].categories[0].products[2].costPrice",
        "menu.groups[0].categories[1].name",
        "banners[0].categoryKey",
      ]),
    );
    expect(await merchantBySub(t.db, "bad-brand")).toBeUndefined();
  });

  it("refuses a file naming a picture that is not in the site, with the field that names it, and writes nothing", async () => {
    const publicDir = path.resolve(import.meta.dirname, "../../public");
    const file = readDemo("plov");
    file.merchant.sub = "missing-picture";
    // Every picture of the demo file is there: it imports with the check on.
    const good = structuredClone(file);
    good.merchant.sub = "all-pictures";
    await expect(importBrand(t.db, good, { siteRoots: [publicDir] })).resolves.toMatchObject({
      created: true,
    });

    const product = file.menu.groups[0]?.categories[0]?.products[1];
    if (!product) throw new Error("plov.json changed shape");
    product.image = "/demo/plov/no-such-dish.webp";
    const error = await importBrand(t.db, file, { siteRoots: [publicDir] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BrandFileError);
    expect((error as BrandFileError).issues).toEqual([
      {
        path: "menu.groups[0].categories[0].products[1].image",
        message: "no such file under the site root: /demo/plov/no-such-dish.webp",
      },
    ]);
    expect(await merchantBySub(t.db, "missing-picture")).toBeUndefined();
  });

  it("imports plov's halls and tables, refuses a table code used twice, and switches off a table that left the file", async () => {
    const file = readDemo("plov");
    const summary = await importBrand(t.db, file);
    expect(summary.counts.halls).toBe(3);
    expect(summary.counts.tables).toBe(14);

    type Branch = { halls: { tables: { key: string; code: string }[] }[] };
    const branchList = file.branches as Branch[];
    const mainHall = branchList[0]?.halls[0];
    const otherBranchTable = branchList[1]?.halls[0]?.tables[0];
    if (!mainHall || !otherBranchTable) throw new Error("plov.json changed shape");

    const clash = structuredClone(file);
    const clashTable = (clash.branches as Branch[])[0]?.halls[0]?.tables[0];
    if (clashTable) clashTable.code = otherBranchTable.code.toUpperCase();
    const error = await importBrand(t.db, clash).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BrandFileError);
    expect((error as BrandFileError).issues.map((i) => i.message).join("\n")).toMatch(/duplicate table code/);

    const removed = mainHall.tables.pop();
    const again = await importBrand(t.db, file);
    expect(again.removed.deactivated).toBe(1);
    const [row] = await t.db
      .select({ isActive: diningTables.isActive })
      .from(diningTables)
      .where(eq(diningTables.code, removed?.code ?? ""));
    expect(row?.isActive).toBe(false);
  });

  it("rolls back everything when a write fails half-way", async () => {
    // Another merchant already owns the id the victim's vacancy will get: the schema cannot see that,
    // the insert of the vacancies (after merchant, settings, geography and menu) fails.
    const owner = readDemo("closed");
    owner.merchant.sub = "owner";
    await importBrand(t.db, owner);
    await t.db.insert(vacancies).values({
      id: brandEntityId("victim", "vacancy", "cook"),
      merchantId: merchantIdForSub("owner"),
      position: { ru: "Повар" },
    });

    const victim = readDemo("plov");
    victim.merchant.sub = "victim";
    victim.vacancies = [{ key: "cook", position: { ru: "Повар" } }];
    await expect(importBrand(t.db, victim)).rejects.toThrow(/vacancies.*another merchant/);

    expect(await merchantBySub(t.db, "victim")).toBeUndefined();
    const victimId = merchantIdForSub("victim");
    const left = await rowCounts(t.db, victimId);
    expect(Object.values(left).every((n) => n === 0)).toBe(true);
    expect((await rowCounts(t.db, merchantIdForSub("owner"))).vacancies).toBe(1);
  });
});

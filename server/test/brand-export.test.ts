/* eslint-disable @typescript-eslint/no-non-null-assertion -- the demo brands exist; a missing one should fail loudly */
// The brand as a file (issue 36): the owner downloads the brand from the back office, nobody else
// may, the file never carries a secret, and importing it into an empty database reproduces the
// brand: the copy's own export is the same file (keys become the ids the import derives from them),
// and its storefront sells the same dishes at the same prices.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrandRole } from "#domain/staff-scope.ts";
import { getTableColumns, type Table } from "drizzle-orm";
import {
  banners,
  branches,
  branchHolidays,
  categories,
  deliveryRegions,
  merchants,
  merchantWebSettings,
  modificationGroups,
  modifications,
  orderSettings,
  products,
  promos,
  staffBranches,
  users,
  vacancies,
} from "../src/db/schema/index.ts";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { PICTURE_PATH } from "#domain/contract/back-office-pictures.ts";
import { pictureKey } from "../src/lib/brand-pictures.ts";
import {
  brandEntityId,
  parseBrandFile,
  type BrandEntity,
  type BrandFileInput,
} from "../src/import/brand-file.ts";
import { DEMO_BRANDS_DIR } from "../src/import/demo.ts";
import { SECRET_INTEGRATIONS } from "../src/services/back-office/brand-export.ts";
import { importBrand } from "../src/import/import-brand.ts";
import { createSession } from "../src/repositories/sessions.ts";
import { createTestApp, merchantId, type TestApp } from "./support/app.ts";

let t: TestApp;
let copy: TestApp;
let seq = 0;

async function member(
  app: TestApp,
  merchant: string,
  options: { role?: "CUSTOMER" | "STAFF" | "ADMIN"; brandRole?: BrandRole | null; branch?: string } = {},
) {
  seq += 1;
  const [user] = await app.db
    .insert(users)
    .values({
      merchantId: merchant,
      phone: `+99894${String(1000000 + seq)}`,
      role: options.role ?? "STAFF",
      brandRole: options.brandRole ?? null,
    })
    .returning();
  if (options.branch)
    await app.db
      .insert(staffBranches)
      .values({ merchantId: merchant, userId: user!.id, branchId: options.branch });
  const { token } = await createSession(app.db, { merchantId: merchant, userId: user!.id, channel: "WEB" });
  return { merchant, authorization: `Bearer ${token}` };
}

const download = (app: TestApp, headers: { merchant: string; authorization: string }) =>
  app.app.inject({ method: "GET", url: "/api/staff/v1/brand-file", headers });

async function exportOf(app: TestApp, sub: string): Promise<BrandFileInput> {
  const id = await merchantId(app, sub);
  const res = await download(app, await member(app, id, { brandRole: "OWNER" }));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<BrandFileInput>();
}

/**
 * What the copy's export must be: the same file, each key replaced by the id an import derives
 * from it (nested keys joined with "/", as the import does), in key order where the order is the
 * database's (ties of priority).
 */
function afterImport(file: BrandFileInput): unknown {
  const sub = file.merchant.sub;
  const id = (entity: BrandEntity, key: string) => brandEntityId(sub, entity, key);
  const f = structuredClone(file);
  for (const c of f.cities) c.key = id("city", c.key);
  for (const b of f.branches ?? []) {
    const branchKey = b.key;
    b.key = id("branch", branchKey);
    b.cityKey = id("city", b.cityKey);
    for (const h of b.halls ?? []) {
      const hallKey = `${branchKey}/${h.key}`;
      h.key = id("hall", hallKey);
      for (const table of h.tables ?? []) table.key = id("table", `${hallKey}/${table.key}`);
    }
  }
  for (const r of f.deliveryRegions ?? []) {
    r.key = id("region", r.key);
    r.cityKey = id("city", r.cityKey);
  }
  for (const g of f.menu?.groups ?? []) {
    g.key = id("group", g.key);
    for (const c of g.categories ?? []) {
      c.key = id("category", c.key);
      for (const p of c.products ?? []) {
        const productKey = p.key;
        p.key = id("product", productKey);
        if (p.branches) p.branches = p.branches.map((b) => id("branch", b));
        for (const mg of p.modificationGroups ?? []) {
          const groupKey = `${productKey}/${mg.key}`;
          mg.key = id("modificationGroup", groupKey);
          for (const mod of mg.modifications) mod.key = id("modification", `${groupKey}/${mod.key}`);
        }
      }
    }
  }
  for (const p of f.promos ?? []) p.key = id("promo", p.key);
  for (const v of f.vacancies ?? []) {
    v.key = id("vacancy", v.key);
    if (v.branchKey) v.branchKey = id("branch", v.branchKey);
    if (v.cityKey) v.cityKey = id("city", v.cityKey);
  }
  for (const b of f.banners ?? []) {
    b.key = id("banner", b.key);
    if (b.productKey) b.productKey = id("product", b.productKey);
    if (b.categoryKey) b.categoryKey = id("category", b.categoryKey);
    if (b.promoKey) b.promoKey = id("promo", b.promoKey);
  }
  for (const s of f.stories ?? []) {
    s.key = id("story", s.key);
    for (const slide of s.slides) {
      if (slide.button?.productKey) slide.button.productKey = id("product", slide.button.productKey);
    }
  }
  for (const n of f.notifications ?? []) n.key = id("notification", n.key);
  for (const b of f.brands ?? []) b.key = id("brand", b.key);
  return inKeyOrder(f);
}

/** Every list of keyed entities (and of branch keys) sorted, so ties of priority compare equal. */
function inKeyOrder(value: unknown): unknown {
  if (Array.isArray(value)) {
    const items = value.map(inKeyOrder);
    if (items.every((i) => typeof i === "string")) return [...items].sort();
    const keyOf = (i: unknown) =>
      typeof i === "object" && i !== null && "key" in i && typeof i.key === "string" ? i.key : undefined;
    return items.every((i) => keyOf(i) !== undefined)
      ? [...items].sort((a, b) => keyOf(a)!.localeCompare(keyOf(b)!))
      : items;
  }
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, inKeyOrder(v)]));
  }
  return value;
}

interface MenuProduct {
  name: Record<string, string>;
  costPrice: number;
  discount: number;
}

/** What a customer of the brand sees on the web: each dish's name and price, in a stable order. */
async function storefront(app: TestApp, sub: string) {
  const res = await app.app.inject({
    method: "GET",
    url: "/api/products/v1/overalls?type=WEB",
    headers: { merchant: await merchantId(app, sub) },
  });
  expect(res.statusCode).toBe(200);
  const menu = res.json<{ products: MenuProduct[] }>();
  return menu.products
    .map((p) => `${p.name.ru ?? p.name.uz ?? ""}: ${String(p.costPrice)} -${String(p.discount)}%`)
    .sort();
}

beforeAll(async () => {
  t = await createTestApp();
  // The copy keeps its uploads in a directory of its own: what it shows, the file brought.
  copy = await createTestApp({
    demo: false,
    env: { DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "savat-brand-copy-")) },
  });
}, 120_000);

afterAll(async () => {
  await t.app.close();
  await t.close();
  await copy.app.close();
  await copy.close();
});

describe("the brand file from the back office", () => {
  it("is the owner's download, with no secret in it", async () => {
    const lavash = await merchantId(t, "lavash");
    await t.db
      .update(merchants)
      .set({ paymeKey: "payme-secret-key-Kx9", telegramBotToken: "123456:AAE-bot-secret-token-xyz" })
      .where(eq(merchants.id, lavash));
    const res = await download(t, await member(t, lavash, { brandRole: "OWNER" }));
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="lavash-brand-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.body).not.toContain("payme-secret-key-Kx9");
    expect(res.body).not.toContain("bot-secret-token");
    const file = res.json<BrandFileInput>();
    expect(file.merchant.sub).toBe("lavash");
    expect(file.merchant.integrations?.paymeKey).toBeNull();
  });

  it("is refused to a manager, an operator, a kitchen, a customer and a member bound to a branch", async () => {
    const plov = await merchantId(t, "plov");
    const [branch] = await t.db
      .select({ id: staffBranches.branchId })
      .from(staffBranches)
      .where(eq(staffBranches.merchantId, plov))
      .limit(1);
    const refused = [
      await member(t, plov, { brandRole: "MANAGER" }),
      await member(t, plov, { brandRole: "OPERATOR" }),
      await member(t, plov, { brandRole: "KITCHEN" }),
      await member(t, plov, { role: "CUSTOMER" }),
      ...(branch ? [await member(t, plov, { brandRole: "OWNER", branch: branch.id })] : []),
    ];
    for (const headers of refused) {
      const res = await download(t, headers);
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('"version"');
    }
  });

  it("of another brand is never answered: an owner of sushi asking as plov is refused", async () => {
    const sushi = await merchantId(t, "sushi");
    const plov = await merchantId(t, "plov");
    const owner = await member(t, sushi, { brandRole: "OWNER" });
    const res = await download(t, { ...owner, merchant: plov });
    expect(res.statusCode).toBeGreaterThanOrEqual(401);
    expect(res.statusCode).toBeLessThan(404);
  });

  it("holds everything the brand's own file said: plov's export is plov's demo file (secrets left out)", async () => {
    const source = parseBrandFile(
      JSON.parse(fs.readFileSync(path.join(DEMO_BRANDS_DIR, "plov.json"), "utf8")),
    );
    const exported = parseBrandFile(await exportOf(t, "plov"));
    if (!source.success || !exported.success) throw new Error("not a brand file");
    const expected = source.data;
    for (const secret of SECRET_INTEGRATIONS) expected.merchant.integrations[secret] = null;
    // The file's dates without an offset of their own come back in UTC; news without a date got the
    // import's; a city centre is where the merchant's map opens when the file gave none.
    const plain = (f: unknown) =>
      JSON.parse(JSON.stringify(f), (key, value: unknown) =>
        typeof value === "string" && /^\d{4}-\d{2}-\d{2}T/.test(value)
          ? new Date(value).toISOString()
          : value,
      ) as BrandFileInput;
    const got = plain(exported.data);
    const want = plain(expected);
    want.merchant.location ??= got.merchant.location;
    (want.notifications ?? []).forEach((n, i) => {
      n.date ??= got.notifications?.[i]?.date;
    });
    expect(inKeyOrder(got)).toEqual(afterImport(want));
  });

  it("leaves out no column of what it exports: each is in the file or named here as the database's own", async () => {
    const file = await exportOf(t, "lavash");
    const branch = file.branches?.[0];
    const category = file.menu?.groups[0]?.categories?.[0];
    const product = file.menu?.groups
      .flatMap((g) => g.categories ?? [])
      .flatMap((c) => c.products ?? [])
      .find((p) => (p.modificationGroups ?? []).length > 0);
    const group = product?.modificationGroups?.[0];
    const keys = (...objects: unknown[]) =>
      new Set(objects.flatMap((o) => (o && typeof o === "object" ? Object.keys(o) : [])));
    // Row bookkeeping, and what the file says by its structure (a product inside its category).
    // iikoImported: what the last import of iiko's menu said, the database's own memory of it.
    const own = [
      "id",
      "merchantId",
      "createdDate",
      "lastModifiedDate",
      "version",
      "deletedDate",
      "iikoImported",
    ];
    const cases: [string, Table, Set<string>, string[]][] = [
      [
        "merchant",
        merchants,
        keys(file.merchant, file.merchant.integrations, file.merchant.location),
        // The webhooks' secrets are this deployment's, made anew with each bot token
        // (services/bot/setup.ts) and each iiko login saved (services/kitchen).
        // The last import of iiko's menu is this deployment's too.
        [
          "deleted",
          "mainCityId",
          "telegramWebhookSecret",
          "kitchenWebhookToken",
          "kitchenMenuRevision",
          "kitchenMenuSyncedAt",
        ],
      ],
      ["web settings", merchantWebSettings, keys(file.webSettings), []],
      ["order settings", orderSettings, keys(file.orderSettings), ["cityId"]],
      ["branch", branches, keys(branch, branch?.settings), ["key", "cityId", "deleted", "directorId"]],
      ["zone", deliveryRegions, keys(file.deliveryRegions?.[0]), ["cityId"]],
      ["category", categories, keys(category), ["groupId"]],
      ["product", products, keys(product), ["categoryId", "type"]],
      ["option group", modificationGroups, keys(group), ["productId"]],
      ["option", modifications, keys(group?.modifications[0]), ["groupId"]],
      ["promo", promos, keys(file.promos?.[0]), []],
      ["banner", banners, keys(...(file.banners ?? [])), ["productId", "categoryId", "promoCode"]],
      ["vacancy", vacancies, keys(...(file.vacancies ?? [])), ["branchId", "cityId"]],
    ];
    for (const [what, table, exported, structural] of cases) {
      const missing = Object.keys(getTableColumns(table)).filter(
        (column) => !exported.has(column) && !own.includes(column) && !structural.includes(column),
      );
      expect(missing, `${what}: columns not in the exported file`).toEqual([]);
    }
  });

  it("imported into an empty database reproduces the brand: the same file back, the same dishes and prices", async () => {
    // A holiday the owner set at a branch travels with the file.
    const lavash = await merchantId(t, "lavash");
    const [branch] = await t.db
      .select({ id: branches.id })
      .from(branches)
      .where(eq(branches.merchantId, lavash));
    await t.db
      .insert(branchHolidays)
      .values({ merchantId: lavash, branchId: branch!.id, day: "2027-01-01", note: "New Year" });
    // A photo the owner uploaded in the console travels inside the file.
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#c0392b" } })
      .webp()
      .toBuffer();
    const name = `${randomUUID()}.webp`;
    await t.app.pictures.put(pictureKey(name), photo, "image/webp");
    const src = `${PICTURE_PATH}${name}`;
    const [dish] = await t.db
      .update(products)
      .set({ image: src })
      .where(
        eq(products.id, (await t.db.select().from(products).where(eq(products.merchantId, lavash)))[0]!.id),
      )
      .returning({ id: products.id });
    expect(dish).toBeDefined();
    const subs = ["lavash", "plov", "sushi"];
    const files = new Map<string, BrandFileInput>();
    for (const sub of subs) files.set(sub, await exportOf(t, sub));
    expect(files.get("lavash")?.branches?.flatMap((b) => b.holidays ?? [])).toEqual([
      { day: "2027-01-01", note: "New Year" },
    ]);
    expect(files.get("lavash")?.media).toEqual([{ src, data: photo.toString("base64") }]);
    // Refused whole, nothing stored: a picture whose bytes are not a WebP, one the file names but
    // does not carry.
    const lavashFile = files.get("lavash")!;
    const png = await sharp(photo).png().toBuffer();
    for (const [media, problem] of [
      [[{ src, data: png.toString("base64") }], "media[0]"],
      [[], "(file)"],
    ] as const) {
      await expect(
        importBrand(copy.db, { ...lavashFile, media }, { storage: copy.app.pictures }),
      ).rejects.toMatchObject({
        issues: [expect.objectContaining({ path: problem })],
      });
    }
    expect(await copy.app.pictures.get(pictureKey(name))).toBeUndefined();
    for (const sub of subs) await importBrand(copy.db, files.get(sub), { storage: copy.app.pictures });
    // Once every brand exists, the switcher's cards find theirs.
    for (const sub of subs) await importBrand(copy.db, files.get(sub), { storage: copy.app.pictures });
    const shown = await copy.app.inject({ method: "GET", url: src });
    expect(shown.statusCode).toBe(200);
    expect(shown.rawPayload.equals(photo)).toBe(true);
    for (const sub of subs) {
      const again = await exportOf(copy, sub);
      expect(inKeyOrder(again)).toEqual(afterImport(files.get(sub)!));
      expect(await storefront(copy, sub)).toEqual(await storefront(t, sub));
    }
  });
});

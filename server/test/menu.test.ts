// The overall menu through the API: the menu rules (branch, channel, sorting, empty categories),
// the prepared-bytes cache with its strong ETag and 304s, and its invalidation by an import, by
// invalidateMenu and, on PostgreSQL, by another connection's NOTIFY.
import fs from "node:fs";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import sharp from "sharp";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Overall } from "#domain/contract/menu.ts";
import { branches, categories, productBranches, products } from "../src/db/schema/index.ts";
import { importBrand } from "../src/import/import-brand.ts";
import { invalidateMenu } from "../src/repositories/menu-cache.ts";
import { backend } from "./support/db.ts";
import { createTestApp, merchantId, type TestApp } from "./support/app.ts";

const LAVASH_FILE = path.join(import.meta.dirname, "../demo/brands/lavash.json");

let t: TestApp;
let lavash: string;

beforeAll(async () => {
  t = await createTestApp();
  lavash = await merchantId(t, "lavash");
});
afterAll(async () => {
  await t.close();
});

async function menu(query = "type=WEB", headers: Record<string, string> = {}) {
  const res = await t.app.inject({
    method: "GET",
    url: `/api/products/v1/overalls?${query}`,
    headers: { merchant: lavash, ...headers },
  });
  return res;
}

async function menuBody(query = "type=WEB"): Promise<Overall> {
  const res = await menu(query);
  expect(res.statusCode).toBe(200);
  return res.json<Overall>();
}

function sortedBy<T>(items: readonly T[], key: (item: T) => number): boolean {
  return items.every((item, i) => i === 0 || key(items[i - 1] as T) <= key(item));
}

describe("menu rules", () => {
  it("lists groups, categories and products sorted by priority, with no empty category", async () => {
    const m = await menuBody();
    expect(m.products.length).toBeGreaterThan(300);
    expect(sortedBy(m.groups, (g) => g.priority)).toBe(true);
    expect(sortedBy(m.categories, (c) => c.priority)).toBe(true);
    for (const c of m.categories) {
      const inCategory = m.products.filter((p) => p.categoryId === c.id);
      expect(inCategory.length, `category ${c.name.eng}`).toBeGreaterThan(0);
      expect(sortedBy(inCategory, (p) => p.priority)).toBe(true);
    }
    const groupIds = new Set(m.groups.map((g) => g.id));
    for (const c of m.categories) expect(c.groupId === null || groupIds.has(c.groupId)).toBe(true);
    for (const g of m.groups) expect(m.categories.some((c) => c.groupId === g.id)).toBe(true);
    const product = m.products.find((p) => p.modificationGroups.length > 0);
    expect(product?.modificationGroups[0]?.modifications.length).toBeGreaterThan(0);
  });

  it("hides a category once none of its products is left, and a switched-off product", async () => {
    const before = await menuBody();
    const category = before.categories.at(-1);
    if (!category) throw new Error("no category");
    const victim = before.products.find((p) => p.categoryId === category.id);
    await t.db
      .update(products)
      .set({ active: false })
      .where(and(eq(products.merchantId, lavash), eq(products.categoryId, category.id)));
    invalidateMenu(lavash);
    const after = await menuBody();
    expect(after.categories.map((c) => c.id)).not.toContain(category.id);
    expect(after.products.map((p) => p.id)).not.toContain(victim?.id);
    await t.db
      .update(products)
      .set({ active: true })
      .where(and(eq(products.merchantId, lavash), eq(products.categoryId, category.id)));
    invalidateMenu(lavash);
    expect((await menuBody()).categories.map((c) => c.id)).toContain(category.id);
  });

  it("serves each channel its own products", async () => {
    const web = await menuBody("type=WEB");
    const onlyWeb = web.products[0];
    if (!onlyWeb) throw new Error("empty menu");
    await t.db.update(products).set({ tgEnabled: false }).where(eq(products.id, onlyWeb.id));
    invalidateMenu(lavash);
    const tg = await menuBody("type=TG");
    expect(tg.products.map((p) => p.id)).not.toContain(onlyWeb.id);
    expect((await menuBody("type=WEB")).products.map((p) => p.id)).toContain(onlyWeb.id);
    await t.db.update(products).set({ tgEnabled: true }).where(eq(products.id, onlyWeb.id));
    invalidateMenu(lavash);
  });

  it("filters by the nearest branch: only products with an active link to that active branch", async () => {
    const [first, second] = await t.db
      .select({ id: branches.id })
      .from(branches)
      .where(eq(branches.merchantId, lavash))
      .orderBy(branches.name);
    if (!first || !second) throw new Error("lavash needs two branches");
    const all = await menuBody();
    const product = all.products[0];
    if (!product) throw new Error("empty menu");
    await t.db
      .update(productBranches)
      .set({ isActive: false })
      .where(and(eq(productBranches.productId, product.id), eq(productBranches.branchId, first.id)));
    invalidateMenu(lavash);
    const atFirst = await menuBody(`type=WEB&branchId=${first.id}`);
    const atSecond = await menuBody(`type=WEB&branchId=${second.id}`);
    expect(atFirst.products.map((p) => p.id)).not.toContain(product.id);
    expect(atSecond.products.map((p) => p.id)).toContain(product.id);
    expect(atFirst.products.length).toBe(all.products.length - 1);
    // Without a branch, every product.
    expect((await menuBody()).products.map((p) => p.id)).toContain(product.id);

    // A switched-off branch sells nothing; so does a branch of no one.
    await t.db.update(branches).set({ isActive: false }).where(eq(branches.id, second.id));
    invalidateMenu(lavash);
    expect((await menuBody(`type=WEB&branchId=${second.id}`)).products).toEqual([]);
    const unknown = await menuBody("type=WEB&branchId=0190c0de-0000-7000-8000-000000000000");
    expect(unknown).toEqual({ groups: [], categories: [], products: [] });
    await t.db.update(branches).set({ isActive: true }).where(eq(branches.id, second.id));
    await t.db
      .update(productBranches)
      .set({ isActive: true })
      .where(eq(productBranches.productId, product.id));
    invalidateMenu(lavash);
  });

  it("marks a product whose stock is used up as not available", async () => {
    const product = (await menuBody()).products[1];
    if (!product) throw new Error("empty menu");
    expect(product.isAvailable).toBe(true);
    await t.db.update(products).set({ stock: 0 }).where(eq(products.id, product.id));
    invalidateMenu(lavash);
    const after = (await menuBody()).products.find((p) => p.id === product.id);
    expect(after).toMatchObject({ isAvailable: false, stock: 0 });
    await t.db.update(products).set({ stock: null }).where(eq(products.id, product.id));
    invalidateMenu(lavash);
  });

  it("refuses a channel it does not know", async () => {
    const res = await menu("type=FAX");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "VALIDATION_FAILED" });
  });
});

describe("menu cache", () => {
  it("answers a strong ETag and 304 for it, Brotli or gzip to clients that take them", async () => {
    const first = await menu();
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{20,}"$/);
    expect(first.headers["cache-control"]).toBe("no-cache");
    const again = await menu("type=WEB", { "if-none-match": etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    // Brotli where the client takes it (every browser over HTTPS): a fifth smaller than gzip here.
    // Made beside the prepared menu, in zlib's pool: gzip is sent until it is there.
    let brotli = await menu("type=WEB", { "accept-encoding": "gzip, deflate, br" });
    for (let i = 0; i < 100 && brotli.headers["content-encoding"] !== "br"; i++) {
      expect(brotli.headers["content-encoding"]).toBe("gzip");
      await new Promise((done) => setTimeout(done, 100));
      brotli = await menu("type=WEB", { "accept-encoding": "gzip, deflate, br" });
    }
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(first.body);
    const count = (JSON.parse(first.body) as { products: unknown[] }).products.length;
    const perProduct = brotli.rawPayload.length / count;
    expect(perProduct).toBeLessThanOrEqual(160);
    const brotli304 = await menu("type=WEB", {
      "accept-encoding": "br",
      "if-none-match": brotli.headers.etag as string,
    });
    expect(brotli304.statusCode).toBe(304);
    const zipped = await menu("type=WEB", { "accept-encoding": "gzip" });
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(zipped.rawPayload.length).toBeGreaterThan(brotli.rawPayload.length);
    expect(zipped.headers.vary).toContain("accept-encoding");
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(first.body);
    const zipped304 = await menu("type=WEB", {
      "accept-encoding": "gzip",
      "if-none-match": zipped.headers.etag as string,
    });
    expect(zipped304.statusCode).toBe(304);
    // The ETag is the bytes' hash: another branch's different menu does not match it.
    const branch = await t.db
      .select({ id: branches.id })
      .from(branches)
      .where(eq(branches.merchantId, lavash));
    const elsewhere = await menu(`type=WEB&branchId=0190c0de-0000-7000-8000-000000000000`, {
      "if-none-match": etag,
    });
    expect(branch.length).toBeGreaterThan(0);
    expect(elsewhere.statusCode).toBe(200);
  });

  it("keeps serving what it prepared until the menu is invalidated", async () => {
    const before = await menuBody();
    const product = before.products[2];
    if (!product) throw new Error("empty menu");
    await t.db
      .update(products)
      .set({ name: { eng: "Renamed behind the cache's back" } })
      .where(eq(products.id, product.id));
    expect((await menuBody()).products.find((p) => p.id === product.id)?.name).toEqual(product.name);
    invalidateMenu(lavash);
    expect((await menuBody()).products.find((p) => p.id === product.id)?.name).toEqual({
      eng: "Renamed behind the cache's back",
    });
  });

  it("changes the ETag after an import changes the menu, and 304s no more for the old one", async () => {
    const file = JSON.parse(fs.readFileSync(LAVASH_FILE, "utf8")) as {
      menu: { groups: { categories: { products: { key: string; name: { eng?: string } }[] }[] }[] };
    };
    await importBrand(t.db, file); // back to the file's own state after the tests above
    const before = await menu();
    const oldTag = before.headers.etag as string;
    const firstProduct = file.menu.groups[0]?.categories[0]?.products[0];
    if (!firstProduct) throw new Error("no product in the file");
    firstProduct.name = { ...firstProduct.name, eng: "Imported new name" };
    await importBrand(t.db, file);
    const after = await menu("type=WEB", { "if-none-match": oldTag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(oldTag);
    expect(after.json<Overall>().products.some((p) => p.name.eng === "Imported new name")).toBe(true);
  });

  it.skipIf(backend !== "postgres")(
    "drops the cached menu when another connection commits a change with NOTIFY",
    async () => {
      const before = await menuBody();
      const category = before.categories[0];
      if (!category) throw new Error("empty menu");
      // Another writer: a plain transaction on another pooled connection, no in-process call.
      await t.db.transaction(async (tx) => {
        await tx
          .update(categories)
          .set({ name: { eng: "Renamed elsewhere" } })
          .where(eq(categories.id, category.id));
        await tx.execute(sql`select pg_notify('savat_cache', ${`menu:${lavash}`})`);
      });
      await expect
        .poll(async () => (await menuBody()).categories.find((c) => c.id === category.id)?.name.eng, {
          timeout: 5_000,
        })
        .toBe("Renamed elsewhere");
    },
  );
});

describe("grades", () => {
  it("lists no grade before any customer graded", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/products/v1/grade",
      headers: { merchant: lavash },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });
});

describe("image variants", () => {
  it("renders a local image as a 480x480 webp by default, with an ETag and 304", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/products/v1/image?src=/demo/lavash/lavash.svg",
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/webp");
    expect(res.rawPayload.subarray(0, 4).toString()).toBe("RIFF");
    expect(res.rawPayload.subarray(8, 12).toString()).toBe("WEBP");
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 480, height: 480 });
    const again = await t.app.inject({
      method: "GET",
      url: "/api/products/v1/image?src=/demo/lavash/lavash.svg",
      headers: { "if-none-match": res.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });

  it("renders the sizes and formats it offers and nothing else", async () => {
    const small = await t.app.inject({
      method: "GET",
      url: "/api/products/v1/image?src=/demo/lavash/lavash.svg&w=160&h=160&q=80&format=png",
    });
    expect(small.statusCode).toBe(200);
    expect(small.headers["content-type"]).toBe("image/png");
    expect(small.rawPayload.readUInt32BE(16)).toBe(160);
    for (const query of [
      "src=/demo/lavash/lavash.svg&w=481",
      "src=/../package.json",
      "src=/demo/../../x.svg",
      "src=http://x.test/a.png",
    ]) {
      const res = await t.app.inject({ method: "GET", url: `/api/products/v1/image?${query}` });
      expect(res.statusCode, query).toBe(400);
    }
    const missing = await t.app.inject({ method: "GET", url: "/api/products/v1/image?src=/demo/none.svg" });
    expect(missing.statusCode).toBe(404);
    const notImage = await t.app.inject({
      method: "GET",
      url: "/api/products/v1/image?src=/demo/lavash/x.json",
    });
    expect(notImage.statusCode).toBe(404);
  });
});

// The brand's banners as the back office edits them (issue 36): every banner, shown or hidden, in
// the storefront's order (priority, then id), and the checks that a target is the brand's own.
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { banners, categories, products, promos } from "../db/schema/index.ts";
import type { Db } from "../db/types.ts";

interface Tenant {
  merchantId: string;
}

export async function listBannerRows(db: Db, { merchantId, id }: Tenant & { id?: string }) {
  return db
    .select({
      id: banners.id,
      title: banners.title,
      image: banners.image,
      width: banners.width,
      height: banners.height,
      productId: banners.productId,
      categoryId: banners.categoryId,
      promoCode: banners.promoCode,
      link: banners.link,
      priority: banners.priority,
      isActive: banners.isActive,
      startDate: banners.startDate,
      endDate: banners.endDate,
      lastModifiedDate: banners.lastModifiedDate,
    })
    .from(banners)
    .where(and(eq(banners.merchantId, merchantId), id === undefined ? undefined : eq(banners.id, id)))
    .orderBy(asc(banners.priority), asc(banners.id));
}

export type BannerRow = Awaited<ReturnType<typeof listBannerRows>>[number];

export async function lockBanner(db: Db, { merchantId, id }: Tenant & { id: string }) {
  const [row] = await db
    .select()
    .from(banners)
    .where(and(eq(banners.merchantId, merchantId), eq(banners.id, id)))
    .for("update");
  return row;
}

/** The brand's banners locked for a reorder. */
export async function lockBanners(db: Db, { merchantId }: Tenant) {
  return db
    .select({ id: banners.id, priority: banners.priority })
    .from(banners)
    .where(eq(banners.merchantId, merchantId))
    .for("update");
}

export type BannerValues = Omit<typeof banners.$inferInsert, "id" | "merchantId" | "createdDate">;

export async function insertBanner(db: Db, { merchantId, values }: Tenant & { values: BannerValues }) {
  const [row] = await db
    .insert(banners)
    .values({ merchantId, ...values })
    .returning({ id: banners.id });
  if (!row) throw new Error("banner insert returned no row");
  return row.id;
}

export async function updateBanner(
  db: Db,
  { merchantId, id, values }: Tenant & { id: string; values: Partial<BannerValues> },
) {
  await db
    .update(banners)
    .set({
      ...values,
      lastModifiedDate: sql`greatest(now(), ${banners.lastModifiedDate} + interval '1 millisecond')`,
    })
    .where(and(eq(banners.merchantId, merchantId), eq(banners.id, id)));
}

/** A new place in the strip; the banner's version stays (a reorder does not clash with an open form). */
export async function setBannerPriority(
  db: Db,
  { merchantId, id, priority }: Tenant & { id: string; priority: number },
) {
  await db
    .update(banners)
    .set({ priority, lastModifiedDate: sql`${banners.lastModifiedDate}` })
    .where(and(eq(banners.merchantId, merchantId), eq(banners.id, id)));
}

export async function deleteBanner(db: Db, { merchantId, id }: Tenant & { id: string }) {
  await db.delete(banners).where(and(eq(banners.merchantId, merchantId), eq(banners.id, id)));
}

/** The last place in the strip, for a new banner. */
export async function lastBannerPriority(db: Db, { merchantId }: Tenant): Promise<number> {
  const [row] = await db
    .select({ max: sql<number | null>`max(${banners.priority})`.mapWith(Number) })
    .from(banners)
    .where(eq(banners.merchantId, merchantId));
  return row?.max ?? 0;
}

export async function brandProductExists(db: Db, { merchantId, id }: Tenant & { id: string }) {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.merchantId, merchantId), eq(products.id, id), isNull(products.deletedDate)));
  return row !== undefined;
}

export async function brandCategoryExists(db: Db, { merchantId, id }: Tenant & { id: string }) {
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.merchantId, merchantId), eq(categories.id, id), isNull(categories.deletedDate)));
  return row !== undefined;
}

/** The brand's promo of that code (stored upper case), or undefined. */
export async function brandPromoCode(db: Db, { merchantId, code }: Tenant & { code: string }) {
  const [row] = await db
    .select({ code: promos.code })
    .from(promos)
    .where(and(eq(promos.merchantId, merchantId), eq(promos.code, code.toUpperCase())));
  return row?.code;
}

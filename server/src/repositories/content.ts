// The brand's banners, vacancies and stories (GET /support/v1/banner, /support/v1/vacancies,
// /notifications/v2/stories).
import { and, asc, eq, gt, inArray, isNull, lte, or } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../db/types.ts";
import {
  banners,
  branches,
  categories,
  cities,
  extraPages,
  products,
  stories,
  vacancies,
} from "../db/schema/index.ts";

interface Tenant {
  merchantId: string;
}

/** Active banners inside their date window, in the brand's order (priority, then id). */
export async function listBanners(db: Db, { merchantId, now }: Tenant & { now: Date }) {
  return db
    .select({
      id: banners.id,
      title: banners.title,
      image: banners.image,
      width: banners.width,
      height: banners.height,
      link: banners.link,
      promoCode: banners.promoCode,
      // A target of another brand (or a deleted one) is never answered.
      productId: products.id,
      categoryId: categories.id,
    })
    .from(banners)
    .leftJoin(products, and(eq(products.id, banners.productId), eq(products.merchantId, merchantId)))
    .leftJoin(categories, and(eq(categories.id, banners.categoryId), eq(categories.merchantId, merchantId)))
    .where(
      and(
        eq(banners.merchantId, merchantId),
        eq(banners.isActive, true),
        or(isNull(banners.startDate), lte(banners.startDate, now)),
        or(isNull(banners.endDate), gt(banners.endDate, now)),
      ),
    )
    .orderBy(asc(banners.priority), asc(banners.id));
}

const vacancyCity = alias(cities, "vacancy_city");

function vacancyQuery(db: Db, merchantId: string) {
  return db
    .select({
      id: vacancies.id,
      position: vacancies.position,
      salary: vacancies.salary,
      requirements: vacancies.requirements,
      responsible: vacancies.responsible,
      phone: vacancies.phone,
      telegram: vacancies.telegram,
      branchId: branches.id,
      branchName: branches.name,
      cityId: vacancyCity.id,
      cityName: vacancyCity.name,
    })
    .from(vacancies)
    .leftJoin(branches, and(eq(branches.id, vacancies.branchId), eq(branches.merchantId, merchantId)))
    .leftJoin(vacancyCity, and(eq(vacancyCity.id, vacancies.cityId), eq(vacancyCity.merchantId, merchantId)));
}

export type VacancyRow = Awaited<ReturnType<typeof listVacancies>>[number];

/** Open positions in the brand's order. */
export async function listVacancies(db: Db, { merchantId }: Tenant) {
  return vacancyQuery(db, merchantId)
    .where(and(eq(vacancies.merchantId, merchantId), eq(vacancies.isActive, true)))
    .orderBy(asc(vacancies.priority), asc(vacancies.id));
}

export async function findVacancy(db: Db, { merchantId, id }: Tenant & { id: string }) {
  const [row] = await vacancyQuery(db, merchantId)
    .where(and(eq(vacancies.merchantId, merchantId), eq(vacancies.id, id), eq(vacancies.isActive, true)))
    .limit(1);
  return row;
}

/** Active stories with at least one slide, in the brand's order (priority, then id). */
export async function listStories(db: Db, { merchantId }: Tenant) {
  return db
    .select({ id: stories.id, title: stories.title, preview: stories.preview, media: stories.media })
    .from(stories)
    .where(and(eq(stories.merchantId, merchantId), eq(stories.isActive, true)))
    .orderBy(asc(stories.priority), asc(stories.id));
}

/** Of the given ids, those that are active products of this brand (a slide's button may point at one). */
export async function activeProductIds(db: Db, { merchantId, ids }: Tenant & { ids: string[] }) {
  if (ids.length === 0) return new Set<string>();
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.merchantId, merchantId), eq(products.active, true), inArray(products.id, ids)));
  return new Set(rows.map((r) => r.id));
}

/** The brand's extra pages, in the order of their paths (extra, extra2, extr3). */
export async function listExtraPages(db: Db, { merchantId }: Tenant) {
  return db
    .select({ slug: extraPages.slug, title: extraPages.title })
    .from(extraPages)
    .where(eq(extraPages.merchantId, merchantId))
    .orderBy(asc(extraPages.slug));
}

export async function findExtraPage(db: Db, { merchantId, slug }: Tenant & { slug: string }) {
  const [row] = await db
    .select({ slug: extraPages.slug, title: extraPages.title, body: extraPages.body })
    .from(extraPages)
    .where(and(eq(extraPages.merchantId, merchantId), eq(extraPages.slug, slug)))
    .limit(1);
  return row;
}

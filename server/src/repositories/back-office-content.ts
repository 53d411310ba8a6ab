// The back office's content (issue 36): the brand's pages (policies and extra pages) and vacancies,
// read and written for the staff console. Every query is the merchant's rows only.
import { and, asc, eq, sql } from "drizzle-orm";
import type { PolicyType } from "#domain/enums.ts";
import type { ExtraPageSlug } from "#domain/contract/content.ts";
import type { Multilingual } from "#domain/multilingual.ts";
import { branches, extraPages, policies, vacancies } from "../db/schema/index.ts";
import type { Db } from "../db/types.ts";

interface Tenant {
  merchantId: string;
}

export async function listPolicyRows(db: Db, { merchantId }: Tenant) {
  return db
    .select({ type: policies.type, text: policies.text, savedAt: policies.lastModifiedDate })
    .from(policies)
    .where(eq(policies.merchantId, merchantId));
}

export async function listExtraPageRows(db: Db, { merchantId }: Tenant) {
  return db
    .select({
      slug: extraPages.slug,
      title: extraPages.title,
      body: extraPages.body,
      savedAt: extraPages.lastModifiedDate,
    })
    .from(extraPages)
    .where(eq(extraPages.merchantId, merchantId));
}

/** A policy's text and when it was saved, locked for the rest of the transaction. */
export async function lockPolicy(db: Db, { merchantId, type }: Tenant & { type: PolicyType }) {
  const [row] = await db
    .select({ text: policies.text, savedAt: policies.lastModifiedDate })
    .from(policies)
    .where(and(eq(policies.merchantId, merchantId), eq(policies.type, type)))
    .for("update");
  return row;
}

export async function lockExtraPage(db: Db, { merchantId, slug }: Tenant & { slug: ExtraPageSlug }) {
  const [row] = await db
    .select({ title: extraPages.title, body: extraPages.body, savedAt: extraPages.lastModifiedDate })
    .from(extraPages)
    .where(and(eq(extraPages.merchantId, merchantId), eq(extraPages.slug, slug)))
    .for("update");
  return row;
}

export async function writePolicy(
  db: Db,
  { merchantId, type, text }: Tenant & { type: PolicyType; text: Multilingual },
) {
  await db
    .insert(policies)
    .values({ merchantId, type, text })
    .onConflictDoUpdate({
      target: [policies.merchantId, policies.type],
      set: { text, lastModifiedDate: new Date() },
    });
}

export async function deletePolicy(db: Db, { merchantId, type }: Tenant & { type: PolicyType }) {
  await db.delete(policies).where(and(eq(policies.merchantId, merchantId), eq(policies.type, type)));
}

export async function writeExtraPage(
  db: Db,
  {
    merchantId,
    slug,
    title,
    body,
  }: Tenant & { slug: ExtraPageSlug; title: Multilingual; body: Multilingual },
) {
  await db
    .insert(extraPages)
    .values({ merchantId, slug, title, body })
    .onConflictDoUpdate({
      target: [extraPages.merchantId, extraPages.slug],
      set: { title, body, lastModifiedDate: new Date() },
    });
}

export async function deleteExtraPage(db: Db, { merchantId, slug }: Tenant & { slug: ExtraPageSlug }) {
  await db.delete(extraPages).where(and(eq(extraPages.merchantId, merchantId), eq(extraPages.slug, slug)));
}

const vacancyColumns = {
  id: vacancies.id,
  position: vacancies.position,
  requirements: vacancies.requirements,
  responsible: vacancies.responsible,
  phone: vacancies.phone,
  telegram: vacancies.telegram,
  salary: vacancies.salary,
  branchId: vacancies.branchId,
  isActive: vacancies.isActive,
  priority: vacancies.priority,
  savedAt: vacancies.lastModifiedDate,
};

export async function listVacancyRows(db: Db, { merchantId }: Tenant) {
  return db
    .select(vacancyColumns)
    .from(vacancies)
    .where(eq(vacancies.merchantId, merchantId))
    .orderBy(asc(vacancies.priority), asc(vacancies.createdDate), asc(vacancies.id));
}

export type VacancyRow = Awaited<ReturnType<typeof listVacancyRows>>[number];

export async function lockVacancy(db: Db, { merchantId, id }: Tenant & { id: string }) {
  const [row] = await db
    .select(vacancyColumns)
    .from(vacancies)
    .where(and(eq(vacancies.merchantId, merchantId), eq(vacancies.id, id)))
    .for("update");
  return row;
}

export interface VacancyValues {
  position: Multilingual;
  requirements: Multilingual;
  responsible: string | null;
  phone: string | null;
  telegram: string | null;
  salary: number | null;
  branchId: string | null;
  cityId: string | null;
  isActive: boolean;
}

export async function insertVacancy(db: Db, { merchantId, values }: Tenant & { values: VacancyValues }) {
  const [last] = await db
    .select({ priority: sql<number>`coalesce(max(${vacancies.priority}), -1)`.mapWith(Number) })
    .from(vacancies)
    .where(eq(vacancies.merchantId, merchantId));
  const [row] = await db
    .insert(vacancies)
    .values({ merchantId, ...values, priority: (last?.priority ?? -1) + 1 })
    .returning({ id: vacancies.id });
  return row?.id;
}

export async function updateVacancy(
  db: Db,
  { merchantId, id, values }: Tenant & { id: string; values: VacancyValues },
) {
  await db
    .update(vacancies)
    .set({ ...values, lastModifiedDate: new Date() })
    .where(and(eq(vacancies.merchantId, merchantId), eq(vacancies.id, id)));
}

export async function deleteVacancy(db: Db, { merchantId, id }: Tenant & { id: string }) {
  await db.delete(vacancies).where(and(eq(vacancies.merchantId, merchantId), eq(vacancies.id, id)));
}

/** The brand's branch and its city, or undefined when the id is not a live branch of the brand. */
export async function findBrandBranch(db: Db, { merchantId, id }: Tenant & { id: string }) {
  const [row] = await db
    .select({ id: branches.id, cityId: branches.cityId })
    .from(branches)
    .where(and(eq(branches.merchantId, merchantId), eq(branches.id, id), eq(branches.deleted, false)));
  return row;
}

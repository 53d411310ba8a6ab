import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses, tenantHeadersSchema } from "#domain/contract/common.ts";
import {
  bannerSchema,
  EXTRA_PAGE_SLUGS,
  extraPageSchema,
  extraPageSummarySchema,
  storySchema,
  vacancySchema,
  vacancySummarySchema,
  type Banner,
  type Story,
  type VacancySummary,
} from "#domain/contract/content.ts";
import { AppError } from "../../lib/errors.ts";
import { bannerViews, storyViews } from "../../services/content/content-views.ts";
import {
  findExtraPage,
  findVacancy,
  listExtraPages,
  listVacancies,
  type VacancyRow,
} from "../../services/content/content.ts";
import { getWebSettings } from "../../services/merchant/settings.ts";

function toSummary(row: VacancyRow): VacancySummary {
  return {
    id: row.id,
    position: row.position,
    salary: row.salary,
    branch: row.branchId && row.branchName ? { id: row.branchId, name: row.branchName } : null,
    city: row.cityId && row.cityName ? { id: row.cityId, name: row.cityName } : null,
  };
}

/**
 * Banners, vacancies and stories of one brand. A switched-off section does not exist: each answers
 * 404 NOT_FOUND while bannersActive / vacanciesActive / storiesActive is off (the client never asks then).
 */
export async function contentRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const headers = tenantHeadersSchema;

  r.get(
    "/support/v1/banner",
    {
      schema: {
        summary: "The brand's banners in order; 404 while bannersActive is off",
        tags: ["content"],
        headers,
        response: { 200: z.array(bannerSchema), ...errorResponses },
      },
    },
    async (request): Promise<Banner[]> => {
      const merchantId = request.tenant.id;
      const web = await getWebSettings(db, { merchantId });
      if (!web.bannersActive) throw new AppError("NOT_FOUND");
      return bannerViews(db, merchantId, new Date());
    },
  );

  const vacanciesOn = async (merchantId: string) => {
    const web = await getWebSettings(db, { merchantId });
    if (!web.vacanciesActive) throw new AppError("NOT_FOUND");
  };

  r.get(
    "/support/v1/vacancies",
    {
      schema: {
        summary: "The brand's open positions in order; 404 while vacanciesActive is off",
        tags: ["content"],
        headers,
        response: { 200: z.array(vacancySummarySchema), ...errorResponses },
      },
    },
    async (request) => {
      const merchantId = request.tenant.id;
      await vacanciesOn(merchantId);
      return (await listVacancies(db, { merchantId })).map(toSummary);
    },
  );

  r.get(
    "/support/v1/vacancies/:id",
    {
      schema: {
        summary: "One open position with its requirements and contact; 404 while vacanciesActive is off",
        tags: ["content"],
        headers,
        params: z.object({ id: z.uuid() }),
        response: { 200: vacancySchema, ...errorResponses },
      },
    },
    async (request) => {
      const merchantId = request.tenant.id;
      await vacanciesOn(merchantId);
      const row = await findVacancy(db, { merchantId, id: request.params.id });
      if (!row) throw new AppError("NOT_FOUND");
      return {
        ...toSummary(row),
        requirements: row.requirements,
        responsible: row.responsible,
        phone: row.phone,
        telegram: row.telegram,
      };
    },
  );

  r.get(
    "/notifications/v2/stories",
    {
      schema: {
        summary: "The brand's stories in order, each with its slides; 404 while storiesActive is off",
        tags: ["content"],
        headers,
        response: { 200: z.array(storySchema), ...errorResponses },
      },
    },
    async (request): Promise<Story[]> => {
      const merchantId = request.tenant.id;
      const web = await getWebSettings(db, { merchantId });
      if (!web.storiesActive) throw new AppError("NOT_FOUND");
      return storyViews(db, merchantId);
    },
  );

  // The brand's extra pages exist when the brand file has them (no switch): the footer links those.
  const isSlug = (slug: string): slug is (typeof EXTRA_PAGE_SLUGS)[number] =>
    (EXTRA_PAGE_SLUGS as readonly string[]).includes(slug);

  r.get(
    "/support/v1/extra-pages",
    {
      schema: {
        summary: "The brand's extra pages (/extra, /extra2, /extr3) with their titles; [] when none",
        tags: ["content"],
        headers,
        response: { 200: z.array(extraPageSummarySchema), ...errorResponses },
      },
    },
    async (request) => {
      const rows = await listExtraPages(db, { merchantId: request.tenant.id });
      return rows.flatMap((row) => (isSlug(row.slug) ? [{ slug: row.slug, title: row.title }] : []));
    },
  );

  r.get(
    "/support/v1/extra-pages/:slug",
    {
      schema: {
        summary: "One extra page with its plain-text body; 404 when the brand has none at that path",
        tags: ["content"],
        headers,
        params: z.object({ slug: z.enum(EXTRA_PAGE_SLUGS) }),
        response: { 200: extraPageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const row = await findExtraPage(db, { merchantId: request.tenant.id, slug: request.params.slug });
      if (!row || !isSlug(row.slug)) throw new AppError("NOT_FOUND");
      return { slug: row.slug, title: row.title, body: row.body };
    },
  );
}

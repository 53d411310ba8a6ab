// The brand's banners in the back office (issue 36): owners and managers bound to no branch
// (`requireBackOffice(..., "banners")`) list, add, change, reorder and remove the home page's banners.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  bannerOrderSchema,
  editorBannerBodySchema,
  editorBannerSchema,
} from "#domain/contract/back-office-banners.ts";
import { errorResponses, tenantHeadersSchema, uuidSchema } from "#domain/contract/common.ts";
import { requireUser } from "../../plugins/auth.ts";
import {
  createBanner,
  editorBanners,
  orderBanners,
  removeBanner,
  saveBanner,
} from "../../services/back-office/banners.ts";
import { requireBackOffice, requireStaff } from "../orders/staff.ts";

const errors = { 401: errorResponses[403], 409: errorResponses[403], ...errorResponses };

export async function bannerRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const base = { tags: ["staff"], security: [{ bearer: [] }], headers: tenantHeadersSchema };
  const preHandler = [requireUser, requireStaff];
  const editor = (request: FastifyRequest) => {
    const scope = requireBackOffice(request, "banners");
    return { merchantId: scope.merchantId, userId: scope.userId, timeZone: request.tenant.timezone };
  };

  r.get(
    "/staff/v1/banners",
    {
      preHandler,
      schema: {
        ...base,
        summary: "The brand's banners, shown and hidden, in the storefront's order",
        response: { 200: z.array(editorBannerSchema), ...errors },
      },
    },
    async (request) => editorBanners(db, editor(request).merchantId),
  );

  r.post(
    "/staff/v1/banners",
    {
      preHandler,
      schema: {
        ...base,
        summary:
          "Add a banner (last in the strip): an uploaded picture and exactly one target of the brand (a dish, a category, a promo code or an https link)",
        body: editorBannerBodySchema,
        response: { 201: editorBannerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { version: _ignored, ...input } = request.body;
      return reply.status(201).send(await createBanner(db, app.pictures, editor(request), input));
    },
  );

  r.put(
    "/staff/v1/banners/order",
    {
      preHandler,
      schema: {
        ...base,
        summary: "Put the brand's banners in a new order: every banner's id, each once",
        body: bannerOrderSchema,
        response: { 200: z.array(editorBannerSchema), ...errors },
      },
    },
    async (request) => orderBanners(db, editor(request), request.body.ids),
  );

  r.put(
    "/staff/v1/banners/:id",
    {
      preHandler,
      schema: {
        ...base,
        summary: "Save a banner; 409 EDIT_CONFLICT (who and when) when it was saved since `version`",
        params: z.object({ id: uuidSchema }),
        body: editorBannerBodySchema,
        response: { 200: editorBannerSchema, ...errors },
      },
    },
    async (request) => {
      const { version, ...input } = request.body;
      return saveBanner(db, app.pictures, editor(request), { id: request.params.id, version, input });
    },
  );

  r.delete(
    "/staff/v1/banners/:id",
    {
      preHandler,
      schema: {
        ...base,
        summary: "Remove a banner (the log keeps what it was)",
        params: z.object({ id: uuidSchema }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeBanner(db, editor(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}

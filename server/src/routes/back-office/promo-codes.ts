// The brand's promo codes in the back office (issue 36, owner only): list with uses, make, pause.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  promoCodeBodySchema,
  promoCodeSchema,
  promoCodeUpdateSchema,
} from "#domain/contract/back-office-brand.ts";
import { errorResponses, tenantHeadersSchema, uuidSchema } from "#domain/contract/common.ts";
import { requireUser } from "../../plugins/auth.ts";
import { changePromo, createPromo, promoCodes } from "../../services/back-office/promo-codes.ts";
import { requireBackOffice, requireStaff } from "../orders/staff.ts";

const errors = { 401: errorResponses[403], 409: errorResponses[403], ...errorResponses };

export async function promoCodeRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const base = { tags: ["staff"], security: [{ bearer: [] }], headers: tenantHeadersSchema };
  const preHandler = [requireUser, requireStaff];
  const idParams = z.object({ id: uuidSchema });

  r.get(
    "/staff/v1/promo-codes",
    {
      preHandler,
      schema: {
        ...base,
        summary: "The brand's promo codes with how many orders used each (owner)",
        response: { 200: z.array(promoCodeSchema), ...errors },
      },
    },
    async (request) => {
      const scope = requireBackOffice(request, "promos");
      return promoCodes(db, scope.merchantId);
    },
  );

  r.post(
    "/staff/v1/promo-codes",
    {
      preHandler,
      schema: {
        ...base,
        summary: "Make a promo code (owner), checked by the brand file's rules; 409 PROMO_CODE_EXISTS",
        body: promoCodeBodySchema,
        response: { 201: promoCodeSchema, ...errors },
      },
    },
    async (request, reply) => {
      const scope = requireBackOffice(request, "promos");
      const made = await createPromo(db, {
        merchantId: scope.merchantId,
        userId: scope.userId,
        input: request.body,
      });
      return reply.code(201).send(made);
    },
  );

  r.put(
    "/staff/v1/promo-codes/:id",
    {
      preHandler,
      schema: {
        ...base,
        summary: "Pause or resume a promo code, or change its limit or end (owner); 409 EDIT_CONFLICT",
        params: idParams,
        body: promoCodeUpdateSchema,
        response: { 200: promoCodeSchema, ...errors },
      },
    },
    async (request) => {
      const scope = requireBackOffice(request, "promos");
      const { version, ...changes } = request.body;
      return changePromo(db, {
        merchantId: scope.merchantId,
        userId: scope.userId,
        id: request.params.id,
        timeZone: request.tenant.timezone,
        version,
        changes,
      });
    },
  );
}

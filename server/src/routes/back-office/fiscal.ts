// Fiscal receipts in the console (issue 40): GET and PUT /staff/v1/fiscal and PUT
// /staff/v1/fiscal/products/{id}, the owner's (`settings` area, src/domain/staff-scope.ts). The
// answer always says whether online payment is taken and what keeps it from being taken.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses, tenantHeadersSchema, uuidSchema } from "#domain/contract/common.ts";
import { brandFiscalSchema, fiscalStatusSchema, productCodesSchema } from "#domain/contract/fiscal.ts";
import { requireUser } from "../../plugins/auth.ts";
import {
  fiscalStatus,
  saveFiscalSettings,
  saveProductCodes,
} from "../../services/back-office/fiscal-settings.ts";
import { requireBackOffice, requireStaff } from "../orders/staff.ts";

const errors = { 401: errorResponses[403], 409: errorResponses[403], ...errorResponses };

export async function fiscalSettingsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const base = { tags: ["staff"], security: [{ bearer: [] }], headers: tenantHeadersSchema };
  const preHandler = [requireUser, requireStaff];

  r.get(
    "/staff/v1/fiscal",
    {
      preHandler,
      schema: {
        ...base,
        summary:
          "The brand's fiscal data, and what keeps it from taking online payment: its own gaps and the products without codes (owner)",
        response: { 200: fiscalStatusSchema, ...errors },
      },
    },
    async (request) => {
      const scope = requireBackOffice(request, "settings");
      return fiscalStatus(db, scope.merchantId);
    },
  );

  r.put(
    "/staff/v1/fiscal",
    {
      preHandler,
      schema: {
        ...base,
        summary: "Save the brand's tax id, VAT and the codes of delivery and the service fee (owner)",
        body: brandFiscalSchema,
        response: { 200: fiscalStatusSchema, ...errors },
      },
    },
    async (request) => {
      const scope = requireBackOffice(request, "settings");
      return saveFiscalSettings(db, { merchantId: scope.merchantId, userId: scope.userId }, request.body);
    },
  );

  r.put(
    "/staff/v1/fiscal/products/:id",
    {
      preHandler,
      schema: {
        ...base,
        summary: "Set a product's MXIK and package codes (owner); answers the brand's fiscal status",
        params: z.object({ id: uuidSchema }),
        body: productCodesSchema,
        response: { 200: fiscalStatusSchema, ...errors },
      },
    },
    async (request) => {
      const scope = requireBackOffice(request, "settings");
      return saveProductCodes(
        db,
        { merchantId: scope.merchantId, userId: scope.userId },
        request.params.id,
        request.body,
      );
    },
  );
}

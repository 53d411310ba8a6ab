// The brand's order rules (issues 36 and 42): GET and PUT /staff/v1/order-rules, the owner's
// (`settings` area, src/domain/staff-scope.ts).
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { errorResponses, tenantHeadersSchema } from "#domain/contract/common.ts";
import { orderRulesBodySchema, orderRulesSchema } from "#domain/contract/order-rules.ts";
import { requireUser } from "../../plugins/auth.ts";
import { orderRules, saveOrderRules } from "../../services/back-office/order-rules.ts";
import { requireBackOffice, requireStaff } from "../orders/staff.ts";

const errors = { 401: errorResponses[403], 409: errorResponses[403], ...errorResponses };

export async function orderRulesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const base = { tags: ["staff"], security: [{ bearer: [] }], headers: tenantHeadersSchema };
  const preHandler = [requireUser, requireStaff];

  r.get(
    "/staff/v1/order-rules",
    {
      preHandler,
      schema: {
        ...base,
        summary:
          "The brand's order rules: cashback, service fee, free delivery, smallest and largest order, time to pay (owner)",
        response: { 200: orderRulesSchema, ...errors },
      },
    },
    async (request) => {
      const scope = requireBackOffice(request, "settings");
      return orderRules(db, scope.merchantId);
    },
  );

  r.put(
    "/staff/v1/order-rules",
    {
      preHandler,
      schema: {
        ...base,
        summary:
          "Save the brand's order rules (owner); a save over a newer one is 409 EDIT_CONFLICT naming who saved it",
        body: orderRulesBodySchema,
        response: { 200: orderRulesSchema, ...errors },
      },
    },
    async (request) => {
      const scope = requireBackOffice(request, "settings");
      return saveOrderRules(
        db,
        { merchantId: scope.merchantId, userId: scope.userId, timeZone: request.tenant.timezone },
        request.body,
      );
    },
  );
}

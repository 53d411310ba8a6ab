// Yandex Delivery in the console (issue 39): GET and PUT /staff/v1/delivery/yandex, the owner's
// (`settings` area, src/domain/staff-scope.ts). Tokens are write-only: the answer says whether one is set.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { errorResponses, tenantHeadersSchema } from "#domain/contract/common.ts";
import { yandexDeliverySettingsBodySchema, yandexDeliverySettingsSchema } from "#domain/contract/delivery.ts";
import { requireUser } from "../../plugins/auth.ts";
import { saveYandexDeliverySettings, yandexDeliverySettings } from "../../services/delivery/yandex-setup.ts";
import { requireBackOffice, requireStaff } from "../orders/staff.ts";

const errors = { 401: errorResponses[403], 409: errorResponses[403], ...errorResponses };

export async function deliverySettingsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const base = { tags: ["staff"], security: [{ bearer: [] }], headers: tenantHeadersSchema };
  const preHandler = [requireUser, requireStaff];

  r.get(
    "/staff/v1/delivery/yandex",
    {
      preHandler,
      schema: {
        ...base,
        summary: "Yandex Delivery per branch as stored (owner); tokens are never answered",
        response: { 200: yandexDeliverySettingsSchema, ...errors },
      },
    },
    async (request) => {
      const scope = requireBackOffice(request, "settings");
      return yandexDeliverySettings(db, scope.merchantId);
    },
  );

  r.put(
    "/staff/v1/delivery/yandex",
    {
      preHandler,
      schema: {
        ...base,
        summary:
          "Store each branch's Yandex Delivery token (left out: kept; null: removed) and pickup contact, and when claims are made (owner)",
        body: yandexDeliverySettingsBodySchema,
        response: { 200: yandexDeliverySettingsSchema, ...errors },
      },
    },
    async (request) => {
      const scope = requireBackOffice(request, "settings");
      return saveYandexDeliverySettings(db, scope.merchantId, request.body);
    },
  );
}

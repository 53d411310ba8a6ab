// The order settings of a city, the courier of an order, and the customer's promo codes.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses, tenantHeadersSchema } from "#domain/contract/common.ts";
import {
  addPromoBodySchema,
  courierSchema,
  orderIdParamsSchema,
  orderSettingSchema,
  promoSchema,
} from "#domain/contract/orders.ts";
import { listCustomerPromos, addCustomerPromo } from "../../services/orders/promos.ts";
import { authOf, requireUser } from "../../plugins/auth.ts";
import { customerCourierView } from "../../services/orders/couriers.ts";
import { orderSettingsOf } from "../../services/merchant/settings.ts";
import type { OrderRouteDeps } from "./deps.ts";

/** The order settings of a city, the courier of an order, and the customer's promo codes. */
export function orderExtraRoutes(app: FastifyInstance, _deps: OrderRouteDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  r.get(
    "/orders/v1/order/setting/:id",
    {
      preHandler: requireUser,
      schema: {
        summary: "Order settings for a city id (its own or the brand's) or for the merchant id (the brand's)",
        tags: ["orders"],
        security: [{ bearer: [] }],
        headers: tenantHeadersSchema,
        params: orderIdParamsSchema,
        response: { 200: orderSettingSchema, 401: errorResponses[403], ...errorResponses },
      },
    },
    async (request) => {
      const merchantId = request.tenant.id;
      return orderSettingsOf(db, { merchantId, id: request.params.id });
    },
  );

  r.get(
    "/deliveries/v1/delivery/courier/:id",
    {
      preHandler: requireUser,
      schema: {
        summary:
          "The courier of one of the caller's own orders while it is attached (name and phone) or on its way (with the last known position); any other courier answers 404, to staff too",
        tags: ["orders"],
        security: [{ bearer: [] }],
        headers: tenantHeadersSchema,
        params: orderIdParamsSchema,
        response: { 200: courierSchema, 401: errorResponses[403], ...errorResponses },
      },
    },
    async (request) => {
      const { user } = authOf(request);
      const merchantId = request.tenant.id;
      // Only the caller's own orders open a courier, whatever their role: staff (bound to a branch
      // or not) read couriers through the staff routes, which keep to the staff scope rule.
      return customerCourierView(db, { merchantId, userId: user.id, courierId: request.params.id });
    },
  );

  r.get(
    "/orders/v1/promos",
    {
      preHandler: requireUser,
      schema: {
        summary: "The customer's promo codes (added or used), newest first",
        tags: ["promos"],
        security: [{ bearer: [] }],
        headers: tenantHeadersSchema,
        response: { 200: z.array(promoSchema), 401: errorResponses[403], ...errorResponses },
      },
    },
    async (request) =>
      listCustomerPromos(db, { merchantId: request.tenant.id, userId: authOf(request).user.id }),
  );

  r.post(
    "/orders/v1/promos",
    {
      preHandler: requireUser,
      schema: {
        summary:
          "Add a promo code to the customer's codes (refused when unknown, inactive, not started or expired)",
        tags: ["promos"],
        security: [{ bearer: [] }],
        headers: tenantHeadersSchema,
        body: addPromoBodySchema,
        response: { 200: promoSchema, 401: errorResponses[403], ...errorResponses },
      },
    },
    async (request) =>
      addCustomerPromo(db, {
        merchantId: request.tenant.id,
        userId: authOf(request).user.id,
        code: request.body.code,
      }),
  );
}

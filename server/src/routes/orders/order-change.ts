// The customer changes a placed order before the kitchen accepts it: what it would cost changed,
// and the change itself (services/orders/change.ts decides both with the placing checks).
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses, tenantHeadersSchema } from "#domain/contract/common.ts";
import {
  orderIdParamsSchema,
  orderQuoteSchema,
  orderRequestSchema,
  orderSchema,
} from "#domain/contract/orders.ts";
import { AppError } from "../../lib/errors.ts";
import { changeOrder, quoteChange } from "../../services/orders/change.ts";
import { findOrder, must, orderViews } from "../../services/orders/lookup.ts";
import { quoteView } from "../../services/orders/service.ts";
import { authOf, requireUser } from "../../plugins/auth.ts";
import type { OrderRouteDeps } from "./deps.ts";

const laterQuerySchema = z.object({ later: z.enum(["true", "false"]).optional() });

/** Changing one of the customer's orders: the quote and the change. */
export function orderChangeRoutes(app: FastifyInstance, { events }: OrderRouteDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const outside = { config: app.config, standIns: app.standIns };
  /** Who changes which brand's order, on which channel, now or for later. */
  const changeContext = (request: FastifyRequest<{ Querystring: z.infer<typeof laterQuerySchema> }>) => {
    const { user, session } = authOf(request);
    const later = request.query.later === "true";
    return { merchant: request.tenant, userId: user.id, channel: session.channel, later, events, outside };
  };

  r.post(
    "/orders/v1/orders/:id/change/quote",
    {
      preHandler: requireUser,
      schema: {
        summary:
          "What the customer's order would cost changed so, refused for the same reasons the change would be",
        tags: ["orders"],
        security: [{ bearer: [] }],
        headers: tenantHeadersSchema,
        params: orderIdParamsSchema,
        querystring: laterQuerySchema,
        body: orderRequestSchema,
        response: {
          200: orderQuoteSchema,
          401: errorResponses[403],
          409: errorResponses[403],
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const quoted = await quoteChange(db, changeContext(request), request.params.id, request.body);
      return quoteView(quoted);
    },
  );

  r.post(
    "/orders/v1/orders/:id/change",
    {
      preHandler: requireUser,
      schema: {
        summary:
          "The customer changes their order (dishes, address or branch, time, service and payment type) before the kitchen accepts it; the promo stays, recomputed. A paid Payme order's change waits (pendingPayment) until Payme performs its payment through the checkout link: the difference of a pure addition, else the new total, and then the earlier payment is refunded",
        tags: ["orders"],
        security: [{ bearer: [] }],
        headers: tenantHeadersSchema,
        params: orderIdParamsSchema,
        querystring: laterQuerySchema,
        body: orderRequestSchema,
        response: { 200: orderSchema, 401: errorResponses[403], 409: errorResponses[403], ...errorResponses },
      },
    },
    async (request) => {
      const { user } = authOf(request);
      const merchantId = request.tenant.id;
      await changeOrder(db, changeContext(request), request.params.id, request.body);
      // Now payable on receipt, the kitchen's and Yandex's outboxes send it rather than at their sweep.
      if (request.tenant.kitchenLogin) app.kitchen.kick();
      if (request.tenant.yandexClaimAt === "PLACED") app.delivery.kick();
      const row = await findOrder(db, { merchantId, id: request.params.id, userId: user.id });
      if (!row) throw new AppError("NOT_FOUND");
      const [view] = await orderViews(db, [row]);
      return must(view);
    },
  );
}

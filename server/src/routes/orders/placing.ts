// The customer places, quotes and lists orders.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses, tenantHeadersSchema } from "#domain/contract/common.ts";
import {
  idempotencyHeadersSchema,
  orderPageQuerySchema,
  orderPageSchema,
  orderQuoteSchema,
  orderRequestSchema,
  orderSchema,
  userIdParamsSchema,
} from "#domain/contract/orders.ts";
import type { OrderDevice } from "#domain/enums.ts";
import { AppError } from "../../lib/errors.ts";
import { placeOrder, quoteOrder, quoteView } from "../../services/orders/service.ts";
import {
  findOrder,
  listActiveOrders,
  listUserOrders,
  must,
  orderViews,
} from "../../services/orders/lookup.ts";
import { authOf, requireUser } from "../../plugins/auth.ts";
import type { OrderRouteDeps } from "./deps.ts";

const WEB_DEVICES: readonly OrderDevice[] = ["CLIENT_WEB", "CLIENT_WEB_MOBILE", "CLIENT_WEB_DESKTOP"];

function deviceOf(request: FastifyRequest, asked: OrderDevice | null | undefined): OrderDevice {
  const { session } = authOf(request);
  switch (session.channel) {
    case "TELEGRAM":
      return "TELEGRAM_BOT";
    case "CLICK":
      return "CLICK_MINI_APP";
    case "APP":
      return "CLIENT_APP";
    default:
      return asked && WEB_DEVICES.includes(asked) ? asked : "CLIENT_WEB";
  }
}

/** The customer places, quotes and lists orders. */
export function customerOrderRoutes(app: FastifyInstance, { events }: OrderRouteDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const place = (later: boolean) =>
    r.post(
      later ? "/orders/v1/orders/at-time" : "/orders/v1/orders",
      {
        preHandler: requireUser,
        schema: {
          summary: later
            ? "Place a later order (AT_TIME) for a day and time the branch is open"
            : "Place an order now; the server decides every amount",
          tags: ["orders"],
          security: [{ bearer: [] }],
          headers: idempotencyHeadersSchema,
          body: orderRequestSchema,
          response: {
            200: orderSchema,
            201: orderSchema,
            401: errorResponses[403],
            409: errorResponses[403],
            ...errorResponses,
          },
        },
      },
      async (request, reply) => {
        const { user, session } = authOf(request);
        const placed = await placeOrder(
          db,
          {
            merchant: request.tenant,
            userId: user.id,
            channel: session.channel,
            orderDevice: deviceOf(request, request.body.orderDevice),
            later,
            idempotencyKey: request.headers["idempotency-key"],
            events,
            outside: { config: app.config, standIns: app.standIns },
          },
          request.body,
        );
        // The kitchen outbox sends the order's row now rather than at its next sweep.
        if (placed.created && request.tenant.kitchenLogin) app.kitchen.kick();
        if (placed.created && request.tenant.yandexClaimAt === "PLACED") app.delivery.kick();
        if (placed.view) return reply.status(placed.created ? 201 : 200).send(placed.view);
        const row = await findOrder(db, { merchantId: request.tenant.id, id: placed.id, userId: user.id });
        if (!row) throw new AppError("NOT_FOUND");
        const [view] = await orderViews(db, [row]);
        return reply.status(placed.created ? 201 : 200).send(must(view));
      },
    );
  place(false);
  place(true);

  r.post(
    "/orders/v1/orders/quote",
    {
      preHandler: requireUser,
      schema: {
        summary: "What an order would cost, refused for the same reasons placing it would be",
        tags: ["orders"],
        security: [{ bearer: [] }],
        headers: tenantHeadersSchema,
        querystring: z.object({ later: z.enum(["true", "false"]).optional() }),
        body: orderRequestSchema,
        response: { 200: orderQuoteSchema, 401: errorResponses[403], ...errorResponses },
      },
    },
    async (request) => {
      const { user, session } = authOf(request);
      const quoted = await quoteOrder(
        db,
        {
          merchant: request.tenant,
          userId: user.id,
          channel: session.channel,
          later: request.query.later === "true",
          outside: { config: app.config, standIns: app.standIns },
        },
        request.body,
      );
      return quoteView(quoted);
    },
  );

  /** The path's userId must be the caller's own. */
  function ownUser(request: FastifyRequest, userId: string): string {
    const { user } = authOf(request);
    if (user.id !== userId) throw new AppError("FORBIDDEN");
    return user.id;
  }

  r.get(
    "/orders/v1/orders/user/:userId",
    {
      preHandler: requireUser,
      schema: {
        summary:
          "The customer's orders, newest first, 10 a page (zero-based); onlyArchive=true for the archive",
        tags: ["orders"],
        security: [{ bearer: [] }],
        headers: tenantHeadersSchema,
        params: userIdParamsSchema,
        querystring: orderPageQuerySchema,
        response: { 200: orderPageSchema, 401: errorResponses[403], ...errorResponses },
      },
    },
    async (request) => {
      const userId = ownUser(request, request.params.userId);
      const { page, size, onlyArchive } = request.query;
      return listUserOrders(db, { merchantId: request.tenant.id, userId, page, size, onlyArchive });
    },
  );

  r.get(
    "/orders/v1/orders/user/:userId/active",
    {
      preHandler: requireUser,
      schema: {
        summary: "The customer's active orders",
        tags: ["orders"],
        security: [{ bearer: [] }],
        headers: tenantHeadersSchema,
        params: userIdParamsSchema,
        response: { 200: z.array(orderSchema), 401: errorResponses[403], ...errorResponses },
      },
    },
    async (request) => {
      const userId = ownUser(request, request.params.userId);
      return orderViews(db, await listActiveOrders(db, { merchantId: request.tenant.id, userId }));
    },
  );
}

// The customer's order calls (place, list, read, active, settings, courier) plus the quote, cancel, hide, promos and the live
// stream; the staff API, the tables and the bookings register here too, sharing the app's event hub
// (plugins/background.ts).
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses, tenantHeadersSchema } from "#domain/contract/common.ts";
import {
  addPromoBodySchema,
  cancelOrderBodySchema,
  courierSchema,
  gradeOrderBodySchema,
  idempotencyHeadersSchema,
  orderIdParamsSchema,
  orderPageQuerySchema,
  orderPageSchema,
  orderQuoteSchema,
  orderRequestSchema,
  orderSchema,
  orderSettingSchema,
  promoSchema,
  userIdParamsSchema,
} from "#domain/contract/orders.ts";
import type { OrderDevice } from "#domain/enums.ts";
import { orderSettingsOrDefaults } from "#domain/order-settings.ts";
import { AppError } from "../../lib/errors.ts";
import { SseStreams } from "../../lib/sse.ts";
import type { OrderEvents } from "../../services/orders/events.ts";
import { listCustomerPromos, addCustomerPromo } from "../../services/orders/promos.ts";
import { changeStatus, placeOrder, quoteOrder } from "../../services/orders/service.ts";
import {
  customerCourierAccess,
  findOrder,
  gradeOrder,
  hideOrder,
  listActiveOrders,
  listUserOrders,
  must,
  orderViews,
} from "../../repositories/orders.ts";
import { verifySession } from "../../repositories/sessions.ts";
import { authOf, requireUser } from "../../plugins/auth.ts";
import { reservationRoutes } from "./reservations.ts";
import { staffRoutes } from "./staff.ts";
import { staffEventRoutes } from "./staff-events.ts";
import { staffConsoleRoutes } from "./staff-console.ts";
import type { RefundWorker } from "../../services/payments/refunds.ts";
import { tableRoutes } from "./tables.ts";
import { findCourierView } from "../../repositories/couriers.ts";
import { findOrderSettings, listCities } from "../../repositories/merchants.ts";

/** Limits of the live order stream (tests shorten the ping). */
export const eventStreams = { maxPerUser: 3, pingMs: 20_000 };

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

/** `events` is shared with the payment callbacks, which change orders outside this scope. */
export async function ordersRoutes(
  app: FastifyInstance,
  { events, refunds }: { events: OrderEvents; refunds: RefundWorker },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  /** The customers' live streams, by "merchantId:userId"; told to reconnect elsewhere on a stop. */
  const streams = new SseStreams(app, { restartHint: true });
  app.metrics.countStreams("orders", () => streams.size);

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
          },
          request.body,
        );
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
      const { checked, cashbackBalance } = await quoteOrder(
        db,
        {
          merchant: request.tenant,
          userId: user.id,
          channel: session.channel,
          later: request.query.later === "true",
        },
        request.body,
      );
      return {
        totals: checked.totals,
        branchId: checked.branch.id,
        deliveryTariffId: checked.deliveryTariffId,
        promoId: checked.promo?.id ?? null,
        cashbackBalance,
        cashbackEarned: checked.cashbackEarned,
      };
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

  r.get(
    "/orders/v1/orders/events",
    {
      preHandler: requireUser,
      schema: {
        summary:
          "Server-sent events: `order` with {orderId, status, courierStatus} whenever one of the customer's orders changes, `reservation` with {reservationId, status} whenever one of their table bookings does",
        description: `At most ${eventStreams.maxPerUser} open streams per customer (a new one closes the oldest); a stream ends once its session is logged out or the account deleted.`,
        tags: ["orders"],
        security: [{ bearer: [] }],
        headers: tenantHeadersSchema,
        response: {
          200: z.any().describe("text/event-stream"),
          401: errorResponses[403],
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { user, token } = authOf(request);
      const merchantId = request.tenant.id;
      // One customer holds a few streams (tabs, devices); the oldest gives way to a new one. Each
      // ping first checks the session again, so a logout or an account deletion ends the stream.
      const stream = streams.open(request, reply, {
        key: `${merchantId}:${user.id}`,
        pingMs: eventStreams.pingMs,
        maxPerKey: eventStreams.maxPerUser,
        stillWanted: async () => (await verifySession(db, { merchantId, token })) !== undefined,
        checkFailed: (error) => {
          request.log.warn({ err: error }, "event stream session check failed");
        },
      });
      stream.onEnd(
        events.subscribe(merchantId, (c) => {
          if (c.userId !== user.id) return;
          if ("kind" in c) {
            stream.send("reservation", { reservationId: c.reservationId, status: c.status });
            return;
          }
          stream.send("order", { orderId: c.orderId, status: c.status, courierStatus: c.courierStatus });
        }),
      );
    },
  );

  r.get(
    "/orders/v1/orders/:id",
    {
      preHandler: requireUser,
      schema: {
        summary: "One order of the customer (anyone else's answers 404)",
        tags: ["orders"],
        security: [{ bearer: [] }],
        headers: tenantHeadersSchema,
        params: orderIdParamsSchema,
        response: { 200: orderSchema, 401: errorResponses[403], ...errorResponses },
      },
    },
    async (request) => {
      const { user } = authOf(request);
      const row = await findOrder(db, {
        merchantId: request.tenant.id,
        id: request.params.id,
        userId: user.id,
      });
      if (!row) throw new AppError("NOT_FOUND");
      const [view] = await orderViews(db, [row]);
      return must(view);
    },
  );

  r.put(
    "/orders/v1/orders/:id/cancel",
    {
      preHandler: requireUser,
      schema: {
        summary: "The customer cancels an order (only OPEN, CREATED or AT_TIME, where the brand allows it)",
        tags: ["orders"],
        security: [{ bearer: [] }],
        headers: tenantHeadersSchema,
        params: orderIdParamsSchema,
        body: cancelOrderBodySchema,
        response: { 200: orderSchema, 401: errorResponses[403], 409: errorResponses[403], ...errorResponses },
      },
    },
    async (request) => {
      const { user } = authOf(request);
      const row = await changeStatus(db, events, {
        merchantId: request.tenant.id,
        orderId: request.params.id,
        to: "CANCELED",
        actor: { kind: "customer", userId: user.id },
        comment: request.body?.reason ?? null,
      });
      // A paid order's refund was recorded with the cancel: send it now, without waiting for it.
      if (row.isPaid) refunds.kick();
      const [view] = await orderViews(db, [row]);
      return must(view);
    },
  );

  r.post(
    "/orders/v1/orders/:id/grade",
    {
      preHandler: requireUser,
      schema: {
        summary:
          "The customer grades a delivered or closed order once (1-5, reasons, comment); its products get the grade",
        tags: ["orders"],
        security: [{ bearer: [] }],
        headers: tenantHeadersSchema,
        params: orderIdParamsSchema,
        body: gradeOrderBodySchema,
        response: { 200: orderSchema, 401: errorResponses[403], 409: errorResponses[403], ...errorResponses },
      },
    },
    async (request) => {
      const { user } = authOf(request);
      const row = await gradeOrder(db, {
        merchantId: request.tenant.id,
        orderId: request.params.id,
        userId: user.id,
        grade: request.body.grade,
        reasons: request.body.reasons,
        comment: request.body.comment?.trim() ? request.body.comment.trim() : null,
        now: new Date(),
      });
      const [view] = await orderViews(db, [row]);
      return must(view);
    },
  );

  r.put(
    "/orders/v1/orders/:id/hide",
    {
      preHandler: requireUser,
      schema: {
        summary: "Hide an order from the customer's lists",
        tags: ["orders"],
        security: [{ bearer: [] }],
        headers: tenantHeadersSchema,
        params: orderIdParamsSchema,
        response: {
          200: z.object({ id: z.uuid(), hidden: z.literal(true) }),
          401: errorResponses[403],
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { user } = authOf(request);
      await hideOrder(db, { merchantId: request.tenant.id, id: request.params.id, userId: user.id });
      return { id: request.params.id, hidden: true as const };
    },
  );

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
      const id = request.params.id;
      let cityId: string | null = null;
      if (id !== merchantId) {
        const cities = await listCities(db, { merchantId });
        if (!cities.some((c) => c.id === id)) throw new AppError("NOT_FOUND");
        cityId = id;
      }
      const s = await findOrderSettings(db, { merchantId, cityId });
      return { id: s?.id ?? null, cityId: s?.cityId ?? null, ...orderSettingsOrDefaults(s) };
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
      const access = await customerCourierAccess(db, {
        merchantId,
        userId: user.id,
        courierId: request.params.id,
      });
      if (access === "none") throw new AppError("NOT_FOUND");
      const courier = await findCourierView(db, { merchantId, id: request.params.id });
      if (!courier) throw new AppError("NOT_FOUND");
      if (access === "on-way") return courier;
      return { ...courier, latitude: null, longitude: null, positionAt: null };
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

  await app.register(async (scope) => staffRoutes(scope, events, refunds));
  // One listener of waiter calls for the tables' streams and the staff's.
  const callEvents = app.waiterCallEvents;
  await app.register(async (scope) => staffEventRoutes(scope, events, callEvents));
  await app.register(async (scope) => reservationRoutes(scope, events));
  await app.register(async (scope) => tableRoutes(scope, callEvents));
  await app.register(staffConsoleRoutes);
}

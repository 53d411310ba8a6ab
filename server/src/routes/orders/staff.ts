// The merchant's side of a shift: users with the STAFF or ADMIN role of the brand move
// orders through their statuses, attach couriers, report positions and change stock.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses, tenantHeadersSchema } from "#domain/contract/common.ts";
import {
  courierSchema,
  orderIdParamsSchema,
  orderPageSchema,
  orderSchema,
  staffCourierBodySchema,
  staffCourierStatusBodySchema,
  staffCreateCourierBodySchema,
  staffOrdersQuerySchema,
  staffPositionBodySchema,
  staffStatusBodySchema,
} from "#domain/contract/orders.ts";
import { AppError } from "../../lib/errors.ts";
import type { OrderEvents } from "../../orders/events.ts";
import type { RefundWorker } from "../../payments/refunds.ts";
import { attachCourier, changeStatus, setCourierPosition, setCourierStatus } from "../../orders/service.ts";
import { findOrder, listMerchantOrders, must, orderViews } from "../../repositories/orders.ts";
import { authOf, requireUser } from "../../plugins/auth.ts";
import { createCourier, findCourierView, listCourierViews } from "../../repositories/couriers.ts";
import { setProductStock } from "../../repositories/menu.ts";

/** preHandler after requireUser: the caller must be staff of the brand. */
export async function requireStaff(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const { user } = authOf(request);
  if (user.role !== "STAFF" && user.role !== "ADMIN") throw new AppError("FORBIDDEN");
}

const stockBodySchema = z.object({
  stock: z.number().min(0).max(1e9).nullable().optional(),
  isAvailable: z.boolean().optional(),
});

export async function staffRoutes(
  app: FastifyInstance,
  events: OrderEvents,
  refunds: RefundWorker,
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const preHandler = [requireUser, requireStaff];
  const base = { tags: ["staff"], security: [{ bearer: [] }], headers: tenantHeadersSchema };
  const errors = { 401: errorResponses[403], 409: errorResponses[403], ...errorResponses };

  r.get(
    "/staff/v1/orders",
    {
      preHandler,
      schema: {
        ...base,
        summary: "The brand's orders, newest first, optionally of one status",
        querystring: staffOrdersQuerySchema,
        response: { 200: orderPageSchema, ...errors },
      },
    },
    async (request) => {
      const { status, page, size } = request.query;
      return listMerchantOrders(db, { merchantId: request.tenant.id, status, page, size });
    },
  );

  const orderOf = async (merchantId: string, id: string) => {
    const row = await findOrder(db, { merchantId, id });
    if (!row) throw new AppError("NOT_FOUND");
    return must((await orderViews(db, [row]))[0]);
  };

  r.get(
    "/staff/v1/orders/:id",
    {
      preHandler,
      schema: {
        ...base,
        summary: "One order of the brand",
        params: orderIdParamsSchema,
        response: { 200: orderSchema, ...errors },
      },
    },
    async (request) => orderOf(request.tenant.id, request.params.id),
  );

  r.put(
    "/staff/v1/orders/:id/status",
    {
      preHandler,
      schema: {
        ...base,
        summary: "Move an order to its next status; illegal transitions answer 409 ORDER_STATUS_TRANSITION",
        params: orderIdParamsSchema,
        body: staffStatusBodySchema,
        response: { 200: orderSchema, ...errors },
      },
    },
    async (request) => {
      const row = await changeStatus(db, events, {
        merchantId: request.tenant.id,
        orderId: request.params.id,
        to: request.body.status,
        actor: { kind: "staff", userId: authOf(request).user.id },
        comment: request.body.comment ?? null,
      });
      // A paid order's refund was recorded with the cancel: send it now, without waiting for it.
      if (row.status === "CANCELED" && row.isPaid) refunds.kick();
      return must((await orderViews(db, [row]))[0]);
    },
  );

  r.put(
    "/staff/v1/orders/:id/courier",
    {
      preHandler,
      schema: {
        ...base,
        summary: "Give a delivery order to a courier (a DONE order becomes ATTACHED)",
        params: orderIdParamsSchema,
        body: staffCourierBodySchema,
        response: { 200: orderSchema, ...errors },
      },
    },
    async (request) => {
      const row = await attachCourier(db, events, {
        merchantId: request.tenant.id,
        orderId: request.params.id,
        courierId: request.body.courierId,
        actorUserId: authOf(request).user.id,
      });
      return must((await orderViews(db, [row]))[0]);
    },
  );

  r.put(
    "/staff/v1/orders/:id/courier-status",
    {
      preHandler,
      schema: {
        ...base,
        summary: "Record the courier's progress on an order",
        params: orderIdParamsSchema,
        body: staffCourierStatusBodySchema,
        response: { 200: orderSchema, ...errors },
      },
    },
    async (request) => {
      const row = await setCourierStatus(db, events, {
        merchantId: request.tenant.id,
        orderId: request.params.id,
        courierStatus: request.body.courierStatus,
        actorUserId: authOf(request).user.id,
      });
      return must((await orderViews(db, [row]))[0]);
    },
  );

  r.get(
    "/staff/v1/couriers",
    {
      preHandler,
      schema: {
        ...base,
        summary: "The brand's couriers",
        response: { 200: z.array(courierSchema), ...errors },
      },
    },
    async (request) => {
      return listCourierViews(db, { merchantId: request.tenant.id });
    },
  );

  r.post(
    "/staff/v1/couriers",
    {
      preHandler,
      schema: {
        ...base,
        summary: "Make a user of the brand a courier",
        body: staffCreateCourierBodySchema,
        response: { 200: courierSchema, ...errors },
      },
    },
    async (request) => {
      const view = await createCourier(db, {
        merchantId: request.tenant.id,
        userId: request.body.userId,
        branchId: request.body.branchId ?? null,
      });
      if (!view) throw new AppError("NOT_FOUND");
      return view;
    },
  );

  r.put(
    "/staff/v1/couriers/:id/position",
    {
      preHandler,
      schema: {
        ...base,
        summary: "Report a courier's position; the customers' order maps follow it",
        params: orderIdParamsSchema,
        body: staffPositionBodySchema,
        response: { 200: courierSchema, ...errors },
      },
    },
    async (request) => {
      const merchantId = request.tenant.id;
      await setCourierPosition(db, events, { merchantId, courierId: request.params.id, ...request.body });
      const view = await findCourierView(db, { merchantId, id: request.params.id });
      if (!view) throw new AppError("NOT_FOUND");
      return view;
    },
  );

  r.put(
    "/staff/v1/products/:id/stock",
    {
      preHandler,
      schema: {
        ...base,
        summary: "Set a product's stock (null = unlimited) or availability; the menu follows at once",
        params: orderIdParamsSchema,
        body: stockBodySchema,
        response: {
          200: z.object({ id: z.uuid(), stock: z.number().nullable(), isAvailable: z.boolean() }),
          ...errors,
        },
      },
    },
    async (request) => {
      const merchantId = request.tenant.id;
      const set: { stock?: number | null; isAvailable?: boolean } = {};
      if (request.body.stock !== undefined) set.stock = request.body.stock;
      if (request.body.isAvailable !== undefined) set.isAvailable = request.body.isAvailable;
      if (Object.keys(set).length === 0) throw new AppError("VALIDATION_FAILED");
      const row = await setProductStock(db, { merchantId, id: request.params.id, set });
      if (!row) throw new AppError("NOT_FOUND");
      return row;
    },
  );
}

// The courier app's calls (issue 39): /api/courier/v1/... for a staff member with the COURIER role,
// signed in with the staff's phone and SMS code. Each order is read under the brand and checked
// against the courier (theirs, or an offer of their branch while on shift) in the service.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses, tenantHeadersSchema } from "#domain/contract/common.ts";
import {
  courierMeSchema,
  courierMoveBodySchema,
  courierOrderDetailSchema,
  courierOrderSchema,
  courierPositionsAnswerSchema,
  courierPositionsBodySchema,
  courierShiftBodySchema,
} from "#domain/contract/courier-app.ts";
import { orderIdParamsSchema } from "#domain/contract/orders.ts";
import { isCourierUser } from "#domain/staff-scope.ts";
import { AppError } from "../../lib/errors.ts";
import { authOf, requireUser } from "../../plugins/auth.ts";
import {
  courierMe,
  courierOrder,
  courierOrders,
  courierSelf,
  moveCourierOrder,
  reportPositions,
  switchShift,
  type CourierSelf,
} from "../../services/orders/courier-app.ts";
import type { OrderEvents } from "../../services/orders/events.ts";

const couriers = new WeakMap<FastifyRequest, CourierSelf>();

/** preHandler after requireUser: a COURIER of the brand with their courier record, else 403. */
async function requireCourier(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const { user } = authOf(request);
  if (!isCourierUser(user)) throw new AppError("FORBIDDEN");
  couriers.set(
    request,
    await courierSelf(request.server.database.db, { merchantId: request.tenant.id, userId: user.id }),
  );
}

function courierOf(request: FastifyRequest): CourierSelf {
  const courier = couriers.get(request);
  if (!courier) throw new AppError("FORBIDDEN");
  return courier;
}

export async function courierRoutes(
  app: FastifyInstance,
  { events }: { events: OrderEvents },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const preHandler = [requireUser, requireCourier];
  const base = { tags: ["courier"], security: [{ bearer: [] }], headers: tenantHeadersSchema };
  const errors = { 401: errorResponses[403], 409: errorResponses[403], ...errorResponses };

  r.get(
    "/courier/v1/me",
    {
      preHandler,
      schema: {
        ...base,
        summary: "The signed-in courier: name, branch and shift",
        response: { 200: courierMeSchema, ...errors },
      },
    },
    async (request) => courierMe(courierOf(request)),
  );

  r.put(
    "/courier/v1/shift",
    {
      preHandler,
      schema: {
        ...base,
        summary: "Start or end the shift: the branch's offers reach couriers on shift only",
        body: courierShiftBodySchema,
        response: { 200: courierMeSchema, ...errors },
      },
    },
    async (request) =>
      switchShift(db, {
        merchantId: request.tenant.id,
        courier: courierOf(request),
        onShift: request.body.onShift,
      }),
  );

  r.get(
    "/courier/v1/orders",
    {
      preHandler,
      schema: {
        ...base,
        summary: "My orders not yet finished, and while on shift the offers of my branch nobody has taken",
        response: { 200: z.array(courierOrderSchema), ...errors },
      },
    },
    async (request) => courierOrders(db, { merchantId: request.tenant.id, courier: courierOf(request) }),
  );

  r.get(
    "/courier/v1/orders/:id",
    {
      preHandler,
      schema: {
        ...base,
        summary: "One of my orders or offers: the customer, the address to the door, the comment",
        params: orderIdParamsSchema,
        response: { 200: courierOrderDetailSchema, ...errors },
      },
    },
    async (request) =>
      courierOrder(db, {
        merchantId: request.tenant.id,
        courier: courierOf(request),
        orderId: request.params.id,
      }),
  );

  r.post(
    "/courier/v1/orders/:id/moves",
    {
      preHandler,
      schema: {
        ...base,
        summary: "Accept, pick up, arrive, deliver (cash collected)",
        description:
          "The order moves along the staff board's transitions. 409 ORDER_STATUS_TRANSITION for a move not open now; 409 COURIER_OFFER_TAKEN when another courier accepted the offer first.",
        params: orderIdParamsSchema,
        body: courierMoveBodySchema,
        response: { 200: courierOrderDetailSchema, ...errors },
      },
    },
    async (request) =>
      moveCourierOrder(db, events, {
        merchantId: request.tenant.id,
        courier: courierOf(request),
        orderId: request.params.id,
        move: request.body.move,
      }),
  );

  r.post(
    "/courier/v1/positions",
    {
      preHandler,
      schema: {
        ...base,
        summary: "A batch of the phone's positions; the newest sane one is kept while a delivery is active",
        description:
          "Positions from the future, older than five minutes or than the one kept, and jumps over 100 km are dropped; none is kept when the courier carries no order.",
        body: courierPositionsBodySchema,
        response: { 200: courierPositionsAnswerSchema, ...errors },
      },
    },
    async (request) =>
      reportPositions(db, events, {
        merchantId: request.tenant.id,
        courier: courierOf(request),
        batch: request.body,
      }),
  );
}

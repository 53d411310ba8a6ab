// Phone orders (issue 42): the staff console's operator finds the caller by phone and places their
// order; the service checks it by the storefront's rules on the OPERATOR channel.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses, tenantHeadersSchema } from "#domain/contract/common.ts";
import { idempotencyHeadersSchema, orderQuoteSchema, orderSchema } from "#domain/contract/orders.ts";
import {
  phoneCustomerQuerySchema,
  phoneCustomerSchema,
  phoneOrderBodySchema,
} from "#domain/contract/phone-orders.ts";
import { mayTakePhoneOrders } from "#domain/staff-scope.ts";
import { AppError } from "../../lib/errors.ts";
import { requireUser } from "../../plugins/auth.ts";
import { findOrder, must, orderViews } from "../../services/orders/lookup.ts";
import { findPhoneCustomer, placePhoneOrder, quotePhoneOrder } from "../../services/orders/phone-orders.ts";
import { quoteView } from "../../services/orders/service.ts";
import type { OrderRouteDeps } from "./deps.ts";
import { requireStaff, requireStaffBranch, staffScope } from "./staff.ts";

/** preHandler after requireStaff: the caller's brand role takes phone orders (`mayTakePhoneOrders`). */
function requirePhoneOperator(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: (error?: Error) => void,
): void {
  done(mayTakePhoneOrders(staffScope(request)) ? undefined : new AppError("FORBIDDEN"));
}

/**
 * A member bound to branches names one of theirs (the order goes there); an unbound one may leave it
 * to the check (the branch nearest the address).
 */
async function requireOrderBranch(request: FastifyRequest, branchId: string | null | undefined) {
  if (staffScope(request).branchIds === null && !branchId) return;
  await requireStaffBranch(request, branchId ?? null);
}

export function phoneOrderRoutes(app: FastifyInstance, { events }: OrderRouteDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const preHandler = [requireUser, requireStaff, requirePhoneOperator];
  const base = { tags: ["staff"], security: [{ bearer: [] }] };
  const errors = { 401: errorResponses[403], 409: errorResponses[403], ...errorResponses };
  const later = z.object({ later: z.enum(["true", "false"]).optional() });

  r.get(
    "/staff/v1/phone-orders/customer",
    {
      preHandler,
      schema: {
        ...base,
        headers: tenantHeadersSchema,
        summary: "The brand's customer of a caller's phone: name, saved addresses, last orders",
        description:
          "customer null: the brand has no customer of this phone (placing the order makes one). " +
          "PHONE_INVALID or PHONE_COUNTRY_NOT_SERVED for a phone the brand does not take.",
        querystring: phoneCustomerQuerySchema,
        response: { 200: phoneCustomerSchema, ...errors },
      },
    },
    async (request) => findPhoneCustomer(db, request.tenant, request.query.phone),
  );

  r.post(
    "/staff/v1/phone-orders/quote",
    {
      preHandler,
      schema: {
        ...base,
        headers: tenantHeadersSchema,
        summary: "What a caller's order would cost, refused for the same reasons placing it would be",
        querystring: later,
        body: phoneOrderBodySchema,
        response: { 200: orderQuoteSchema, ...errors },
      },
    },
    async (request) => {
      const { customer, order } = request.body;
      await requireOrderBranch(request, order.branchId);
      const quoted = await quotePhoneOrder(
        db,
        {
          merchant: request.tenant,
          operatorId: staffScope(request).userId,
          later: request.query.later === "true",
          outside: { config: app.config, standIns: app.standIns },
        },
        customer,
        order,
      );
      return quoteView(quoted);
    },
  );

  r.post(
    "/staff/v1/phone-orders",
    {
      preHandler,
      schema: {
        ...base,
        headers: idempotencyHeadersSchema,
        summary: "Places a caller's order, taken by phone; the caller's account is made if new",
        description:
          "The order is the caller's (their status messages and orders list), on the OPERATOR channel: " +
          "the payment types and service types the brand switched on for operators. A later order: later=true.",
        querystring: later,
        body: phoneOrderBodySchema,
        response: { 200: orderSchema, 201: orderSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { customer, order } = request.body;
      await requireOrderBranch(request, order.branchId);
      const placed = await placePhoneOrder(
        db,
        {
          merchant: request.tenant,
          operatorId: staffScope(request).userId,
          later: request.query.later === "true",
          idempotencyKey: request.headers["idempotency-key"],
          events,
          outside: { config: app.config, standIns: app.standIns },
        },
        customer,
        order,
      );
      if (placed.created && request.tenant.kitchenLogin) app.kitchen.kick();
      if (placed.created && request.tenant.yandexClaimAt === "PLACED") app.delivery.kick();
      if (placed.view) return reply.status(placed.created ? 201 : 200).send(placed.view);
      const row = await findOrder(db, {
        merchantId: request.tenant.id,
        id: placed.id,
        userId: placed.userId,
      });
      if (!row) throw new AppError("NOT_FOUND");
      return reply.status(placed.created ? 201 : 200).send(must((await orderViews(db, [row]))[0]));
    },
  );
}

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
import {
  brandRoleOf,
  canSeeBranch,
  isStaffRole,
  mayManage,
  type BackOfficeArea,
  type BrandRole,
  mayActBrandWide,
  visibleBranchIds,
  type StaffReach,
  type StaffRole,
  usesStaffConsole,
} from "#domain/staff-scope.ts";
import { parsePhone, phoneCountriesFor } from "#domain/phone.ts";
import { AppError } from "../../lib/errors.ts";
import type { OrderEvents } from "../../services/orders/events.ts";
import type { RefundWorker } from "../../services/payments/refunds.ts";
import {
  attachCourier,
  changeStatus,
  setCourierPosition,
  setCourierStatus,
} from "../../services/orders/service.ts";
import { findOrder, listMerchantOrders, must, orderViews } from "../../services/orders/lookup.ts";
import { authOf, requireUser } from "../../plugins/auth.ts";
import { createCourier, findCourierView, listCourierViews } from "../../services/orders/couriers.ts";
import { offerToCouriers } from "../../services/orders/courier-app.ts";
import { setProductStock } from "../../services/menu/menu.ts";
import { findOrNamePhoneUser } from "../../services/accounts/users.ts";
import { brandBranchIds, listStaffBranchIds } from "../../services/staff/branches.ts";
import { findBrandRole } from "../../services/back-office/audit.ts";

/**
 * Who may do what at which branch: the staff member of the request's brand (requireUser already
 * tied the session to the `merchant` header), their role and the branches they are bound to; null =
 * unbound, every branch of the brand. The rule itself is src/domain/staff-scope.ts.
 */
export interface StaffScope extends StaffReach {
  merchantId: string;
  userId: string;
  role: StaffRole;
  brandRole: BrandRole;
  branchIds: ReadonlySet<string> | null;
}

const scopes = new WeakMap<FastifyRequest, StaffScope>();

/**
 * preHandler after requireUser: the caller must be staff (STAFF or ADMIN) of the brand; their
 * branch binding is read once and kept with the request for `staffScope` and `requireStaffBranch`.
 */
export async function requireStaff(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const { user } = authOf(request);
  if (!isStaffRole(user.role)) throw new AppError("FORBIDDEN");
  const merchantId = request.tenant.id;
  const db = request.server.database.db;
  const [bound, given] = await Promise.all([
    listStaffBranchIds(db, { merchantId, userId: user.id }),
    findBrandRole(db, { merchantId, userId: user.id }),
  ]);
  const brandRole = brandRoleOf(user.role, given);
  // A courier works from the courier app, held to their own orders there.
  if (!usesStaffConsole(brandRole)) throw new AppError("FORBIDDEN");
  scopes.set(request, {
    merchantId,
    userId: user.id,
    role: user.role,
    brandRole,
    branchIds: bound.length > 0 ? new Set(bound) : null,
  });
}

/** The scope requireStaff found; a route without requireStaff is refused. */
export function staffScope(request: FastifyRequest): StaffScope {
  const scope = scopes.get(request);
  if (!scope) throw new AppError("FORBIDDEN");
  return scope;
}

/**
 * The one branch rule of every staff route (`canSeeBranch`). `named`: a branch the caller asked for
 * (a query or body field): out of scope is 403 STAFF_BRANCH_FORBIDDEN, another brand's or unknown is
 * 404. `row`: the branch of a row the caller reached by id (an order, a call, a booking, a courier):
 * out of scope is 404, as for another brand's row, so ids of other branches are not confirmed.
 */
export async function requireStaffBranch(
  request: FastifyRequest,
  branchId: string | null | undefined,
  how: "named" | "row" = "named",
): Promise<void> {
  const scope = staffScope(request);
  if (!canSeeBranch(scope, branchId))
    throw new AppError(how === "named" ? "STAFF_BRANCH_FORBIDDEN" : "NOT_FOUND");
  if (how === "named" && typeof branchId === "string") {
    const own = await brandBranchIds(request.server.database.db, {
      merchantId: scope.merchantId,
      ids: [branchId],
    });
    if (own.length === 0) throw new AppError("NOT_FOUND");
  }
}

/**
 * Actions for the whole brand (its news, a product's own stock, couriers of no branch) are for staff
 * bound to no branch (`mayActBrandWide`); bound staff get 403 STAFF_BRANCH_FORBIDDEN.
 */
export function requireBrandWideStaff(request: FastifyRequest): void {
  if (!mayActBrandWide(staffScope(request))) throw new AppError("STAFF_BRANCH_FORBIDDEN");
}

/**
 * The back office's rule (`mayManage`): the caller's brand role allows this part, and they are bound
 * to no branch (the menu and the log are the whole brand's); else 403 BACK_OFFICE_FORBIDDEN.
 */
export function requireBackOffice(request: FastifyRequest, area: BackOfficeArea): StaffScope {
  const scope = staffScope(request);
  if (!mayManage(scope, area)) throw new AppError("BACK_OFFICE_FORBIDDEN");
  return scope;
}

/** The branch filter of a list: the one asked for (checked), else the caller's branches (null = all). */
export async function staffBranchFilter(
  request: FastifyRequest,
  branchId: string | undefined,
): Promise<string[] | null> {
  if (branchId !== undefined) {
    await requireStaffBranch(request, branchId);
    return [branchId];
  }
  return visibleBranchIds(staffScope(request));
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
      const { status, page, size, branchId } = request.query;
      const branchIds = await staffBranchFilter(request, branchId);
      return listMerchantOrders(db, { merchantId: request.tenant.id, status, page, size, branchIds });
    },
  );

  /** The brand's order of the id, when it is of one of the caller's branches (else 404). */
  const scopedOrder = async (request: FastifyRequest, id: string) => {
    const row = await findOrder(db, { merchantId: request.tenant.id, id });
    if (!row) throw new AppError("NOT_FOUND");
    await requireStaffBranch(request, row.branchId, "row");
    return row;
  };
  /**
   * The brand's courier of the id, when the caller may see their branch (a courier of no branch is
   * brand-wide: unbound staff only); else 404, as for another brand's courier.
   */
  const scopedCourier = async (request: FastifyRequest, id: string) => {
    const view = await findCourierView(db, { merchantId: request.tenant.id, id });
    if (!view || !canSeeBranch(staffScope(request), view.branchId)) throw new AppError("NOT_FOUND");
    return view;
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
    async (request) => must((await orderViews(db, [await scopedOrder(request, request.params.id)]))[0]),
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
      await scopedOrder(request, request.params.id);
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
      await scopedOrder(request, request.params.id);
      await scopedCourier(request, request.body.courierId);
      const row = await attachCourier(db, events, {
        merchantId: request.tenant.id,
        orderId: request.params.id,
        courierId: request.body.courierId,
        actorUserId: authOf(request).user.id,
      });
      return must((await orderViews(db, [row]))[0]);
    },
  );

  r.post(
    "/staff/v1/orders/:id/courier-offer",
    {
      preHandler,
      schema: {
        ...base,
        summary:
          "Offer a delivery order to every courier of its branch on shift; the first to accept takes it",
        description:
          "409 ORDER_STATUS_TRANSITION when a courier already has it or it is no longer attachable.",
        params: orderIdParamsSchema,
        response: { 200: orderSchema, ...errors },
      },
    },
    async (request) => {
      await scopedOrder(request, request.params.id);
      const row = await offerToCouriers(db, { merchantId: request.tenant.id, orderId: request.params.id });
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
      await scopedOrder(request, request.params.id);
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
        summary:
          "The brand's couriers: all of them for staff bound to no branch, the couriers of their branches for bound staff",
        response: { 200: z.array(courierSchema), ...errors },
      },
    },
    async (request) => {
      const scope = staffScope(request);
      // Couriers of no branch are brand-wide, like the brand-wide list: unbound staff only.
      return (await listCourierViews(db, { merchantId: request.tenant.id })).filter((c) =>
        canSeeBranch(scope, c.branchId),
      );
    },
  );

  r.post(
    "/staff/v1/couriers",
    {
      preHandler,
      schema: {
        ...base,
        summary: "Make a courier of the brand: a user of the brand by id, or a person by name and phone",
        description:
          "By name and phone the brand's account of that phone becomes the courier (made when there is none; named when it has no name). PHONE_INVALID or PHONE_COUNTRY_NOT_SERVED for a phone the brand does not take.",
        body: staffCreateCourierBodySchema,
        response: { 200: courierSchema, ...errors },
      },
    },
    async (request) => {
      const branchId = request.body.branchId ?? null;
      // A bound staff member makes couriers of their own branch only; one of no branch is brand-wide.
      if (branchId === null) requireBrandWideStaff(request);
      else await requireStaffBranch(request, branchId);
      const { userId, name, phone } = request.body;
      const merchantId = request.tenant.id;
      let courierUser = userId;
      if (courierUser === undefined && name !== undefined && phone !== undefined) {
        const parsed = parsePhone(phone, { countries: phoneCountriesFor(request.tenant.currency) });
        if (!parsed.ok)
          throw new AppError(parsed.problem === "COUNTRY" ? "PHONE_COUNTRY_NOT_SERVED" : "PHONE_INVALID");
        courierUser = (await findOrNamePhoneUser(db, { merchantId, phone: parsed.e164, name })).id;
      }
      if (courierUser === undefined) throw new AppError("VALIDATION_FAILED");
      const view = await createCourier(db, { merchantId, userId: courierUser, branchId });
      // A user who already is a courier stays where they are: answered only if the caller may see them.
      if (!view || !canSeeBranch(staffScope(request), view.branchId)) throw new AppError("NOT_FOUND");
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
      await scopedCourier(request, request.params.id);
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
        summary:
          "Set a product's stock (null = unlimited) or availability for the whole brand; staff bound to branches get 403 STAFF_BRANCH_FORBIDDEN (they use the branch stop-list)",
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
      // The product's own stock is the whole brand's; a branch's staff use the branch stop-list.
      requireBrandWideStaff(request);
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

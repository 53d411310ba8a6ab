// Table booking (issue 14): the customer books, lists, reads and cancels their bookings and reads
// the free times of a day; staff of the brand list a branch's bookings and the inbox of requests,
// confirm (with a table), decline or close them, and give a confirmed one a table (issue 44). Every
// change reaches the customer on the live order stream as a `reservation` event, and the staff of
// its branch on theirs.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses, tenantHeadersSchema } from "#domain/contract/common.ts";
import {
  bookingDaySchema,
  reservationIdParamsSchema,
  reservationRequestSchema,
  reservationSchema,
  slotsQuerySchema,
  staffReservationBodySchema,
  staffReservationRequestsQuerySchema,
  staffReservationSchema,
  staffReservationsQuerySchema,
  staffReservationTableBodySchema,
} from "#domain/contract/reservations.ts";
import { AppError } from "../../lib/errors.ts";
import type { OrderEvents } from "../../services/orders/events.ts";
import { authOf, requireUser } from "../../plugins/auth.ts";
import {
  assignReservationTable,
  bookingDay,
  cancelReservation,
  createReservation,
  findReservation,
  listBranchReservations,
  listRequestedReservations,
  listUserReservations,
  moveReservation,
  reservationViews,
  type ReservationRow,
} from "../../services/dine-in/reservations.ts";
import { requireStaff, requireStaffBranch, staffBranchFilter } from "./staff.ts";

export async function reservationRoutes(app: FastifyInstance, events: OrderEvents): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const customer = { tags: ["reservations"], security: [{ bearer: [] }], headers: tenantHeadersSchema };
  const errors = { 401: errorResponses[403], 409: errorResponses[403], ...errorResponses };

  const view = async (merchantId: string, row: ReservationRow) => {
    const [v] = await reservationViews(db, merchantId, [row]);
    if (!v) throw new AppError("NOT_FOUND");
    return v;
  };
  const ownView = async (merchantId: string, row: ReservationRow) => {
    const { userId: _userId, ...rest } = await view(merchantId, row);
    return rest;
  };

  r.get(
    "/orders/v1/reservations/slots",
    {
      preHandler: requireUser,
      schema: {
        ...customer,
        summary:
          "The bookable times of a local day at a branch (or one of its halls), each with the guests it can still take; 404 BOOKING_UNAVAILABLE where booking is off",
        querystring: slotsQuerySchema,
        response: { 200: bookingDaySchema, ...errors },
      },
    },
    async (request) => bookingDay(db, request.tenant, request.query),
  );

  r.post(
    "/orders/v1/reservations",
    {
      preHandler: requireUser,
      schema: {
        ...customer,
        summary:
          "Book a table: at one of the offered times, for no more guests than are free then (409 BOOKING_FULL otherwise)",
        body: reservationRequestSchema,
        response: { 201: reservationSchema, ...errors },
      },
    },
    async (request, reply) => {
      const row = await createReservation(
        db,
        events,
        { merchant: request.tenant, userId: authOf(request).user.id },
        request.body,
      );
      return reply.status(201).send(await ownView(request.tenant.id, row));
    },
  );

  r.get(
    "/orders/v1/reservations",
    {
      preHandler: requireUser,
      schema: {
        ...customer,
        summary: "The customer's table bookings, the latest time first",
        response: { 200: z.array(reservationSchema), ...errors },
      },
    },
    async (request) => {
      const merchantId = request.tenant.id;
      // Bookings stay readable after the brand switches booking off; only new ones are refused.
      const rows = await listUserReservations(db, { merchantId, userId: authOf(request).user.id });
      return (await reservationViews(db, merchantId, rows)).map(({ userId: _userId, ...rest }) => rest);
    },
  );

  r.get(
    "/orders/v1/reservations/:id",
    {
      preHandler: requireUser,
      schema: {
        ...customer,
        summary: "One of the customer's bookings (anyone else's answers 404)",
        params: reservationIdParamsSchema,
        response: { 200: reservationSchema, ...errors },
      },
    },
    async (request) => {
      const merchantId = request.tenant.id;
      const row = await findReservation(db, {
        merchantId,
        id: request.params.id,
        userId: authOf(request).user.id,
      });
      if (!row) throw new AppError("NOT_FOUND");
      return ownView(merchantId, row);
    },
  );

  r.post(
    "/orders/v1/reservations/:id/cancel",
    {
      preHandler: requireUser,
      schema: {
        ...customer,
        summary:
          "The customer cancels their booking while it is requested or confirmed and its time is ahead (409 RESERVATION_NOT_CANCELLABLE otherwise)",
        params: reservationIdParamsSchema,
        response: { 200: reservationSchema, ...errors },
      },
    },
    async (request) => {
      const merchantId = request.tenant.id;
      const row = await cancelReservation(db, events, {
        merchantId,
        userId: authOf(request).user.id,
        id: request.params.id,
      });
      return ownView(merchantId, row);
    },
  );

  const staff = { ...customer, tags: ["staff"] };
  const preHandler = [requireUser, requireStaff];

  r.get(
    "/staff/v1/reservations",
    {
      preHandler,
      schema: {
        ...staff,
        summary: "The brand's table bookings in time order, of a branch, a local day and a status when given",
        querystring: staffReservationsQuerySchema,
        response: { 200: z.array(staffReservationSchema), ...errors },
      },
    },
    async (request) => {
      const merchantId = request.tenant.id;
      const branchIds = await staffBranchFilter(request, request.query.branchId);
      const rows = await listBranchReservations(db, {
        merchantId,
        timeZone: request.tenant.timezone,
        ...request.query,
      });
      const scoped = branchIds === null ? rows : rows.filter((r) => branchIds.includes(r.branchId));
      return reservationViews(db, merchantId, scoped);
    },
  );

  r.get(
    "/staff/v1/reservations/requests",
    {
      preHandler,
      schema: {
        ...staff,
        summary:
          "The inbox: every booking still waiting for an answer (REQUESTED) from the brand's local today on, whatever its day, of a branch or of every branch the caller works at, the oldest request first",
        querystring: staffReservationRequestsQuerySchema,
        response: { 200: z.array(staffReservationSchema), ...errors },
      },
    },
    async (request) => {
      const merchantId = request.tenant.id;
      const branchIds = await staffBranchFilter(request, request.query.branchId);
      const rows = await listRequestedReservations(db, {
        merchantId,
        timeZone: request.tenant.timezone,
        branchIds,
      });
      return reservationViews(db, merchantId, rows);
    },
  );

  r.put(
    "/staff/v1/reservations/:id/table",
    {
      preHandler,
      schema: {
        ...staff,
        summary:
          "Give a confirmed booking a table of its branch, another one, or none (null); the guest sees it on their booking. 404 for a table not of the brand, 409 RESERVATION_TABLE_OTHER_BRANCH for one of another branch, 409 RESERVATION_NOT_CONFIRMED unless confirmed",
        params: reservationIdParamsSchema,
        body: staffReservationTableBodySchema,
        response: { 200: staffReservationSchema, ...errors },
      },
    },
    async (request) => {
      const merchantId = request.tenant.id;
      const own = await findReservation(db, { merchantId, id: request.params.id });
      if (!own) throw new AppError("NOT_FOUND");
      await requireStaffBranch(request, own.branchId, "row");
      const row = await assignReservationTable(
        db,
        events,
        { merchantId, id: request.params.id },
        request.body.tableId,
      );
      return view(merchantId, row);
    },
  );

  r.put(
    "/staff/v1/reservations/:id/status",
    {
      preHandler,
      schema: {
        ...staff,
        summary:
          "Confirm (with a table of its branch when given: 404 for a table not of the brand, 409 RESERVATION_TABLE_OTHER_BRANCH for one of another branch) or decline (with a reason) a requested booking, or mark a confirmed one done; 409 RESERVATION_STATUS_TRANSITION otherwise",
        params: reservationIdParamsSchema,
        body: staffReservationBodySchema,
        response: { 200: staffReservationSchema, ...errors },
      },
    },
    async (request) => {
      const merchantId = request.tenant.id;
      const own = await findReservation(db, { merchantId, id: request.params.id });
      if (!own) throw new AppError("NOT_FOUND");
      await requireStaffBranch(request, own.branchId, "row");
      // Staff keep deciding on bookings made before the brand switched booking off.
      const row = await moveReservation(
        db,
        events,
        { merchantId, id: request.params.id },
        request.body.status,
        request.body.reason ?? null,
        request.body.tableId,
      );
      return view(merchantId, row);
    },
  );
}

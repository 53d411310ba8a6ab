// The staff console's order board and its live stream: every order of the brand as it is placed
// and moved, for the users with the STAFF or ADMIN role of the brand (server-sent events fed by
// the same NOTIFY channel as the customers' streams, server/src/services/orders/events.ts).
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses, tenantHeadersSchema } from "#domain/contract/common.ts";
import { staffBoardQuerySchema, staffBoardSchema } from "#domain/contract/staff-board.ts";
import { visibleBranchIds } from "#domain/staff-scope.ts";
import { SseStreams } from "../../lib/sse.ts";
import { isStaffSessionLive } from "../../services/accounts/sessions.ts";
import type { OrderEvents } from "../../services/orders/events.ts";
import type { WaiterCallEvents } from "../../services/dine-in/tables.ts";
import { authOf, requireUser } from "../../plugins/auth.ts";
import { findOrderBranch, staffBoard } from "../../services/staff/board.ts";
import { requireStaff, requireStaffBranch, staffScope } from "./staff.ts";

/** Limits of the staff stream (tests shorten the ping). */
export const staffStreams = { maxPerUser: 5, pingMs: 20_000 };

/** The branches the caller may see (the one staff scope rule): null for every branch of the brand. */
function visibleBranches(request: FastifyRequest): string[] | null {
  return visibleBranchIds(staffScope(request));
}

export async function staffEventRoutes(
  app: FastifyInstance,
  events: OrderEvents,
  callEvents: WaiterCallEvents,
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const preHandler = [requireUser, requireStaff];
  const base = { tags: ["staff"], security: [{ bearer: [] }], headers: tenantHeadersSchema };
  const errors = { 401: errorResponses[403], ...errorResponses };
  const streams = new SseStreams(app, { restartHint: true });
  app.metrics.countStreams("staff", () => streams.size);
  /** An order's branch never changes: remembered, so a busy stream asks the database once per order. */
  const branchOf = new Map<string, string | null>();

  r.get(
    "/staff/v1/board",
    {
      preHandler,
      schema: {
        ...base,
        summary:
          "The order board: the active orders and those finished in the last hours, of one branch or of all the caller may see, with who placed each",
        querystring: staffBoardQuerySchema,
        response: { 200: staffBoardSchema, ...errors },
      },
    },
    async (request) => {
      const asked = request.query.branchId;
      if (asked) await requireStaffBranch(request, asked);
      const visible = visibleBranches(request);
      return staffBoard(db, { merchantId: request.tenant.id, visible, asked, now: new Date() });
    },
  );

  r.get(
    "/staff/v1/events",
    {
      preHandler,
      schema: {
        ...base,
        summary:
          "Server-sent events: `order` with {orderId, status, courierStatus, branchId} whenever an order of the brand is placed or changes; `call` with {callId, status, branchId, tableId} whenever a waiter call is made or answered; `reservation` with {reservationId, status, branchId} whenever a table booking is requested or changes",
        description: `At most ${staffStreams.maxPerUser} open streams per staff member (a new one closes the oldest); a stream ends once its session is logged out or its role taken away.`,
        response: { 200: z.any().describe("text/event-stream"), ...errors },
      },
    },
    async (request, reply) => {
      const { user, token } = authOf(request);
      const merchantId = request.tenant.id;
      const visible = visibleBranches(request);
      // A comment line keeps proxies from dropping the connection; each one first checks the session
      // and the role again, so a logout or a role taken away ends the stream.
      const stream = streams.open(request, reply, {
        key: `${merchantId}:${user.id}`,
        pingMs: staffStreams.pingMs,
        maxPerKey: staffStreams.maxPerUser,
        stillWanted: () => isStaffSessionLive(db, { merchantId, token }),
        checkFailed: (error) => {
          request.log.warn({ err: error }, "staff stream session check failed");
        },
      });
      // Events go out in the order they came, though finding a new order's branch takes a query.
      let queue = Promise.resolve();
      stream.onEnd(
        events.subscribe(merchantId, (c) => {
          // A table booking requested or changed, at one of the caller's branches.
          if ("kind" in c) {
            if (visible && !visible.includes(c.branchId)) return;
            stream.send("reservation", {
              reservationId: c.reservationId,
              status: c.status,
              branchId: c.branchId,
            });
            return;
          }
          queue = queue
            .then(async () => {
              let branchId = branchOf.get(c.orderId);
              if (branchId === undefined) {
                branchId = await findOrderBranch(db, { merchantId, orderId: c.orderId });
                if (branchId === undefined) return;
                if (branchOf.size > 10_000) branchOf.clear();
                branchOf.set(c.orderId, branchId);
              }
              if (visible && (!branchId || !visible.includes(branchId))) return;
              stream.send("order", {
                orderId: c.orderId,
                status: c.status,
                courierStatus: c.courierStatus,
                branchId,
              });
            })
            .catch((error: unknown) => {
              request.log.warn({ err: error }, "staff stream event failed");
            });
        }),
      );
      // Waiter calls of the caller's branches, on the same stream: a guest waits for an answer in seconds.
      stream.onEnd(
        callEvents.subscribe(merchantId, (c) => {
          if (visible && !visible.includes(c.branchId)) return;
          stream.send("call", {
            callId: c.callId,
            status: c.status,
            branchId: c.branchId,
            tableId: c.tableId,
          });
        }),
      );
    },
  );
}

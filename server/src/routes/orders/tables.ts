// Dine-in at a table: resolving a table's QR code, the guest's waiter calls (the table code is the
// credential, so no sign-in is needed) with their live stream, and the staff's side of the calls.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses, tenantHeadersSchema } from "#domain/contract/common.ts";
import {
  staffWaiterCallsQuerySchema,
  tableCallsQuerySchema,
  tableCodeParamsSchema,
  tableSessionSchema,
  tableStreamQuerySchema,
  waiterCallIdParamsSchema,
  waiterCallRequestSchema,
  waiterCallSchema,
} from "#domain/contract/tables.ts";
import { AppError } from "../../lib/errors.ts";
import { SseStreams } from "../../lib/sse.ts";
import {
  callWaiter,
  moveWaiterCall,
  resolveTable,
  type WaiterCallEvents,
} from "../../services/dine-in/tables.ts";
import { authOf, optionalUser, requireUser } from "../../plugins/auth.ts";
import {
  branchExists,
  findCallBranchId,
  findTableByCode,
  listBranchCalls,
  listTableCalls,
  waiterCallViews,
} from "../../services/dine-in/branch-tables.ts";
import { requireStaff, requireStaffBranch, staffBranchFilter } from "./staff.ts";

/** How long a served call stays in the table's list, so the guest sees it closed. */
const CLOSED_SHOWN_MS = 10 * 60_000;
/**
 * Limits of the table's live stream (tests shorten the ping). A table full of streams refuses the
 * next one (429; the page falls back to its poll): a guest's streams never end another guest's.
 */
export const tableStreams = { maxPerTable: 20, pingMs: 20_000 };

/** `events`: the process's waiter call changes, shared with the staff stream (staff-events.ts). */
export async function tableRoutes(app: FastifyInstance, events: WaiterCallEvents): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  /** The guests' live streams, by table; each may carry its page's own id (`viewer`). */
  const streams = new SseStreams(app, { restartHint: false });
  app.metrics.countStreams("waiter_calls", () => streams.size);
  r.get(
    "/orders/v1/tables/:code",
    {
      schema: {
        summary: "The branch, hall and table of a table's QR code, while the branch serves dine-in",
        description:
          "TABLE_NOT_FOUND for a code unknown to the brand (another brand's included), TABLE_UNAVAILABLE for a switched-off table, hall, branch or dine-in, TABLE_CLOSED when the branch is closed now.",
        tags: ["tables"],
        headers: tenantHeadersSchema,
        params: tableCodeParamsSchema,
        response: { 200: tableSessionSchema, ...errorResponses },
      },
    },
    async (request) => resolveTable(db, request.tenant, request.params.code),
  );

  r.post(
    "/orders/v1/waiter-calls",
    {
      preHandler: optionalUser,
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        summary: "Call a waiter (CALL) or ask for the bill (BILL) from a table; guests too",
        description:
          "The table's open call of the same reason is answered (200) instead of a second one (201). A table makes at most a few new calls in a short window (429 WAITER_CALL_LIMIT).",
        tags: ["tables"],
        headers: tenantHeadersSchema,
        body: waiterCallRequestSchema,
        response: {
          200: waiterCallSchema,
          201: waiterCallSchema,
          429: errorResponses[403],
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { call, created } = await callWaiter(db, events, {
        merchant: request.tenant,
        code: request.body.tableCode,
        reason: request.body.reason,
        userId: request.user?.id ?? null,
      });
      return reply.status(created ? 201 : 200).send(call);
    },
  );

  /** The brand's active table of a code (the guest's credential for reading its calls). */
  const tableOf = async (merchantId: string, code: string) => {
    const table = await findTableByCode(db, { merchantId, code });
    if (!table || !table.isActive) throw new AppError("TABLE_NOT_FOUND");
    return table;
  };

  r.get(
    "/orders/v1/waiter-calls",
    {
      schema: {
        summary: "The table's open waiter calls and those served in the last minutes, newest first",
        tags: ["tables"],
        headers: tenantHeadersSchema,
        querystring: tableCallsQuerySchema,
        response: { 200: z.array(waiterCallSchema), ...errorResponses },
      },
    },
    async (request) => {
      const merchantId = request.tenant.id;
      const table = await tableOf(merchantId, request.query.table);
      const rows = await listTableCalls(db, {
        merchantId,
        tableId: table.id,
        closedSince: new Date(Date.now() - CLOSED_SHOWN_MS),
      });
      return waiterCallViews(db, rows);
    },
  );

  r.get(
    "/orders/v1/waiter-calls/events",
    {
      schema: {
        summary: "Server-sent events: `call` with the WaiterCall whenever one of the table's calls changes",
        description:
          "`viewer` is the page's own random id: its new stream replaces its earlier one. A table holding the most streams refuses another (429 RATE_LIMITED) rather than end someone else's.",
        tags: ["tables"],
        headers: tenantHeadersSchema,
        querystring: tableStreamQuerySchema,
        response: {
          200: z.any().describe("text/event-stream"),
          429: errorResponses[403],
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const merchantId = request.tenant.id;
      const table = await tableOf(merchantId, request.query.table);
      const viewer = request.query.viewer ?? null;
      // The same page reconnecting: its earlier stream gives way. Nobody else's does.
      if (viewer !== null) {
        for (const s of [...streams.of(table.id)]) if (s.tag === viewer) s.end();
      }
      if (streams.of(table.id).length >= tableStreams.maxPerTable) throw new AppError("RATE_LIMITED");
      const stream = streams.open(request, reply, {
        key: table.id,
        tag: viewer,
        pingMs: tableStreams.pingMs,
      });
      // Only this table's calls reach its guests; the row is read again so the event carries its state.
      stream.onEnd(
        events.subscribe(merchantId, (c) => {
          if (c.tableId !== table.id) return;
          listTableCalls(db, {
            merchantId,
            tableId: table.id,
            closedSince: new Date(Date.now() - CLOSED_SHOWN_MS),
          })
            .then((rows) =>
              waiterCallViews(
                db,
                rows.filter((row) => row.id === c.callId),
              ),
            )
            .then(
              ([view]) => {
                if (view) stream.send("call", view);
              },
              (error: unknown) => {
                request.log.warn({ err: error }, "waiter call event read failed");
              },
            );
        }),
      );
    },
  );

  const staff = [requireUser, requireStaff];
  const staffBase = { tags: ["staff"], security: [{ bearer: [] }], headers: tenantHeadersSchema };
  const staffErrors = { 401: errorResponses[403], 409: errorResponses[403], ...errorResponses };

  r.get(
    "/staff/v1/waiter-calls",
    {
      preHandler: staff,
      schema: {
        ...staffBase,
        summary:
          "Waiter calls of a branch, or of every branch the caller may see, oldest first: the open ones (OPEN, ACKNOWLEDGED) by default",
        querystring: staffWaiterCallsQuerySchema,
        response: { 200: z.array(waiterCallSchema), ...staffErrors },
      },
    },
    async (request) => {
      const merchantId = request.tenant.id;
      const { branchId, status } = request.query;
      const branchIds = await staffBranchFilter(request, branchId);
      if (branchId !== undefined && !(await branchExists(db, { merchantId, branchId })))
        throw new AppError("NOT_FOUND");
      return waiterCallViews(db, await listBranchCalls(db, { merchantId, branchIds, status }));
    },
  );

  for (const [path, to, summary] of [
    ["acknowledge", "ACKNOWLEDGED", "A waiter is on the way: the guest sees it at once"],
    ["close", "CLOSED", "The call is served: the guest sees it closed"],
  ] as const) {
    r.put(
      `/staff/v1/waiter-calls/:id/${path}`,
      {
        preHandler: staff,
        schema: {
          ...staffBase,
          summary,
          params: waiterCallIdParamsSchema,
          response: { 200: waiterCallSchema, ...staffErrors },
        },
      },
      async (request) => {
        const merchantId = request.tenant.id;
        const branchId = await findCallBranchId(db, { merchantId, id: request.params.id });
        if (branchId === undefined) throw new AppError("NOT_FOUND");
        await requireStaffBranch(request, branchId, "row");
        return moveWaiterCall(db, events, {
          merchantId,
          id: request.params.id,
          to,
          staffId: authOf(request).user.id,
        });
      },
    );
  }
}

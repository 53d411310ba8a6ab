// The customer's live stream of their orders and bookings.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses, tenantHeadersSchema } from "#domain/contract/common.ts";
import { SseStreams } from "../../lib/sse.ts";
import { isSessionLive } from "../../services/accounts/sessions.ts";
import { authOf, requireUser } from "../../plugins/auth.ts";
import type { OrderRouteDeps } from "./deps.ts";

/** Limits of the live order stream (tests shorten the ping). */
export const eventStreams = { maxPerUser: 3, pingMs: 20_000 };

/** The customer's live stream of their orders and bookings. */
export function orderEventRoutes(app: FastifyInstance, { events }: OrderRouteDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  /** The customers' live streams, by "merchantId:userId"; told to reconnect elsewhere on a stop. */
  const streams = new SseStreams(app, { restartHint: true });
  app.metrics.countStreams("orders", () => streams.size);

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
        stillWanted: () => isSessionLive(db, { merchantId, token }),
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
}

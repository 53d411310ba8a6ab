// POST /api/integrations/v1/iiko/webhook: iiko Cloud API's webhook (issue 38). iiko sends the
// authToken set with webhooks/update_settings in Authorization; a call without the brand's token is
// refused (401 UNAUTHORIZED). Order statuses and stop lists are applied before answering (a few rows).
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiErrorSchema, errorResponses } from "#domain/contract/common.ts";
import { handleIikoWebhook } from "../../services/kitchen/iiko-webhook.ts";

const eventSchema = z.looseObject({
  eventType: z.string().max(100),
  eventTime: z.string().max(100).optional(),
  organizationId: z.string().max(100),
  correlationId: z.string().max(100).nullish(),
  eventInfo: z.unknown().optional(),
});

export async function iikoWebhookRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post(
    "/integrations/v1/iiko/webhook",
    {
      schema: {
        summary: "iiko's webhook: delivery order updates and stop-list updates",
        description:
          "Called by iiko Cloud API with the authToken set by webhooks/update_settings in " +
          "Authorization (401 UNAUTHORIZED otherwise). DeliveryOrderUpdate moves the order along its " +
          "legal transitions; StopListUpdate reads iiko's stop lists and switches products off per branch.",
        tags: ["integrations"],
        headers: z.looseObject({ authorization: z.string().max(512).optional() }),
        body: z.array(eventSchema).max(500),
        response: { 200: z.object({ ok: z.literal(true) }), ...errorResponses, 401: apiErrorSchema },
      },
    },
    async (request) => {
      await handleIikoWebhook(
        {
          db: app.database.db,
          config: app.config,
          standIns: app.standIns,
          events: app.orderEvents,
          log: (message, detail) => {
            request.log.warn(detail, message);
          },
        },
        { authorization: request.headers.authorization, events: request.body },
      );
      return { ok: true as const };
    },
  );
}

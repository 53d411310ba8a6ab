// POST /api/telegram/webhook/<brand>: Telegram's updates of the brand's bot (issue 41). Telegram
// sends back the secret given with setWebhook in X-Telegram-Bot-Api-Secret-Token; a call without the
// brand's secret is refused. The update is kept (once per update_id) and answered at once: the
// conversation runs afterwards (services/bot/updates.ts), so a slow answer never makes Telegram retry.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiErrorSchema, errorResponses } from "#domain/contract/common.ts";
import { telegramUpdateSchema } from "../../services/bot/conversation.ts";
import { receiveWebhookUpdate } from "../../services/bot/updates.ts";

export async function telegramWebhookRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post(
    "/telegram/webhook/:brand",
    {
      schema: {
        summary: "Telegram's updates of the brand's bot",
        description:
          "Called by Telegram with the secret set by setWebhook in X-Telegram-Bot-Api-Secret-Token " +
          "(401 TELEGRAM_WEBHOOK_SECRET_INVALID otherwise). An update is kept once per update_id and " +
          "answered by the bot afterwards; the call answers 200 at once.",
        tags: ["telegram"],
        params: z.object({ brand: z.string().regex(/^[a-z0-9-]{1,63}$/) }),
        headers: z.looseObject({ "x-telegram-bot-api-secret-token": z.string().max(256).optional() }),
        body: telegramUpdateSchema,
        response: { 200: z.object({ ok: z.literal(true) }), ...errorResponses, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const kept = await receiveWebhookUpdate(app.database.db, {
        brand: request.params.brand,
        secret: request.headers["x-telegram-bot-api-secret-token"] ?? "",
        update: request.body,
      });
      if (kept) app.botUpdates.kick();
      return { ok: true as const };
    },
  );
}

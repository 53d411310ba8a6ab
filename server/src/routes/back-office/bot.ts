// The brand's bot in the back office (issue 41, owner): its state as Telegram and the outbox see it,
// and a new set-up. Each route checks the caller's brand role and binding (`requireBackOffice`).
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { botStateSchema } from "#domain/contract/back-office-brand.ts";
import { errorResponses, tenantHeadersSchema } from "#domain/contract/common.ts";
import { requireUser } from "../../plugins/auth.ts";
import { botState, setUpBotAgain } from "../../services/bot/state.ts";
import { requireBackOffice, requireStaff } from "../orders/staff.ts";

const errors = { 401: errorResponses[403], ...errorResponses };

export async function botStateRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const base = { tags: ["staff"], security: [{ bearer: [] }], headers: tenantHeadersSchema };
  const preHandler = [requireUser, requireStaff];
  const outside = { db, config: app.config, standIns: app.standIns };
  r.get(
    "/staff/v1/brand-settings/bot",
    {
      preHandler,
      schema: {
        ...base,
        summary:
          "The brand's bot (owner): how updates come in, the newest set-up and how it went, and Telegram's getWebhookInfo",
        response: { 200: botStateSchema, ...errors },
      },
    },
    async (request) => {
      const scope = requireBackOffice(request, "settings");
      return botState(outside, scope.merchantId);
    },
  );

  r.post(
    "/staff/v1/brand-settings/bot/setup",
    {
      preHandler,
      schema: {
        ...base,
        summary:
          "Set the bot up with Telegram again (owner): webhook with a new secret, commands, descriptions, menu button; 400 without a token",
        response: { 200: botStateSchema, ...errors },
      },
    },
    async (request) => {
      const scope = requireBackOffice(request, "settings");
      return setUpBotAgain(outside, scope.merchantId);
    },
  );
}

// POST /api/integrations/v1/yandex-delivery/callback/:token: Yandex Delivery's callback (issue 39).
// Yandex POSTs the claim's callback_url with `claim_id` (and `updated_ts`) when the claim changes; the
// token in the path is the one the claim was created with. The call is not believed: the claim is
// only made due, and the worker reads it back from Yandex (claims/info). An unknown token or claim is
// 404 in our error shape, before anything is read back.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses } from "#domain/contract/common.ts";
import { AppError } from "../../lib/errors.ts";
import { claimChanged } from "../../services/delivery/yandex-claims.ts";

const claimId = z.string().min(1).max(64);

export async function yandexDeliveryCallbackRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post(
    "/integrations/v1/yandex-delivery/callback/:token",
    {
      schema: {
        summary: "Yandex Delivery's callback: a claim changed",
        description:
          "Called by Yandex Delivery at the claim's callback_url with claim_id (query or body). The " +
          "claim is read back from Yandex (claims/info) by the delivery worker; the call's own content " +
          "is never applied. 404 NOT_FOUND for a token or claim that is not ours.",
        tags: ["integrations"],
        params: z.object({ token: z.string().min(16).max(64) }),
        querystring: z.looseObject({
          claim_id: claimId.optional(),
          updated_ts: z.string().max(64).optional(),
        }),
        body: z.looseObject({ claim_id: claimId.optional() }).nullish(),
        response: { 200: z.object({ ok: z.literal(true) }), ...errorResponses },
      },
    },
    async (request) => {
      const id = request.query.claim_id ?? request.body?.claim_id;
      if (!id) throw new AppError("NOT_FOUND");
      const known = await claimChanged(app.database.db, {
        token: request.params.token,
        claimId: id,
        now: new Date(),
      });
      if (!known) throw new AppError("NOT_FOUND");
      app.delivery.kick();
      return { ok: true as const };
    },
  );
}

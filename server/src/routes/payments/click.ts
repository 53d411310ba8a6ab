// POST /api/payments/v1/click/prepare and /complete: Click's SHOP-API callbacks, form-urlencoded,
// always HTTP 200 with Click's JSON answer (server/src/services/payments/click.ts). A body that fails the
// schema is answered -8 (bad request) rather than the API's 400. The brand is the one whose service
// id and secret key sign the call; secret keys are never logged or answered.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { CLICK_ERRORS } from "#domain/api-errors.ts";
import type { OrderEvents } from "../../services/orders/events.ts";
import {
  clickAnswer,
  clickAnswerSchema,
  clickComplete,
  clickPrepare,
  clickRequestSchema,
  type ClickAnswer,
  type ClickRequest,
  type ClickStage,
} from "../../services/payments/click.ts";

/** The ids of a body that failed the schema, when they are strings, for the -8 answer. */
function idsOf(body: unknown): Partial<Pick<ClickRequest, "click_trans_id" | "merchant_trans_id">> {
  if (typeof body !== "object" || body === null) return {};
  const { click_trans_id: c, merchant_trans_id: m } = body as Record<string, unknown>;
  return {
    ...(typeof c === "string" && /^\d{1,19}$/.test(c) ? { click_trans_id: c } : {}),
    ...(typeof m === "string" && m.length <= 255 ? { merchant_trans_id: m } : {}),
  };
}

/** The metrics' result of an answer: ok, refused (sign check), or Click's error code. */
function callbackResult(answer: ClickAnswer): string {
  if (answer.error === 0) return "ok";
  return answer.error === CLICK_ERRORS.SIGN_CHECK_FAILED.code ? "refused" : String(answer.error);
}

export async function clickShopRoutes(
  app: FastifyInstance,
  { events }: { events: OrderEvents },
): Promise<void> {
  const db = app.database.db;
  // This scope only: Click posts application/x-www-form-urlencoded. Repeated fields keep the first.
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 8192 },
    (_request, body, done) => {
      const fields: Record<string, string> = {};
      for (const [key, value] of new URLSearchParams(String(body))) fields[key] ??= value;
      done(null, fields);
    },
  );

  const stages: [ClickStage, string][] = [
    ["prepare", "Click SHOP-API Prepare (action 0): check the order and amount, open a transaction"],
    ["complete", "Click SHOP-API Complete (action 1): pay the order, or cancel when Click's error < 0"],
  ];
  for (const [stage, summary] of stages) {
    app.withTypeProvider<ZodTypeProvider>().post(
      `/payments/v1/click/${stage}`,
      {
        attachValidation: true,
        schema: {
          summary,
          description:
            "Form-urlencoded fields signed with MD5 and the brand's Click secret key. Always HTTP 200 " +
            "with Click's JSON answer; error 0 ok, -1 sign check failed, -2 incorrect amount, -3 " +
            "action not found, -4 already paid, -5 order not found, -6 transaction not found, -7 " +
            "failed to update, -8 bad request, -9 transaction cancelled.",
          tags: ["payments"],
          consumes: ["application/x-www-form-urlencoded"],
          body: clickRequestSchema,
          response: { 200: clickAnswerSchema },
        },
      },
      async (request): Promise<ClickAnswer> => {
        const answer = await (async () => {
          if (request.validationError) return clickAnswer(stage, idsOf(request.body), "BAD_REQUEST");
          const ctx = { db, events, now: new Date() };
          try {
            return stage === "prepare"
              ? await clickPrepare(ctx, request.body)
              : await clickComplete(ctx, request.body);
          } catch (error) {
            request.log.error({ err: error }, `Click ${stage} failed`);
            return clickAnswer(stage, request.body, "FAILED_TO_UPDATE");
          }
        })();
        app.metrics.paymentCallback("click", callbackResult(answer));
        // A completed payment has a fiscal receipt to submit (a replay finds it sent already).
        if (stage === "complete" && answer.error === 0) app.fiscal.kick();
        return answer;
      },
    );
  }
}

// POST /api/payments/v1/uzum/{check,create,confirm,reverse,status}: Uzum Bank's Merchant API
// webhooks, JSON, always HTTP 200 with `status: "OK"` or `"FAILED"` and `errorCode`
// (server/src/services/payments/uzum.ts, assumption A1). A body that is not JSON answers 10002, one that fails
// the schema 10005, rather than the API's 400. The brand is the one whose HTTP Basic login and
// password match and whose Uzum service id is `serviceId`; credentials are never logged or answered.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { UZUM_ERRORS } from "#domain/api-errors.ts";
import type { OrderEvents } from "../../services/orders/events.ts";
import {
  callUzum,
  UZUM_OPERATIONS,
  uzumAnswerSchema,
  uzumFailure,
  uzumRequestSchema,
  type UzumAnswer,
  type UzumRequest,
} from "../../services/payments/uzum.ts";

/** The body of a request whose JSON could not be parsed. */
const UNPARSABLE = Symbol("unparsable");

const SUMMARIES = {
  check: "Uzum check: may the order in params.order_id be paid (and for amount, when sent)",
  create: "Uzum create: Uzum opened transaction transId for amount tiyin",
  confirm: "Uzum confirm: Uzum took the money, the order is paid",
  reverse: "Uzum reverse: cancel the transaction, or refund a confirmed payment",
  status: "Uzum status: the state of transaction transId",
} as const;

/** The ids of a body that failed the schema, when they have the right type, for the failure answer. */
function idsOf(body: unknown): Partial<Pick<UzumRequest, "serviceId" | "transId">> {
  if (typeof body !== "object" || body === null) return {};
  const { serviceId: s, transId: t } = body as Record<string, unknown>;
  return {
    ...(typeof s === "number" && Number.isSafeInteger(s) ? { serviceId: s } : {}),
    ...(typeof t === "string" && /^[\w-]{1,64}$/.test(t) ? { transId: t } : {}),
  };
}

/** The metrics' result of an answer: ok, refused (access denied), or Uzum's error code. */
function callbackResult(answer: UzumAnswer): string {
  if (answer.status === "OK") return "ok";
  return answer.errorCode === UZUM_ERRORS.ACCESS_DENIED.code ? "refused" : (answer.errorCode ?? "failed");
}

export async function uzumMerchantRoutes(
  app: FastifyInstance,
  { events }: { events: OrderEvents },
): Promise<void> {
  const db = app.database.db;
  // This scope only: malformed JSON is answered in Uzum's format (10002), not with the API's 400.
  app.addContentTypeParser("application/json", { parseAs: "string", bodyLimit: 16_384 }, (_r, body, done) => {
    try {
      done(null, JSON.parse(String(body)) as unknown);
    } catch {
      done(null, { [UNPARSABLE]: true });
    }
  });

  for (const operation of UZUM_OPERATIONS) {
    app.withTypeProvider<ZodTypeProvider>().post(
      `/payments/v1/uzum/${operation}`,
      {
        attachValidation: true,
        schema: {
          summary: SUMMARIES[operation],
          description:
            "JSON with HTTP Basic auth (the brand's Uzum login and password). Always HTTP 200 with " +
            '`status: "OK"` or `status: "FAILED"` and `errorCode`: 10001 access denied, 10002 JSON ' +
            "parse error, 10005 bad request, 10006 service id mismatch, 10007 order not found or not " +
            "paid with Uzum, 10008 already paid, 10009 order cancelled or timed out, 10011 incorrect " +
            "amount, 10014 transaction not found, 10016 transId used for another order or amount, " +
            "10017 transaction reversed, 10018 cannot reverse, 99999 internal error.",
          tags: ["payments"],
          security: [{ basic: [] }],
          body: uzumRequestSchema,
          response: { 200: uzumAnswerSchema },
        },
      },
      async (request): Promise<UzumAnswer> => {
        const answer = await (async () => {
          const now = new Date();
          const body: unknown = request.body;
          if (typeof body === "object" && body !== null && UNPARSABLE in body) {
            return uzumFailure({}, "JSON_PARSE_ERROR", now);
          }
          if (request.validationError) return uzumFailure(idsOf(body), "BAD_REQUEST", now);
          try {
            return await callUzum(
              { db, events, now },
              operation,
              request.body,
              request.headers.authorization,
            );
          } catch (error) {
            request.log.error({ err: error }, `Uzum ${operation} failed`);
            return uzumFailure(request.body, "INTERNAL_ERROR", now);
          }
        })();
        app.metrics.paymentCallback("uzum", callbackResult(answer));
        // A confirmed payment has a fiscal receipt to register; a reversed one, perhaps its return.
        if ((operation === "confirm" || operation === "reverse") && answer.status === "OK") app.fiscal.kick();
        return answer;
      },
    );
  }
}

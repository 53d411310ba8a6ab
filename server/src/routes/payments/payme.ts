// POST /api/payments/v1/payme: Payme's Merchant API, JSON-RPC 2.0, always HTTP 200. The body is read
// as bytes and parsed here, so malformed JSON is answered with Payme's -32700 rather than the API's
// 400. The Basic credentials `Paycom:<key>` name the brands the call may act for; the order or
// transaction of the call must belong to one of them (-32504 otherwise). Keys are never logged or
// answered.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { PAYME_ERRORS, type PaymeErrorName } from "#domain/api-errors.ts";
import type { Db } from "../../db/types.ts";
import type { OrderEvents } from "../../services/orders/events.ts";
import { callPayme, isPaymeMethod, PaymeFault } from "../../services/payments/payme.ts";
import { merchantsWithPaymeKey } from "../../services/payments/payme-keys.ts";

const rpcAnswerSchema = z
  .object({
    jsonrpc: z.literal("2.0"),
    id: z.union([z.string(), z.number(), z.null()]),
    result: z.unknown().optional(),
    error: z
      .object({
        code: z.number().int(),
        message: z.object({ ru: z.string(), uz: z.string(), en: z.string() }),
        data: z.string().optional(),
      })
      .optional(),
  })
  .meta({ id: "PaymeAnswer" });

type RpcId = string | number | null;
type RpcAnswer = z.infer<typeof rpcAnswerSchema>;

function errorAnswer(id: RpcId, name: PaymeErrorName, data?: string): RpcAnswer {
  const e = PAYME_ERRORS[name];
  return {
    jsonrpc: "2.0",
    id,
    error: { code: e.code, message: { ru: e.ru, uz: e.uz, en: e.eng }, ...(data ? { data } : {}) },
  };
}

/** The brands whose Payme key the `Authorization: Basic base64("Paycom:<key>")` header carries. */
async function authorizedMerchants(db: Db, header: string | undefined): Promise<string[]> {
  const match = /^Basic ([A-Za-z0-9+/=]+)$/.exec(header?.trim() ?? "");
  if (!match?.[1]) return [];
  const decoded = Buffer.from(match[1], "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0 || decoded.slice(0, colon) !== "Paycom") return [];
  return merchantsWithPaymeKey(db, decoded.slice(colon + 1));
}

/** The metrics' result of an answer: ok, refused (credentials), or Payme's error code. */
function callbackResult(answer: RpcAnswer): string {
  if (!answer.error) return "ok";
  return answer.error.code === PAYME_ERRORS.INSUFFICIENT_PRIVILEGE.code
    ? "refused"
    : String(answer.error.code);
}

function rpcId(value: unknown): RpcId {
  return typeof value === "string" || (typeof value === "number" && Number.isFinite(value)) ? value : null;
}

export async function paymeRoutes(app: FastifyInstance, { events }: { events: OrderEvents }): Promise<void> {
  const db = app.database.db;
  // This scope only: whatever Payme sends is read as bytes and parsed by the handler.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => {
    done(null, body);
  });

  async function answer(request: FastifyRequest): Promise<RpcAnswer> {
    let body: unknown;
    try {
      const raw = Buffer.isBuffer(request.body) ? request.body.toString("utf8") : "";
      body = JSON.parse(raw);
    } catch {
      return errorAnswer(null, "PARSE_ERROR");
    }
    const id = typeof body === "object" && body !== null ? rpcId((body as { id?: unknown }).id) : null;
    const merchantIds = await authorizedMerchants(db, request.headers.authorization);
    if (merchantIds.length === 0) return errorAnswer(id, "INSUFFICIENT_PRIVILEGE");
    if (typeof body !== "object" || body === null || Array.isArray(body)) {
      return errorAnswer(id, "INVALID_REQUEST");
    }
    const { method, params } = body as { method?: unknown; params?: unknown };
    if (typeof method !== "string") return errorAnswer(id, "INVALID_REQUEST");
    if (!isPaymeMethod(method)) return errorAnswer(id, "METHOD_NOT_FOUND");
    if (typeof params !== "object" || params === null || Array.isArray(params)) {
      return errorAnswer(id, "INVALID_REQUEST");
    }
    try {
      const result = await callPayme(
        { db, events, merchantIds, now: new Date() },
        method,
        params as Record<string, unknown>,
      );
      return { jsonrpc: "2.0", id, result };
    } catch (error) {
      if (error instanceof PaymeFault) return errorAnswer(id, error.error, error.data);
      request.log.error({ err: error }, "Payme call failed");
      return errorAnswer(id, "SYSTEM_ERROR");
    }
  }

  app.withTypeProvider<ZodTypeProvider>().post(
    "/payments/v1/payme",
    {
      schema: {
        summary: "Payme Merchant API (JSON-RPC 2.0, Basic auth Paycom:<brand's key>)",
        description:
          "Methods CheckPerformTransaction, CreateTransaction, PerformTransaction, CancelTransaction, " +
          "CheckTransaction and GetStatement, with account field `order_id` and amounts in tiyin. Always " +
          "HTTP 200; errors are Payme's codes with `message` in ru, uz and en.",
        tags: ["payments"],
        response: { 200: rpcAnswerSchema },
      },
    },
    async (request): Promise<RpcAnswer> => {
      const result = await answer(request);
      app.metrics.paymentCallback("payme", callbackResult(result));
      return result;
    },
  );
}

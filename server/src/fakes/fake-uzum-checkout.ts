// A stand-in for Uzum Bank's checkout API refund (demo and development only; tests serve it behind
// a local HTTP server set as UZUM_API_URL): `POST /api/v1/acquiring/refund` {orderId, amount} with
// the brand's X-Terminal-Id and X-API-Key, answering `{errorCode, message}` as
// server/src/integrations/uzum-checkout.ts assumes (docs/decisions.md, Refunds, Uzum). A payment is
// refundable once, for its whole amount, when the fake Uzum pay page registered it (its transId).
import { timingSafeEqual } from "node:crypto";
import { UZUM_REFUND_PATH } from "../integrations/uzum-checkout.ts";

const MAX_ENTRIES = 20_000;
const payments = new Map<string, { amount: number; refunded: boolean }>();

export function registerFakeUzumPayment(input: { transId: string; amount: number }) {
  if (payments.size >= MAX_ENTRIES) payments.clear();
  payments.set(input.transId, { amount: input.amount, refunded: false });
}

/** What Uzum took for the payment `transId`, when the fake pay page registered it. */
export function fakeUzumPaymentAmount(transId: string): number | undefined {
  return payments.get(transId)?.amount;
}

const reply = (status: number, data: Record<string, unknown>) => ({ status, body: JSON.stringify(data) });

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function handleFakeUzumCheckout(
  request: { path: string; headers: Record<string, string | string[] | undefined>; body: string },
  apiKeyOf: (terminalId: string) => string | undefined,
): { status: number; body: string } {
  const header = (name: string) => {
    const v = request.headers[name];
    return (Array.isArray(v) ? v[0] : v) ?? "";
  };
  const terminalId = header("x-terminal-id");
  const key = apiKeyOf(terminalId);
  if (!key || !same(header("x-api-key"), key)) {
    return reply(401, { errorCode: 1, message: "Unauthorized" });
  }
  if (request.path !== UZUM_REFUND_PATH) return reply(404, { errorCode: 2, message: "Not found" });
  let body: { orderId?: unknown; amount?: unknown };
  try {
    body = JSON.parse(request.body) as typeof body;
  } catch {
    return reply(400, { errorCode: 3, message: "Bad request" });
  }
  const payment = typeof body.orderId === "string" ? payments.get(body.orderId) : undefined;
  if (!payment) {
    return reply(200, { errorCode: 4, message: "Order not found" });
  }
  if (payment.refunded) return reply(200, { errorCode: 5, message: "Order already refunded" });
  if (body.amount !== payment.amount) return reply(200, { errorCode: 6, message: "Incorrect amount" });
  payment.refunded = true;
  return reply(200, {
    errorCode: 0,
    result: { orderId: body.orderId, status: "REFUNDED", amount: payment.amount },
  });
}

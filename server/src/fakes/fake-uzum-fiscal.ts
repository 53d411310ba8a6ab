// A stand-in for Uzum Bank's fiscalization API (demo and development only; tests also serve it behind
// a local HTTP server set as UZUM_FISCAL_URL), speaking the published contract the adapter
// (server/src/integrations/uzum-fiscal.ts) follows, kept in memory:
//   POST /v2/receipt         403 without a known X-API-Key; 422 for a field the contract refuses (no
//                            items, an amount that is not whole tiyin, a name over 63 characters, a
//                            phone over 12 characters, both or neither of TIN and PINFL); 400 code 1 for an IKPU that is not 17
//                            digits or a missing package code; 422 when card_amount is not the lines'
//                            prices, or the lines less their discounts are not what Uzum took for the
//                            payment (when the fake pay page registered it); 400 code 2 for a second
//                            sale of one payment_id; else 200 with a receipt on ofd.soliq.uz
//   POST /v2/refund_receipt  the same checks; 404 without a sale receipt of that payment_id; a second
//                            return of it 400; a repeated operation_id answers its receipt again
//   GET  /v2/receipt/{operation_id}/receipt_url  200 {receipt_url}, or 404
import { randomBytes } from "node:crypto";
import { fakeUzumPaymentAmount } from "./fake-uzum-checkout.ts";

const MAX_ENTRIES = 20_000;

interface FakeUzumReceipt {
  kind: "SALE" | "RETURN";
  paymentId: string;
  url: string;
  sum: number;
}

/** Receipts by operation id; each payment's SALE and RETURN by payment id and kind. */
const byOperation = new Map<string, FakeUzumReceipt>();
const byPayment = new Map<string, FakeUzumReceipt>();
let receiptSeq = 700_000;

const reply = (status: number, data: Record<string, unknown>) => ({ status, body: JSON.stringify(data) });
const invalid = (msg: string) => reply(422, { detail: [{ loc: ["body"], msg, type: "value_error" }] });

const whole = (v: unknown): v is number => typeof v === "number" && Number.isSafeInteger(v) && v >= 0;

interface Item {
  product_name?: unknown;
  price?: unknown;
  discount?: unknown;
  count?: unknown;
  spic?: unknown;
  package_code?: unknown;
  vat_percent?: unknown;
  commission_info?: { TIN?: unknown; PINFL?: unknown };
}

/** The contract's own checks of the items: a refusal, or the sum the lines charge. */
function checkItems(items: unknown, cardAmount: unknown): { status: number; body: string } | number {
  if (!Array.isArray(items) || items.length === 0) return invalid("items: at least one item is required");
  let prices = 0;
  let sum = 0;
  for (const item of items as Item[]) {
    if (typeof item.product_name !== "string" || item.product_name.length > 63)
      return invalid("product_name: a string of at most 63 characters");
    if (!whole(item.price) || (item.discount !== undefined && !whole(item.discount)))
      return invalid("price, discount: whole tiyin");
    if (typeof item.count !== "number" || !(item.count > 0)) return invalid("count: above 0");
    if (!Number.isInteger(item.vat_percent)) return invalid("vat_percent: an integer");
    const tin = item.commission_info?.TIN;
    const pinfl = item.commission_info?.PINFL;
    if ((tin === undefined) === (pinfl === undefined))
      return invalid("commission_info: either TIN or PINFL, not both");
    if (typeof item.spic !== "string" || !/^\d{17}$/.test(item.spic))
      return reply(400, {
        code: 1,
        message: "Invalid spic/package code. Please check values and resend request",
      });
    if (typeof item.package_code !== "string" || !/^\d{1,20}$/.test(item.package_code))
      return reply(400, {
        code: 1,
        message: "Invalid spic/package code. Please check values and resend request",
      });
    prices += item.price;
    sum += item.price - (item.discount ?? 0);
  }
  if (cardAmount !== prices) return invalid("card_amount: the items' prices before discounts");
  return sum;
}

function remember(operationId: string, receipt: FakeUzumReceipt) {
  if (byOperation.size >= MAX_ENTRIES) {
    byOperation.clear();
    byPayment.clear();
  }
  byOperation.set(operationId, receipt);
  byPayment.set(`${receipt.kind}:${receipt.paymentId}`, receipt);
}

function register(kind: "SALE" | "RETURN", raw: string) {
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(raw) as Record<string, unknown>;
  } catch {
    return invalid("body: JSON");
  }
  const { payment_id: paymentId, operation_id: operationId } = body;
  if (typeof paymentId !== "string" || typeof operationId !== "string" || typeof body.date_time !== "string")
    return invalid("payment_id, operation_id, date_time: required");
  if (!whole(body.cash_amount) || !whole(body.card_amount))
    return invalid("cash_amount, card_amount: whole tiyin");
  if (
    body.phone_number !== undefined &&
    (typeof body.phone_number !== "string" || body.phone_number.length > 12)
  )
    return invalid("phone_number: at most 12 characters");
  const earlier = byOperation.get(operationId);
  if (kind === "RETURN" && earlier?.kind === "RETURN")
    return reply(200, { receipt_id: receiptSeq, receipt_url: earlier.url });
  const checked = checkItems(body.items, body.card_amount);
  if (typeof checked !== "number") return checked;
  const paid = fakeUzumPaymentAmount(paymentId);
  if (paid !== undefined && checked !== paid)
    return invalid(`items: the lines charge ${String(checked)} tiyin, the payment was ${String(paid)}`);
  if (kind === "SALE" && byPayment.has(`SALE:${paymentId}`))
    return reply(400, {
      code: 2,
      message:
        "Receipt with the same payment_id and receipt_type was already send. Please check values and resend request",
    });
  if (kind === "RETURN") {
    const sale = byPayment.get(`SALE:${paymentId}`);
    if (!sale) return reply(404, { message: `Receipt with ${paymentId} payment id was not found` });
    if (byPayment.has(`RETURN:${paymentId}`)) return reply(400, { message: "Refund was already registered" });
    if (checked !== sale.sum) return reply(400, { message: "Refund amount exceeds the receipt" });
  }
  receiptSeq += 1;
  const url = `https://ofd.soliq.uz/epi?t=UZ000000000296&r=${String(receiptSeq)}&c=${randomBytes(6).toString("hex")}&s=${String(checked)}`;
  remember(operationId, { kind, paymentId, url, sum: checked });
  return reply(200, {
    receipt_id: receiptSeq,
    ...(kind === "SALE" ? { payment_id: paymentId } : {}),
    receipt_url: url,
  });
}

export function handleFakeUzumFiscal(
  request: {
    method: string;
    path: string;
    headers: Record<string, string | string[] | undefined>;
    body: string;
  },
  knownKey: (apiKey: string) => boolean,
): { status: number; body: string } {
  const raw = request.headers["x-api-key"];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key) return reply(403, { message: "Auth header is not defined" });
  if (!knownKey(key)) return reply(403, { message: "User is not found" });
  if (request.method === "POST" && request.path === "/v2/receipt") return register("SALE", request.body);
  if (request.method === "POST" && request.path === "/v2/refund_receipt")
    return register("RETURN", request.body);
  const link = /^\/v2\/receipt\/([^/]+)\/receipt_url$/.exec(request.path);
  if (request.method === "GET" && link) {
    const receipt = byOperation.get(decodeURIComponent(link[1] ?? ""));
    return receipt
      ? reply(200, { receipt_url: receipt.url })
      : reply(404, { message: "Receipt with this operation id was not found" });
  }
  return reply(404, { message: "Not found" });
}

/** What the fake holds for a payment (tests): the links of its sale and return receipts. */
export function fakeUzumReceiptsOf(paymentId: string): { sale?: string; return?: string } {
  const sale = byPayment.get(`SALE:${paymentId}`);
  const back = byPayment.get(`RETURN:${paymentId}`);
  return { ...(sale ? { sale: sale.url } : {}), ...(back ? { return: back.url } : {}) };
}

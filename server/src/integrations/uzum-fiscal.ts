// Uzum Bank's fiscalization API (`UZUM_FISCAL_URL`; its published contract "Uzum Fiscalization",
// version 0.0.2: production host https://ofd-key.inplat-tech.com, test host
// https://test-ofd.ipt-merch.com). A payment taken through Uzum's Merchant API is registered with the
// tax authority by the merchant, through this API, after Uzum confirmed it:
//   POST /v2/receipt         a sale: {payment_id, operation_id, date_time, cash_amount, card_amount,
//                            phone_number, receipt_type 0, items}; 200 {receipt_id, payment_id,
//                            receipt_url}; 202 accepted, the tax authority has not answered yet
//   POST /v2/refund_receipt  the return of a sale with the same payment_id; 200 {receipt_id,
//                            receipt_url}; 202 accepted; 404 no sale receipt of that payment yet
//   GET  /v2/receipt/{operation_id}/receipt_url  200 {receipt_url}; 202 not fiscalised yet
// Every call carries the brand's `X-API-Key`. 400 code 1 is a wrong IKPU (MXIK) or package code;
// 400 code 2 "a receipt with the same payment_id and receipt_type was already sent"; 422 a field the
// contract does not accept.
//
// ASSUMPTIONS (docs/decisions.md, Fiscal receipts, Uzum):
//   UF1 `payment_id` is Uzum's `transId` of the Merchant API payment (the contract names Uzum
//       checkout's order id; both are Uzum's UUID of the payment).
//   UF2 `operation_id` is ours and stable across retries: the fiscal_receipts row's id.
//   UF3 `card_amount` is the receipt's sum of line prices before discounts, as the contract words it;
//       a line's `price` is its cost for all its units (src/domain/fiscal.ts, uzumFiscalItems).
//   UF4 A retry first reads the receipt by its operation id (an earlier try may have got through, its
//       answer lost); a second sale of one payment is 400 code 2, whose link is read back the same way.
import type { UzumFiscalItem } from "#domain/fiscal.ts";

export type UzumFiscalFetch = (
  url: string,
  init: {
    method: "POST" | "GET";
    headers: Record<string, string>;
    body?: string;
    signal: AbortSignal;
  },
) => Promise<{ status: number; text(): Promise<string> }>;

export interface UzumFiscalOptions {
  /** The API origin (requests go to `<url>/v2/...`). */
  url: string;
  apiKey: string;
  timeoutMs: number;
  fetch?: UzumFiscalFetch;
}

/**
 * UNAVAILABLE: try again later (Uzum or the tax authority away, 202 accepted but not fiscalised);
 * REFUSED: Uzum will not take this receipt (a wrong code, a field it refuses).
 */
export class UzumFiscalError extends Error {
  override name = "UzumFiscalError";
  readonly kind: "UNAVAILABLE" | "REFUSED";
  constructor(kind: "UNAVAILABLE" | "REFUSED", message: string) {
    super(message);
    this.kind = kind;
  }
}

export const UZUM_FISCAL_PATHS = {
  SALE: "/v2/receipt",
  RETURN: "/v2/refund_receipt",
  url: (operationId: string) => `/v2/receipt/${encodeURIComponent(operationId)}/receipt_url`,
} as const;

export interface UzumFiscalReceipt {
  kind: "SALE" | "RETURN";
  paymentId: string;
  operationId: string;
  /** When Uzum confirmed the payment (or gave it back): the contract wants it within 24 hours. */
  at: Date;
  items: readonly UzumFiscalItem[];
  /** The customer's phone, digits only (998...), when known. */
  phone: string | null;
}

/** ISO 8601 in Tashkent's time (+05:00), the zone the contract reads a bare time in. */
function tashkentTime(at: Date): string {
  return `${new Date(at.getTime() + 5 * 3_600_000).toISOString().slice(0, 19)}+05:00`;
}

export function uzumFiscal(options: UzumFiscalOptions) {
  const doFetch: UzumFiscalFetch = options.fetch ?? ((url, init) => fetch(url, init));

  async function call(method: "POST" | "GET", path: string, body?: unknown) {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      controller.abort();
    }, options.timeoutMs);
    const what = `${method} ${path.startsWith("/v2/receipt/") ? "/v2/receipt/{id}/receipt_url" : path}`;
    try {
      const res = await doFetch(`${options.url}${path}`, {
        method,
        headers: {
          accept: "application/json",
          "x-api-key": options.apiKey,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: controller.signal,
      });
      const text = await res.text();
      let answer: Record<string, unknown> = {};
      try {
        const parsed: unknown = JSON.parse(text);
        if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed))
          answer = parsed as Record<string, unknown>;
      } catch {
        if (res.status < 500)
          throw new UzumFiscalError("UNAVAILABLE", `${what}: HTTP ${res.status}, not JSON`);
      }
      return { what, status: res.status, answer };
    } catch (error) {
      if (error instanceof UzumFiscalError) throw error;
      throw new UzumFiscalError(
        "UNAVAILABLE",
        `${what}: ${controller.signal.aborted ? "timed out" : String(error)}`,
      );
    } finally {
      clearTimeout(timer);
    }
  }

  const message = (answer: Record<string, unknown>) =>
    typeof answer.message === "string"
      ? answer.message
      : JSON.stringify(answer.detail ?? answer).slice(0, 300);

  /** The receipt's link once the tax authority has it, read by our operation id; null: no such receipt. */
  async function receiptUrl(operationId: string): Promise<string | null> {
    const { what, status, answer } = await call("GET", UZUM_FISCAL_PATHS.url(operationId));
    if (status === 200 && typeof answer.receipt_url === "string") return answer.receipt_url;
    if (status === 404) return null;
    if (status === 403 || status === 400)
      throw new UzumFiscalError("REFUSED", `${what}: HTTP ${status} ${message(answer)}`);
    throw new UzumFiscalError("UNAVAILABLE", `${what}: HTTP ${status} ${message(answer)}`);
  }

  return {
    receiptUrl,
    /**
     * Registers a sale or its return; answers the tax authority's receipt link. A `retry` (an earlier
     * try may have got through, its answer lost) first reads the receipt by its operation id.
     */
    async send(receipt: UzumFiscalReceipt, { retry }: { retry: boolean }): Promise<string> {
      if (retry) {
        const earlier = await receiptUrl(receipt.operationId);
        if (earlier) return earlier;
      }
      const cardAmount = receipt.items.reduce((s, i) => s + i.price, 0);
      const { what, status, answer } = await call("POST", UZUM_FISCAL_PATHS[receipt.kind], {
        payment_id: receipt.paymentId,
        operation_id: receipt.operationId,
        date_time: tashkentTime(receipt.at),
        cash_amount: 0,
        card_amount: cardAmount,
        ...(receipt.kind === "SALE" ? { receipt_type: 0 } : {}),
        ...(receipt.kind === "SALE" && receipt.phone ? { phone_number: receipt.phone } : {}),
        items: receipt.items,
      });
      if (status === 200 && typeof answer.receipt_url === "string") return answer.receipt_url;
      // UF4: sent before, its answer lost: the link is read back.
      if (status === 400 && answer.code === 2) {
        const earlier = await receiptUrl(receipt.operationId);
        if (earlier) return earlier;
        throw new UzumFiscalError(
          "REFUSED",
          `${what}: a receipt of this payment was sent by another operation`,
        );
      }
      // Accepted, not fiscalised yet; a return before its sale is fiscalised: later.
      if (status === 202 || status === 404 || status === 429 || status >= 500)
        throw new UzumFiscalError("UNAVAILABLE", `${what}: HTTP ${status} ${message(answer)}`);
      throw new UzumFiscalError("REFUSED", `${what}: HTTP ${status} ${message(answer)}`);
    },
  };
}

export type UzumFiscalClient = ReturnType<typeof uzumFiscal>;

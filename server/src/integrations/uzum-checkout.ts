// Uzum Bank's checkout API (`UZUM_API_URL`), used only to give a payment's money back when the
// storefront cancels a paid order (docs/decisions.md, Refunds, Uzum).
//
// ASSUMPTIONS (Uzum's public detail is thin; confirm with Uzum when a brand registers):
//   U1 `POST <UZUM_API_URL>/api/v1/acquiring/refund`, JSON `{orderId, amount}` with the headers
//      `X-Terminal-Id` and `X-API-Key` of the brand (merchants.uzum_terminal_id, uzum_api_key) and
//      `Content-Language: ru`.
//   U2 `orderId` is Uzum's id of the payment, the `transId` its Merchant API webhooks named, and
//      `amount` the whole amount in tiyin (refunds are never partial here).
//   U3 The answer is JSON `{errorCode, message?, result?}`: errorCode 0 (or absent with a result)
//      is a refund Uzum accepted; any other errorCode is Uzum's refusal. HTTP 5xx, 429, a network
//      failure, a time-out or an answer that is not JSON: Uzum was unavailable, try again later.

export type UzumFetch = (
  url: string,
  init: { method: "POST"; headers: Record<string, string>; body: string; signal: AbortSignal },
) => Promise<{ status: number; text(): Promise<string> }>;

export interface UzumCheckoutOptions {
  /** The API origin (requests go to `<url>/api/v1/...`). */
  url: string;
  terminalId: string;
  apiKey: string;
  timeoutMs: number;
  fetch?: UzumFetch;
}

export class UzumCheckoutError extends Error {
  override name = "UzumCheckoutError";
  readonly kind: "UNAVAILABLE" | "REFUSED";
  constructor(kind: "UNAVAILABLE" | "REFUSED", message: string) {
    super(message);
    this.kind = kind;
  }
}

export const UZUM_REFUND_PATH = "/api/v1/acquiring/refund";

export function uzumCheckout(options: UzumCheckoutOptions) {
  const doFetch: UzumFetch = options.fetch ?? ((url, init) => fetch(url, init));
  return {
    /** Refunds the payment `orderId` (Uzum's transId) of `amount` tiyin. */
    async refund(input: { orderId: string; amount: number }): Promise<void> {
      const controller = new AbortController();
      const timer = setTimeout(() => {
        controller.abort();
      }, options.timeoutMs);
      let status: number;
      let text: string;
      try {
        const res = await doFetch(`${options.url}${UZUM_REFUND_PATH}`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "content-language": "ru",
            "x-terminal-id": options.terminalId,
            "x-api-key": options.apiKey,
          },
          body: JSON.stringify({ orderId: input.orderId, amount: input.amount }),
          signal: controller.signal,
        });
        status = res.status;
        text = await res.text();
      } catch (error) {
        throw new UzumCheckoutError(
          "UNAVAILABLE",
          `refund: ${controller.signal.aborted ? "timed out" : String(error)}`,
        );
      } finally {
        clearTimeout(timer);
      }
      if (status >= 500 || status === 429)
        throw new UzumCheckoutError("UNAVAILABLE", `refund: HTTP ${status}`);
      let answer: unknown;
      try {
        answer = JSON.parse(text);
      } catch {
        throw new UzumCheckoutError("UNAVAILABLE", `refund: HTTP ${status}, not JSON`);
      }
      if (typeof answer !== "object" || answer === null) {
        throw new UzumCheckoutError("UNAVAILABLE", "refund: not Uzum's JSON");
      }
      const { errorCode, message } = answer as { errorCode?: unknown; message?: unknown };
      const code = errorCode === undefined || errorCode === null ? 0 : Number(errorCode);
      if (code !== 0 || status >= 400) {
        throw new UzumCheckoutError(
          "REFUSED",
          `refund: ${typeof errorCode === "number" || typeof errorCode === "string" ? String(errorCode) : `HTTP ${status}`} ${typeof message === "string" ? message : ""}`.trim(),
        );
      }
    },
  };
}

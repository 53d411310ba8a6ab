// Click's Merchant API (`CLICK_MERCHANT_API_URL`, https://api.click.uz/v2/merchant unless set): JSON
// over HTTPS, every call signed with the header `Auth: <merchant_user_id>:<sha1(timestamp +
// secret_key)>:<timestamp>` (unix seconds). Used for saved cards (card_token/request, /verify,
// /payment, DELETE card_token/{service_id}/{token}) and refunds (DELETE
// payment/reversal/{service_id}/{payment_id}). Every answer carries `error_code` (0 = success) and
// `error_note`.
//
// Assumptions (community clients only, no official English documentation; docs/decisions.md,
// Click Merchant API): amounts are so'm with up to two decimals; card_token/request texts the code
// itself (there is no separate "send the code" call); a card_token/payment answers `payment_status`
// 2 for a paid payment (anything else, or error_code < 0, is a decline); an error_code below 0 is
// Click's refusal, HTTP 5xx, 429, a network failure, a time-out or an answer that is not JSON means
// Click was unavailable and the call may be repeated.
import { createHash } from "node:crypto";
import type { ClickOfdItem } from "#domain/fiscal.ts";

export type ClickMerchantFetch = (
  url: string,
  init: {
    method: "POST" | "DELETE" | "GET";
    headers: Record<string, string>;
    body?: string;
    signal: AbortSignal;
  },
) => Promise<{ status: number; text(): Promise<string> }>;

export interface ClickMerchantOptions {
  /** The API base, e.g. https://api.click.uz/v2/merchant (no trailing slash). */
  url: string;
  serviceId: string;
  /** merchants.click_merchant_user_id */
  merchantUserId: string;
  /** merchants.click_secret_key; only its SHA-1 digest with the timestamp leaves the server. */
  secretKey: string;
  timeoutMs: number;
  fetch?: ClickMerchantFetch;
  /** Seconds since the epoch (tests pin it). */
  now?: () => number;
}

export class ClickMerchantError extends Error {
  override name = "ClickMerchantError";
  /** UNAVAILABLE may be repeated; REFUSED is Click's answer (error_code < 0). */
  readonly kind: "UNAVAILABLE" | "REFUSED";
  readonly code: number | undefined;
  constructor(kind: "UNAVAILABLE" | "REFUSED", message: string, code?: number) {
    super(message);
    this.kind = kind;
    this.code = code;
  }
}

/** Click's payment_status of a paid payment. */
export const CLICK_PAYMENT_PAID = 2;

/** The Auth header of a call at `timestamp` (unix seconds). */
export function clickAuthHeader(merchantUserId: string, secretKey: string, timestamp: number): string {
  const digest = createHash("sha1")
    .update(`${String(timestamp)}${secretKey}`)
    .digest("hex");
  return `${merchantUserId}:${digest}:${String(timestamp)}`;
}

/** Tiyin as Click's so'm amount (a number with up to two decimals). */
export function clickAmount(tiyin: number): number {
  return Math.round(tiyin) / 100;
}

export interface ClickMerchantClient {
  requestCardToken(card: { number: string; expire: string }): Promise<{ token: string; phone: string }>;
  verifyCardToken(token: string, code: string): Promise<{ number: string }>;
  payWithToken(input: { token: string; amount: number; transactionParameter: string }): Promise<string>;
  deleteCardToken(token: string): Promise<void>;
  /** Reverses (refunds) a payment by Click's payment id. */
  reversePayment(paymentId: string): Promise<void>;
  /**
   * Registers the fiscal receipt of a payment (issue 40): `payment/ofd_data/submit_items` with the
   * items and what was received by card (tiyin), then reads the tax authority's receipt link back
   * (`GET payment/ofd_data/{service_id}/{payment_id}`, `qrCodeURL`); null when Click has none yet.
   */
  submitFiscalItems(input: {
    paymentId: string;
    items: readonly ClickOfdItem[];
    receivedCard: number;
  }): Promise<string | null>;
}

export function clickMerchant(options: ClickMerchantOptions): ClickMerchantClient {
  const doFetch: ClickMerchantFetch = options.fetch ?? ((url, init) => fetch(url, init));
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));

  async function call(
    method: "POST" | "DELETE" | "GET",
    path: string,
    body?: Record<string, unknown>,
  ): Promise<Record<string, unknown>> {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      controller.abort();
    }, options.timeoutMs);
    const what = `${method} ${path.split("/").slice(0, 2).join("/")}`;
    let status: number;
    let text: string;
    try {
      const res = await doFetch(`${options.url}/${path}`, {
        method,
        headers: {
          accept: "application/json",
          "content-type": "application/json",
          auth: clickAuthHeader(options.merchantUserId, options.secretKey, now()),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: controller.signal,
      });
      status = res.status;
      text = await res.text();
    } catch (error) {
      throw new ClickMerchantError(
        "UNAVAILABLE",
        `${what}: ${controller.signal.aborted ? "timed out" : String(error)}`,
      );
    } finally {
      clearTimeout(timer);
    }
    if (status >= 500 || status === 429)
      throw new ClickMerchantError("UNAVAILABLE", `${what}: HTTP ${status}`);
    let answer: unknown;
    try {
      answer = JSON.parse(text);
    } catch {
      throw new ClickMerchantError("UNAVAILABLE", `${what}: HTTP ${status}, not JSON`);
    }
    if (typeof answer !== "object" || answer === null || Array.isArray(answer)) {
      throw new ClickMerchantError("UNAVAILABLE", `${what}: not Click's JSON`);
    }
    const record = answer as Record<string, unknown>;
    // The receipt read-back answers its fields without an error_code (community clients).
    const code = method === "GET" && record.error_code === undefined ? 0 : Number(record.error_code);
    if (!Number.isFinite(code)) throw new ClickMerchantError("UNAVAILABLE", `${what}: no error_code`);
    if (code !== 0) {
      const note = typeof record.error_note === "string" ? record.error_note : "error";
      throw new ClickMerchantError("REFUSED", `${what}: ${String(code)} ${note}`, code);
    }
    return record;
  }

  const serviceId = Number(options.serviceId);
  const sid = encodeURIComponent(options.serviceId);

  return {
    async requestCardToken(card) {
      const r = await call("POST", "card_token/request", {
        service_id: serviceId,
        card_number: card.number,
        expire_date: card.expire,
        temporary: 0,
      });
      if (typeof r.card_token !== "string" || r.card_token === "") {
        throw new ClickMerchantError("UNAVAILABLE", "card_token/request: no card_token");
      }
      return { token: r.card_token, phone: typeof r.phone_number === "string" ? r.phone_number : "" };
    },
    async verifyCardToken(token, code) {
      const r = await call("POST", "card_token/verify", {
        service_id: serviceId,
        card_token: token,
        sms_code: Number(code),
      });
      return { number: typeof r.card_number === "string" ? r.card_number : "" };
    },
    async payWithToken({ token, amount, transactionParameter }) {
      const r = await call("POST", "card_token/payment", {
        service_id: serviceId,
        card_token: token,
        amount: clickAmount(amount),
        transaction_parameter: transactionParameter,
      });
      const paymentId = r.payment_id;
      if (typeof paymentId !== "string" && typeof paymentId !== "number") {
        throw new ClickMerchantError("UNAVAILABLE", "card_token/payment: no payment_id");
      }
      if (Number(r.payment_status) !== CLICK_PAYMENT_PAID) {
        throw new ClickMerchantError(
          "REFUSED",
          `card_token/payment: payment_status ${String(r.payment_status)}`,
          Number(r.payment_status),
        );
      }
      return String(paymentId);
    },
    async deleteCardToken(token) {
      await call("DELETE", `card_token/${sid}/${encodeURIComponent(token)}`);
    },
    async reversePayment(paymentId) {
      await call("DELETE", `payment/reversal/${sid}/${encodeURIComponent(paymentId)}`);
    },
    async submitFiscalItems({ paymentId, items, receivedCard }) {
      try {
        await call("POST", "payment/ofd_data/submit_items", {
          service_id: serviceId,
          payment_id: Number.isSafeInteger(Number(paymentId)) ? Number(paymentId) : paymentId,
          items,
          received_ecash: 0,
          received_cash: 0,
          received_card: receivedCard,
        });
      } catch (error) {
        // ASSUMPTION: a second submission of one payment is refused as "already submitted"; an
        // earlier try whose answer was lost got through, so the receipt is read back as usual.
        if (!(
          error instanceof ClickMerchantError &&
          error.kind === "REFUSED" &&
          /already/i.test(error.message)
        ))
          throw error;
      }
      const r = await call("GET", `payment/ofd_data/${sid}/${encodeURIComponent(paymentId)}`);
      return typeof r.qrCodeURL === "string" && /^https:\/\//.test(r.qrCodeURL) ? r.qrCodeURL : null;
    },
  };
}

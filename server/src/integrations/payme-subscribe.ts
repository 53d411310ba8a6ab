// Payme's Subscribe API (saved cards): JSON-RPC 2.0 over POST to `<PAYME_API_URL>/api` with
// `X-Auth: <cashbox id>:<key>` from the server (docs/decisions.md, Saved cards). Methods used:
// cards.create, cards.get_verify_code, cards.verify, cards.remove, receipts.create, receipts.pay,
// receipts.cancel. A receipt is paid when its `state` is 4.
//
// Assumption (Payme's public documentation lists the codes in Russian only): -31101 the code has
// expired, -31103 wrong code, -31300..-31399 the card (-31301 expired), -31630..-31699 the payment
// was declined (not enough money, blocked). Any other error of a card method is a rejected card,
// any other error of a receipt method a declined payment.
import { paymeDetail } from "#domain/fiscal.ts";
import {
  CardProviderError,
  type CardProvider,
  type ProviderCard,
} from "../services/payments/card-provider.ts";

export type FetchLike = (
  url: string,
  init: { method: "POST"; headers: Record<string, string>; body: string; signal: AbortSignal },
) => Promise<{ status: number; text(): Promise<string> }>;

export interface PaymeSubscribeOptions {
  /** The API origin, e.g. https://checkout.paycom.uz (requests go to `<url>/api`). */
  url: string;
  /** The brand's Payme cashbox id (merchants.payme_merchant_id). */
  cashboxId: string;
  /** The cashbox's key (merchants.payme_key). */
  key: string;
  timeoutMs: number;
  fetch?: FetchLike;
}

/** Receipt state "paid" of Payme's receipts. */
const RECEIPT_PAID = 4;

let rpcId = 0;

interface RpcError {
  code: number;
  message: unknown;
}

function failureOf(method: string, code: number) {
  if (code === -31101) return "CODE_EXPIRED" as const;
  if (code === -31103) return "CODE_WRONG" as const;
  if (code === -31301) return "CARD_EXPIRED" as const;
  if (code <= -31630 && code >= -31699) return "DECLINED" as const;
  if (code <= -32000 && code >= -32700) return "UNAVAILABLE" as const;
  return method.startsWith("receipts.") ? ("DECLINED" as const) : ("CARD_REJECTED" as const);
}

function messageText(message: unknown): string {
  if (typeof message === "string") return message;
  if (typeof message === "object" && message !== null) {
    const m = message as Record<string, unknown>;
    const text = m.en ?? m.eng ?? m.ru ?? m.uz;
    if (typeof text === "string") return text;
  }
  return "error";
}

function record(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== "object" || value === null) {
    throw new CardProviderError("UNAVAILABLE", `Payme answered without ${what}`);
  }
  return value as Record<string, unknown>;
}

function cardOf(result: unknown): ProviderCard {
  const card = record(record(result, "a result").card, "a card");
  const { token, number, verify } = card;
  if (typeof token !== "string" || token === "" || typeof number !== "string") {
    throw new CardProviderError("UNAVAILABLE", "Payme answered a card without token or number");
  }
  return { token, masked: number, verified: verify === true };
}

function receiptOf(result: unknown): { id: string; state: number } {
  const receipt = record(record(result, "a result").receipt, "a receipt");
  const { _id: id, state } = receipt;
  if (typeof id !== "string" || typeof state !== "number") {
    throw new CardProviderError("UNAVAILABLE", "Payme answered a receipt without id or state");
  }
  return { id, state };
}

export function paymeSubscribe(options: PaymeSubscribeOptions): CardProvider {
  const doFetch: FetchLike = options.fetch ?? ((url, init) => fetch(url, init));

  async function call(method: string, params: Record<string, unknown>): Promise<unknown> {
    rpcId = (rpcId + 1) % Number.MAX_SAFE_INTEGER;
    const id = rpcId;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      controller.abort();
    }, options.timeoutMs);
    let status: number;
    let text: string;
    try {
      const res = await doFetch(`${options.url}/api`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-auth": `${options.cashboxId}:${options.key}`,
        },
        body: JSON.stringify({ jsonrpc: "2.0", id, method, params }),
        signal: controller.signal,
      });
      status = res.status;
      text = await res.text();
    } catch (error) {
      throw new CardProviderError(
        "UNAVAILABLE",
        `${method}: ${controller.signal.aborted ? "timed out" : String(error)}`,
      );
    } finally {
      clearTimeout(timer);
    }
    if (status >= 500 || status === 429)
      throw new CardProviderError("UNAVAILABLE", `${method}: HTTP ${status}`);
    let answer: { result?: unknown; error?: RpcError } | null;
    try {
      answer = JSON.parse(text) as typeof answer;
    } catch {
      throw new CardProviderError("UNAVAILABLE", `${method}: HTTP ${status}, not JSON`);
    }
    if (typeof answer !== "object" || answer === null || Array.isArray(answer)) {
      throw new CardProviderError("UNAVAILABLE", `${method}: not a JSON-RPC answer`);
    }
    if (answer.error) {
      const code = typeof answer.error.code === "number" ? answer.error.code : -32400;
      throw new CardProviderError(
        failureOf(method, code),
        `${method}: ${messageText(answer.error.message)}`,
        code,
      );
    }
    if (answer.result === undefined) throw new CardProviderError("UNAVAILABLE", `${method}: no result`);
    return answer.result;
  }

  return {
    name: "PAYME",
    resendsCode: true,
    async createCard(card) {
      return cardOf(await call("cards.create", { card, save: true }));
    },
    async sendVerifyCode(token) {
      const result = record(await call("cards.get_verify_code", { token }), "a result");
      return {
        sent: result.sent === true,
        phone: typeof result.phone === "string" ? result.phone : "",
        waitMs: typeof result.wait === "number" && result.wait >= 0 ? result.wait : 60_000,
      };
    },
    async verifyCard(token, code) {
      return cardOf(await call("cards.verify", { token, code }));
    },
    async removeCard(token) {
      await call("cards.remove", { token });
    },
    async createReceipt({ amount, orderId, receipt }) {
      // The fiscal receipt goes in `detail`, as in CheckPerformTransaction's answer (issue 40).
      return receiptOf(
        await call("receipts.create", {
          amount,
          account: { order_id: orderId },
          ...(receipt ? { detail: paymeDetail(receipt) } : {}),
        }),
      ).id;
    },
    async payReceipt(receiptId, token) {
      const receipt = receiptOf(await call("receipts.pay", { id: receiptId, token }));
      if (receipt.state !== RECEIPT_PAID) {
        throw new CardProviderError("DECLINED", `receipts.pay: receipt state ${receipt.state}`);
      }
      return receiptId;
    },
    async cancelReceipt(receiptId) {
      await call("receipts.cancel", { id: receiptId });
    },
  };
}

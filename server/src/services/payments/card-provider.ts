// The one interface the storefront's saved cards talk to (docs/decisions.md, Saved cards): a card is
// tokenised by the provider (the storefront never holds its number or the SMS code), confirmed with
// the code the provider texts to the card's phone, and charged by a receipt paid with the token.
// Payme's Subscribe API implements it (server/src/integrations/payme-subscribe.ts), and Click's
// card-token API (server/src/services/payments/click-cards.ts); a brand's `card_provider` picks one, and each
// card remembers whose token it holds.
import type { FiscalReceipt } from "#domain/fiscal.ts";

/** Why a provider call failed, in the storefront's terms. */
export type CardFailure =
  /** The provider refused the card (unknown, blocked, not an Uzbek card, wrong expiry). */
  | "CARD_REJECTED"
  /** The card has expired. */
  | "CARD_EXPIRED"
  /** The SMS code is wrong. */
  | "CODE_WRONG"
  /** The SMS code has expired or too many were asked for: ask for a new one. */
  | "CODE_EXPIRED"
  /** The payment was declined (not enough money, blocked for payments). */
  | "DECLINED"
  /** Network failure, time-out, HTTP 5xx, an answer that is not the provider's JSON-RPC. */
  | "UNAVAILABLE"
  /** The provider cannot text a new code for a card (Click): the card has to be added again. */
  | "RESEND_UNSUPPORTED";

export class CardProviderError extends Error {
  override name = "CardProviderError";
  readonly failure: CardFailure;
  /** The provider's own error code, for the log. */
  readonly providerCode: number | undefined;
  constructor(failure: CardFailure, message: string, providerCode?: number) {
    super(message);
    this.failure = failure;
    this.providerCode = providerCode;
  }
}

export interface ProviderCard {
  /** The provider's token of the card. */
  token: string;
  /** The number as the provider masks it, e.g. "860006******6311". */
  masked: string;
  verified: boolean;
}

export interface VerifyCode {
  sent: boolean;
  /** The card's phone as the provider masks it, e.g. "99890*****31". */
  phone: string;
  /** Milliseconds before another code may be asked for. */
  waitMs: number;
}

export interface CardProvider {
  readonly name: "PAYME" | "CLICK";
  /** Whether sendVerifyCode can text a new code for a card already added (Click cannot). */
  readonly resendsCode: boolean;
  /**
   * Tokenises a card for repeated payments; the card is not confirmed yet. `code` is set when the
   * provider texted the code as part of it (Click), so sendVerifyCode is not called.
   */
  createCard(card: { number: string; expire: string }): Promise<ProviderCard & { code?: VerifyCode }>;
  /** Texts the confirmation code to the card's phone. */
  sendVerifyCode(token: string): Promise<VerifyCode>;
  /** Confirms the card with the code; throws CODE_WRONG for a wrong one. */
  verifyCard(token: string, code: string): Promise<ProviderCard>;
  removeCard(token: string): Promise<void>;
  /** A receipt of `amount` tiyin for the order; answers the provider's receipt id (or our own reference). */
  createReceipt(input: {
    amount: number;
    orderId: string;
    receipt?: FiscalReceipt | undefined;
  }): Promise<string>;
  /**
   * Pays the receipt with the card; resolves only when it is paid, with the id that refunds the
   * payment (Payme: the receipt id; Click: its payment_id).
   */
  payReceipt(receiptId: string, token: string, input: { amount: number; orderId: string }): Promise<string>;
  /** Cancels a receipt by the id payReceipt answered (a paid one is refunded), or an unpaid one. */
  cancelReceipt(receiptId: string): Promise<void>;
}

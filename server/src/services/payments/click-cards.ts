// Click's card-token API as the card provider (docs/decisions.md, Saved cards, Click): the second
// implementation of card-provider.ts over server/src/integrations/click-merchant.ts.
//   createCard     card_token/request (temporary 0): Click answers the token and texts the code
//   sendVerifyCode Click has no call to text the code again without the card number, which the
//                  storefront does not keep: RESEND_UNSUPPORTED (the customer adds the card again)
//   verifyCard     card_token/verify
//   removeCard     DELETE card_token/{service_id}/{token}
//   createReceipt  no call: Click pays and creates its payment in one call; our reference
//                  `click:<order>:<nonce>` stands for it until then
//   payReceipt     card_token/payment (so'm, transaction_parameter = the order id) -> payment_id
//   cancelReceipt  DELETE payment/reversal/{service_id}/{payment_id}; nothing for our reference
import { randomBytes } from "node:crypto";
import { ClickMerchantError, type ClickMerchantClient } from "../../integrations/click-merchant.ts";
import { CardProviderError, type CardFailure, type CardProvider } from "./card-provider.ts";

/** Click's "card expired" (assumption, community clients): -5002. */
const CLICK_CARD_EXPIRED = -5002;
const LOCAL_REFERENCE = "click:";

async function mapped<T>(refused: CardFailure, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof ClickMerchantError)) throw error;
    if (error.kind === "UNAVAILABLE") throw new CardProviderError("UNAVAILABLE", error.message);
    const failure =
      error.code === CLICK_CARD_EXPIRED && refused === "CARD_REJECTED" ? "CARD_EXPIRED" : refused;
    throw new CardProviderError(failure, error.message, error.code);
  }
}

function maskedOf(number: string): string {
  return `${number.slice(0, 6)}******${number.slice(-4)}`;
}

export function clickCardProvider(click: ClickMerchantClient): CardProvider {
  return {
    name: "CLICK",
    resendsCode: false,
    async createCard(card) {
      const { token, phone } = await mapped("CARD_REJECTED", () => click.requestCardToken(card));
      return {
        token,
        masked: maskedOf(card.number),
        verified: false,
        // Click's own wait between codes is not documented: a minute, as Payme asks.
        code: { sent: true, phone, waitMs: 60_000 },
      };
    },
    async sendVerifyCode() {
      throw new CardProviderError("RESEND_UNSUPPORTED", "Click texts a code only when the card is added");
    },
    async verifyCard(token, code) {
      const { number } = await mapped("CODE_WRONG", () => click.verifyCardToken(token, code));
      return { token, masked: number, verified: true };
    },
    async removeCard(token) {
      await mapped("CARD_REJECTED", () => click.deleteCardToken(token));
    },
    async createReceipt({ orderId }) {
      return `${LOCAL_REFERENCE}${orderId}:${randomBytes(6).toString("hex")}`;
    },
    async payReceipt(_receiptId, token, { amount, orderId }) {
      return mapped("DECLINED", () => click.payWithToken({ token, amount, transactionParameter: orderId }));
    },
    async cancelReceipt(receiptId) {
      // Our own reference: Click never created a payment, so there is nothing to give back.
      if (receiptId.startsWith(LOCAL_REFERENCE)) return;
      await mapped("DECLINED", () => click.reversePayment(receiptId));
    },
  };
}

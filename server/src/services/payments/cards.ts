// Saved cards (docs/decisions.md, Saved cards): a customer adds a card (the provider tokenises it and
// texts a code), confirms it with the code (five wrong codes drop it), removes it, and pays an order
// of payment type CARD with a confirmed one without leaving the storefront.
//
// Paying takes three steps so that no database transaction waits on the provider:
//   1. with the order row locked: the order must be the customer's own OPEN, unpaid CARD order with
//      no payment under way; a payment_transactions row (provider CARD, state 1) claims it (the
//      partial unique index on open transactions lets one claim exist per order);
//   2. the provider: receipts.create for the server's total in tiyin, receipts.pay with the token;
//   3. with the order and the claim locked: markOrderPaid and state 2, or, when the provider failed
//      (declined, 5xx, time-out), state -1 and the receipt cancelled, leaving the order payable.
import { randomUUID } from "node:crypto";
import { cardExpired, cardTypeOf, luhnValid, maskCardNumber, parseExpire } from "#domain/cards.ts";
import { CARD_VERIFY_ATTEMPTS, MAX_SAVED_CARDS, type SavedCard } from "#domain/contract/cards.ts";
import type { OrderStatus } from "#domain/enums.ts";
import type { FiscalReceipt } from "#domain/fiscal.ts";
import { toMinor } from "#domain/money.ts";
import { transaction } from "../../db/transaction.ts";
import type { Db } from "../../db/types.ts";
import { AppError } from "../../lib/errors.ts";
import type { OrderEvents } from "../orders/events.ts";
import {
  deleteCard,
  findCard,
  insertCard,
  listCards,
  returnVerifyAttempt,
  takeVerifyAttempt,
  updateCard,
  type CardRow,
} from "../../repositories/cards.ts";
import { lockOrder } from "../../repositories/orders.ts";
import {
  findOpenTransaction,
  insertPaymentTransaction,
  lockProviderTransaction,
  updatePaymentTransaction,
} from "../../repositories/payments.ts";
import { CardProviderError, type CardProvider } from "./card-provider.ts";
import { queueClickReceipt } from "./fiscal-outbox.ts";
import { FiscalGap, orderReceipt } from "./fiscal.ts";
import { markOrderPaid, paidTransition } from "./mark-paid.ts";
import type { CardProviderName } from "./providers.ts";

export interface CardContext {
  db: Db;
  /** The brand's card provider now: new cards go to it. */
  provider: CardProvider;
  /** The provider holding an existing card's token (a brand may have switched since). */
  providerOf: (name: CardProviderName) => CardProvider;
  merchantId: string;
  userId: string;
  now: Date;
  /** Where failures of best-effort clean-ups go. */
  log: (message: string, error: unknown) => void;
}

/** A provider failure as the API's error. */
export function appErrorOf(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (!(error instanceof CardProviderError)) throw error;
  switch (error.failure) {
    case "CARD_REJECTED":
      return new AppError("CARD_REJECTED");
    case "CARD_EXPIRED":
      return new AppError("CARD_EXPIRED");
    case "CODE_WRONG":
      return new AppError("CARD_CODE_WRONG");
    case "CODE_EXPIRED":
      return new AppError("CARD_CODE_TOO_SOON");
    case "DECLINED":
      return new AppError("CARD_PAYMENT_DECLINED");
    case "UNAVAILABLE":
      return new AppError("CARD_PROVIDER_UNAVAILABLE");
    case "RESEND_UNSUPPORTED":
      return new AppError("CARD_CODE_RESEND_UNAVAILABLE");
  }
}

export function toSavedCard(row: CardRow): SavedCard {
  const [mm = "1", yy = "0"] = (row.expire ?? "").split("/");
  return {
    id: row.id,
    number: row.number,
    expireMonth: Number(mm) || 1,
    expireYear: 2000 + (Number(yy) || 0),
    type: row.type === "UZCARD" || row.type === "HUMO" ? row.type : null,
    isVerified: row.isVerified,
  };
}

export async function customerCards(ctx: CardContext): Promise<SavedCard[]> {
  return (await listCards(ctx.db, ctx)).map(toSavedCard);
}

/** The provider that holds the card's token. */
export function cardProviderName(card: Pick<CardRow, "provider">): CardProviderName {
  return card.provider === "CLICK" ? "CLICK" : "PAYME";
}

async function removeAtProvider(ctx: CardContext, card: Pick<CardRow, "token" | "provider">): Promise<void> {
  const { token } = card;
  if (!token) return;
  await ctx
    .providerOf(cardProviderName(card))
    .removeCard(token)
    .catch((error: unknown) => {
      ctx.log("cards.remove failed", error);
    });
}

/** Tokenises the card at the provider, stores its masked number, and has the code texted. */
export async function addCard(ctx: CardContext, input: { number: string; expire: string }) {
  if (!luhnValid(input.number)) throw new AppError("CARD_NUMBER_INVALID");
  const expiry = parseExpire(input.expire);
  if (!expiry) throw new AppError("VALIDATION_FAILED");
  if (cardExpired(expiry, ctx.now)) throw new AppError("CARD_EXPIRED");
  // Each attempt makes Payme text the card's phone: a customer keeps a bounded number of cards.
  if ((await listCards(ctx.db, ctx)).length >= MAX_SAVED_CARDS) throw new AppError("CARDS_LIMIT");
  let created;
  try {
    created = await ctx.provider.createCard({ number: input.number, expire: input.expire });
  } catch (error) {
    throw appErrorOf(error);
  }
  let code = created.code;
  try {
    code ??= await ctx.provider.sendVerifyCode(created.token);
  } catch (error) {
    await removeAtProvider(ctx, { token: created.token, provider: ctx.provider.name });
    throw appErrorOf(error);
  }
  const row = await insertCard(ctx.db, {
    merchantId: ctx.merchantId,
    userId: ctx.userId,
    number: maskCardNumber(input.number),
    expire: `${input.expire.slice(0, 2)}/${input.expire.slice(2)}`,
    token: created.token,
    provider: ctx.provider.name,
    phone: code.phone,
    isVerified: created.verified,
    type: cardTypeOf(input.number),
    codeSentAt: ctx.now,
    codeWaitMs: code.waitMs,
  });
  return { card: toSavedCard(row), sent: code.sent, phone: code.phone, wait: code.waitMs };
}

async function ownCard(ctx: CardContext, id: string): Promise<CardRow> {
  const card = await findCard(ctx.db, { ...ctx, id });
  if (!card) throw new AppError("NOT_FOUND");
  return card;
}

/** Texts a new code once the provider's wait has passed. */
export async function resendCode(ctx: CardContext, id: string) {
  const card = await ownCard(ctx, id);
  if (card.isVerified) throw new AppError("CARD_ALREADY_VERIFIED");
  if (!card.token) throw new AppError("NOT_FOUND");
  const provider = ctx.providerOf(cardProviderName(card));
  if (!provider.resendsCode) throw new AppError("CARD_CODE_RESEND_UNAVAILABLE");
  const readyAt = (card.codeSentAt?.getTime() ?? 0) + (card.codeWaitMs ?? 0);
  if (ctx.now.getTime() < readyAt) throw new AppError("CARD_CODE_TOO_SOON");
  let code;
  try {
    code = await provider.sendVerifyCode(card.token);
  } catch (error) {
    throw appErrorOf(error);
  }
  const row = await updateCard(ctx.db, {
    ...ctx,
    id,
    set: { phone: code.phone, codeSentAt: ctx.now, codeWaitMs: code.waitMs },
  });
  return { card: toSavedCard(row ?? card), sent: code.sent, phone: code.phone, wait: code.waitMs };
}

/**
 * Confirms the card with the SMS code. A try is taken (atomically) before the provider judges the
 * code, so concurrent guesses cannot get more than five; the fifth wrong one removes the card here
 * and at the provider.
 */
export async function verifyCard(ctx: CardContext, id: string, code: string): Promise<SavedCard> {
  const card = await ownCard(ctx, id);
  if (card.isVerified) return toSavedCard(card);
  const taken = await takeVerifyAttempt(ctx.db, { ...ctx, id, max: CARD_VERIFY_ATTEMPTS });
  if (!taken?.token) {
    const gone = await deleteCard(ctx.db, { ...ctx, id });
    if (gone) await removeAtProvider(ctx, gone);
    throw new AppError(gone ? "CARD_CODE_ATTEMPTS" : "NOT_FOUND");
  }
  try {
    await ctx.providerOf(cardProviderName(taken)).verifyCard(taken.token, code);
  } catch (error) {
    if (error instanceof CardProviderError && error.failure === "CODE_WRONG") {
      if (taken.verifyAttempts >= CARD_VERIFY_ATTEMPTS) {
        const gone = await deleteCard(ctx.db, { ...ctx, id });
        if (gone) await removeAtProvider(ctx, gone);
        throw new AppError("CARD_CODE_ATTEMPTS");
      }
      throw new AppError("CARD_CODE_WRONG");
    }
    await returnVerifyAttempt(ctx.db, { ...ctx, id });
    throw appErrorOf(error);
  }
  const row = await updateCard(ctx.db, { ...ctx, id, set: { isVerified: true, verifyAttempts: 0 } });
  return toSavedCard(row ?? taken);
}

export async function removeCard(ctx: CardContext, id: string): Promise<void> {
  const card = await deleteCard(ctx.db, { ...ctx, id });
  if (!card) throw new AppError("NOT_FOUND");
  await removeAtProvider(ctx, card);
}

export interface CardPaymentContext extends CardContext {
  events: OrderEvents;
}

/** Pays the customer's CARD order with a confirmed saved card, exactly once. */
export async function payWithCard(
  ctx: CardPaymentContext,
  cardId: string,
  orderId: string,
): Promise<{ orderId: string; isPaid: true; status: OrderStatus }> {
  const card = await ownCard(ctx, cardId);
  if (!card.isVerified || !card.token) throw new AppError("CARD_NOT_VERIFIED");
  const token = card.token;
  const provider = ctx.providerOf(cardProviderName(card));

  // 1. Claim the order.
  let receipt: FiscalReceipt | undefined;
  const claim = await transaction(ctx.db, async (tx) => {
    const order = await lockOrder(tx, { merchantId: ctx.merchantId, orderId, userId: ctx.userId });
    if (order.paymentType !== "CARD" || order.isPaid || order.status !== "OPEN") {
      throw new AppError("ORDER_NOT_PAYABLE");
    }
    const open = await findOpenTransaction(tx, { merchantId: ctx.merchantId, orderId });
    if (open) throw new AppError("ORDER_PAYMENT_IN_PROGRESS");
    const amount = toMinor(order.totalPrice);
    if (amount <= 0) throw new AppError("ORDER_NOT_PAYABLE");
    // The fiscal receipt the provider registers (issue 40): no payment without one.
    const fiscal = await orderReceipt(tx, order).catch((error: unknown) => {
      if (error instanceof FiscalGap) throw new AppError("FISCAL_CODES_MISSING");
      throw error;
    });
    receipt = fiscal.receipt;
    return insertPaymentTransaction(tx, {
      merchantId: ctx.merchantId,
      provider: "CARD",
      providerTransactionId: `pending:${randomUUID()}`,
      orderId,
      amount,
      state: 1,
      providerTime: ctx.now,
      createTime: ctx.now,
    });
  }).catch((error: unknown) => {
    // Two claims at once: the loser meets the open-transaction index.
    if (error instanceof AppError) throw error;
    if (String((error as { code?: unknown }).code) === "23505")
      throw new AppError("ORDER_PAYMENT_IN_PROGRESS");
    throw error;
  });

  const fail = async (receiptId: string | undefined, error: unknown): Promise<never> => {
    await transaction(ctx.db, async (tx) => {
      await lockProviderTransaction(tx, { merchantId: ctx.merchantId, id: claim.id });
      await updatePaymentTransaction(tx, {
        merchantId: ctx.merchantId,
        id: claim.id,
        set: { state: -1, cancelTime: new Date() },
      });
    });
    if (receiptId) {
      await provider.cancelReceipt(receiptId).catch((e: unknown) => {
        ctx.log("receipts.cancel failed", e);
      });
    }
    throw appErrorOf(error);
  };

  // 2. The provider.
  let receiptId: string | undefined;
  try {
    receiptId = await provider.createReceipt({ amount: claim.amount, orderId, receipt });
    await updatePaymentTransaction(ctx.db, {
      merchantId: ctx.merchantId,
      id: claim.id,
      set: { providerTransactionId: receiptId },
    });
    // The id refunds go by: Payme's receipt, Click's payment_id.
    const paidId = await provider.payReceipt(receiptId, token, { amount: claim.amount, orderId });
    if (paidId !== receiptId) {
      receiptId = paidId;
      await updatePaymentTransaction(ctx.db, {
        merchantId: ctx.merchantId,
        id: claim.id,
        set: { providerTransactionId: paidId },
      });
    }
  } catch (error) {
    return fail(receiptId, error);
  }
  const paidReceipt = receiptId;

  // 3. Pay the order.
  const paidAt = new Date();
  const status = await transaction(ctx.db, async (tx) => {
    const order = await lockOrder(tx, { merchantId: ctx.merchantId, orderId });
    await lockProviderTransaction(tx, { merchantId: ctx.merchantId, id: claim.id });
    const to = paidTransition(order, claim.amount, paidAt);
    if (!to) {
      // The order changed while the provider paid (cancelled by time-out or staff): give it back.
      await updatePaymentTransaction(tx, {
        merchantId: ctx.merchantId,
        id: claim.id,
        set: { state: -1, cancelTime: paidAt },
      });
      return null;
    }
    // Click registers the receipt after the payment, through the fiscal outbox; Payme took it with the receipt.
    if (provider.name === "CLICK")
      await queueClickReceipt(tx, {
        merchantId: ctx.merchantId,
        orderId,
        paymentId: paidReceipt,
        now: paidAt,
      });
    await markOrderPaid(tx, ctx.events, order, to, {
      provider: "CARD",
      transactionId: paidReceipt,
      now: paidAt,
      comment: `paid with a saved card (${provider.name === "CLICK" ? "Click" : "Payme"})`,
      extra: { card: card.number, cardProvider: provider.name },
    });
    await updatePaymentTransaction(tx, {
      merchantId: ctx.merchantId,
      id: claim.id,
      set: { state: 2, performTime: paidAt },
    });
    return to;
  });
  if (!status) {
    await provider.cancelReceipt(paidReceipt).catch((e: unknown) => {
      ctx.log("receipts.cancel failed", e);
    });
    throw new AppError("ORDER_NOT_PAYABLE");
  }
  return { orderId, isPaid: true, status };
}

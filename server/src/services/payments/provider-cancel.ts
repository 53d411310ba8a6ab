// A performed payment the provider cancels on its own (Payme's CancelTransaction, Uzum's reverse):
// the same rule for both, each provider file only speaks its protocol around it.
import { isFinalStatus } from "#domain/order-status.ts";
import type { Db } from "../../db/types.ts";
import type { OrderRow } from "../../repositories/orders.ts";
import { hasLivePayment, settleRefund, type PaymentTransactionRow } from "../../repositories/payments.ts";
import type { OrderEvents } from "../orders/events.ts";
import { giveBackOnCancel } from "../orders/service.ts";
import { recordRefund, type RefundRecord } from "./refund-record.ts";
import { recordRefunds } from "./refunds.ts";

/**
 * Refused (null) once the food has reached the customer; otherwise the order is cancelled (its stock
 * and spent cashback given back), the refund recorded, a refund the storefront was about to send
 * settled (the provider gave the money back itself), and the order's other performed payments owed back.
 */
export async function cancelPerformedByProvider(
  tx: Db,
  events: OrderEvents,
  input: {
    order: OrderRow;
    transaction: PaymentTransactionRow;
    now: Date;
    provider: "Payme" | "Uzum";
    set: RefundRecord["transaction"];
    payment?: RefundRecord["payment"];
  },
): Promise<PaymentTransactionRow | null> {
  const { order, now } = input;
  const { merchantId } = order;
  // The payment before a paid order's change paid anew, refunded as asked: the order stays (issue 42).
  if (
    input.transaction.refundRequestedAt &&
    (await hasLivePayment(tx, { merchantId, orderId: order.id, exceptId: input.transaction.id }))
  ) {
    const refunded = await recordRefund(tx, events, {
      order,
      transactionId: input.transaction.id,
      now,
      status: order.status,
      comment: `refunded by ${input.provider}`,
      transaction: input.set,
    });
    await settleRefund(tx, { merchantId, transactionId: input.transaction.id, now });
    return refunded;
  }
  if (isFinalStatus(order.status) && order.status !== "CANCELED") return null;
  if (order.status !== "CANCELED") await giveBackOnCancel(tx, order);
  const cancelled = await recordRefund(tx, events, {
    order,
    transactionId: input.transaction.id,
    now,
    status: "CANCELED",
    comment: `refunded by ${input.provider}`,
    transaction: input.set,
    ...(input.payment ? { payment: input.payment } : {}),
  });
  await settleRefund(tx, { merchantId: order.merchantId, transactionId: input.transaction.id, now });
  // The order's other payments (a paid change's difference, issue 42) come back with it.
  await recordRefunds(tx, order, now);
  return cancelled;
}

// What every refund writes, whoever gave the money back (the refund worker through a provider's API,
// or the provider on its own: Payme's CancelTransaction, Uzum's reverse): the transaction -2, the
// order unpaid with `payment.refundedAt` and refund state DONE, a history entry and the live update.
// One place, so the order's payment, its history and the customers' streams never disagree on it.
import type { OrderStatus } from "#domain/enums.ts";
import type { Db } from "../../db/types.ts";
import { updateOrder, type OrderRow } from "../../repositories/orders.ts";
import {
  hasLivePayment,
  updatePaymentTransaction,
  type PaymentTransactionInsert,
  type PaymentTransactionRow,
} from "../../repositories/payments.ts";
import { announce, type OrderEvents } from "../orders/events.ts";
import { recordOrderHistory } from "../orders/history.ts";
import { recordWebhookEvent } from "../webhooks/events.ts";

export interface RefundRecord {
  /** The order, locked by the caller. */
  order: OrderRow;
  transactionId: string;
  now: Date;
  /** The order's status afterwards: CANCELED when the provider's own cancel undoes the order. */
  status: OrderStatus;
  /** The history entry's comment: who gave the money back. */
  comment: string;
  /** The transaction's state -2 and its reason (and whatever else the provider's protocol keeps). */
  transaction: Partial<PaymentTransactionInsert> & { state: -2; reason: number; cancelTime: Date };
  /** More of the order's payment to keep (Payme's cancel reason). */
  payment?: { refundReason?: number };
}

export async function recordRefund(
  tx: Db,
  events: OrderEvents,
  r: RefundRecord,
): Promise<PaymentTransactionRow> {
  const { order, status } = r;
  const { merchantId } = order;
  const transaction = await updatePaymentTransaction(tx, {
    merchantId,
    id: r.transactionId,
    set: r.transaction,
  });
  // The payment before a paid order's change paid anew (issue 42): the order stays paid by the new one.
  if (
    status === order.status &&
    (await hasLivePayment(tx, { merchantId, orderId: order.id, exceptId: r.transactionId }))
  ) {
    await recordOrderHistory(tx, {
      merchantId,
      orderId: order.id,
      status,
      courierStatus: order.courierStatus,
      reason: "UPDATE",
      comment: `${r.comment}: the payment before the change`,
      actorUserId: null,
    });
    return transaction;
  }
  await updateOrder(tx, {
    merchantId,
    id: order.id,
    set: {
      isPaid: false,
      ...(status === order.status ? {} : { status }),
      payment: { ...order.payment, refundedAt: r.now.toISOString(), refundState: "DONE", ...r.payment },
    },
  });
  await recordOrderHistory(tx, {
    merchantId,
    orderId: order.id,
    status,
    courierStatus: order.courierStatus,
    reason: order.status === status ? "UPDATE" : "CHANGE_STATUS",
    comment: r.comment,
    actorUserId: null,
  });
  await recordWebhookEvent(tx, {
    merchantId,
    types: ["order.refunded"],
    orderId: order.id,
    facts: { status },
  });
  await announce(tx, events, {
    merchantId,
    userId: order.userId,
    orderId: order.id,
    status,
    courierStatus: order.courierStatus,
  });
  return transaction;
}

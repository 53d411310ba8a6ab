// What every provider's successful payment does to its order, in the provider's database transaction
// with the order row locked: isPaid, OPEN -> CREATED (AT_TIME for a later order), the payment
// recorded on the order, a PAID history entry and the event the customer's open order stream shows.
import type { OrderStatus, PaymentType } from "#domain/enums.ts";
import { toMinor } from "#domain/money.ts";
import { canTransition, paidStatus } from "#domain/order-status.ts";
import { afterCommit } from "../../db/transaction.ts";
import type { Db } from "../../db/types.ts";
import { updateOrder, type OrderRow } from "../../repositories/orders.ts";
import type { OrderEvents } from "../orders/events.ts";
import { announce } from "../orders/events.ts";
import { recordOrderHistory } from "../orders/history.ts";
import { queueForKitchen } from "../kitchen/iiko-outbox.ts";
import { queueDeliveryClaim } from "../delivery/yandex-queue.ts";
import { findYandexClaimMoment } from "../../repositories/delivery-claims.ts";

/**
 * The status a payment of `amount` tiyin moves the order to now, or null when the order cannot take
 * it (already paid, no longer OPEN, another total, or the move is not allowed).
 */
export function paidTransition(order: OrderRow, amount: number, now: Date): OrderStatus | null {
  const to = paidStatus(order.atTime, now);
  if (
    order.isPaid ||
    order.status !== "OPEN" ||
    toMinor(order.totalPrice) !== amount ||
    !canTransition(order.status, to, order.serviceType)
  ) {
    return null;
  }
  return to;
}

export interface Payment {
  provider: PaymentType;
  /** The provider's id of the transaction. */
  transactionId: string;
  now: Date;
  /** The history entry's comment, e.g. "paid with Payme". */
  comment: string;
  /** More to record on the order's payment (a provider's own document id). */
  extra?: Record<string, string>;
}

/** Pays the locked order, moving it to `to` (from paidTransition). */
export async function markOrderPaid(
  tx: Db,
  events: OrderEvents,
  order: OrderRow,
  to: OrderStatus,
  payment: Payment,
): Promise<void> {
  await updateOrder(tx, {
    merchantId: order.merchantId,
    id: order.id,
    set: {
      isPaid: true,
      status: to,
      payment: {
        ...order.payment,
        ...payment.extra,
        provider: payment.provider,
        transactionId: payment.transactionId,
        paidAt: payment.now.toISOString(),
      },
    },
  });
  // Paid: the kitchen may take it now (a row only for a brand with iiko, in this transaction).
  await queueForKitchen(tx, order, payment.now);
  // A brand that claims Yandex couriers at placement: the claim now that the order is paid.
  if (order.deliveryType === "YANDEX" && (await findYandexClaimMoment(tx, order.merchantId)) === "PLACED") {
    await queueDeliveryClaim(tx, order, payment.now);
  }
  await recordOrderHistory(tx, {
    merchantId: order.merchantId,
    orderId: order.id,
    status: to,
    courierStatus: order.courierStatus,
    reason: "PAID",
    comment: payment.comment,
    actorUserId: null,
  });
  await announce(tx, events, {
    merchantId: order.merchantId,
    userId: order.userId,
    orderId: order.id,
    status: to,
    courierStatus: order.courierStatus,
  });
  afterCommit(tx, () => {
    events.tally.paid();
  });
}

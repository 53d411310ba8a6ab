// Every change of an order's status passes here (staff, payments, refunds, time-outs, the
// simulator), so here the customer is told of it too: a status change or a payment that moves the
// order writes its notification in the same transaction as its history entry, and so do the brand's
// webhooks (order.paid, order.status_changed, order.cancelled).
import type { Db } from "../../db/types.ts";
import {
  insertOrderHistory,
  type OrderHistoryInsert,
  type OrderHistoryRow,
} from "../../repositories/orders.ts";
import { recordStatusNotification } from "../notifications/order-status.ts";
import { orderChangeEvents, recordWebhookEvent } from "../webhooks/events.ts";

const STATUS_REASONS: readonly string[] = ["CHANGE_STATUS", "PAID", "PAID_AND_CHANGE_STATUS"];

/** Writes an entry of the order's history and, for a status change, the customer's notification. */
export async function recordOrderHistory(tx: Db, values: OrderHistoryInsert): Promise<OrderHistoryRow[]> {
  const rows = await insertOrderHistory(tx, values);
  if (STATUS_REASONS.includes(values.reason) && values.status) {
    await recordStatusNotification(tx, {
      merchantId: values.merchantId,
      orderId: values.orderId,
      status: values.status,
      comment: values.comment ?? null,
      actorUserId: values.actorUserId ?? null,
      paidOnline: values.reason === "PAID",
    });
  }
  await recordWebhookEvent(tx, {
    merchantId: values.merchantId,
    types: orderChangeEvents(values.reason, values.status),
    orderId: values.orderId,
    facts: { status: values.status ?? null },
  });
  return rows;
}

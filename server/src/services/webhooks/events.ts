// What happened, written for the brand's webhook endpoints in the transaction of the change itself
// (issue 38): the worker (worker.ts) sends it afterwards. An order's placement is written by a trigger
// (migration 0028); its later moves pass recordOrderHistory (services/orders/history.ts), which calls
// orderChangeEvents; a refund and a menu save call recordWebhookEvent themselves.
import type { OrderStatus } from "#domain/enums.ts";
import type { WebhookEventType } from "#domain/webhooks.ts";
import type { Db } from "../../db/types.ts";
import { insertWebhookEvents } from "../../repositories/webhooks.ts";

/** The events of an order history entry: a payment, a status move, a cancel. */
export function orderChangeEvents(
  reason: string,
  status: OrderStatus | null | undefined,
): WebhookEventType[] {
  const types: WebhookEventType[] = [];
  if (reason === "PAID" || reason === "PAID_AND_CHANGE_STATUS") types.push("order.paid");
  if (status && ["CHANGE_STATUS", "PAID", "PAID_AND_CHANGE_STATUS"].includes(reason)) {
    types.push("order.status_changed");
    if (status === "CANCELED") types.push("order.cancelled");
  }
  return types;
}

/** Writes the events for the endpoints that want them (nothing when none does), inside `tx`. */
export async function recordWebhookEvent(
  tx: Db,
  event: {
    merchantId: string;
    types: readonly WebhookEventType[];
    orderId?: string | null;
    facts?: Record<string, unknown>;
  },
): Promise<void> {
  await insertWebhookEvents(tx, {
    merchantId: event.merchantId,
    types: event.types,
    orderId: event.orderId ?? null,
    facts: event.facts ?? {},
  });
}

// The Yandex Delivery claim of an order, queued in the transaction that makes it due for a courier
// (the kitchen marks it ready, or it is placed or paid when the brand claims at placement). Kept apart
// from the worker (yandex-claims.ts) so the order service can queue without importing the worker.
import type { Db } from "../../db/types.ts";
import { enqueueDeliveryClaim } from "../../repositories/delivery-claims.ts";
import type { OrderRow } from "../../repositories/orders.ts";

/**
 * In the transaction that makes `order` due for a courier: its claim row, when it is a delivery the
 * brand gives to Yandex and its branch has a Yandex account. Answers whether one was written.
 */
export async function queueDeliveryClaim(
  tx: Db,
  order: Pick<OrderRow, "id" | "merchantId" | "serviceType" | "deliveryType">,
  now: Date,
): Promise<boolean> {
  if (order.serviceType !== "DELIVERY" || order.deliveryType !== "YANDEX") return false;
  return enqueueDeliveryClaim(tx, { merchantId: order.merchantId, orderId: order.id, now });
}

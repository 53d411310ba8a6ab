import type { Order, OrderRequest } from "../../../domain/contract/orders.ts";
import { api, type ApiResult } from "../../../lib/api-client.ts";

/**
 * POST /orders/v1/orders (now) or /orders/v1/orders/at-time (later). The Idempotency-Key makes a
 * retried submit (double tap, lost response) return the first order instead of a second one.
 */
export function placeOrder(
  body: OrderRequest,
  later: boolean,
  idempotencyKey: string,
): Promise<ApiResult<Order>> {
  return api<Order>(later ? "/orders/v1/orders/at-time/WITH_TOKEN" : "/orders/v1/orders/WITH_TOKEN", {
    method: "POST",
    body: body as Record<string, unknown>,
    headers: { "Idempotency-Key": idempotencyKey },
    silent: true,
  });
}

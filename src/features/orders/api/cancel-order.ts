import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Order } from "../../../domain/contract/orders.ts";
import { api, unwrap } from "../../../lib/api-client.ts";
import { useRequiredTenant } from "../../../shared/brand/tenant.ts";
import { queryKeys } from "../../../shared/query-keys.ts";

/** PUT /orders/v1/orders/{id}/cancel: the customer cancels (only while the brand allows it). */
export function cancelOrder(id: string) {
  return api<Order>(`/orders/v1/orders/${encodeURIComponent(id)}/cancel/WITH_TOKEN`, {
    method: "PUT",
    body: {},
  });
}

export function useCancelOrder(userId: string) {
  const client = useQueryClient();
  const { merchant } = useRequiredTenant();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await cancelOrder(id)),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.orders(merchant.id, userId) }),
  });
}

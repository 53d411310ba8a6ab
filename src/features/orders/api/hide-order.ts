import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";
import { useRequiredTenant } from "../../../shared/brand/tenant.ts";
import { queryKeys } from "../../../shared/query-keys.ts";

/** PUT /orders/v1/orders/{id}/hide: removes an order from the customer's lists. */
export function hideOrder(id: string) {
  return api<{ id: string; hidden: true }>(`/orders/v1/orders/${encodeURIComponent(id)}/hide/WITH_TOKEN`, {
    method: "PUT",
  });
}

export function useHideOrder(userId: string) {
  const client = useQueryClient();
  const { merchant } = useRequiredTenant();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await hideOrder(id)),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.orders(merchant.id, userId) }),
  });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";

/** PUT /orders/v1/orders/{id}/hide: removes an order from the customer's lists. */
export function hideOrder(id: string) {
  return api<{ id: string; hidden: true }>(`/orders/v1/orders/${encodeURIComponent(id)}/hide/WITH_TOKEN`, {
    method: "PUT",
  });
}

export function useHideOrder(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await hideOrder(id)),
    onSettled: () => client.invalidateQueries({ queryKey: ["orders", userId] }),
  });
}

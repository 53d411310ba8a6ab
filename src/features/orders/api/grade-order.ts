import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { GradeOrderBody, Order } from "../../../domain/contract/orders.ts";
import { api, unwrap } from "../../../lib/api-client.ts";
import { useRequiredTenant } from "../../../shared/brand/tenant.ts";
import { queryKeys } from "../../../shared/query-keys.ts";

/** POST /orders/v1/orders/{id}/grade: the owner grades a delivered or closed order, once. */
export function useGradeOrder(userId: string, id: string, onGraded: () => void) {
  const client = useQueryClient();
  const { merchant } = useRequiredTenant();
  return useMutation({
    mutationFn: async (body: GradeOrderBody) =>
      unwrap(
        await api<Order>(`/orders/v1/orders/${encodeURIComponent(id)}/grade/WITH_TOKEN`, {
          method: "POST",
          body,
        }),
      ),
    onSuccess: (order) => {
      onGraded();
      client.setQueryData(queryKeys.order(merchant.id, userId, id), order);
    },
    // The list's "rate it" prompts and the menu's product grades follow.
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: queryKeys.orders(merchant.id, userId) });
      await client.invalidateQueries({ queryKey: queryKeys.productGrades(merchant.id) });
    },
  });
}

import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Order } from "../../../domain/contract/orders.ts";
import { api, unwrap } from "../../../lib/api-client.ts";
import { useRequiredTenant } from "../../../shared/brand/tenant.ts";
import { queryKeys } from "../../../shared/query-keys.ts";

/** GET /orders/v1/orders/{id}: one of the customer's orders. */
export function getOrder(id: string, signal?: AbortSignal) {
  return api<Order>(`/orders/v1/orders/${encodeURIComponent(id)}/WITH_TOKEN`, { signal });
}

export function orderQueryOptions(merchantId: string, userId: string, id: string) {
  return queryOptions({
    queryKey: queryKeys.order(merchantId, userId, id),
    queryFn: async ({ signal }) => unwrap(await getOrder(id, signal)),
  });
}

export function useOrder(userId: string, id: string, pollMs: number | false) {
  const { merchant } = useRequiredTenant();
  return useQuery({ ...orderQueryOptions(merchant.id, userId, id), refetchInterval: pollMs });
}

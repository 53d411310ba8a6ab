import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Order } from "../../../domain/contract/orders.ts";
import { api, unwrap } from "../../../lib/api-client.ts";
import { useRequiredTenant } from "../../../shared/brand/tenant.ts";
import { queryKeys } from "../../../shared/query-keys.ts";

/** GET /orders/v1/orders/user/{userId}/active. */
export function getActiveOrders(userId: string, signal?: AbortSignal) {
  return api<Order[]>(`/orders/v1/orders/user/${encodeURIComponent(userId)}/active/WITH_TOKEN`, {
    signal,
    silent: true,
  });
}

export function activeOrdersQueryOptions(merchantId: string, userId: string) {
  return queryOptions({
    queryKey: queryKeys.activeOrders(merchantId, userId),
    queryFn: async ({ signal }) => unwrap(await getActiveOrders(userId, signal)),
  });
}

export function useActiveOrders(
  userId: string | null,
  options: { enabled?: boolean; pollMs?: number | false } = {},
) {
  const { merchant } = useRequiredTenant();
  return useQuery({
    ...activeOrdersQueryOptions(merchant.id, userId ?? ""),
    enabled: userId !== null && (options.enabled ?? true),
    refetchInterval: options.pollMs ?? false,
  });
}

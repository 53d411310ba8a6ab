import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Order } from "../../../domain/contract/orders.ts";
import { api, unwrap } from "../../../lib/api-client.ts";

/** GET /orders/v1/orders/user/{userId}/active. */
export function getActiveOrders(userId: string, signal?: AbortSignal) {
  return api<Order[]>(`/orders/v1/orders/user/${encodeURIComponent(userId)}/active/WITH_TOKEN`, {
    signal,
    silent: true,
  });
}

export function activeOrdersQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ["orders", userId, "active"],
    queryFn: async ({ signal }) => unwrap(await getActiveOrders(userId, signal)),
  });
}

export function useActiveOrders(
  userId: string | null,
  options: { enabled?: boolean; pollMs?: number | false } = {},
) {
  return useQuery({
    ...activeOrdersQueryOptions(userId ?? ""),
    enabled: userId !== null && (options.enabled ?? true),
    refetchInterval: options.pollMs ?? false,
  });
}

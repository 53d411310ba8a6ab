import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Order } from "../../../domain/contract/orders.ts";
import { api, unwrap } from "../../../lib/api-client.ts";

/** GET /orders/v1/orders/{id}: one of the customer's orders. */
export function getOrder(id: string, signal?: AbortSignal) {
  return api<Order>(`/orders/v1/orders/${encodeURIComponent(id)}/WITH_TOKEN`, { signal });
}

export function orderQueryOptions(userId: string, id: string) {
  return queryOptions({
    queryKey: ["orders", userId, "one", id],
    queryFn: async ({ signal }) => unwrap(await getOrder(id, signal)),
  });
}

export function useOrder(userId: string, id: string, pollMs: number | false) {
  return useQuery({ ...orderQueryOptions(userId, id), refetchInterval: pollMs });
}

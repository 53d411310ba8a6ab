import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Promo } from "../../../domain/contract/orders.ts";
import { api, unwrap } from "../../../lib/api-client.ts";

/** GET /orders/v1/promos: the customer's promo codes. */
export function getPromos(signal?: AbortSignal) {
  return api<Promo[]>("/orders/v1/promos/WITH_TOKEN", { signal });
}

export function promosQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ["promos", userId],
    queryFn: async ({ signal }) => unwrap(await getPromos(signal)),
  });
}

export function usePromos(userId: string) {
  return useQuery(promosQueryOptions(userId));
}

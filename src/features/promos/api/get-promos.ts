import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Promo } from "../../../domain/contract/orders.ts";
import { api, unwrap } from "../../../lib/api-client.ts";
import { useRequiredTenant } from "../../../shared/brand/tenant.ts";
import { queryKeys } from "../../../shared/query-keys.ts";

/** GET /orders/v1/promos: the customer's promo codes. */
export function getPromos(signal?: AbortSignal) {
  return api<Promo[]>("/orders/v1/promos/WITH_TOKEN", { signal });
}

export function promosQueryOptions(merchantId: string, userId: string) {
  return queryOptions({
    queryKey: queryKeys.promos(merchantId, userId),
    queryFn: async ({ signal }) => unwrap(await getPromos(signal)),
  });
}

export function usePromos(userId: string) {
  const { merchant } = useRequiredTenant();
  return useQuery(promosQueryOptions(merchant.id, userId));
}

import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Courier } from "../../../domain/contract/orders.ts";
import { api, unwrap } from "../../../lib/api-client.ts";
import { useRequiredTenant } from "../../../shared/brand/tenant.ts";
import { queryKeys } from "../../../shared/query-keys.ts";

/** GET /deliveries/v1/delivery/courier/{id}: the courier of one of the customer's orders. */
export function getCourier(id: string, signal?: AbortSignal) {
  return api<Courier>(`/deliveries/v1/delivery/courier/${encodeURIComponent(id)}/WITH_TOKEN`, {
    signal,
    silent: true,
  });
}

export function courierQueryOptions(merchantId: string, userId: string, id: string) {
  return queryOptions({
    queryKey: queryKeys.courier(merchantId, userId, id),
    queryFn: async ({ signal }) => unwrap(await getCourier(id, signal)),
  });
}

export function useCourier(userId: string, id: string | null, pollMs: number | false) {
  const { merchant } = useRequiredTenant();
  return useQuery({
    ...courierQueryOptions(merchant.id, userId, id ?? ""),
    enabled: id !== null,
    refetchInterval: pollMs,
  });
}

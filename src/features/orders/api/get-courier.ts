import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Courier } from "../../../domain/contract/orders.ts";
import { api, unwrap } from "../../../lib/api-client.ts";

/** GET /deliveries/v1/delivery/courier/{id}: the courier of one of the customer's orders. */
export function getCourier(id: string, signal?: AbortSignal) {
  return api<Courier>(`/deliveries/v1/delivery/courier/${encodeURIComponent(id)}/WITH_TOKEN`, {
    signal,
    silent: true,
  });
}

export function courierQueryOptions(id: string) {
  return queryOptions({
    queryKey: ["courier", id],
    queryFn: async ({ signal }) => unwrap(await getCourier(id, signal)),
  });
}

export function useCourier(id: string | null, pollMs: number | false) {
  return useQuery({ ...courierQueryOptions(id ?? ""), enabled: id !== null, refetchInterval: pollMs });
}

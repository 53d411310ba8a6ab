import { queryOptions, useSuspenseQuery } from "@tanstack/react-query";
import type { Merchant } from "../../domain/contract/merchant.ts";
import { api, unwrap, type ApiResult } from "../../lib/api-client.ts";
import { queryKeys } from "../query-keys.ts";

/** GET /users/v1/merchants/sub/{sub}: the brand behind a subdomain key (404 when unknown). */
export function getMerchantBySub(sub: string, signal?: AbortSignal): Promise<ApiResult<Merchant>> {
  // Boot decides what a failure means (merchantNotAvailable), so no global message here.
  return api<Merchant>(`/users/v1/merchants/sub/${encodeURIComponent(sub)}`, { signal, silent: true });
}

export function merchantBySubQueryOptions(sub: string) {
  return queryOptions({
    queryKey: queryKeys.merchantBySub(sub),
    queryFn: async ({ signal }) => unwrap(await getMerchantBySub(sub, signal)),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useMerchantBySub(sub: string) {
  return useSuspenseQuery(merchantBySubQueryOptions(sub));
}

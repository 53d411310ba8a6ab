import { queryOptions, useQuery } from "@tanstack/react-query";
import type { MerchantOrderSettings } from "../../../domain/contract/merchant.ts";
import { api, unwrap, type ApiResult } from "../../../lib/api-client.ts";
import { queryKeys } from "../../../shared/query-keys.ts";

/** GET /orders/v1/merchant/settings: the minimum order and fee rules the basket previews. */
export function getOrderRules(signal?: AbortSignal): Promise<ApiResult<MerchantOrderSettings>> {
  // The basket works without them (no minimum shown), so a failure is not announced.
  return api<MerchantOrderSettings>("/orders/v1/merchant/settings", { signal, silent: true });
}

export function orderRulesQueryOptions(merchantId: string) {
  return queryOptions({
    queryKey: queryKeys.orderRules(merchantId),
    queryFn: async ({ signal }) => unwrap(await getOrderRules(signal)),
    staleTime: 5 * 60_000,
  });
}

export function useOrderRules(merchantId: string) {
  return useQuery(orderRulesQueryOptions(merchantId));
}

import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Policy } from "../../../domain/contract/merchant.ts";
import type { PolicyType } from "../../../domain/enums.ts";
import { api, unwrap, type ApiResult } from "../../../lib/api-client.ts";
import { queryKeys } from "../../../shared/query-keys.ts";

/** GET /support/v1/company/policies?policies=TYPE: one of the brand's texts. */
export function getPolicy(type: PolicyType, signal?: AbortSignal): Promise<ApiResult<Policy>> {
  // A missing text is an empty state of the page, not an error message.
  return api<Policy>("/support/v1/company/policies", { query: { policies: type }, signal, silent: true });
}

export function policyQueryOptions(merchantId: string, type: PolicyType) {
  return queryOptions({
    queryKey: queryKeys.policy(merchantId, type),
    queryFn: async ({ signal }) => unwrap(await getPolicy(type, signal)),
    staleTime: 10 * 60_000,
  });
}

export function usePolicy(merchantId: string, type: PolicyType) {
  return useQuery(policyQueryOptions(merchantId, type));
}

import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Branch } from "../../../domain/contract/geo.ts";
import { api, unwrap } from "../../../lib/api-client.ts";
import { useRequiredTenant } from "../../../shared/brand/tenant.ts";
import { queryKeys } from "../../../shared/query-keys.ts";

/** GET /users/v1/branches/{id}: the branch with its working hours (for the later-order times). */
export function getBranch(id: string, signal?: AbortSignal) {
  return api<Branch>(`/users/v1/branches/${encodeURIComponent(id)}`, { signal, silent: true });
}

export function branchQueryOptions(merchantId: string, id: string) {
  return queryOptions({
    queryKey: queryKeys.branch(merchantId, id),
    queryFn: async ({ signal }) => unwrap(await getBranch(id, signal)),
    staleTime: 5 * 60_000,
  });
}

export function useBranch(id: string | null) {
  const { merchant } = useRequiredTenant();
  return useQuery({ ...branchQueryOptions(merchant.id, id ?? ""), enabled: id !== null });
}

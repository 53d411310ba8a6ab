import { queryOptions, useQuery } from "@tanstack/react-query";
import type { User } from "../../../domain/contract/users.ts";
import { api, unwrap, type ApiResult } from "../../../lib/api-client.ts";
import { queryKeys } from "../../../shared/query-keys.ts";

/** GET /users/v1/users/me: the logged-in customer (a 401 with a stored token logs out). */
export function getMe(signal?: AbortSignal): Promise<ApiResult<User>> {
  return api<User>("/users/v1/users/me/WITH_TOKEN", { signal });
}

export function meQueryOptions(merchantId: string, initial: User | null) {
  return queryOptions({
    queryKey: queryKeys.me(merchantId),
    queryFn: async ({ signal }) => unwrap(await getMe(signal)),
    // The stored customer shows at once; the server's copy replaces it.
    ...(initial ? { placeholderData: initial } : {}),
    staleTime: 30_000,
  });
}

/** The customer, while logged in (`enabled` false for a guest). */
export function useMe(merchantId: string, initial: User | null) {
  return useQuery({ ...meQueryOptions(merchantId, initial), enabled: initial !== null });
}

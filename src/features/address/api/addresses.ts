import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { Address, AddressInput } from "../../../domain/contract/geo.ts";
import { api, unwrap } from "../../../lib/api-client.ts";
import { queryKeys } from "../../../shared/query-keys.ts";

/** GET /users/v1/addresses/merchant/{merchantId}/user/{userId}: the logged-in customer's addresses. */
export function addressesQueryOptions(merchantId: string, userId: string | null) {
  return queryOptions({
    queryKey: queryKeys.addresses(merchantId, userId),
    queryFn: async ({ signal }) =>
      unwrap(
        await api<Address[]>(`/users/v1/addresses/merchant/${merchantId}/user/${userId ?? ""}/WITH_TOKEN`, {
          signal,
        }),
      ),
    enabled: userId !== null,
  });
}

/** POST /users/v1/addresses/user/{userId}: saves an address to the profile. */
export function useCreateAddress(merchantId: string, userId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: AddressInput) =>
      unwrap(
        await api<Address>(`/users/v1/addresses/user/${userId ?? ""}/WITH_TOKEN`, {
          method: "POST",
          body: input,
        }),
      ),
    onSuccess: (created) => {
      queryClient.setQueryData(addressesQueryOptions(merchantId, userId).queryKey, (list) => [
        created,
        ...(list ?? []),
      ]);
    },
  });
}

/** DELETE /users/v1/addresses/{id}, then the list is refreshed locally (spec section 4). */
export function useDeleteAddress(merchantId: string, userId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      unwrap(await api<unknown>(`/users/v1/addresses/${id}/WITH_TOKEN`, { method: "DELETE" }));
      return id;
    },
    onSuccess: (id) => {
      queryClient.setQueryData(addressesQueryOptions(merchantId, userId).queryKey, (list) =>
        (list ?? []).filter((a) => a.id !== id),
      );
    },
  });
}

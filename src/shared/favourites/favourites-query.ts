// The logged-in customer's favourites, shared by the product screen (the heart) and
// /profile/favorites: list, add and remove, one endpoint each, invalidating through the list's key.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Favourite } from "../../domain/contract/menu.ts";
import { api, unwrap, type ApiResult } from "../../lib/api-client.ts";
import { useCustomerId } from "../session/session-atom.ts";
import { queryKeys } from "../query-keys.ts";

/** GET /products/v1/favourite/all?userId=&isFavourite=true (bearer token). */
export function getFavourites(userId: string, signal?: AbortSignal): Promise<ApiResult<Favourite[]>> {
  return api<Favourite[]>("/products/v1/favourite/all/WITH_TOKEN", {
    query: { userId, isFavourite: true },
    signal,
  });
}

/** POST /products/v1/favourite {productId, isFavourite}. */
export function addFavourite(productId: string): Promise<ApiResult<Favourite>> {
  return api<Favourite>("/products/v1/favourite/WITH_TOKEN", {
    method: "POST",
    body: { productId, isFavourite: true },
  });
}

/** DELETE /products/v1/favourite/{id}: the favourite's id or its product's id. */
export function removeFavourite(id: string): Promise<ApiResult<{ id: string }>> {
  return api<{ id: string }>(`/products/v1/favourite/${encodeURIComponent(id)}/WITH_TOKEN`, {
    method: "DELETE",
  });
}

export function favouritesQueryOptions(merchantId: string, userId: string) {
  return queryOptions({
    queryKey: queryKeys.favourites(merchantId, userId),
    queryFn: async ({ signal }) => unwrap(await getFavourites(userId, signal)),
    staleTime: 30_000,
  });
}

export function useFavourites(merchantId: string) {
  const userId = useCustomerId();
  return useQuery({ ...favouritesQueryOptions(merchantId, userId ?? ""), enabled: userId !== null });
}

/** Adds or removes one product; the list refreshes afterwards. */
export function useToggleFavourite(merchantId: string) {
  const client = useQueryClient();
  const userId = useCustomerId();
  return useMutation({
    mutationFn: async ({ productId, favourite }: { productId: string; favourite: boolean }) =>
      unwrap(await (favourite ? addFavourite(productId) : removeFavourite(productId))),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.favourites(merchantId, userId ?? "") }),
  });
}

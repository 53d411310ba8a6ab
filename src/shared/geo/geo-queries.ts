// Brand geography both the address and the branch screens read: cities, delivery regions and
// branches (one endpoint each; the feature folders do not import each other).
import { queryOptions } from "@tanstack/react-query";
import type { Branch, Region } from "../../domain/contract/geo.ts";
import type { City } from "../../domain/contract/merchant.ts";
import { api, unwrap } from "../../lib/api-client.ts";
import { queryKeys } from "../query-keys.ts";

/** GET /users/v1/city-merchant/merchant/{merchantId}: the brand's cities. */
export function citiesQueryOptions(merchantId: string) {
  return queryOptions({
    queryKey: queryKeys.cities(merchantId),
    queryFn: async ({ signal }) =>
      unwrap(await api<City[]>(`/users/v1/city-merchant/merchant/${merchantId}`, { signal, silent: true })),
    staleTime: 5 * 60_000,
  });
}

/** GET /users/v1/region: delivery regions; a failure means no regions (spec section 8). */
export function regionsQueryOptions(merchantId: string) {
  return queryOptions({
    queryKey: queryKeys.regions(merchantId),
    queryFn: async ({ signal }) => {
      const [error, regions] = await api<Region[]>("/users/v1/region/WITH_TOKEN", { signal, silent: true });
      return error ? [] : regions;
    },
    staleTime: 5 * 60_000,
  });
}

/** GET /users/v1/branches: the brand's active branches with working hours. */
export function branchesQueryOptions(merchantId: string) {
  return queryOptions({
    queryKey: queryKeys.branches(merchantId),
    queryFn: async ({ signal }) => unwrap(await api<Branch[]>("/users/v1/branches", { signal })),
    staleTime: 60_000,
  });
}

/**
 * The city a picker starts with (spec section 4): none when there are none, the only one, the
 * order's city, else the main city, else the first.
 */
export function initialCity(cities: readonly City[], chosen: string | null): City | null {
  if (cities.length === 0) return null;
  return cities.find((c) => c.id === chosen) ?? cities.find((c) => c.isMain) ?? cities[0] ?? null;
}

import { queryOptions, useQuery } from "@tanstack/react-query";
import type { MapConfig } from "../../domain/contract/geo.ts";
import { api, unwrap } from "../../lib/api-client.ts";

/**
 * GET /users/v1/map/config: the style URL the server was configured with (MAP_STYLE_URL; OpenFreeMap
 * "liberty" in production by default) or the brand's built-in offline style.
 */
export function mapConfigQueryOptions() {
  return queryOptions({
    queryKey: ["map-config"],
    queryFn: async ({ signal }) =>
      unwrap(await api<MapConfig>("/users/v1/map/config", { signal, silent: true })),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useMapConfig() {
  return useQuery(mapConfigQueryOptions());
}

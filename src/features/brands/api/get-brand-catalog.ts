import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Brand } from "../../../domain/contract/merchant.ts";
import { api, unwrap, type ApiResult } from "../../../lib/api-client.ts";
import { queryKeys } from "../../../shared/query-keys.ts";

/** GET /support/v1/brand/catalog: the brands of the multi-brand switcher. */
export function getBrandCatalog(signal?: AbortSignal): Promise<ApiResult<Brand[]>> {
  // The switcher simply stays hidden when the catalog cannot be loaded.
  return api<Brand[]>("/support/v1/brand/catalog", { signal, silent: true });
}

export function brandCatalogQueryOptions(merchantId: string) {
  return queryOptions({
    queryKey: queryKeys.brandCatalog(merchantId),
    queryFn: async ({ signal }) => unwrap(await getBrandCatalog(signal)),
    staleTime: 10 * 60_000,
  });
}

export function useBrandCatalog(merchantId: string, enabled = true) {
  return useQuery({ ...brandCatalogQueryOptions(merchantId), enabled });
}

import { useQuery } from "@tanstack/react-query";
import type { Banner } from "../../../domain/contract/content.ts";
import { api, unwrap } from "../../../lib/api-client.ts";
import { queryKeys } from "../../../shared/query-keys.ts";

/** GET /support/v1/banner: asked only while bannersActive is on (off answers 404). */
export function useBanners(merchantId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.banners(merchantId),
    // A carousel that did not load is simply not drawn: no error notice over the menu.
    queryFn: async ({ signal }) =>
      unwrap(await api<Banner[]>("/support/v1/banner", { signal, silent: true })),
    enabled,
    staleTime: 5 * 60_000,
  });
}

import { useQuery } from "@tanstack/react-query";
import type { ExtraPage, ExtraPageSlug, ExtraPageSummary } from "../../../domain/contract/content.ts";
import { api, unwrap } from "../../../lib/api-client.ts";
import { queryKeys } from "../../../shared/query-keys.ts";

/** GET /support/v1/extra-pages: the brand's extra pages with titles (the footer links them). */
export function useExtraPages(merchantId: string) {
  return useQuery({
    queryKey: queryKeys.extraPages(merchantId),
    // No links is the quiet answer to a failed list: no error notice over every page.
    queryFn: async ({ signal }) =>
      unwrap(await api<ExtraPageSummary[]>("/support/v1/extra-pages", { signal, silent: true })),
    staleTime: 10 * 60_000,
  });
}

/** GET /support/v1/extra-pages/{slug}: one page (404: the brand has none there). */
export function useExtraPage(merchantId: string, slug: ExtraPageSlug) {
  return useQuery({
    queryKey: queryKeys.extraPage(merchantId, slug),
    queryFn: async ({ signal }) =>
      unwrap(await api<ExtraPage>(`/support/v1/extra-pages/${slug}`, { signal, silent: true })),
    staleTime: 10 * 60_000,
    retry: false,
  });
}

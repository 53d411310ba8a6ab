import { useQuery } from "@tanstack/react-query";
import type { Story } from "../../../domain/contract/content.ts";
import { api, unwrap } from "../../../lib/api-client.ts";
import { queryKeys } from "../../../shared/query-keys.ts";

/** GET /notifications/v2/stories: asked only while storiesActive is on (off answers 404). */
export function useStories(merchantId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.stories(merchantId),
    // Stories that did not load are simply not drawn: no error notice over the menu.
    queryFn: async ({ signal }) =>
      unwrap(await api<Story[]>("/notifications/v2/stories", { signal, silent: true })),
    enabled,
    staleTime: 5 * 60_000,
  });
}

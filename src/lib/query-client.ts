import { QueryClient } from "@tanstack/react-query";

/**
 * One QueryClient per page. The API client already retries once where the specification allows
 * it, so queries do not retry again; merchant data changes rarely, so it stays fresh a minute.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // "offlineFirst": a read is asked even while the browser says it is offline, so the service
      // worker can answer it from what it kept (a reopen without network); a change is tried and
      // fails with its message rather than waiting, paused, to be sent later unseen.
      queries: { retry: false, staleTime: 60_000, refetchOnWindowFocus: false, networkMode: "offlineFirst" },
      mutations: { retry: false, networkMode: "offlineFirst" },
    },
  });
}

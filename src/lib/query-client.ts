import { QueryClient } from "@tanstack/react-query";

/**
 * One QueryClient per page. The API client already retries once where the specification allows
 * it, so queries do not retry again; merchant data changes rarely, so it stays fresh a minute.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: 60_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

import { useQuery } from "@tanstack/react-query";
import type { Vacancy, VacancySummary } from "../../../domain/contract/content.ts";
import { api, unwrap } from "../../../lib/api-client.ts";
import { queryKeys } from "../../../shared/query-keys.ts";

/** GET /support/v1/vacancies: the brand's open positions (the route exists only with vacanciesActive). */
export function useVacancies(merchantId: string) {
  return useQuery({
    queryKey: queryKeys.vacancies(merchantId),
    // The page shows its own error state with Try again.
    queryFn: async ({ signal }) =>
      unwrap(await api<VacancySummary[]>("/support/v1/vacancies", { signal, silent: true })),
    staleTime: 5 * 60_000,
  });
}

/** GET /support/v1/vacancies/{id}: one position with its requirements and contacts. */
export function useVacancy(merchantId: string, id: string) {
  return useQuery({
    queryKey: queryKeys.vacancy(merchantId, id),
    queryFn: async ({ signal }) =>
      unwrap(await api<Vacancy>(`/support/v1/vacancies/${encodeURIComponent(id)}`, { signal, silent: true })),
    staleTime: 5 * 60_000,
  });
}

// The content section's calls (issue 36): the brand's pages and vacancies in the back office.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  EditorPage,
  EditorPageBody,
  EditorVacancy,
  EditorVacancyBody,
  PageKind,
} from "../../domain/contract/back-office-content.ts";
import { api, unwrap } from "../../lib/api-client.ts";
import { staffKeys } from "../query-keys.ts";

const keys = {
  pages: ["staff", "back-office", "pages"] as const,
  vacancies: ["staff", "back-office", "vacancies"] as const,
};

export function usePages() {
  return useQuery({
    queryKey: keys.pages,
    queryFn: async ({ signal }) => unwrap(await api<EditorPage[]>("/staff/v1/pages/WITH_TOKEN", { signal })),
  });
}

/** Saves a page; the list and the log take the saved state. A refusal is the caller's to show. */
export function useSavePage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ kind, body }: { kind: PageKind; body: EditorPageBody }) =>
      unwrap(
        await api<EditorPage>(`/staff/v1/pages/${kind}/WITH_TOKEN`, { method: "PUT", body, silent: true }),
      ),
    onSuccess: (saved) => {
      client.setQueryData<EditorPage[]>(keys.pages, (list) =>
        list?.map((p) => (p.kind === saved.kind ? saved : p)),
      );
      void client.invalidateQueries({ queryKey: staffKeys.audit });
    },
  });
}

export function useVacancies() {
  return useQuery({
    queryKey: keys.vacancies,
    queryFn: async ({ signal }) =>
      unwrap(await api<EditorVacancy[]>("/staff/v1/vacancies/WITH_TOKEN", { signal })),
  });
}

/** Adds (no id) or saves a vacancy. */
export function useSaveVacancy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string | null; body: EditorVacancyBody }) =>
      unwrap(
        await api<EditorVacancy>(
          id === null
            ? "/staff/v1/vacancies/WITH_TOKEN"
            : `/staff/v1/vacancies/${encodeURIComponent(id)}/WITH_TOKEN`,
          { method: id === null ? "POST" : "PUT", body, silent: true },
        ),
      ),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: keys.vacancies });
      void client.invalidateQueries({ queryKey: staffKeys.audit });
    },
  });
}

export function useRemoveVacancy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      unwrap(
        await api<null>(`/staff/v1/vacancies/${encodeURIComponent(id)}/WITH_TOKEN`, {
          method: "DELETE",
          silent: true,
        }),
      ),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: keys.vacancies });
      void client.invalidateQueries({ queryKey: staffKeys.audit });
    },
  });
}

// The calls of the news section of the back office (issue 36): the brand's news as published,
// publishing one, correcting one and taking one back. A refusal is the caller's to show (`silent`).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  Notification,
  PublishedNews,
  StaffNotificationBody,
} from "../../domain/contract/notifications.ts";
import { api, unwrap } from "../../lib/api-client.ts";
import { brandKeys } from "./brand-api.ts";

export const newsKeys = { news: ["staff", "back-office", "news"] as const };

export function usePublishedNews() {
  return useQuery({
    queryKey: newsKeys.news,
    queryFn: async ({ signal }) =>
      unwrap(await api<PublishedNews[]>("/staff/v1/notifications/WITH_TOKEN", { signal })),
  });
}

export function usePublishNews() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: StaffNotificationBody) =>
      unwrap(
        await api<Notification>("/staff/v1/notifications/WITH_TOKEN", { method: "POST", body, silent: true }),
      ),
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: newsKeys.news }),
        client.invalidateQueries({ queryKey: brandKeys.audit }),
      ]);
    },
  });
}

async function refreshed(client: ReturnType<typeof useQueryClient>) {
  await Promise.all([
    client.invalidateQueries({ queryKey: newsKeys.news }),
    client.invalidateQueries({ queryKey: brandKeys.audit }),
  ]);
}

export function useEditNews() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: StaffNotificationBody }) =>
      unwrap(
        await api<Notification>(`/staff/v1/notifications/${encodeURIComponent(id)}/WITH_TOKEN`, {
          method: "PUT",
          body,
          silent: true,
        }),
      ),
    onSettled: () => refreshed(client),
  });
}

export function useWithdrawNews() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      unwrap(
        await api<null>(`/staff/v1/notifications/${encodeURIComponent(id)}/WITH_TOKEN`, {
          method: "DELETE",
          silent: true,
        }),
      ),
    onSettled: () => refreshed(client),
  });
}

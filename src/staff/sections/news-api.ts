// The calls of the news section of the back office (issue 36): the brand's news as published, and
// publishing one. A refusal is the caller's to show at the field (`silent`).
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

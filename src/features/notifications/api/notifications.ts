import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Notification, NotificationPage } from "../../../domain/contract/notifications.ts";
import { api, unwrap } from "../../../lib/api-client.ts";
import { useRequiredTenant } from "../../../shared/brand/tenant.ts";
import { queryKeys } from "../../../shared/query-keys.ts";

export const NOTIFICATIONS_PAGE_SIZE = 20;
/** The bell looks again this often (the brand's news has no live channel; order changes refresh it at once). */
const BELL_POLL_MS = 60_000;

function getPage(page: number, size: number, signal?: AbortSignal) {
  return api<NotificationPage>("/notifications/v1/notifications/WITH_TOKEN", {
    query: { page, size },
    signal,
    silent: true,
  });
}

/** GET /notifications/v1/notifications: one page, newest first (the screen shows its own errors). */
export function useNotificationPage(userId: string, page: number) {
  const { merchant } = useRequiredTenant();
  return useQuery({
    queryKey: queryKeys.notificationPage(merchant.id, userId, page),
    queryFn: async ({ signal }) => unwrap(await getPage(page, NOTIFICATIONS_PAGE_SIZE, signal)),
    placeholderData: keepPreviousData,
  });
}

/** The bell's count: the unread total of the first page's answer. */
export function useUnreadCount(userId: string) {
  const { merchant } = useRequiredTenant();
  return useQuery({
    queryKey: [...queryKeys.notifications(merchant.id, userId), "unread"],
    queryFn: async ({ signal }) => unwrap(await getPage(0, 1, signal)).unread,
    refetchInterval: BELL_POLL_MS,
    staleTime: 10_000,
  });
}

function useRefresh(userId: string) {
  const client = useQueryClient();
  const { merchant } = useRequiredTenant();
  return () => client.invalidateQueries({ queryKey: queryKeys.notifications(merchant.id, userId) });
}

/** PUT /notifications/v1/notifications/{id}/read */
export function useMarkRead(userId: string) {
  const refresh = useRefresh(userId);
  return useMutation({
    mutationFn: async (id: string) =>
      unwrap(
        await api<Notification>(`/notifications/v1/notifications/${encodeURIComponent(id)}/read/WITH_TOKEN`, {
          method: "PUT",
        }),
      ),
    onSettled: refresh,
  });
}

/** PUT /notifications/v1/notifications/read-all */
export function useMarkAllRead(userId: string) {
  const refresh = useRefresh(userId);
  return useMutation({
    mutationFn: async () =>
      unwrap(
        await api<{ unread: number }>("/notifications/v1/notifications/read-all/WITH_TOKEN", {
          method: "PUT",
        }),
      ),
    onSettled: refresh,
  });
}

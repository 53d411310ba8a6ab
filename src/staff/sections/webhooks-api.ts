// The calls of the webhooks section (issue 38, owner only): the endpoints, their delivery log and
// what the owner does to them. Refusals are the caller's to show at the field (`silent`).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointBody,
  WebhookEndpointUpdate,
  WebhookEndpointWithSecret,
} from "../../domain/contract/back-office-webhooks.ts";
import { api, unwrap } from "../../lib/api-client.ts";
import { brandKeys } from "./brand-api.ts";

export const webhookKeys = {
  endpoints: ["staff", "back-office", "webhooks"] as const,
  deliveries: (endpointId: string) => ["staff", "back-office", "webhooks", endpointId, "deliveries"] as const,
};

const path = (id: string, rest = "") => `/staff/v1/webhooks/${encodeURIComponent(id)}${rest}/WITH_TOKEN`;

export function useWebhookEndpoints() {
  return useQuery({
    queryKey: webhookKeys.endpoints,
    queryFn: async ({ signal }) =>
      unwrap(await api<WebhookEndpoint[]>("/staff/v1/webhooks/WITH_TOKEN", { signal })),
  });
}

/** The endpoint's deliveries; read again every few seconds while some wait to be sent. */
export function useWebhookDeliveries(endpointId: string) {
  return useQuery({
    queryKey: webhookKeys.deliveries(endpointId),
    queryFn: async ({ signal }) =>
      unwrap(await api<WebhookDelivery[]>(path(endpointId, "/deliveries"), { signal })),
    refetchInterval: (query) =>
      query.state.data?.some((d) => d.state === "PENDING" || d.state === "SENDING") ? 3000 : false,
  });
}

export type WebhookChange =
  | { kind: "create"; body: WebhookEndpointBody }
  | { kind: "update"; id: string; body: WebhookEndpointUpdate }
  | { kind: "remove"; id: string }
  | { kind: "roll"; id: string };

/** Adds, changes, pauses, removes an endpoint or rolls its secret; the list and the log are read again. */
export function useWebhookChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (
      change: WebhookChange,
    ): Promise<WebhookEndpointWithSecret | WebhookEndpoint | null> => {
      switch (change.kind) {
        case "create":
          return unwrap(
            await api<WebhookEndpointWithSecret>("/staff/v1/webhooks/WITH_TOKEN", {
              method: "POST",
              body: change.body,
              silent: true,
            }),
          );
        case "update":
          return unwrap(
            await api<WebhookEndpoint>(path(change.id), { method: "PUT", body: change.body, silent: true }),
          );
        case "remove":
          return unwrap(await api<null>(path(change.id), { method: "DELETE", silent: true }));
        case "roll":
          return unwrap(
            await api<WebhookEndpointWithSecret>(path(change.id, "/secret"), {
              method: "POST",
              silent: true,
            }),
          );
      }
    },
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: webhookKeys.endpoints }),
        client.invalidateQueries({ queryKey: brandKeys.audit }),
      ]);
    },
  });
}

/** Sends a test event, or a delivery again; the endpoint's log is read again. */
export function useWebhookSend(endpointId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (send: { kind: "test" } | { kind: "again"; deliveryId: string }) =>
      unwrap(
        await api<WebhookDelivery>(
          send.kind === "test"
            ? path(endpointId, "/test")
            : path(endpointId, `/deliveries/${encodeURIComponent(send.deliveryId)}/resend`),
          { method: "POST", silent: true },
        ),
      ),
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: webhookKeys.deliveries(endpointId) }),
        client.invalidateQueries({ queryKey: webhookKeys.endpoints }),
      ]);
    },
  });
}

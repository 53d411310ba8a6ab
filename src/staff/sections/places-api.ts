// The calls of the back office's branches and delivery zones (issue 36).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  PlaceBranch,
  PlaceBranchBody,
  PlaceZone,
  PlaceZoneBody,
} from "../../domain/contract/back-office-places.ts";
import type { PaymentType } from "../../domain/enums.ts";
import { api, unwrap } from "../../lib/api-client.ts";
import { staffKeys } from "../query-keys.ts";

const keys = {
  branches: ["staff", "back-office", "branches"] as const,
  zones: ["staff", "back-office", "zones"] as const,
  paymentTypes: ["staff", "back-office", "branch-payment-types"] as const,
};

/** The types of the brand's payment methods, which a branch picks from. */
export function useBrandPaymentTypes() {
  return useQuery({
    queryKey: keys.paymentTypes,
    queryFn: async ({ signal }) =>
      unwrap(await api<PaymentType[]>("/staff/v1/branches/payment-types/WITH_TOKEN", { signal })),
  });
}

export function usePlaceBranches() {
  return useQuery({
    queryKey: keys.branches,
    queryFn: async ({ signal }) =>
      unwrap(await api<PlaceBranch[]>("/staff/v1/branches/WITH_TOKEN", { signal })),
  });
}

/** Adds (no id) or saves a branch. A refusal is the form's to show. */
export function useSaveBranch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string | null; body: PlaceBranchBody }) =>
      unwrap(
        await api<PlaceBranch>(
          id ? `/staff/v1/branches/${encodeURIComponent(id)}/WITH_TOKEN` : "/staff/v1/branches/WITH_TOKEN",
          { method: id ? "PUT" : "POST", body, silent: true },
        ),
      ),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: keys.branches });
      void client.invalidateQueries({ queryKey: staffKeys.audit });
    },
  });
}

export function usePlaceZones() {
  return useQuery({
    queryKey: keys.zones,
    queryFn: async ({ signal }) => unwrap(await api<PlaceZone[]>("/staff/v1/zones/WITH_TOKEN", { signal })),
  });
}

export function useSaveZone() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string | null; body: PlaceZoneBody }) =>
      unwrap(
        await api<PlaceZone>(
          id ? `/staff/v1/zones/${encodeURIComponent(id)}/WITH_TOKEN` : "/staff/v1/zones/WITH_TOKEN",
          { method: id ? "PUT" : "POST", body, silent: true },
        ),
      ),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: keys.zones });
      void client.invalidateQueries({ queryKey: staffKeys.audit });
    },
  });
}

export function useDeleteZone() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (zone: PlaceZone) =>
      unwrap(
        await api<null>(`/staff/v1/zones/${encodeURIComponent(zone.id)}/WITH_TOKEN`, {
          method: "DELETE",
          query: { version: zone.version },
          silent: true,
        }),
      ),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: keys.zones });
      void client.invalidateQueries({ queryKey: staffKeys.audit });
    },
  });
}

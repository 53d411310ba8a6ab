// The calls of the banners section of the back office (issue 36). Refusals are the caller's to show
// at the field (`silent`).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { EditorBanner, EditorBannerBody } from "../../domain/contract/back-office-banners.ts";
import type { PromoCode } from "../../domain/contract/back-office-brand.ts";
import { api, unwrap } from "../../lib/api-client.ts";
import { brandKeys } from "./brand-api.ts";

export function useBanners() {
  return useQuery({
    queryKey: brandKeys.banners,
    queryFn: async ({ signal }) =>
      unwrap(await api<EditorBanner[]>("/staff/v1/banners/WITH_TOKEN", { signal })),
  });
}

/** The brand's promo codes to choose from: the owner's only, so asked only of those who may see them. */
export function useBannerPromoCodes(enabled: boolean) {
  return useQuery({
    queryKey: brandKeys.promos,
    enabled,
    queryFn: async ({ signal }) =>
      unwrap(await api<PromoCode[]>("/staff/v1/promo-codes/WITH_TOKEN", { signal, silent: true })),
  });
}

export type BannerChange =
  | { kind: "save"; id: string | null; body: EditorBannerBody }
  | { kind: "remove"; id: string }
  | { kind: "order"; ids: string[] };

/** Adds, saves, removes or reorders; the list and the log take the saved state. */
export function useBannerChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (change: BannerChange) => {
      if (change.kind === "save")
        return unwrap(
          await api<EditorBanner>(
            change.id
              ? `/staff/v1/banners/${encodeURIComponent(change.id)}/WITH_TOKEN`
              : "/staff/v1/banners/WITH_TOKEN",
            { method: change.id ? "PUT" : "POST", body: change.body, silent: true },
          ),
        );
      if (change.kind === "remove")
        return unwrap(
          await api<null>(`/staff/v1/banners/${encodeURIComponent(change.id)}/WITH_TOKEN`, {
            method: "DELETE",
            silent: true,
          }),
        );
      return unwrap(
        await api<EditorBanner[]>("/staff/v1/banners/order/WITH_TOKEN", {
          method: "PUT",
          body: { ids: change.ids },
          silent: true,
        }),
      );
    },
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: brandKeys.banners }),
        client.invalidateQueries({ queryKey: brandKeys.audit }),
      ]);
    },
  });
}

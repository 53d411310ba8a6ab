// The calls of the owner's sections of the back office (issue 36): staff, brand settings, banners,
// promo codes. Refusals are the caller's to show at the field (`silent`).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  BotState,
  BrandSettings,
  BrandSettingsBody,
  PromoCode,
  PromoCodeBody,
  StaffInvite,
  StaffMember,
  StaffMemberBody,
} from "../../domain/contract/back-office-brand.ts";
import { api, ApiError, unwrap } from "../../lib/api-client.ts";
import { currentContentLanguage } from "../../lib/i18n.ts";

export const brandKeys = {
  staff: ["staff", "back-office", "staff-members"] as const,
  settings: ["staff", "back-office", "settings"] as const,
  bot: ["staff", "back-office", "settings", "bot"] as const,
  banners: ["staff", "back-office", "banners"] as const,
  promos: ["staff", "back-office", "promo-codes"] as const,
  audit: ["staff", "back-office", "audit"] as const,
};

/** The server's own words for a refusal, in the console's language (uz, ru, else English). */
export function refusalText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError) || !error.description) return fallback;
  const language = currentContentLanguage();
  return error.description[language === "uz" || language === "ru" ? language : "eng"];
}

export function useStaffMembers() {
  return useQuery({
    queryKey: brandKeys.staff,
    queryFn: async ({ signal }) =>
      unwrap(await api<StaffMember[]>("/staff/v1/staff-members/WITH_TOKEN", { signal })),
  });
}

/** Invites, changes or removes a member; the list and the log are read again after it. */
export function useStaffChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (
      change:
        | { kind: "invite"; body: StaffInvite }
        | { kind: "change"; id: string; body: StaffMemberBody }
        | { kind: "remove"; id: string },
    ) => {
      if (change.kind === "invite")
        return unwrap(
          await api<StaffMember>("/staff/v1/staff-members/WITH_TOKEN", {
            method: "POST",
            body: change.body,
            silent: true,
          }),
        );
      const path = `/staff/v1/staff-members/${encodeURIComponent(change.id)}/WITH_TOKEN`;
      if (change.kind === "change")
        return unwrap(await api<StaffMember>(path, { method: "PUT", body: change.body, silent: true }));
      return unwrap(await api<null>(path, { method: "DELETE", silent: true }));
    },
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: brandKeys.staff }),
        client.invalidateQueries({ queryKey: brandKeys.audit }),
      ]);
    },
  });
}

export function useBrandSettings() {
  return useQuery({
    queryKey: brandKeys.settings,
    queryFn: async ({ signal }) =>
      unwrap(await api<BrandSettings>("/staff/v1/brand-settings/WITH_TOKEN", { signal })),
  });
}

export function useSaveBrandSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: BrandSettingsBody) =>
      unwrap(
        await api<BrandSettings>("/staff/v1/brand-settings/WITH_TOKEN", {
          method: "PUT",
          body,
          silent: true,
        }),
      ),
    onSuccess: (saved) => {
      client.setQueryData(brandKeys.settings, saved);
      void client.invalidateQueries({ queryKey: brandKeys.audit });
      // A new token or other languages ask Telegram for a new set-up: show how it goes.
      void client.invalidateQueries({ queryKey: brandKeys.bot });
    },
  });
}

/** The bot as Telegram and the outbox see it; read again every few seconds while a set-up waits. */
export function useBotState(enabled: boolean) {
  return useQuery({
    queryKey: brandKeys.bot,
    enabled,
    queryFn: async ({ signal }) =>
      unwrap(await api<BotState>("/staff/v1/brand-settings/bot/WITH_TOKEN", { signal })),
    refetchInterval: (query) => {
      const state = query.state.data?.setup?.state;
      return state === "PENDING" || state === "SENDING" ? 3_000 : false;
    },
  });
}

export function useSetUpBotAgain() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      unwrap(
        await api<BotState>("/staff/v1/brand-settings/bot/setup/WITH_TOKEN", {
          method: "POST",
          silent: true,
        }),
      ),
    onSuccess: (state) => {
      client.setQueryData(brandKeys.bot, state);
    },
  });
}

export function usePromoCodes() {
  return useQuery({
    queryKey: brandKeys.promos,
    queryFn: async ({ signal }) =>
      unwrap(await api<PromoCode[]>("/staff/v1/promo-codes/WITH_TOKEN", { signal })),
  });
}

/** Makes a code, or pauses / resumes one (at the version the list shows). */
export function usePromoChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (
      change:
        { kind: "create"; body: PromoCodeBody } | { kind: "pause"; promo: PromoCode; isActive: boolean },
    ) =>
      change.kind === "create"
        ? unwrap(
            await api<PromoCode>("/staff/v1/promo-codes/WITH_TOKEN", {
              method: "POST",
              body: change.body,
              silent: true,
            }),
          )
        : unwrap(
            await api<PromoCode>(`/staff/v1/promo-codes/${encodeURIComponent(change.promo.id)}/WITH_TOKEN`, {
              method: "PUT",
              body: { version: change.promo.version, isActive: change.isActive },
              silent: true,
            }),
          ),
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: brandKeys.promos }),
        client.invalidateQueries({ queryKey: brandKeys.audit }),
      ]);
    },
  });
}

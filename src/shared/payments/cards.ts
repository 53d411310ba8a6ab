// The customer's saved cards (Payme's Subscribe API through the server): shared by the profile's
// card screens, the checkout's "Card" choice and the order page, which pays a CARD order with one.
// Card numbers and SMS codes go to the server only in the request that needs them and are never
// kept in the client's state or storage.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CardCodeSent, CardCreateRequest, CardPayment, SavedCard } from "../../domain/contract/cards.ts";
import { api, unwrap, type ApiError, type ApiResult } from "../../lib/api-client.ts";
import { useCustomerId } from "../session/session-atom.ts";
import { queryKeys } from "../query-keys.ts";

const base = "/payments/v1/cards";

export function getCards(signal?: AbortSignal): Promise<ApiResult<SavedCard[]>> {
  return api<SavedCard[]>(`${base}/WITH_TOKEN`, { signal });
}

export function cardsQueryOptions(merchantId: string, userId: string) {
  return queryOptions({
    queryKey: queryKeys.cards(merchantId, userId),
    queryFn: async ({ signal }) => unwrap(await getCards(signal)),
    staleTime: 30_000,
  });
}

/** The logged-in customer's cards (nothing for a guest). */
export function useSavedCards(merchantId: string, enabled = true) {
  const userId = useCustomerId();
  return useQuery({
    ...cardsQueryOptions(merchantId, userId ?? ""),
    enabled: enabled && userId !== null,
  });
}

function useRefreshCards(merchantId: string) {
  const client = useQueryClient();
  const userId = useCustomerId();
  return () => client.invalidateQueries({ queryKey: queryKeys.cards(merchantId, userId ?? "") });
}

/** POST /payments/v1/cards: Payme tokenises the card and texts the code. */
export function useAddCard(merchantId: string) {
  const refresh = useRefreshCards(merchantId);
  return useMutation<CardCodeSent, ApiError, CardCreateRequest>({
    mutationFn: async (body) =>
      unwrap(
        await api<CardCodeSent>(`${base}/WITH_TOKEN`, { method: "POST", body: { ...body }, silent: true }),
      ),
    onSettled: refresh,
  });
}

export function useVerifyCard(merchantId: string) {
  const refresh = useRefreshCards(merchantId);
  return useMutation<SavedCard, ApiError, { id: string; code: string }>({
    mutationFn: async ({ id, code }) =>
      unwrap(
        await api<SavedCard>(`${base}/${encodeURIComponent(id)}/verify/WITH_TOKEN`, {
          method: "POST",
          body: { code },
          silent: true,
        }),
      ),
    onSettled: refresh,
  });
}

export function useResendCardCode() {
  return useMutation<CardCodeSent, ApiError, string>({
    mutationFn: async (id) =>
      unwrap(
        await api<CardCodeSent>(`${base}/${encodeURIComponent(id)}/code/WITH_TOKEN`, {
          method: "POST",
          silent: true,
        }),
      ),
  });
}

export function useDeleteCard(merchantId: string) {
  const refresh = useRefreshCards(merchantId);
  return useMutation<null, ApiError, string>({
    mutationFn: async (id) =>
      unwrap(
        await api<null>(`${base}/${encodeURIComponent(id)}/WITH_TOKEN`, { method: "DELETE", silent: true }),
      ),
    onSettled: refresh,
  });
}

/** POST /payments/v1/cards/{id}/pay: pays a CARD order with a confirmed card, in the app. */
export function payWithCard(cardId: string, orderId: string): Promise<ApiResult<CardPayment>> {
  return api<CardPayment>(`${base}/${encodeURIComponent(cardId)}/pay/WITH_TOKEN`, {
    method: "POST",
    body: { orderId },
    silent: true,
  });
}

export function usePayWithCard() {
  const client = useQueryClient();
  const userId = useCustomerId();
  return useMutation<CardPayment, ApiError, { cardId: string; orderId: string }>({
    mutationFn: async ({ cardId, orderId }) => unwrap(await payWithCard(cardId, orderId)),
    // The order's page also hears the payment on its live stream; this covers a missed event.
    onSettled: () =>
      userId
        ? client.invalidateQueries({
            predicate: (query) => query.queryKey.includes("orders") && query.queryKey.includes(userId),
          })
        : undefined,
  });
}

/** Where the confirmation screen finds the card being confirmed (sessionStorage, no secrets). */
export const PENDING_CARD_KEY = "savat.pending-card";

export interface PendingCard {
  id: string;
  number: string;
  phone: string;
  /** When another code may be asked for (ms since the epoch). */
  resendAt: number;
  /** Where to go once the card is confirmed. */
  redirect: string | null;
}

export function savePendingCard(pending: PendingCard): void {
  try {
    sessionStorage.setItem(PENDING_CARD_KEY, JSON.stringify(pending));
  } catch {
    // Private mode without storage: the confirmation screen falls back to the list.
  }
}

export function readPendingCard(): PendingCard | null {
  try {
    const raw = sessionStorage.getItem(PENDING_CARD_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<PendingCard>;
    if (typeof value.id !== "string" || typeof value.number !== "string") return null;
    return {
      id: value.id,
      number: value.number,
      phone: typeof value.phone === "string" ? value.phone : "",
      resendAt: typeof value.resendAt === "number" ? value.resendAt : 0,
      redirect: typeof value.redirect === "string" && value.redirect.startsWith("/") ? value.redirect : null,
    };
  } catch {
    return null;
  }
}

export function clearPendingCard(): void {
  try {
    sessionStorage.removeItem(PENDING_CARD_KEY);
  } catch {
    // Nothing stored.
  }
}

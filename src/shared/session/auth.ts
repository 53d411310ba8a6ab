// Logging in and out of the current brand (spec section 4, Login and Logout). The token and the
// customer go into the brand's saved session (src/shared/session/session.ts), which other features watch:
// the basket stays, and the guest's addresses are uploaded once the session gains a token.
import { msg } from "@lingui/core/macro";
import type { QueryClient } from "@tanstack/react-query";
import type { User } from "../../domain/contract/users.ts";
import { getPlatform } from "../../platform/index.ts";
import { hostLogout } from "./host-sign-in.ts";
import { api, ApiError, errorText } from "../../lib/api-client.ts";
import { currentContentLanguage, i18n } from "../../lib/i18n.ts";
import { notify } from "../../lib/notify.ts";
import { dropKeptReads } from "../../lib/offline.ts";
import { clearStorageForLogout, getSession, setSession, takeAuthNotice } from "./session.ts";
import { queryKeys } from "../query-keys.ts";

/** The customer of the brand's saved session, or null for a guest. */
export function sessionUserOf(sub: string): User | null {
  const { token, user } = getSession(sub);
  return token && user ? user : null;
}

/** Stores a fresh login in the brand's session (token first: observers see both at once). */
export function saveLogin(sub: string, result: { token: string; user: User }): void {
  setSession(sub, { token: result.token, user: result.user });
}

/** Keeps the stored customer in step with what the server answered (profile edits). */
export function saveUser(sub: string, user: User): void {
  setSession(sub, (previous) => (previous.token ? { ...previous, user } : previous));
}

/**
 * Logout (spec section 4):
 * 1. the logout call: the webbot variant when Telegram initData is there, the plain one otherwise;
 * 2-4. the brand's token and user are blanked, storage and cookies cleared, and the merchant, the
 *    init data and the other brands' sessions restored (clearStorageForLogout);
 * 5. the caller goes to /. Cached answers of the customer are dropped, the service worker's copies too.
 * The other brands' sessions survive, on the server too: only this token is revoked.
 */
export async function logout({
  sub,
  merchantId,
  queryClient,
  callServer = true,
}: {
  sub: string;
  merchantId: string;
  queryClient: QueryClient;
  /** False after account deletion: the server already revoked every session. */
  callServer?: boolean;
}): Promise<void> {
  if (callServer && getSession(sub).token) {
    const host = getPlatform();
    const current = currentContentLanguage();
    const language = current === "uz" || current === "ru" || current === "eng" ? current : undefined;
    const viaHost = await hostLogout(host, { sub, merchantId, ...(language ? { language } : {}) });
    if (!viaHost) await api("/users/v1/users/logout/WITH_TOKEN", { method: "POST", silent: true });
  }
  clearStorageForLogout(sub);
  await dropKeptReads();
  // The customer's answers (profile, orders, addresses, favourites, promos); the brand's stay.
  queryClient.removeQueries({ queryKey: queryKeys.customers(merchantId) });
}

/** Shows the notice an automatic logout left for this page load, if any. */
export function showPendingAuthNotice(): void {
  if (takeAuthNotice() === "expired") {
    notify({ kind: "warning", text: i18n._(msg`Some things are out of date! Please log in again.`) });
  }
}

/** A path inside the storefront to return to after login; anything else becomes "/". */
export function safeRedirect(value: string | null | undefined): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return "/";
  if (value.startsWith("/login")) return "/";
  return value;
}

/** The text to show for a failed call of a mutation (the server's description, or the generic one). */
export function failureText(caught: unknown): string {
  return errorText(caught instanceof ApiError ? caught : new ApiError(String(caught), { status: 0 }));
}

/** The API error code of a failed call, if it had one. */
export function failureCode(caught: unknown): string | null {
  return caught instanceof ApiError ? caught.code : null;
}

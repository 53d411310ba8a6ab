// Signing in through the host app, during boot and before the first render (spec section 4, Login):
//   Telegram: a stored token is confirmed with fresh initData (webbot auth); otherwise initData is
//     exchanged for a token. The menu opens at once: an account without a phone is asked to share
//     the contact only where a phone is needed (the checkout, shareTelegramContact below); the
//     signed contact logs in again. Declining keeps the first session.
//   Click: the web_session is exchanged server-side for a session.
// The token and user go into the brand's saved session.
import { FetchError, ofetch } from "ofetch";
import type { ApiErrorBody } from "../../domain/api-errors.ts";
import type { AuthResult } from "../../domain/contract/webbot.ts";
import { ApiError, apiBaseUrl, REQUEST_TIMEOUT_MS, type ApiResult } from "../../lib/api-client.ts";
import { getSession, setSession } from "./session.ts";
import type { Host } from "../../platform/types.ts";

export type SignInOutcome =
  | { status: "signed-in"; result: AuthResult; contactShared: boolean }
  /** Nothing to sign in with (a browser, or Telegram without initData). */
  | { status: "skipped" }
  | { status: "failed"; error: ApiError };

export interface SignInOptions {
  /** The brand's subdomain key: whose saved session receives the token. */
  sub: string;
  /** The brand's merchant id, for the `merchant` header. */
  merchantId: string;
}

/**
 * A sign-in call. It does not go through the app client's global rules on purpose: a 401 here
 * means "sign in afresh", not "log out and reload", and no global error message is shown (the
 * bot-token call is exempt, spec section 8); the caller reports the outcome.
 */
async function call<T>(
  path: string,
  merchantId: string,
  init: { method: "POST" | "PUT"; body: Record<string, unknown>; token?: string | null },
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { accept: "application/json", merchant: merchantId };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  try {
    const data = await ofetch<T>(path, {
      baseURL: apiBaseUrl(),
      method: init.method,
      body: init.body,
      headers,
      timeout: REQUEST_TIMEOUT_MS,
      retry: 0,
    });
    return [null, data];
  } catch (caught) {
    if (caught instanceof FetchError) {
      const status = caught.response?.status ?? 0;
      const body = caught.data as Partial<ApiErrorBody> | undefined;
      if (body && typeof body.code === "string" && body.description) {
        return [
          new ApiError(body.description.eng, { status, code: body.code, description: body.description }),
          null,
        ];
      }
      return [new ApiError(caught.message, { status }), null];
    }
    return [new ApiError(caught instanceof Error ? caught.message : String(caught), { status: 0 }), null];
  }
}

function save(sub: string, result: AuthResult): void {
  setSession(sub, { token: result.token, user: result.user });
}

async function telegramSignIn(initData: string, { sub, merchantId }: SignInOptions): Promise<SignInOutcome> {
  const stored = getSession(sub).token;
  let result: AuthResult | null = null;
  if (stored) {
    // A stored session of this Telegram user is kept; another person's is replaced below.
    const [error, data] = await call<AuthResult>("/webbot/v1/users/auth", merchantId, {
      method: "POST",
      body: { initData },
      token: stored,
    });
    if (!error) result = data;
  }
  if (!result) {
    const [error, data] = await call<AuthResult>("/webbot/v1/users/token", merchantId, {
      method: "POST",
      body: { initData },
    });
    if (error) return { status: "failed", error };
    result = data;
  }
  save(sub, result);
  return { status: "signed-in", result, contactShared: false };
}

/**
 * Asks the Telegram customer to share their phone (Telegram's own popup) and logs in with the
 * signed contact, which puts the phone on the account. "skipped" when they decline or the host
 * cannot ask (the caller offers the code login instead).
 */
export async function shareTelegramContact(
  host: Host,
  { sub, merchantId }: SignInOptions,
): Promise<SignInOutcome> {
  if (host.kind !== "telegram" || !host.initData) return { status: "skipped" };
  const contact = await host.requestContact();
  if (!contact) return { status: "skipped" };
  const [error, data] = await call<AuthResult>("/webbot/v1/users/login", merchantId, {
    method: "POST",
    body: { initData: host.initData, contact: contact.raw },
  });
  if (error) return { status: "failed", error };
  save(sub, data);
  return { status: "signed-in", result: data, contactShared: true };
}

async function clickSignIn(webSession: string, { sub, merchantId }: SignInOptions): Promise<SignInOutcome> {
  const [error, data] = await call<AuthResult>("/click/v1/users/token", merchantId, {
    method: "POST",
    body: { webSession },
  });
  if (error) return { status: "failed", error };
  save(sub, data);
  return { status: "signed-in", result: data, contactShared: false };
}

/** Signs the customer in with what the host app vouches for; call once the brand is resolved. */
export async function signInWithHost(host: Host, options: SignInOptions): Promise<SignInOutcome> {
  if (host.kind === "telegram" && host.initData) return telegramSignIn(host.initData, options);
  if (host.kind === "click" && host.webSession) return clickSignIn(host.webSession, options);
  return { status: "skipped" };
}

/**
 * Step 1 of logout (spec section 4) inside Telegram: the webbot variant with the initData (PUT with
 * the language the bot should use next, POST without). Answers false where the host has no initData:
 * the caller then uses the plain logout endpoint. A failure does not stop the logout.
 */
export async function hostLogout(
  host: Host,
  { sub, merchantId, language }: SignInOptions & { language?: "uz" | "ru" | "eng" },
): Promise<boolean> {
  if (host.kind !== "telegram" || !host.initData) return false;
  const token = getSession(sub).token;
  await call<{ ok: true }>("/webbot/v1/users/logout", merchantId, {
    method: language ? "PUT" : "POST",
    body: language ? { initData: host.initData, language } : { initData: host.initData },
    token,
  });
  return true;
}

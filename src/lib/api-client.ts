import { msg } from "@lingui/core/macro";
import { FetchError, ofetch } from "ofetch";
import type { ApiErrorBody } from "../domain/api-errors.ts";
import { pickText } from "../domain/multilingual.ts";
import { usesDevelopmentApi } from "../domain/brand-host.ts";
import { currentContentLanguage, i18n } from "./i18n.ts";
import { notify } from "./notify.ts";

// The storefront's HTTP client (spec section 7):
// - base URL from configuration (same-origin /api by default; a development base on dev hosts);
// - the `merchant` header on every call;
// - "/WITH_TOKEN" in a path adds the bearer token and is stripped; "/NO_TOKEN" is stripped;
// - 30 s timeout; one retry on 408, 409, 425, 429, 500, 502, 503, 504 for body-less methods only;
// - every call answers an error/result pair: [error, null] or [null, data];
// - a failure shows the server's description in the current language (or the generic text)
//   in the global message line, unless the call is `silent`;
// - 401 with a stored token logs out and returns to /; MERCHANT_INACTIVE goes to /blocked.
// The CDN client shares all of it except its 401 rule: any 401 but the logout path logs out.

export const REQUEST_TIMEOUT_MS = 30_000;
export const RETRY_STATUS_CODES = [408, 409, 425, 429, 500, 502, 503, 504];
const BODYLESS_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const RETRY_DELAY_MS = 250;

export type HttpMethod = "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE";

export class ApiError extends Error {
  override name = "ApiError";
  /** HTTP status; 0 when no response arrived (network failure, timeout, cancelled). */
  readonly status: number;
  /** The API's error code (MERCHANT_INACTIVE, NOT_FOUND...), when the body carried one. */
  readonly code: string | null;
  readonly description: ApiErrorBody["description"] | null;
  readonly aborted: boolean;

  constructor(
    message: string,
    init: {
      status: number;
      code?: string | null;
      description?: ApiErrorBody["description"] | null;
      aborted?: boolean;
    },
  ) {
    super(message);
    this.status = init.status;
    this.code = init.code ?? null;
    this.description = init.description ?? null;
    this.aborted = init.aborted ?? false;
  }
}

export type ApiResult<T> = readonly [ApiError, null] | readonly [null, T];

export interface ApiRequestOptions {
  method?: HttpMethod;
  query?: Record<string, string | number | boolean | null | undefined>;
  /** JSON, or FormData sent as it is (multipart with its boundary). */
  body?: Record<string, unknown> | unknown[] | FormData;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** The caller handles a failure itself: no global error message. */
  silent?: boolean;
}

export interface ApiClientHooks {
  /** The `merchant` header value; none before the brand is resolved. */
  merchantId: () => string | null;
  token: () => string | null;
  /** Logout and return to / (spec section 4, logout). */
  onUnauthorized: () => void;
  /** The merchant was switched off: every visitor goes to /blocked. */
  onMerchantInactive: () => void;
  /** Shows a failure in the global message line. */
  showError: (text: string) => void;
}

// Without a brand and a session (a generic helper knows neither): shared/session/api-session.ts
// connects them at boot.
const defaultHooks: ApiClientHooks = {
  merchantId: () => null,
  token: () => null,
  onUnauthorized: () => {
    window.location.assign("/");
  },
  onMerchantInactive: () => {
    if (window.location.pathname !== "/blocked") window.location.assign("/blocked");
  },
  showError: (text) => notify({ kind: "error", text }),
};

let hooks: ApiClientHooks = defaultHooks;

/** Replaces some hooks (boot wires in-app navigation; tests observe). */
export function configureApiClient(overrides: Partial<ApiClientHooks>): void {
  hooks = { ...hooks, ...overrides };
}

export function resetApiClient(): void {
  hooks = defaultHooks;
}

function vendorParam(): string | null {
  return new URLSearchParams(window.location.search).get("vendor");
}

export function apiBaseUrl(): string {
  const env = import.meta.env;
  if (env.VITE_API_DEV_BASE_URL && usesDevelopmentApi(window.location.hostname, vendorParam())) {
    return env.VITE_API_DEV_BASE_URL;
  }
  return env.VITE_API_BASE_URL ?? "/api";
}

const MARKER = /\/(WITH|NO)_TOKEN(?=[/?#]|$)/g;

/** Strips the client-side markers; `withToken` when "/WITH_TOKEN" was present. */
export function parseTokenMarkers(path: string): { path: string; withToken: boolean } {
  let withToken = false;
  const clean = path.replace(MARKER, (_m, kind: string) => {
    if (kind === "WITH") withToken = true;
    return "";
  });
  return { path: clean === "" ? "/" : clean, withToken };
}

function isErrorBody(data: unknown): data is ApiErrorBody {
  if (typeof data !== "object" || data === null) return false;
  const d = data as Record<string, unknown>;
  return typeof d.code === "string" && typeof d.description === "object" && d.description !== null;
}

function toApiError(error: unknown, callerSignal: AbortSignal | undefined): ApiError {
  if (callerSignal?.aborted) return new ApiError("Request cancelled", { status: 0, aborted: true });
  if (error instanceof FetchError) {
    const status = error.response?.status ?? 0;
    const data: unknown = error.data;
    if (isErrorBody(data)) {
      return new ApiError(data.description.eng || error.message, {
        status,
        code: data.code,
        description: data.description,
      });
    }
    return new ApiError(error.message, { status });
  }
  return new ApiError(error instanceof Error ? error.message : String(error), { status: 0 });
}

/** The text the global message line shows for a failure, in the current language. */
export function errorText(error: ApiError): string {
  const described = error.description ? pickText(error.description, currentContentLanguage()) : "";
  return described || i18n._(msg`Something went wrong, please try again later`);
}

function handleFailure(error: ApiError, options: ApiRequestOptions, hadToken: boolean): void {
  if (error.aborted) return;
  if (error.code === "MERCHANT_INACTIVE") {
    hooks.onMerchantInactive();
    return;
  }
  if (error.status === 401 && hadToken) {
    hooks.onUnauthorized();
    return;
  }
  if (!options.silent) hooks.showError(errorText(error));
}

async function request<T>(rawPath: string, options: ApiRequestOptions = {}): Promise<ApiResult<T>> {
  const { path, withToken } = parseTokenMarkers(rawPath);
  const method = options.method ?? "GET";
  const headers: Record<string, string> = { accept: "application/json", ...options.headers };
  const merchantId = hooks.merchantId();
  if (merchantId) headers.merchant = merchantId;
  const token = hooks.token();
  if (withToken && token) headers.authorization = `Bearer ${token}`;

  // A caller's signal replaces ofetch's own timer, so both are combined here.
  const signal = options.signal
    ? AbortSignal.any([options.signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)])
    : undefined;
  try {
    const data = await ofetch<T>(path, {
      baseURL: apiBaseUrl(),
      method,
      query: options.query ?? undefined,
      body: options.body,
      headers,
      signal,
      timeout: signal ? undefined : REQUEST_TIMEOUT_MS,
      retry: BODYLESS_METHODS.has(method) ? 1 : 0,
      retryStatusCodes: RETRY_STATUS_CODES,
      retryDelay: RETRY_DELAY_MS,
    });
    return [null, data];
  } catch (caught) {
    const error = toApiError(caught, options.signal);
    // A call carrying its own session (the courier app's) says nothing about the customer's.
    handleFailure(error, options, token !== null && !options.headers?.authorization);
    return [error, null];
  }
}

/** A call to the storefront API. */
export function api<T>(path: string, options?: ApiRequestOptions): Promise<ApiResult<T>> {
  return request<T>(path, options);
}

/** For query functions: the data, or the error thrown. */
export function unwrap<T>(result: ApiResult<T>): T {
  const [error, data] = result;
  if (error) throw error;
  return data;
}

// Click SuperApp web view sign-in. The page receives a
// `web_session` (query parameter or `click-web-session` cookie); the server exchanges it for the
// customer's profile by calling Click's integration endpoint as JSON-RPC 2.0, method `user.profile`,
// with `Authorization: Bearer <merchant token issued by Click>` and a `web_session` header.
// Assumption (community code only, no official documentation found): the result's field names
// differ between sources, so the mapping below takes a list of candidate names per field and can be
// replaced as configuration.

export interface ClickProfile {
  /** Click's id of the customer; undefined when the endpoint does not send one. */
  clickUserId: string | undefined;
  /** E.164 with "+", e.g. +998901234567; undefined when missing. */
  phone: string | undefined;
  firstName: string | undefined;
  lastName: string | undefined;
}

/** Candidate result fields per profile field, tried in order. */
export interface ClickFieldMap {
  clickUserId: readonly string[];
  phone: readonly string[];
  firstName: readonly string[];
  lastName: readonly string[];
}

export const DEFAULT_CLICK_FIELD_MAP: ClickFieldMap = {
  clickUserId: ["user_id", "client_id", "id"],
  phone: ["phone_number", "phone"],
  firstName: ["name", "first_name"],
  lastName: ["surname", "last_name"],
};

export type ClickFailure =
  /** Click does not know the web_session (expired, forged) or refused it. */
  | "SESSION_INVALID"
  /** Click refused our merchant token. */
  | "UNAUTHORIZED"
  /** Network failure, timeout, non-JSON or non-JSON-RPC answer. */
  | "UNAVAILABLE";

export class ClickError extends Error {
  override name = "ClickError";
  readonly failure: ClickFailure;
  constructor(failure: ClickFailure, message: string) {
    super(message);
    this.failure = failure;
  }
}

export type FetchLike = (
  url: string,
  init: { method: "POST"; headers: Record<string, string>; body: string; signal: AbortSignal },
) => Promise<{ status: number; text(): Promise<string> }>;

export interface ClickClientOptions {
  /** The JSON-RPC endpoint. */
  url: string;
  /** The merchant's token issued by Click (merchants.click_web_session_token). */
  token: string;
  fieldMap?: ClickFieldMap;
  timeoutMs?: number;
  fetch?: FetchLike;
}

/** A web_session as Click hands it over: a UUID in the documented samples; any short opaque token is accepted. */
export const WEB_SESSION_PATTERN = /^[\w-]{8,128}$/;

const DEFAULT_TIMEOUT_MS = 10_000;

function pick(source: Record<string, unknown>, names: readonly string[]): string | undefined {
  for (const name of names) {
    const value = source[name];
    if (typeof value === "string" && value.trim() !== "") return value.trim();
    if (typeof value === "number" || typeof value === "bigint") return String(value);
  }
  return undefined;
}

/** Digits with a leading "+"; Uzbek numbers given without the country code get 998. */
export function normaliseClickPhone(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const digits = value.replace(/\D/g, "");
  if (digits.length === 9) return `+998${digits}`;
  if (digits.length < 7 || digits.length > 15) return undefined;
  return `+${digits}`;
}

export function mapClickProfile(
  result: unknown,
  fieldMap: ClickFieldMap = DEFAULT_CLICK_FIELD_MAP,
): ClickProfile {
  if (typeof result !== "object" || result === null) {
    throw new ClickError("UNAVAILABLE", "user.profile answered without a result object");
  }
  // Some sources wrap the profile once more ({result: {profile: {...}}}).
  const record = result as Record<string, unknown>;
  const inner = record.profile ?? record.user;
  const source = typeof inner === "object" && inner !== null ? (inner as Record<string, unknown>) : record;
  return {
    clickUserId: pick(source, fieldMap.clickUserId),
    phone: normaliseClickPhone(pick(source, fieldMap.phone)),
    firstName: pick(source, fieldMap.firstName),
    lastName: pick(source, fieldMap.lastName),
  };
}

let rpcId = 0;

/** Calls `user.profile` for a web_session and maps the answer. Throws ClickError. */
export async function fetchClickProfile(
  webSession: string,
  options: ClickClientOptions,
): Promise<ClickProfile> {
  if (!WEB_SESSION_PATTERN.test(webSession)) throw new ClickError("SESSION_INVALID", "malformed web_session");
  const doFetch: FetchLike = options.fetch ?? ((url, init) => fetch(url, init));
  const controller = new AbortController();
  const timer = setTimeout(() => {
    controller.abort();
  }, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  rpcId = (rpcId + 1) % Number.MAX_SAFE_INTEGER;
  let status: number;
  let text: string;
  try {
    const response = await doFetch(options.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json",
        authorization: `Bearer ${options.token}`,
        web_session: webSession,
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: rpcId, method: "user.profile", params: {} }),
      signal: controller.signal,
    });
    status = response.status;
    text = await response.text();
  } catch (error) {
    throw new ClickError("UNAVAILABLE", `Click endpoint did not answer: ${(error as Error).message}`);
  } finally {
    clearTimeout(timer);
  }
  if (status === 401 || status === 403) throw new ClickError("UNAUTHORIZED", `Click answered HTTP ${status}`);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ClickError("UNAVAILABLE", `Click answered HTTP ${status} without JSON`);
  }
  if (typeof body !== "object" || body === null) throw new ClickError("UNAVAILABLE", "not a JSON-RPC answer");
  const rpc = body as {
    jsonrpc?: unknown;
    result?: unknown;
    error?: { code?: unknown; message?: unknown } | null;
  };
  if (rpc.error !== undefined && rpc.error !== null) {
    const code = typeof rpc.error.code === "number" ? rpc.error.code : 0;
    const message = typeof rpc.error.message === "string" ? rpc.error.message : "error";
    // No error codes are documented: the message tells our credentials apart from the customer's session.
    if (/auth|token|forbidden|merchant/i.test(message)) throw new ClickError("UNAUTHORIZED", message);
    if (/session/i.test(message)) throw new ClickError("SESSION_INVALID", message);
    // Parse error, invalid request, method not found, invalid params, internal error: our side or theirs.
    if (code === -32700 || (code <= -32600 && code >= -32603)) {
      throw new ClickError("UNAVAILABLE", `Click JSON-RPC error ${code}: ${message}`);
    }
    throw new ClickError("SESSION_INVALID", `Click JSON-RPC error ${code}: ${message}`);
  }
  if (status >= 500) throw new ClickError("UNAVAILABLE", `Click answered HTTP ${status}`);
  if (rpc.result === undefined) throw new ClickError("UNAVAILABLE", "JSON-RPC answer without result");
  const profile = mapClickProfile(rpc.result, options.fieldMap);
  if (profile.clickUserId === undefined && profile.phone === undefined) {
    throw new ClickError("SESSION_INVALID", "user.profile answered neither an id nor a phone");
  }
  return profile;
}

// A stand-in for Click's integration endpoint (demo and development only): JSON-RPC 2.0 over POST,
// method `user.profile`, `Authorization: Bearer <merchant token>` and a `web_session` header, as
// server/src/integrations/click.ts calls it. The harness opens sessions here; each session answers its
// profile in one of the two field-name variants seen in public code, so the adapter's mapping is
// exercised both ways.
import { randomUUID } from "node:crypto";
import type { MerchantRow } from "../repositories/merchants.ts";

export type ClickFieldVariant = "click" | "generic";

export interface FakeClickProfile {
  userId: string;
  phone: string;
  firstName: string;
  lastName: string;
}

interface FakeSession {
  profile: FakeClickProfile;
  token: string;
  variant: ClickFieldVariant;
  expiresAt: number;
}

/** Merchant token the demo uses for brands without their own click_web_session_token. */
export const DEMO_CLICK_TOKEN = "demo-click-web-session-token";
/** The merchant token the fake expects for a brand (the harness registers sessions with it). */
export function fakeClickTokenFor(merchant: MerchantRow): string {
  return merchant.clickWebSessionToken ?? DEMO_CLICK_TOKEN;
}
const SESSION_TTL_MS = 6 * 60 * 60 * 1000;
const MAX_SESSIONS = 10_000;

const sessions = new Map<string, FakeSession>();

/** Opens a Click web session for a profile; the merchant token is what the caller must present. */
export function openFakeClickSession(input: {
  profile: FakeClickProfile;
  token: string;
  variant: ClickFieldVariant;
}): string {
  if (sessions.size >= MAX_SESSIONS) sessions.clear();
  const webSession = randomUUID();
  sessions.set(webSession, { ...input, expiresAt: Date.now() + SESSION_TTL_MS });
  return webSession;
}

export interface RpcReply {
  status: number;
  body: string;
}

function reply(
  id: unknown,
  payload: { result: unknown } | { error: { code: number; message: string } },
): RpcReply {
  return { status: 200, body: JSON.stringify({ jsonrpc: "2.0", id: id ?? null, ...payload }) };
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Answers one JSON-RPC request the way the fake Click endpoint does. */
export function handleFakeClickRpc(
  headers: Record<string, string | string[] | undefined>,
  bodyText: string,
): RpcReply {
  let request: unknown;
  try {
    request = JSON.parse(bodyText);
  } catch {
    return reply(null, { error: { code: -32700, message: "Parse error" } });
  }
  if (typeof request !== "object" || request === null) {
    return reply(null, { error: { code: -32600, message: "Invalid Request" } });
  }
  const { jsonrpc, id, method } = request as { jsonrpc?: unknown; id?: unknown; method?: unknown };
  if (jsonrpc !== "2.0" || typeof method !== "string") {
    return reply(id, { error: { code: -32600, message: "Invalid Request" } });
  }
  if (method !== "user.profile") return reply(id, { error: { code: -32601, message: "Method not found" } });
  const auth = /^Bearer\s+(\S+)$/i.exec(header(headers, "authorization") ?? "")?.[1];
  if (!auth) return { status: 401, body: JSON.stringify({ error: "unauthorized" }) };
  const webSession = header(headers, "web_session") ?? header(headers, "web-session") ?? "";
  const session = sessions.get(webSession);
  if (!session || session.expiresAt < Date.now()) {
    return reply(id, { error: { code: -32001, message: "Web session not found or expired" } });
  }
  if (session.token !== auth) {
    return reply(id, {
      error: { code: -32002, message: "Merchant token is not authorized for this session" },
    });
  }
  const p = session.profile;
  const digits = p.phone.replace(/\D/g, "");
  const result =
    session.variant === "click"
      ? {
          client_id: /^\d{1,15}$/.test(p.userId) ? Number(p.userId) : p.userId,
          phone_number: digits,
          name: p.firstName,
          surname: p.lastName,
        }
      : { user_id: p.userId, phone: `+${digits}`, first_name: p.firstName, last_name: p.lastName };
  return reply(id, { result });
}

// Eskiz (notify.eskiz.uz), as its public clients use it (no official reference was available):
//   POST  /api/auth/login     form email, password        -> { data: { token } }
//   PATCH /api/auth/refresh   Bearer <token>               -> { data: { token } }
//   POST  /api/message/sms/send  Bearer, form mobile_phone (998..., no plus), message, from, callback_url
//                                                          -> { id, status: "waiting", message }
// Tokens live about 30 days. The token is kept per account in memory; a 401 on send refreshes it,
// and when the refresh is refused too, logs in again; the message is then sent once more.
import {
  callGateway,
  gatewayDigits,
  parseJson,
  SmsError,
  type Fetch,
  type SmsGateway,
  type SmsMessage,
} from "./types.ts";

export const ESKIZ_DEFAULT_URL = "https://notify.eskiz.uz";

export interface EskizOptions {
  baseUrl: string;
  email: string;
  password: string;
  /** The sender name ("4546" is Eskiz's shared test sender). */
  from: string;
  fetch?: Fetch;
  timeoutMs?: number;
}

/** Tokens per (baseUrl, email): shared by every request of the process. */
const tokens = new Map<string, string>();

export function forgetEskizTokens(): void {
  tokens.clear();
}

function tokenOf(body: string): string | undefined {
  const data = parseJson(body) as { data?: { token?: unknown } } | undefined;
  const token = data?.data?.token;
  return typeof token === "string" && token !== "" ? token : undefined;
}

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  return data;
}

export function createEskizGateway(options: EskizOptions): SmsGateway {
  const fetchImpl = options.fetch ?? fetch;
  const base = options.baseUrl.replace(/\/+$/, "");
  const key = `${base}\n${options.email}`;

  async function login(): Promise<string> {
    const { status, body } = await callGateway(
      fetchImpl,
      `${base}/api/auth/login`,
      { method: "POST", body: form({ email: options.email, password: options.password }) },
      options.timeoutMs,
    );
    const token = status === 200 ? tokenOf(body) : undefined;
    if (!token) {
      tokens.delete(key);
      throw new SmsError(status >= 500 ? "UNAVAILABLE" : "AUTH", `login ${status}: ${body}`);
    }
    tokens.set(key, token);
    return token;
  }

  /** A fresh token from the old one; undefined when Eskiz refuses (then a login follows). */
  async function refresh(old: string): Promise<string | undefined> {
    const { status, body } = await callGateway(
      fetchImpl,
      `${base}/api/auth/refresh`,
      { method: "PATCH", headers: { authorization: `Bearer ${old}` } },
      options.timeoutMs,
    );
    const token = status === 200 ? tokenOf(body) : undefined;
    if (token) tokens.set(key, token);
    return token;
  }

  async function sendWith(token: string, message: SmsMessage): Promise<{ status: number; body: string }> {
    return callGateway(
      fetchImpl,
      `${base}/api/message/sms/send`,
      {
        method: "POST",
        headers: { authorization: `Bearer ${token}` },
        body: form({
          mobile_phone: gatewayDigits(message.phone),
          message: message.text,
          from: options.from,
          callback_url: "",
        }),
      },
      options.timeoutMs,
    );
  }

  return {
    name: "ESKIZ",
    async send(message) {
      let token = tokens.get(key) ?? (await login());
      let answer = await sendWith(token, message);
      if (answer.status === 401) {
        token = (await refresh(token)) ?? (await login());
        answer = await sendWith(token, message);
      }
      const data = parseJson(answer.body) as { status?: unknown; id?: unknown } | undefined;
      if (answer.status >= 200 && answer.status < 300 && data && data.status !== "error") return;
      if (answer.status === 401) throw new SmsError("AUTH", `send 401 after a new token: ${answer.body}`);
      if (answer.status >= 500 || answer.status === 0) {
        throw new SmsError("UNAVAILABLE", `send ${answer.status}: ${answer.body}`);
      }
      throw new SmsError("REJECTED", `send ${answer.status}: ${answer.body}`);
    },
  };
}

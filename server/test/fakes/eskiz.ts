// A local Eskiz (notify.eskiz.uz) speaking the protocol its public clients use: form login that
// answers a bearer token, PATCH refresh with the old token, and the SMS send with form fields
// mobile_phone (998..., no plus), message, from, callback_url. Tokens can be expired on demand and
// the next sends made to fail, to test the adapter's refresh and error handling.
import { randomUUID } from "node:crypto";
import { json, startFake, type FakeServer } from "./http.ts";

export interface EskizSent {
  mobilePhone: string;
  message: string;
  from: string;
  token: string;
}

export interface FakeEskiz extends FakeServer {
  sent: EskizSent[];
  logins: number;
  refreshes: number;
  /** Every token issued so far stops working (Eskiz answers 401 "Expired"). */
  expireTokens(options?: { refusable?: boolean }): void;
  /** The next `times` sends answer this status and body. */
  failSends(status: number, body: unknown, times?: number): void;
}

const text = (value: FormDataEntryValue | null): string => (typeof value === "string" ? value : "");

export async function startFakeEskiz(account: { email: string; password: string }): Promise<FakeEskiz> {
  const live = new Set<string>();
  /** Expired tokens that may still be refreshed. */
  const refreshable = new Set<string>();
  let failures: { status: number; body: unknown; times: number } | null = null;
  const state = { sent: [] as EskizSent[], logins: 0, refreshes: 0 };

  const issue = () => {
    const token = `eyJ${randomUUID().replaceAll("-", "")}`;
    live.add(token);
    return token;
  };
  const bearer = (request: Request) => /^Bearer (\S+)$/.exec(request.headers.get("authorization") ?? "")?.[1];

  const server = await startFake(async (request) => {
    const { pathname } = new URL(request.url);
    if (request.method === "POST" && pathname === "/api/auth/login") {
      const form = await request.formData();
      if (form.get("email") !== account.email || form.get("password") !== account.password) {
        return json(401, { message: "Invalid credentials", status: "error" });
      }
      state.logins += 1;
      return json(200, { message: "token_generated", data: { token: issue() }, token_type: "bearer" });
    }
    if (request.method === "PATCH" && pathname === "/api/auth/refresh") {
      const token = bearer(request);
      if (!token || (!live.has(token) && !refreshable.has(token))) {
        return json(401, { message: "Unauthenticated.", status: "token-invalid" });
      }
      live.delete(token);
      refreshable.delete(token);
      state.refreshes += 1;
      return json(200, { message: "token_generated", data: { token: issue() }, token_type: "bearer" });
    }
    if (request.method === "POST" && pathname === "/api/message/sms/send") {
      const token = bearer(request);
      if (!token || !live.has(token)) return json(401, { message: "Expired", status: "token-invalid" });
      if (failures && failures.times > 0) {
        failures.times -= 1;
        return json(failures.status, failures.body);
      }
      const form = await request.formData();
      const mobilePhone = text(form.get("mobile_phone"));
      if (!/^998\d{9}$/.test(mobilePhone)) {
        return json(400, { status: "error", message: { mobile_phone: ["Invalid phone number"] } });
      }
      state.sent.push({
        mobilePhone,
        message: text(form.get("message")),
        from: text(form.get("from")),
        token,
      });
      return json(200, { id: randomUUID(), message: "Waiting for SMS provider", status: "waiting" });
    }
    return json(404, { message: "Not found" });
  });

  return {
    ...server,
    get sent() {
      return state.sent;
    },
    get logins() {
      return state.logins;
    },
    get refreshes() {
      return state.refreshes;
    },
    expireTokens({ refusable = false } = {}) {
      for (const token of live) if (!refusable) refreshable.add(token);
      live.clear();
    },
    failSends(status, body, times = 1) {
      failures = { status, body, times };
    },
  };
}

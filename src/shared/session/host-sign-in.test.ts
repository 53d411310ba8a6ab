// Sign-in through the host during boot: which calls are made, in which order, and what ends up in
// the brand's saved session.
import { describe, expect, it, vi } from "vitest";
import { getSession, setSession } from "./session.ts";
import { hostLogout, shareTelegramContact, signInWithHost } from "./host-sign-in.ts";
import type { Host, SharedContact } from "../../platform/types.ts";
import { createWebHost } from "../../platform/web.ts";
import { sessionUser } from "../../test/fixtures.ts";

const MERCHANT = "0190c6b2-1111-7000-8000-000000000001";
const INIT_DATA = "user=%7B%22id%22%3A1%7D&auth_date=1700000000&hash=abc";

interface Call {
  path: string;
  method: string;
  body: Record<string, unknown>;
  headers: Record<string, string>;
}

function user(phone: string | null) {
  return sessionUser({ id: "0190c6b2-2222-7000-8000-000000000002", phone, merchantId: MERCHANT });
}

/** A fake API: answers per path, records every call. */
function fakeApi(answers: Record<string, (call: Call) => [number, unknown]>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn((input: Request | string, init?: RequestInit) => {
      const request =
        input instanceof Request ? input : new Request(new URL(input, "http://localhost"), init);
      return request.text().then((text) => {
        const path = new URL(request.url).pathname.replace(/^\/api/, "");
        const call: Call = {
          path,
          method: request.method,
          body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
          headers: Object.fromEntries(request.headers.entries()),
        };
        calls.push(call);
        const answer = answers[`${request.method} ${path}`];
        const [status, body] = answer
          ? answer(call)
          : [404, { status: 404, code: "ROUTE_NOT_FOUND", description: {} }];
        return new Response(JSON.stringify(body), {
          status,
          headers: { "content-type": "application/json" },
        });
      });
    }),
  );
  return calls;
}

const requestContact = vi.fn<() => Promise<SharedContact | null>>();

function telegramHost(contact: SharedContact | null): Host {
  requestContact.mockReset();
  requestContact.mockResolvedValue(contact);
  return { ...createWebHost(), kind: "telegram", initData: INIT_DATA, requestContact };
}

const unauthorized = {
  status: 401,
  code: "UNAUTHORIZED",
  description: { uz: "x", ru: "x", eng: "Some things are out of date! Please log in again." },
};

describe("signInWithHost in Telegram", () => {
  it("logs in with initData and keeps the token when a phone is known", async () => {
    const calls = fakeApi({
      "POST /webbot/v1/users/token": () => [
        200,
        { token: "t1", user: user("+998901234567"), isPhoneVerificationRequired: false },
      ],
    });
    const host = telegramHost(null);
    const outcome = await signInWithHost(host, { sub: "lavash", merchantId: MERCHANT });
    expect(outcome.status).toBe("signed-in");
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ initData: INIT_DATA });
    expect(calls[0]?.headers.merchant).toBe(MERCHANT);
    expect(getSession("lavash")).toMatchObject({ token: "t1", user: { phone: "+998901234567" } });
    expect(host.kind).toBe("telegram");
    expect(requestContact).not.toHaveBeenCalled();
  });

  it("opens without asking for the contact, even when the account has no phone", async () => {
    const calls = fakeApi({
      "POST /webbot/v1/users/token": () => [
        200,
        { token: "t1", user: user(null), isPhoneVerificationRequired: true },
      ],
    });
    const outcome = await signInWithHost(telegramHost({ raw: "contact=signed", phone: "998901234567" }), {
      sub: "lavash",
      merchantId: MERCHANT,
    });
    expect(outcome).toMatchObject({ status: "signed-in", contactShared: false });
    expect(requestContact).not.toHaveBeenCalled();
    expect(calls.map((c) => c.path)).toEqual(["/webbot/v1/users/token"]);
    expect(getSession("lavash")).toMatchObject({ token: "t1", user: { phone: null } });
  });

  it("shares the contact when asked (the checkout) and logs in again with it", async () => {
    setSession("lavash", { token: "t1", user: user(null) });
    const calls = fakeApi({
      "POST /webbot/v1/users/login": () => [
        200,
        { token: "t2", user: user("+998901234567"), isPhoneVerificationRequired: false },
      ],
    });
    const outcome = await shareTelegramContact(
      telegramHost({ raw: "contact=signed", phone: "998901234567" }),
      { sub: "lavash", merchantId: MERCHANT },
    );
    expect(outcome).toMatchObject({ status: "signed-in", contactShared: true });
    expect(calls.map((c) => c.path)).toEqual(["/webbot/v1/users/login"]);
    expect(calls[0]?.body).toEqual({ initData: INIT_DATA, contact: "contact=signed" });
    expect(getSession("lavash")).toMatchObject({ token: "t2", user: { phone: "+998901234567" } });
  });

  it("keeps the first session when the customer declines to share", async () => {
    setSession("lavash", { token: "t1", user: user(null) });
    const calls = fakeApi({});
    const outcome = await shareTelegramContact(telegramHost(null), { sub: "lavash", merchantId: MERCHANT });
    expect(outcome).toEqual({ status: "skipped" });
    expect(calls).toHaveLength(0);
    expect(getSession("lavash")).toMatchObject({ token: "t1", user: { phone: null } });
  });

  it("confirms a stored token, and replaces it when it is someone else's", async () => {
    setSession("lavash", { token: "stored" });
    const calls = fakeApi({
      "POST /webbot/v1/users/auth": (call) =>
        call.headers.authorization === "Bearer stored"
          ? [200, { token: "stored", user: user("+998901234567"), isPhoneVerificationRequired: false }]
          : [401, unauthorized],
    });
    await signInWithHost(telegramHost(null), { sub: "lavash", merchantId: MERCHANT });
    expect(calls.map((c) => c.path)).toEqual(["/webbot/v1/users/auth"]);
    expect(getSession("lavash").token).toBe("stored");

    setSession("lavash", { token: "stale" });
    const again = fakeApi({
      "POST /webbot/v1/users/auth": () => [401, unauthorized],
      "POST /webbot/v1/users/token": () => [
        200,
        { token: "fresh", user: user("+998901234567"), isPhoneVerificationRequired: false },
      ],
    });
    await signInWithHost(telegramHost(null), { sub: "lavash", merchantId: MERCHANT });
    expect(again.map((c) => c.path)).toEqual(["/webbot/v1/users/auth", "/webbot/v1/users/token"]);
    expect(getSession("lavash").token).toBe("fresh");
  });

  it("reports a refused initData without storing anything", async () => {
    fakeApi({
      "POST /webbot/v1/users/token": () => [
        401,
        { status: 401, code: "INIT_DATA_EXPIRED", description: { uz: "u", ru: "r", eng: "expired" } },
      ],
    });
    const outcome = await signInWithHost(telegramHost(null), { sub: "lavash", merchantId: MERCHANT });
    expect(outcome.status).toBe("failed");
    expect(outcome.status === "failed" && outcome.error.code).toBe("INIT_DATA_EXPIRED");
    expect(getSession("lavash").token).toBeNull();
  });
});

describe("signInWithHost elsewhere", () => {
  it("exchanges Click's web_session", async () => {
    const calls = fakeApi({
      "POST /click/v1/users/token": () => [
        200,
        { token: "c1", user: user("+998935550101"), isPhoneVerificationRequired: false },
      ],
    });
    const host: Host = { ...createWebHost("click"), webSession: "3f1a7c9e-0000-4000-8000-000000000001" };
    expect((await signInWithHost(host, { sub: "lavash", merchantId: MERCHANT })).status).toBe("signed-in");
    expect(calls[0]?.body).toEqual({ webSession: "3f1a7c9e-0000-4000-8000-000000000001" });
    expect(getSession("lavash").token).toBe("c1");
  });

  it("does nothing in a browser", async () => {
    const calls = fakeApi({});
    expect(await signInWithHost(createWebHost(), { sub: "lavash", merchantId: MERCHANT })).toEqual({
      status: "skipped",
    });
    expect(calls).toHaveLength(0);
  });
});

describe("hostLogout", () => {
  it("calls the webbot logout with initData (PUT with a language) and the token", async () => {
    setSession("lavash", { token: "t1" });
    const calls = fakeApi({
      "POST /webbot/v1/users/logout": () => [200, { ok: true }],
      "PUT /webbot/v1/users/logout": () => [200, { ok: true }],
    });
    expect(await hostLogout(telegramHost(null), { sub: "lavash", merchantId: MERCHANT })).toBe(true);
    expect(
      await hostLogout(telegramHost(null), { sub: "lavash", merchantId: MERCHANT, language: "uz" }),
    ).toBe(true);
    expect(calls.map((c) => [c.method, c.body])).toEqual([
      ["POST", { initData: INIT_DATA }],
      ["PUT", { initData: INIT_DATA, language: "uz" }],
    ]);
    expect(calls[0]?.headers.authorization).toBe("Bearer t1");
    expect(await hostLogout(createWebHost(), { sub: "lavash", merchantId: MERCHANT })).toBe(false);
  });
});

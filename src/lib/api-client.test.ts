import { afterEach, describe, expect, it, vi } from "vitest";
import { apiErrorBody } from "../domain/api-errors.ts";
import { api, configureApiClient, parseTokenMarkers, REQUEST_TIMEOUT_MS, unwrap } from "./api-client.ts";
import { setCurrentBrand } from "../shared/brand/current-brand.ts";
import { activateLocale } from "./i18n.ts";
import { getNotices, dismiss } from "./notify.ts";
import { setSession } from "../shared/session/session.ts";

const MERCHANT = "0193a3c4-0000-7000-8000-000000000001";

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

function stubFetch(...responses: (Response | Error)[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: input instanceof Request ? input.url : String(input), init: init ?? {} });
    const next = responses.shift() ?? json(200, {});
    return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
  });
  vi.stubGlobal("fetch", fetchMock);
  return calls;
}

function header(call: { init: RequestInit } | undefined, name: string): string | null {
  return new Headers(call?.init.headers).get(name);
}

function lastNotice(): string | undefined {
  return getNotices().at(-1)?.text;
}

afterEach(() => {
  for (const n of getNotices()) dismiss(n.id);
});

describe("path markers", () => {
  it("strips /WITH_TOKEN and /NO_TOKEN wherever they stand", () => {
    expect(parseTokenMarkers("/users/v1/users/me/WITH_TOKEN")).toEqual({
      path: "/users/v1/users/me",
      withToken: true,
    });
    expect(parseTokenMarkers("/products/v1/favourite/WITH_TOKEN/x")).toEqual({
      path: "/products/v1/favourite/x",
      withToken: true,
    });
    expect(parseTokenMarkers("/support/v1/banner/NO_TOKEN")).toEqual({
      path: "/support/v1/banner",
      withToken: false,
    });
    expect(parseTokenMarkers("/users/v1/WITH_TOKENS")).toEqual({
      path: "/users/v1/WITH_TOKENS",
      withToken: false,
    });
  });
});

describe("the API client", () => {
  it("sends the merchant header and the bearer token only for /WITH_TOKEN paths", async () => {
    setCurrentBrand({ sub: "lavash", merchantId: MERCHANT });
    setSession("lavash", { token: "secret-token" });
    const calls = stubFetch(json(200, { ok: 1 }), json(200, { ok: 2 }));

    const [error, data] = await api<{ ok: number }>("/users/v1/users/me/WITH_TOKEN");
    expect(error).toBeNull();
    expect(data).toEqual({ ok: 1 });
    expect(calls[0]?.url).toMatch(/\/api\/users\/v1\/users\/me$/);
    expect(header(calls[0], "merchant")).toBe(MERCHANT);
    expect(header(calls[0], "authorization")).toBe("Bearer secret-token");

    await api("/support/v1/merchant/settings/web");
    expect(header(calls[1], "merchant")).toBe(MERCHANT);
    expect(header(calls[1], "authorization")).toBeNull();
  });

  it("answers an error/result pair and an empty result on failure", async () => {
    stubFetch(json(404, apiErrorBody("NOT_FOUND")));
    const [error, data] = await api("/support/v1/company/policies", {
      query: { policies: "TERMS" },
      silent: true,
    });
    expect(data).toBeNull();
    expect(error?.status).toBe(404);
    expect(error?.code).toBe("NOT_FOUND");
    if (!error) throw new Error("expected an error");
    expect(() => unwrap([error, null])).toThrow(error);
  });

  it("retries a body-less call once on 503, and never retries a POST", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const getCalls = stubFetch(json(503, apiErrorBody("SERVICE_UNAVAILABLE")), json(200, [1]));
    const [, data] = await api<number[]>("/users/v1/branches");
    expect(data).toEqual([1]);
    expect(getCalls).toHaveLength(2);

    const postCalls = stubFetch(json(503, apiErrorBody("SERVICE_UNAVAILABLE")), json(200, { id: 1 }));
    const [error] = await api("/orders/v1/orders/WITH_TOKEN", {
      method: "POST",
      body: { a: 1 },
      silent: true,
    });
    expect(error?.status).toBe(503);
    expect(postCalls).toHaveLength(1);
  });

  it("retries once only: a second failure is final, and 404 is not retried", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = stubFetch(json(502, {}), json(502, {}), json(200, {}));
    const [error] = await api("/users/v1/branches", { silent: true });
    expect(error?.status).toBe(502);
    expect(calls).toHaveLength(2);

    const notFound = stubFetch(json(404, apiErrorBody("NOT_FOUND")), json(200, {}));
    await api("/users/v1/branches/x", { silent: true });
    expect(notFound).toHaveLength(1);
  });

  it("gives up after 30 seconds", async () => {
    expect(REQUEST_TIMEOUT_MS).toBe(30_000);
    const calls = stubFetch(json(200, {}));
    await api("/health");
    // ofetch turns the timeout option into an abort signal on the request.
    expect(calls[0]?.init.signal).toBeInstanceOf(AbortSignal);
  });

  it("shows the server's description in the current language", async () => {
    await activateLocale("ru");
    stubFetch(json(400, apiErrorBody("VALIDATION_FAILED")));
    await api("/users/v1/users/phone/WITH_TOKEN", { method: "PUT", body: {} });
    expect(lastNotice()).toBe("Неверные данные запроса");

    await activateLocale("uz");
    stubFetch(json(400, apiErrorBody("VALIDATION_FAILED")));
    await api("/users/v1/users/phone/WITH_TOKEN", { method: "PUT", body: {} });
    expect(lastNotice()).toBe("So'rov ma'lumotlari noto'g'ri");
  });

  it("shows 'Произошла ошибка, попробуйте позже' when the failure has no description", async () => {
    await activateLocale("ru");
    stubFetch(new TypeError("Failed to fetch"), new TypeError("Failed to fetch"));
    const [error] = await api("/users/v1/branches");
    expect(error?.status).toBe(0);
    expect(lastNotice()).toBe("Произошла ошибка, попробуйте позже");
  });

  it("stays quiet for a silent call", async () => {
    stubFetch(json(400, apiErrorBody("VALIDATION_FAILED")));
    await api("/x", { method: "POST", body: {}, silent: true });
    expect(getNotices()).toHaveLength(0);
  });

  it("logs out on 401 only when a token is stored", async () => {
    const onUnauthorized = vi.fn();
    configureApiClient({ onUnauthorized });
    setCurrentBrand({ sub: "lavash", merchantId: MERCHANT });

    stubFetch(json(401, apiErrorBody("UNAUTHORIZED")));
    await api("/users/v1/users/me/WITH_TOKEN");
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(lastNotice()).toBe("Some things are out of date! Please log in again.");

    setSession("lavash", { token: "old" });
    stubFetch(json(401, apiErrorBody("UNAUTHORIZED")));
    await api("/users/v1/users/me/WITH_TOKEN");
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it("sends every visitor of an inactive merchant to /blocked", async () => {
    const onMerchantInactive = vi.fn();
    configureApiClient({ onMerchantInactive });
    stubFetch(json(403, apiErrorBody("MERCHANT_INACTIVE")));
    await api("/support/v1/brand/catalog");
    expect(onMerchantInactive).toHaveBeenCalledTimes(1);
    expect(getNotices()).toHaveLength(0);
  });
});

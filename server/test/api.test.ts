import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_ERROR_CODES } from "#domain/api-errors.ts";
import { createTestApp, merchantId, type TestApp } from "./support/app.ts";

let t: TestApp;
let lavash: string;
let plov: string;
let closed: string;

beforeAll(async () => {
  t = await createTestApp();
  lavash = await merchantId(t, "lavash");
  plov = await merchantId(t, "plov");
  closed = await merchantId(t, "closed");
});
afterAll(async () => {
  await t.close();
});

function expectErrorShape(body: unknown, status: number, code: string): void {
  expect(body).toEqual({
    status,
    code,
    description: { uz: expect.any(String), ru: expect.any(String), eng: expect.any(String) },
  });
  expect(API_ERROR_CODES).toContain(code);
}

const get = (url: string, merchant?: string) =>
  t.app.inject({ method: "GET", url, headers: merchant ? { merchant } : {} });

describe("health", () => {
  it("answers 200 when the database is reachable and migrated", async () => {
    const res = await get("/api/health");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok", database: t.database.kind });
  });
});

describe("errors", () => {
  it("answers an unknown /api path with a 404 in the error shape", async () => {
    const res = await get("/api/nothing/here");
    expect(res.statusCode).toBe(404);
    expectErrorShape(res.json(), 404, "ROUTE_NOT_FOUND");
    expect(res.headers["content-type"]).toMatch(/application\/json/);
  });

  it("answers an invalid parameter with 400 naming the field in every language", async () => {
    const res = await get("/api/support/v1/company/policies?policies=COOKIES", lavash);
    expect(res.statusCode).toBe(400);
    const body = res.json<{ description: { eng: string; ru: string } }>();
    expectErrorShape(body, 400, "VALIDATION_FAILED");
    expect(body.description.eng).toContain("policies");
    expect(body.description.ru).toContain("policies");
  });

  it("answers malformed JSON with 400 and an oversized body with 413, in the error shape", async () => {
    const bad = await t.app.inject({
      method: "POST",
      url: "/api/health",
      headers: { "content-type": "application/json" },
      payload: "{",
    });
    expect([400, 404]).toContain(bad.statusCode);
    expect(bad.json()).toHaveProperty("description.eng");

    const big = await t.app.inject({
      method: "POST",
      url: "/api/users/v1/merchants/sub/lavash",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ x: "a".repeat(2 * 1024 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
    expectErrorShape(big.json(), 413, "PAYLOAD_TOO_LARGE");
  });

  it("sends security headers and a request id on every answer", async () => {
    const res = await get("/api/health");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["content-security-policy"]).toContain("frame-ancestors");
    expect(res.headers["x-request-id"]).toMatch(/^[\w-]{8,}$/);
    const echoed = await t.app.inject({
      method: "GET",
      url: "/api/health",
      headers: { "x-request-id": "trace-1234abcd" },
    });
    expect(echoed.headers["x-request-id"]).toBe("trace-1234abcd");
  });
});

describe("rate limiting", () => {
  it("answers 429 in the error shape once a client passes the limit", async () => {
    const limited = await createTestApp({ demo: false, rateLimitPerMinute: 3 });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        codes.push(
          (await limited.app.inject({ method: "GET", url: "/api/users/v1/merchants/sub/x" })).statusCode,
        );
      }
      expect(codes.slice(0, 3)).toEqual([404, 404, 404]);
      const res = await limited.app.inject({ method: "GET", url: "/api/users/v1/merchants/sub/x" });
      expect(res.statusCode).toBe(429);
      expectErrorShape(res.json(), 429, "RATE_LIMITED");
    } finally {
      await limited.close();
    }
  });
});

describe("tenancy", () => {
  it("refuses a tenant route without the merchant header", async () => {
    const res = await get("/api/support/v1/merchant/settings/web");
    expect(res.statusCode).toBe(400);
    expectErrorShape(res.json(), 400, "MERCHANT_REQUIRED");
    expect(res.json<{ description: { eng: string } }>().description.eng).toBe("Merchant id must be defined");
    expect((await get("/api/support/v1/merchant/settings/web", "undefined")).json()).toMatchObject({
      code: "MERCHANT_REQUIRED",
    });
  });

  it("refuses an unknown merchant", async () => {
    for (const merchant of ["not-a-uuid", "01890000-0000-7000-8000-000000000000"]) {
      const res = await get("/api/support/v1/merchant/settings/web", merchant);
      expect(res.statusCode).toBe(400);
      expectErrorShape(res.json(), 400, "MERCHANT_UNKNOWN");
    }
  });

  it("answers an inactive merchant with MERCHANT_INACTIVE on every tenant route", async () => {
    for (const url of [
      "/api/support/v1/merchant/settings/web",
      "/api/support/v1/brand/catalog",
      `/api/users/v1/city-merchant/merchant/${closed}`,
    ]) {
      const res = await get(url, closed);
      expect(res.statusCode).toBe(403);
      expectErrorShape(res.json(), 403, "MERCHANT_INACTIVE");
    }
  });

  it("never returns another brand's rows", async () => {
    const lavashCities = (await get(`/api/users/v1/city-merchant/merchant/${lavash}`, lavash)).json<
      { id: string }[]
    >();
    const plovCities = (await get(`/api/users/v1/city-merchant/merchant/${plov}`, plov)).json<
      { id: string }[]
    >();
    expect(lavashCities.length).toBeGreaterThan(0);
    expect(plovCities.length).toBeGreaterThan(0);
    const overlap = lavashCities.filter((c) => plovCities.some((p) => p.id === c.id));
    expect(overlap).toEqual([]);

    // Asking for brand B's cities under brand A's header is refused, not answered with A's or B's rows.
    const crossed = await get(`/api/users/v1/city-merchant/merchant/${plov}`, lavash);
    expect(crossed.statusCode).toBe(403);
    expectErrorShape(crossed.json(), 403, "FORBIDDEN");

    const lavashSettings = (await get("/api/support/v1/merchant/settings/web", lavash)).json<{
      merchantId: string;
    }>();
    const plovSettings = (await get("/api/support/v1/merchant/settings/web", plov)).json<{
      merchantId: string;
    }>();
    expect(lavashSettings.merchantId).toBe(lavash);
    expect(plovSettings.merchantId).toBe(plov);
  });
});

describe("brand resolution and settings", () => {
  it("resolves a brand by subdomain key without leaking integration secrets", async () => {
    const res = await get("/api/users/v1/merchants/sub/lavash");
    expect(res.statusCode).toBe(200);
    const body = res.json<Record<string, unknown>>();
    expect(body).toMatchObject({ id: lavash, sub: "lavash", isActive: true, deleted: false });
    for (const secret of ["telegramBotToken", "smsPassword", "clickSecretKey", "paymeKey", "uzumApiKey"]) {
      expect(body).not.toHaveProperty(secret);
    }
    expect(res.body).not.toContain("DEMO_lavash_bot_token");
  });

  it("tells an inactive brand apart and answers 404 for an unknown one", async () => {
    expect((await get("/api/users/v1/merchants/sub/closed")).json()).toMatchObject({
      sub: "closed",
      isActive: false,
    });
    const unknown = await get("/api/users/v1/merchants/sub/nobody");
    expect(unknown.statusCode).toBe(404);
    expectErrorShape(unknown.json(), 404, "NOT_FOUND");
  });

  it("serves every web settings field, with the brand's look", async () => {
    const res = await get("/api/support/v1/merchant/settings/web", lavash);
    expect(res.statusCode).toBe(200);
    const settings = res.json<Record<string, unknown>>();
    expect(settings).toMatchObject({
      mainColor: "#FCE000",
      isDark: false,
      deliveryActive: true,
      pickupActive: true,
    });
    const { merchantWebSettings } = await import("../src/db/schema/index.ts");
    const { getTableColumns } = await import("drizzle-orm");
    // Every column, plus the per-channel payment method types (issue 12) and each method's title and
    // icon from the payment methods, and the per-channel service types (issue 42).
    expect(Object.keys(settings).sort()).toEqual(
      [
        ...Object.keys(getTableColumns(merchantWebSettings)),
        "channelPaymentTypes",
        "paymentMethodLooks",
        "channelServiceTypes",
      ].sort(),
    );
    // Lavash's Payme is on for the web and Telegram, not for the Click app.
    expect(settings.channelPaymentTypes).toMatchObject({
      WEB: expect.arrayContaining(["CASH", "TERMINAL", "PAYME"]),
      BOT: expect.arrayContaining(["PAYME"]),
    });
    expect((settings.channelPaymentTypes as { APP: string[] }).APP).not.toContain("PAYME");

    const dark = (await get("/api/support/v1/merchant/settings/web", plov)).json();
    expect(dark).toMatchObject({ isDark: true, mainColorType: "DARK", deliveryActive: false });
  });

  it("serves the click-app settings, the brand catalog, order settings and bot setting", async () => {
    const click = await get("/api/support/v1/merchant/settings/click-app/client", lavash);
    expect(click.statusCode).toBe(200);
    expect(click.json()).toMatchObject({ merchantId: lavash, paymentTypes: expect.any(Array) });

    const catalog = (await get("/api/support/v1/brand/catalog", lavash)).json<{ sub: string | null }[]>();
    expect(catalog.map((b) => b.sub)).toEqual(expect.arrayContaining(["lavash", "plov", "sushi"]));

    const orders = (await get("/api/orders/v1/merchant/settings", lavash)).json<Record<string, unknown>>();
    expect(orders).toMatchObject({
      shouldValidateDeliveryArea: true,
      minOrderAmount: 30000,
      cashbackPercent: 2,
    });

    const bot = await get("/api/webbot/v1/setting", lavash);
    expect(bot.json()).toMatchObject({ merchantId: lavash, enabled: true });
    expect(bot.body).not.toContain("DEMO_lavash");
  });

  it("lists the brand's cities with the main one marked", async () => {
    const cities = (await get(`/api/users/v1/city-merchant/merchant/${lavash}`, lavash)).json<
      { name: { ru?: string }; isMain: boolean }[]
    >();
    expect(cities).toHaveLength(2);
    expect(cities.filter((c) => c.isMain)).toHaveLength(1);
  });

  it("serves each of the brand's policy texts", async () => {
    for (const type of ["TERMS", "ABOUT_COMPANY", "PRIVACY_POLICY"]) {
      const res = await get(`/api/support/v1/company/policies?policies=${type}`, lavash);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ type, text: { ru: expect.any(String), uz: expect.any(String) } });
    }
  });
});

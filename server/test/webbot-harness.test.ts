// The testers' harness: its signing endpoint produces initData the independent library accepts, it
// puts the account in the asked phone-verification state, and none of it exists in production.
import { Script } from "node:vm";
import { isValid } from "@telegram-apps/init-data-node";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { merchants } from "../src/db/schema/index.ts";
import { forgetTenants } from "../src/plugins/tenant.ts";
import { createTestApp, merchantId, type TestApp } from "./support/app.ts";

const TOKEN = "7200000001:AAH-harness-test-bot-token-xxxxxxxxxxx";

interface Launch {
  merchantId: string;
  initData: string;
  contact: string;
  launchParams: string;
  appUrl: string;
  hostUrl: string;
}

describe("in demo mode", () => {
  let t: TestApp;
  let lavash: string;
  beforeAll(async () => {
    t = await createTestApp();
    lavash = await merchantId(t, "lavash");
    await t.db.update(merchants).set({ telegramBotToken: TOKEN }).where(eq(merchants.id, lavash));
    forgetTenants(t.db);
  });
  afterAll(async () => {
    await t.close();
  });

  const launch = (payload: object, host = "localhost:5290") =>
    t.app.inject({ method: "POST", url: "/api/dev/telegram/launch", headers: { host }, payload });

  it("signs initData with the brand's bot token and builds the mocked-Telegram URL", async () => {
    const res = await launch({
      sub: "lavash",
      user: { id: "9007199254740993", firstName: "Big", languageCode: "en" },
      theme: "dark",
      platform: "android",
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<Launch>();
    expect(body.merchantId).toBe(lavash);
    expect(isValid(body.initData, TOKEN)).toBe(true);
    expect(new URLSearchParams(body.initData).get("user")).toContain('"id":9007199254740993');
    const lp = new URLSearchParams(body.launchParams);
    expect(lp.get("tgWebAppData")).toBe(body.initData);
    expect(lp.get("tgWebAppPlatform")).toBe("android");
    expect(JSON.parse(lp.get("tgWebAppThemeParams") ?? "{}")).toMatchObject({ bg_color: "#17212b" });
    expect(body.hostUrl).toMatch(/^http:\/\/lavash\.localhost:5290\/api\/dev\/telegram#/);
    expect(body.appUrl).toBe(`http://lavash.localhost:5290/#${body.launchParams}`);

    const onOtherHost = (
      await launch({ sub: "lavash", user: { id: "1", firstName: "A" } }, "192.168.1.5:5290")
    ).json<Launch>();
    expect(onOtherHost.appUrl).toMatch(/^http:\/\/192\.168\.1\.5:5290\/\?vendor=lavash#/);
  });

  it("prepares the account with or without a verified phone", async () => {
    const user = { id: "700000011", firstName: "Aziz" };
    const verified = (
      await launch({ sub: "lavash", user, phoneVerification: "verified", phone: "+998901234511" })
    ).json<Launch>();
    const login = await t.app.inject({
      method: "POST",
      url: "/api/webbot/v1/users/token",
      headers: { merchant: lavash },
      payload: { initData: verified.initData },
    });
    expect(login.json()).toMatchObject({
      isPhoneVerificationRequired: false,
      user: { phone: "+998901234511" },
    });

    const required = (
      await launch({ sub: "lavash", user, phoneVerification: "required", phone: "+998901234511" })
    ).json<Launch>();
    const again = await t.app.inject({
      method: "POST",
      url: "/api/webbot/v1/users/token",
      headers: { merchant: lavash },
      payload: { initData: required.initData },
    });
    expect(again.json()).toMatchObject({ isPhoneVerificationRequired: true, user: { phone: null } });

    // The contact the mocked Telegram shares is accepted by the login endpoint.
    const shared = await t.app.inject({
      method: "POST",
      url: "/api/webbot/v1/users/login",
      headers: { merchant: lavash },
      payload: { initData: required.initData, contact: required.contact },
    });
    expect(shared.json()).toMatchObject({
      isPhoneVerificationRequired: false,
      user: { phone: "+998901234511" },
    });
  });

  it("can hand out expired, too short or missing initData", async () => {
    const expired = (
      await launch({ sub: "lavash", user: { id: "2", firstName: "A" }, ageSeconds: 25 * 3600 })
    ).json<Launch>();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/webbot/v1/users/token",
      headers: { merchant: lavash },
      payload: { initData: expired.initData },
    });
    expect(res.json()).toMatchObject({ status: 401, code: "INIT_DATA_EXPIRED" });
    const short = (
      await launch({ sub: "lavash", user: { id: "2", firstName: "A" }, initData: "short" })
    ).json<Launch>();
    expect((new URLSearchParams(short.launchParams).get("tgWebAppData") ?? "").length).toBeLessThanOrEqual(
      10,
    );
    const none = (
      await launch({ sub: "lavash", user: { id: "2", firstName: "A" }, initData: "none" })
    ).json<Launch>();
    expect(new URLSearchParams(none.launchParams).has("tgWebAppData")).toBe(false);
  });

  it("serves the harness page and its scripts without TypeScript syntax", async () => {
    const page = await t.app.inject({ method: "GET", url: "/api/dev/harness" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/text\/html/);
    expect(page.body).toContain("/api/dev/harness/harness.js");
    for (const script of ["harness.js", "telegram-host.js"]) {
      const js = await t.app.inject({ method: "GET", url: `/api/dev/harness/${script}` });
      expect(js.statusCode).toBe(200);
      expect(js.headers["content-type"]).toMatch(/javascript/);
      expect(js.body).not.toMatch(/\binterface\s+\w+\s*\{/);
      // Parses as plain JavaScript (the module marker aside).
      expect(() => new Script(js.body.replace(/^export \{\};?$/m, ""))).not.toThrow();
    }
    expect((await t.app.inject({ method: "GET", url: "/api/dev/telegram" })).body).toContain('id="tg-app"');
    const brands = await t.app.inject({ method: "GET", url: "/api/dev/harness-brands" });
    expect(brands.json()).toEqual(
      expect.arrayContaining([expect.objectContaining({ sub: "lavash", telegram: true })]),
    );
  });

  it("answers 404 for an unknown brand", async () => {
    expect((await launch({ sub: "nope", user: { id: "1", firstName: "A" } })).statusCode).toBe(404);
  });
});

describe("in production with demo mode off", () => {
  it("has neither the harness nor its signing endpoint", async () => {
    const t = await createTestApp({ env: { DEMO: "0", NODE_ENV: "production" } });
    try {
      for (const [method, url] of [
        ["GET", "/api/dev/harness"],
        ["GET", "/api/dev/telegram"],
        ["GET", "/api/dev/harness/harness.js"],
        ["POST", "/api/dev/telegram/launch"],
        ["POST", "/api/dev/click/launch"],
      ] as const) {
        const res = await t.app.inject({ method, url, payload: method === "POST" ? {} : undefined });
        expect(res.statusCode, url).toBe(404);
      }
    } finally {
      await t.close();
    }
  });
});

import { describe, expect, it } from "vitest";
import { getCookie, setCookie } from "../lib/cookies.ts";
import { getCurrentBrand } from "../shared/brand/current-brand.ts";
import { createQueryClient } from "../lib/query-client.ts";
import { getSession } from "../shared/session/session.ts";
import { createWebHost } from "../platform/web.ts";
import { json, LAVASH_ID, merchant, serveApi, sessionUser, settings } from "../test/fixtures.ts";
import { bootStorefront } from "./boot.ts";

const web = () => Promise.resolve(createWebHost());
const notFound = () =>
  json(404, {
    status: 404,
    code: "NOT_FOUND",
    description: { uz: "Topilmadi", ru: "Не найдено", eng: "Not found" },
  });

describe("boot: merchant resolution", () => {
  it("resolves ?vendor= on a development host, loads the web settings and asks for the home page's menu at once", async () => {
    window.history.replaceState(null, "", "/?vendor=lavash");
    const seen = serveApi({
      "/api/users/v1/merchants/sub/lavash": () => json(200, merchant()),
      "/api/support/v1/merchant/settings/web": () => json(200, settings({ mainLanguage: "uz" })),
    });
    const result = await bootStorefront(createQueryClient(), web());
    expect(result.status).toBe("ready");
    expect(result.locale).toBe("uz");
    expect(seen[0]).toBe("/api/users/v1/merchants/sub/lavash");
    expect(seen.slice(1).sort()).toEqual([
      "/api/products/v1/overalls?type=WEB",
      "/api/support/v1/merchant/settings/web",
    ]);
    expect(getCurrentBrand()).toEqual({ sub: "lavash", merchantId: LAVASH_ID });
    expect(getCookie("merchant")).toBe(LAVASH_ID);
    expect(localStorage.getItem("savat:vendor")).toBe("lavash");
    expect(getSession("lavash")).toMatchObject({ brand: "lavash", merchant: { id: LAVASH_ID } });
  });

  it("takes the merchant and settings the server wrote into the page instead of asking for them", async () => {
    window.history.replaceState(null, "", "/?vendor=lavash");
    const script = document.createElement("script");
    script.id = "savat-boot";
    script.type = "application/json";
    script.textContent = JSON.stringify({
      sub: "lavash",
      merchant: merchant(),
      settings: settings({ mainLanguage: "uz" }),
    });
    document.head.append(script);
    const seen = serveApi({});
    const result = await bootStorefront(createQueryClient(), web());
    expect(result.status).toBe("ready");
    expect(result.locale).toBe("uz");
    // Only the menu is asked for, at once.
    expect(seen).toEqual(["/api/products/v1/overalls?type=WEB"]);
    expect(getCurrentBrand()).toEqual({ sub: "lavash", merchantId: LAVASH_ID });
    expect(document.getElementById("savat-boot")).toBeNull();
  });

  it("asks the API when the page's boot data is for another brand", async () => {
    window.history.replaceState(null, "", "/?vendor=lavash");
    const script = document.createElement("script");
    script.id = "savat-boot";
    script.type = "application/json";
    script.textContent = JSON.stringify({
      sub: "plov",
      merchant: merchant({ sub: "plov" }),
      settings: settings(),
    });
    document.head.append(script);
    const seen = serveApi({
      "/api/users/v1/merchants/sub/lavash": () => json(200, merchant()),
      "/api/support/v1/merchant/settings/web": () => json(200, settings()),
    });
    expect((await bootStorefront(createQueryClient(), web())).status).toBe("ready");
    expect(seen).toContain("/api/users/v1/merchants/sub/lavash");
    expect(seen).toContain("/api/support/v1/merchant/settings/web");
  });

  it("uses default settings when they fail to load", async () => {
    window.history.replaceState(null, "", "/?vendor=lavash");
    serveApi({
      "/api/users/v1/merchants/sub/lavash": () => json(200, merchant()),
      "/api/support/v1/merchant/settings/web": () => json(500, {}),
    });
    const result = await bootStorefront(createQueryClient(), web());
    expect(result.status).toBe("ready");
    if (result.status !== "ready") return;
    expect(result.tenant.settings.aboutMerchantActive).toBe(false);
    expect(result.tenant.settings.mainColorType).toBe("LIGHT");
    expect(result.locale).toBe("ru");
  });

  it("wipes storage and cookies for an unknown brand", async () => {
    window.history.replaceState(null, "", "/?vendor=nobody");
    localStorage.setItem("savat:lavash:session", "{}");
    sessionStorage.setItem("x", "1");
    setCookie("merchant", "old");
    serveApi({ "/api/users/v1/merchants/sub/nobody": notFound });
    const result = await bootStorefront(createQueryClient(), web());
    expect(result.status).toBe("unavailable");
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
    expect(getCookie("merchant")).toBeNull();
  });

  it("is unavailable without any brand in the address", async () => {
    serveApi({});
    expect((await bootStorefront(createQueryClient(), web())).status).toBe("unavailable");
  });

  it("marks an inactive merchant blocked without asking for its settings", async () => {
    window.history.replaceState(null, "", "/?vendor=closed");
    const seen = serveApi({
      "/api/users/v1/merchants/sub/closed": () => json(200, merchant({ sub: "closed", isActive: false })),
    });
    const result = await bootStorefront(createQueryClient(), web());
    expect(result.status).toBe("blocked");
    expect(seen).toHaveLength(1);
  });

  it("keeps the visitor's data when the API cannot be reached", async () => {
    window.history.replaceState(null, "", "/?vendor=lavash");
    localStorage.setItem("savat:lavash:session", JSON.stringify({ token: "t", user: sessionUser() }));
    serveApi({ "/api/users/v1/merchants/sub/lavash": () => json(503, {}) });
    const result = await bootStorefront(createQueryClient(), web());
    expect(result.status).toBe("failed");
    expect(getSession("lavash").token).toBe("t");
  });

  it("takes the language from the lang cookie when the brand offers it", async () => {
    window.history.replaceState(null, "", "/?vendor=lavash");
    setCookie("lang", "en");
    serveApi({
      "/api/users/v1/merchants/sub/lavash": () => json(200, merchant()),
      "/api/support/v1/merchant/settings/web": () => json(200, settings()),
    });
    const result = await bootStorefront(createQueryClient(), web());
    expect(result.locale).toBe("en");
    expect(document.documentElement.lang).toBe("en");
  });
});

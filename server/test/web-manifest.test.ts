// The brand's web app manifest (issue 42, offline reopen): a phone adds the storefront to its home
// screen under the brand's own name, colour and logo, and the icons it names are served.
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { merchantWebSettings } from "../src/db/schema/index.ts";
import { createTestApp, merchantId, type TestApp } from "./support/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const manifestOf = (host: string) =>
  t.app.inject({ method: "GET", url: "/manifest.webmanifest", headers: { host } });

describe("the brand's web app manifest", () => {
  it("names the brand of the host, in its colour, with its logo as home-screen icons that load", async () => {
    const res = await manifestOf("lavash.localhost");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/manifest\+json/);
    const manifest = res.json<{
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      theme_color: string;
      icons: { src: string; sizes: string; type: string }[];
    }>();
    expect(manifest).toMatchObject({ start_url: "/", display: "standalone", theme_color: "#FCE000" });
    expect(manifest.short_name).toBe("Лаваш Экспресс");
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(["240x240", "640x640"]);
    for (const icon of manifest.icons) {
      const image = await t.app.inject({ method: "GET", url: icon.src });
      expect(image.statusCode, icon.src).toBe(200);
      expect(image.headers["content-type"]).toBe(icon.type);
      const { width, height } = await sharp(image.rawPayload).metadata();
      expect(`${width}x${height}`).toBe(icon.sizes);
    }

    // Another brand's host gets that brand's.
    const plov = (await manifestOf("plov.localhost")).json<{ short_name: string }>();
    expect(plov.short_name).not.toBe(manifest.short_name);
  });

  it("follows the owner's colour and main language: an Arabic brand reads right to left", async () => {
    const sushi = await merchantId(t, "sushi");
    await t.db
      .update(merchantWebSettings)
      .set({ mainColor: "#1E88E5", mainLanguage: "ar", isDark: true })
      .where(eq(merchantWebSettings.merchantId, sushi));
    const manifest = (await manifestOf("sushi.localhost")).json<Record<string, unknown>>();
    expect(manifest).toMatchObject({
      theme_color: "#1E88E5",
      lang: "ar",
      dir: "rtl",
      background_color: "#0f0f0f",
    });
  });

  it("answers 404 on a host that is no brand's", async () => {
    const res = await manifestOf("nobody-here.localhost");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 404, code: "NOT_FOUND" });
  });
});

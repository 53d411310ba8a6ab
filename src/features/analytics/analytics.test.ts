import { describe, expect, it } from "vitest";
import { wantsAnalytics, type AnalyticsSettings } from "./analytics-switches.ts";
import { plannedScripts } from "./inject-analytics.ts";

const off: AnalyticsSettings = {
  metaPixelActive: false,
  metaPixelId: "",
  yandexMetricsEnabled: false,
  yandexMetricsId: "",
  yandexMetricsKeys: [],
  googleTagManagerActive: false,
  googleTagManagerId: "",
  amoCRMActive: false,
  amoCRMId: "",
  amoCRMHash: "",
};

describe("analytics and CRM scripts", () => {
  it("loads nothing for a brand that switched nothing on", () => {
    expect(wantsAnalytics(off)).toBe(false);
    expect(plannedScripts({ ...off, metaPixelId: "123456", googleTagManagerId: "GTM-ABC123" })).toEqual([]);
  });

  it("injects each script its switch turns on", () => {
    const all = {
      ...off,
      metaPixelActive: true,
      metaPixelId: "123456789",
      yandexMetricsEnabled: true,
      yandexMetricsId: "98765432",
      googleTagManagerActive: true,
      googleTagManagerId: "GTM-ABC123",
      amoCRMActive: true,
      amoCRMId: "1234567",
      amoCRMHash: "a1b2c3d4e5f6",
    };
    expect(wantsAnalytics(all)).toBe(true);
    expect(plannedScripts(all)).toEqual(["meta-pixel", "yandex-metrica", "google-tag-manager", "amocrm"]);
  });

  it("skips a switched-on script whose id is not valid", () => {
    expect(
      plannedScripts({ ...off, googleTagManagerActive: true, googleTagManagerId: "GTM-x'><script>" }),
    ).toEqual([]);
    expect(plannedScripts({ ...off, metaPixelActive: true, metaPixelId: "abc" })).toEqual([]);
  });
});

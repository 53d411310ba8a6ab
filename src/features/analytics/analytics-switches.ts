import type { WebSettings } from "../../domain/contract/merchant.ts";

/** The web settings that switch the third-party scripts on (spec section 3). */
export type AnalyticsSettings = Pick<
  WebSettings,
  | "metaPixelActive"
  | "metaPixelId"
  | "yandexMetricsEnabled"
  | "yandexMetricsId"
  | "yandexMetricsKeys"
  | "googleTagManagerActive"
  | "googleTagManagerId"
  | "amoCRMActive"
  | "amoCRMId"
  | "amoCRMHash"
>;

export function wantsAnalytics(s: AnalyticsSettings): boolean {
  return s.metaPixelActive || s.yandexMetricsEnabled || s.googleTagManagerActive || s.amoCRMActive;
}

/**
 * Loads the injector (its own small chunk) only for a brand that switched a script on, so other
 * brands never download it.
 */
export async function startAnalytics(s: AnalyticsSettings, language: string): Promise<void> {
  if (!wantsAnalytics(s)) return;
  const { injectAnalytics } = await import("./inject-analytics.ts");
  injectAnalytics(s, language);
}

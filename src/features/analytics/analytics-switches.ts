import type { AnalyticsSettings } from "../../domain/analytics.ts";

export type { AnalyticsSettings };

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

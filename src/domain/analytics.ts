import type { WebSettings } from "./contract/merchant.ts";

// Which of a brand's analytics and CRM scripts its web settings switch on, with ids that pass the
// checks: the storefront injects exactly these, and the server's Content-Security-Policy for the
// brand's pages names exactly their hosts.

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

export type AnalyticsScript = "meta-pixel" | "yandex-metrica" | "google-tag-manager" | "amocrm";

const DIGITS = /^\d{3,20}$/;
const GTM_ID = /^GTM-[A-Z0-9]{4,12}$/;
const HASH = /^[a-z0-9]{8,64}$/i;

/** The counter id plus any further counters listed in yandexMetricsKeys. */
export function metricaIds(s: AnalyticsSettings): string[] {
  return [...new Set([s.yandexMetricsId, ...s.yandexMetricsKeys].map((v) => v.trim()))].filter((v) =>
    DIGITS.test(v),
  );
}

/** Which scripts these settings switch on (ids that fail the checks are skipped). */
export function plannedScripts(s: AnalyticsSettings): AnalyticsScript[] {
  const planned: AnalyticsScript[] = [];
  if (s.metaPixelActive && DIGITS.test(s.metaPixelId)) planned.push("meta-pixel");
  if (s.yandexMetricsEnabled && metricaIds(s).length > 0) planned.push("yandex-metrica");
  if (s.googleTagManagerActive && GTM_ID.test(s.googleTagManagerId)) planned.push("google-tag-manager");
  if (s.amoCRMActive && DIGITS.test(s.amoCRMId) && HASH.test(s.amoCRMHash)) planned.push("amocrm");
  return planned;
}

const VERIFICATION = /^[a-z0-9]{8,64}$/i;

/**
 * metaPixelContent: the code of Meta's domain verification, the `content` of the
 * `facebook-domain-verification` meta tag the brand's pages carry (Meta reads it from the page's
 * HTML, so the server writes it). Anything that is not such a code (a pasted snippet) is ignored.
 */
export function metaDomainVerification(s: Pick<WebSettings, "metaPixelContent">): string | null {
  const code = s.metaPixelContent.trim();
  return VERIFICATION.test(code) ? code : null;
}

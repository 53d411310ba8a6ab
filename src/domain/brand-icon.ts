import type { Merchant, WebSettings } from "./contract/merchant.ts";

/** The storefront's own icon, for a brand that names none (index.html links it). */
export const DEFAULT_FAVICON = "/favicon.svg";

/**
 * The brand's browser-tab icon: its favicon, else its logo. One rule for the page the server
 * sends (server/src/merchants/boot-data.ts) and the look the client applies (brand-look.ts), so
 * the browser fetches one icon, not the default and then the brand's.
 */
export function brandFavicon(
  merchant: Pick<Merchant, "logo">,
  settings: Pick<WebSettings, "favicon"> | null,
): string {
  return settings?.favicon || merchant.logo || DEFAULT_FAVICON;
}

/** The storefront's colour for a brand that names none (index.html's theme-color). */
export const DEFAULT_BRAND_COLOR = "#FCE000";

const COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** A colour as the settings may hold it ("#RGB" to "#RRGGBBAA"); null for anything else. */
export function colorOrNull(value: string | null | undefined): string | null {
  const v = value?.trim();
  return v && COLOR.test(v) ? v : null;
}

/**
 * The brand's colour: its web settings' main colour, else the merchant's. One rule for the page
 * (brand-look.ts) and the web app manifest the server sends (a phone's home-screen icon and bar).
 */
export function brandColor(
  merchant: Pick<Merchant, "color">,
  settings: Pick<WebSettings, "mainColor"> | null,
): string {
  return colorOrNull(settings?.mainColor) ?? colorOrNull(merchant.color) ?? DEFAULT_BRAND_COLOR;
}

/** The brand's logo: the web settings' one wins over the merchant's. */
export function brandLogo(
  merchant: Pick<Merchant, "logo">,
  settings: Pick<WebSettings, "logo"> | null,
): string | null {
  return settings?.logo || merchant.logo || null;
}

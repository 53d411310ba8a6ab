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

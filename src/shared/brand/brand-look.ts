import type { Merchant, WebSettings } from "../../domain/contract/merchant.ts";
import type { ContentLanguage } from "../../domain/enums.ts";
import { pickText } from "../../domain/multilingual.ts";
import { brandColor, brandFavicon, brandLogo, colorOrNull } from "../../domain/brand-icon.ts";
import type { Host } from "../../platform/index.ts";

/** Brand colour when the brand names none (spec section 9). */
export { DEFAULT_BRAND_COLOR, DEFAULT_FAVICON } from "../../domain/brand-icon.ts";

export interface BrandLook {
  /** The brand colour: buttons, accents, the header stripe. */
  primary: string;
  /**
   * Text on the brand colour: white for mainColorType DARK, black otherwise, unless that colour
   * cannot be read on it (under WCAG's 4.5:1) and the other one reads better.
   */
  onPrimary: string;
  appearance: "light" | "dark";
  title: string;
  favicon: string;
  logo: string | null;
}

export function brandLook(
  merchant: Pick<Merchant, "name" | "logo" | "color">,
  settings: Pick<WebSettings, "mainColor" | "mainColorType" | "isDark" | "title" | "favicon" | "logo"> | null,
  host: Pick<Host, "kind" | "colorScheme">,
  language: ContentLanguage,
): BrandLook {
  const primary = brandColor(merchant, settings);
  const declared = settings?.mainColorType === "DARK" ? "#FFFFFF" : "#000000";
  const other = declared === "#FFFFFF" ? "#000000" : "#FFFFFF";
  const onPrimary =
    contrastRatio(primary, declared) < 4.5 && contrastRatio(primary, other) > contrastRatio(primary, declared)
      ? other
      : declared;
  // Inside Telegram or Click the page follows the app's own light or dark theme.
  const brandAppearance = settings?.isDark ? "dark" : "light";
  const appearance = host.kind !== "web" && host.colorScheme ? host.colorScheme : brandAppearance;
  const name = pickText(merchant.name, language);
  return {
    primary,
    onPrimary,
    appearance,
    title: settings?.title || name || "Savat",
    favicon: brandFavicon(merchant, settings),
    logo: brandLogo(merchant, settings),
  };
}

/** WCAG relative luminance of a hex colour; null for an unreadable value. */
function luminance(color: string): number | null {
  const hex = colorOrNull(color)?.slice(1);
  if (!hex) return null;
  const full = hex.length <= 4 ? hex.slice(0, 3).replace(/./g, "$&$&") : hex.slice(0, 6);
  const [r = 0, g = 0, b = 0] = [0, 2, 4].map((i) => {
    const c = parseInt(full.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two hex colours (1 when either is unreadable). */
export function contrastRatio(a: string, b: string): number {
  const la = luminance(a);
  const lb = luminance(b);
  if (la === null || lb === null) return 1;
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/**
 * Black or white, whichever reads better on a background colour of the brand's data (a product
 * label's colour): WCAG relative luminance, black from 0.18 up. An unreadable value gets white.
 */
export function textColorOn(background: string): "#000000" | "#FFFFFF" {
  const l = luminance(background);
  if (l === null) return "#FFFFFF";
  return l >= 0.18 ? "#000000" : "#FFFFFF";
}

let brandTitle = "Savat";
let pageTitle: string | null = null;

function renderTitle(): void {
  document.title = pageTitle ? `${pageTitle} · ${brandTitle}` : brandTitle;
}

/** The current screen's own title, shown before the brand's ("About us · Lavash"); null clears it. */
export function setPageTitle(title: string | null): void {
  pageTitle = title;
  renderTitle();
}

/** The CSS variables of the look, set on the document (and by the app shell's first screen, src/ssr). */
export function brandLookVariables(look: Pick<BrandLook, "primary" | "onPrimary">): Record<string, string> {
  return {
    "--savat-brand": look.primary,
    "--savat-on-brand": look.onPrimary,
    // Header pills are tinted away from the text colour (lighter under black text, darker under
    // white), so their text reads at least as well as on the brand colour itself.
    "--savat-brand-tint": look.onPrimary === "#000000" ? "#FFFFFF" : "#000000",
  };
}

/** Puts the look on the document: CSS variables, theme-color, title and favicon. */
export function applyBrandLook(look: BrandLook): void {
  const root = document.documentElement;
  for (const [name, value] of Object.entries(brandLookVariables(look))) root.style.setProperty(name, value);
  root.dataset.appearance = look.appearance;
  root.style.colorScheme = look.appearance;
  brandTitle = look.title;
  renderTitle();
  document.querySelector('meta[name="theme-color"]')?.setAttribute("content", look.primary);
  let icon = document.querySelector<HTMLLinkElement>("link#favicon");
  if (!icon) {
    icon = document.createElement("link");
    icon.id = "favicon";
    icon.rel = "icon";
    document.head.append(icon);
  }
  if (icon.getAttribute("href") !== look.favicon) {
    icon.removeAttribute("type");
    icon.href = look.favicon;
  }
}

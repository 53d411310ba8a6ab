import { brandColor, brandLogo, DEFAULT_FAVICON } from "#domain/brand-icon.ts";
import { CONTENT_LANGUAGES, type ContentLanguage } from "#domain/enums.ts";
import { DEFAULT_VARIANT_TEMPLATE, variantUrl } from "#domain/image-variant.ts";
import { pickText } from "#domain/multilingual.ts";
import type { BootData } from "./boot-data.ts";

/** One icon of a web app manifest (https://www.w3.org/TR/appmanifest/#icons-member). */
interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
}

/** The web app manifest's members a phone reads to add the storefront to its home screen. */
export interface WebManifest {
  id: string;
  name: string;
  short_name: string;
  lang: string;
  dir: "ltr" | "rtl";
  start_url: string;
  scope: string;
  display: "standalone";
  theme_color: string;
  background_color: string;
  icons: ManifestIcon[];
}

/**
 * Home-screen icons: Chrome wants one of 144 px or more, and 512 or more for the splash screen; these
 * are the nearest of the sizes the image route makes (IMAGE_SIZES).
 */
const ICON_SIZES = [240, 640] as const;

/** The page's backgrounds (src/app/styles.css): the splash screen a launch shows before the page. */
const BACKGROUND = { light: "#f1f1f4", dark: "#0f0f0f" } as const;

function icons(logo: string | null): ManifestIcon[] {
  const where = { apiBase: "/api", template: DEFAULT_VARIANT_TEMPLATE };
  const sized = ICON_SIZES.flatMap((size): ManifestIcon[] => {
    const src = variantUrl(logo, { w: size, h: size, q: 100, format: "png" }, where);
    return src ? [{ src, sizes: `${size}x${size}`, type: "image/png" }] : [];
  });
  // No logo (or one neither we nor the image CDN can resize): the storefront's own icon.
  return sized.length > 0 ? sized : [{ src: DEFAULT_FAVICON, sizes: "any", type: "image/svg+xml" }];
}

/** The brand's web app manifest: its name, colours and logo, in its main language. */
export function webManifest(data: Pick<BootData, "merchant" | "settings">): WebManifest {
  const main = data.settings?.mainLanguage === "en" ? "eng" : data.settings?.mainLanguage;
  const lang: ContentLanguage = CONTENT_LANGUAGES.find((l) => l === main) ?? "ru";
  const name = pickText(data.merchant.name, lang) || "Savat";
  return {
    id: "/",
    name: data.settings?.title || name,
    short_name: name,
    lang: lang === "eng" ? "en" : lang,
    dir: lang === "ar" ? "rtl" : "ltr",
    start_url: "/",
    scope: "/",
    display: "standalone",
    theme_color: brandColor(data.merchant, data.settings),
    background_color: data.settings?.isDark ? BACKGROUND.dark : BACKGROUND.light,
    icons: icons(brandLogo(data.merchant, data.settings)),
  };
}

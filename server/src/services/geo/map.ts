// The map and geocoding choices the configuration makes: which map style the storefront loads, the
// gazetteer's part, and the languages Nominatim answers in. The geocoding routes and the security
// headers (which must allow the style's origin) read them.
import type { Config } from "../../config.ts";
import type { GazetteerUse } from "../../integrations/nominatim.ts";

/** The production map style when MAP_STYLE_URL is unset outside demo mode (no key, no limits). */
export const OPENFREEMAP_LIBERTY = "https://tiles.openfreemap.org/styles/liberty";
/** MAP_STYLE_URL value that forces the built-in offline style. */
export const OFFLINE_STYLE = "offline";

/** The map style in use: MAP_STYLE_URL; unset, the offline style in demo mode, else OpenFreeMap. */
export function configuredMapStyle(config: Pick<Config, "mapStyleUrl" | "demo">): string {
  return config.mapStyleUrl ?? (config.demo ? OFFLINE_STYLE : OPENFREEMAP_LIBERTY);
}

/** The gazetteer's part under this configuration (never in production: loadConfig enforces it). */
export function gazetteerUse(config: Pick<Config, "geocoder" | "gazetteerAllowed">): GazetteerUse {
  if (!config.gazetteerAllowed) return "off";
  return config.geocoder === "gazetteer" ? "primary" : "fallback";
}

/** The storefront's language codes Nominatim spells otherwise. */
const NOMINATIM_LANGUAGE: Record<string, string> = { kz: "kk", eng: "en" };

/**
 * Nominatim's accept-language for the page's language (the client sends it as Accept-Language):
 * that language first, then the one a place named only locally is most readable in (Russian for
 * Russian and Kazakh readers, else Uzbek). A place with no name in either answers its local name.
 */
export function geocoderLanguage(acceptLanguage: string | undefined): string {
  const first = (acceptLanguage ?? "").split(",")[0]?.split(";")[0]?.trim().toLowerCase().split("-")[0] ?? "";
  const code = NOMINATIM_LANGUAGE[first] ?? first;
  if (!/^[a-z]{2,3}$/.test(code) || code === "uz") return "uz,ru";
  if (code === "ru") return "ru,uz";
  return code === "kk" ? "kk,ru" : `${code},uz`;
}

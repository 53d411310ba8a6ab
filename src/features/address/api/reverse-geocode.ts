import { currentLocale, i18n, type Locale } from "../../../lib/i18n.ts";
import { msg } from "@lingui/core/macro";
import type { NominatimReverse } from "../../../domain/contract/geo.ts";
import type { LatLon } from "../../../domain/geo.ts";
import { api } from "../../../lib/api-client.ts";
import { notify } from "../../../lib/notify.ts";

/** The picker's reading of a place: the street and house of the centre (spec section 2). */
export interface ResolvedPlace {
  streetName: string;
  houseNumber: string;
  /** Nominatim's display_name. */
  description: string;
}

/** The spec's geocoder-failure notice (section 8). */
export function notifyGeocoderFailure(): void {
  notify({
    kind: "error",
    title: i18n._(msg`Error in nominatim`),
    text: i18n._(msg`The address service failed. Tell the developers or try again later`),
  });
}

export function placeOf(body: NominatimReverse): ResolvedPlace | null {
  if ("error" in body) return null;
  const a = body.address;
  const streetName = a?.road ?? a?.residential ?? a?.neighbourhood ?? "";
  return { streetName, houseNumber: a?.house_number ?? "", description: body.display_name };
}

/** The script a page's language writes in: a place name in another one did not come in it. */
const PAGE_SCRIPT: Record<Locale, RegExp> = {
  ar: /\p{Script=Arabic}/u,
  zh: /\p{Script=Han}/u,
  ru: /\p{Script=Cyrillic}/u,
  kz: /\p{Script=Cyrillic}/u,
  uz: /\p{Script=Latin}/u,
  en: /\p{Script=Latin}/u,
  tr: /\p{Script=Latin}/u,
};

/**
 * Whether a place name the geocoder gave is in the page's script. The geocoder answers a place's
 * local name where it has none in the page's language; the picker then says so (issue 35).
 */
export function inPageScript(name: string, locale: Locale = currentLocale()): boolean {
  if (!/\p{L}/u.test(name)) return true;
  return PAGE_SCRIPT[locale].test(name);
}

/** Place names in the storefront's language, not the browser's (the proxy reads Accept-Language). */
export function placeLanguageHeaders(): Record<string, string> {
  return { "accept-language": currentLocale() };
}

/**
 * A reverse-geocoding answer: the place; `none` when nothing is known there; `unavailable` when no
 * geocoder answers (none configured, or it failed): then the customer types the street and house.
 */
export type ReverseResult =
  { kind: "place"; place: ResolvedPlace } | { kind: "none" } | { kind: "unavailable" } | { kind: "aborted" };

/** GET /notifications/v1/nominatim/reverse: the street and house at a point. */
export async function reverseGeocode(point: LatLon, signal?: AbortSignal): Promise<ReverseResult> {
  const [error, body] = await api<NominatimReverse>("/notifications/v1/nominatim/reverse/WITH_TOKEN", {
    query: { format: "json", lat: point.latitude, lon: point.longitude },
    headers: placeLanguageHeaders(),
    signal,
    silent: true,
  });
  if (error) {
    if (error.aborted) return { kind: "aborted" };
    // No geocoder at all is no failure to report: the picker says what to do instead.
    if (error.code !== "GEOCODER_UNAVAILABLE") notifyGeocoderFailure();
    return { kind: "unavailable" };
  }
  const place = placeOf(body);
  return place ? { kind: "place", place } : { kind: "none" };
}

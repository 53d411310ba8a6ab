import { queryOptions } from "@tanstack/react-query";
import type { NominatimPlace } from "../../../domain/contract/geo.ts";
import { api } from "../../../lib/api-client.ts";
import { currentLocale } from "../../../lib/i18n.ts";
import { notifyGeocoderFailure, placeLanguageHeaders } from "./reverse-geocode.ts";
import { queryKeys } from "../../../shared/query-keys.ts";

/** GET /notifications/v1/nominatim/search: places matching a text, near the brand's cities. */
export async function searchAddress(q: string, signal?: AbortSignal): Promise<NominatimPlace[]> {
  const [error, places] = await api<NominatimPlace[]>("/notifications/v1/nominatim/search", {
    query: { format: "json", q },
    headers: placeLanguageHeaders(),
    signal,
    silent: true,
  });
  if (error) {
    if (!error.aborted && error.code !== "GEOCODER_UNAVAILABLE") notifyGeocoderFailure();
    return [];
  }
  return places;
}

export function searchAddressQueryOptions(merchantId: string, q: string) {
  return queryOptions({
    queryKey: [...queryKeys.addressSearch(merchantId, q), currentLocale()],
    queryFn: ({ signal }) => searchAddress(q, signal),
    enabled: q.trim().length >= 2,
    staleTime: 5 * 60_000,
  });
}

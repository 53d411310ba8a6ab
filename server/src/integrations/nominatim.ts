// The geocoding adapter behind /api/notifications/v1/nominatim/*: a configurable Nominatim
// (NOMINATIM_URL) called with our own User-Agent, at most one upstream request per second for the
// whole process (the public instance's policy), with a cache. The built-in gazetteer (the demo
// cities' invented street grid) answers only where it is allowed (demo mode, tests, development):
// as the geocoder itself, or when no upstream is configured or the upstream fails. Where it is not
// allowed (production), no upstream is GeocoderNotConfiguredError and a failing upstream is
// GeocoderUnavailableError: the customer types the street and house, never gets a made-up street.
import {
  nominatimPlaceSchema,
  nominatimReverseSchema,
  type NominatimPlace,
  type NominatimReverse,
} from "#domain/contract/geo.ts";
import { roundCoordinate, type LatLon } from "#domain/geo.ts";
import { gazetteerReverse, gazetteerSearch, normalise } from "./gazetteer.ts";
import { z } from "zod";
import { memorySlots, type SlotStore } from "../lib/slots.ts";

export type GeocodeSource = "upstream" | "cache" | "gazetteer";

/** The upstream failed and nothing else may answer (or the gazetteer knew nothing either). */
export class GeocoderUnavailableError extends Error {
  override name = "GeocoderUnavailableError";
}

/** No Nominatim is configured and the gazetteer may not answer: address search is off. */
export class GeocoderNotConfiguredError extends Error {
  override name = "GeocoderNotConfiguredError";
}

/**
 * The gazetteer's part: `primary` answers everything from it (GEOCODER=gazetteer); `fallback` answers
 * from it when no upstream is configured or the upstream fails; `off` never (production).
 */
export type GazetteerUse = "primary" | "fallback" | "off";

export interface GeocoderOptions {
  /** The Nominatim base URL; unset = no upstream (the gazetteer if allowed, else an error). */
  url: string | undefined;
  gazetteer: GazetteerUse;
  userAgent: string;
  /** Minimum gap between two upstream requests (default 1000 ms). */
  minIntervalMs?: number;
  /** A request that would wait longer than this for its slot goes to the gazetteer (default 3000 ms). */
  maxQueueMs?: number;
  timeoutMs?: number;
  cacheSize?: number;
  cacheTtlMs?: number;
  fetch?: typeof fetch;
  log?: (message: string, detail: Record<string, unknown>) => void;
  /** Where the upstream's request slots are kept: this process (default) or Redis, for all processes. */
  slots?: SlotStore;
}

export interface SearchArea {
  /** [west, south, east, north] in degrees: results are kept inside. */
  viewbox?: [number, number, number, number];
  countryCodes?: string[];
}

interface CacheEntry {
  at: number;
  value: unknown;
}

const searchResultSchema = z.array(nominatimPlaceSchema);

export class Geocoder {
  private readonly options: Required<Omit<GeocoderOptions, "url" | "log">> &
    Pick<GeocoderOptions, "url" | "log">;
  private readonly cache = new Map<string, CacheEntry>();
  /** Upstream requests made, for tests and the log. */
  upstreamRequests = 0;

  constructor(options: GeocoderOptions) {
    this.options = {
      minIntervalMs: 1_000,
      maxQueueMs: 3_000,
      timeoutMs: 5_000,
      cacheSize: 5_000,
      cacheTtlMs: 24 * 60 * 60 * 1_000,
      fetch: globalThis.fetch.bind(globalThis),
      slots: memorySlots(),
      ...options,
    };
  }

  get configured(): boolean {
    return Boolean(this.options.url);
  }

  /** Whether anything answers at all: an upstream, or the gazetteer where it is allowed. */
  get available(): boolean {
    return this.options.gazetteer !== "off" || this.configured;
  }

  /** Upstream skipped: the gazetteer's answer where it is allowed, else the configuration error. */
  private upstreamInUse(): boolean {
    if (this.options.gazetteer === "primary") return false;
    if (this.configured) return true;
    if (this.options.gazetteer === "off") throw new GeocoderNotConfiguredError("no NOMINATIM_URL configured");
    return false;
  }

  /** After an upstream failure: whether the gazetteer may answer instead. */
  private fallBack(what: string, error: unknown): boolean {
    const allowed = this.options.gazetteer !== "off";
    this.options.log?.(
      allowed ? `nominatim ${what} failed, using the gazetteer` : `nominatim ${what} failed`,
      { error: String(error) },
    );
    return allowed;
  }

  async reverse(point: LatLon, language: string): Promise<{ source: GeocodeSource; body: NominatimReverse }> {
    const lat = roundCoordinate(point.latitude);
    const lon = roundCoordinate(point.longitude);
    const offline = () => gazetteerReverse({ latitude: lat, longitude: lon }, language);
    if (!this.upstreamInUse()) return { source: "gazetteer", body: offline() };
    const key = `reverse:${language}:${lat}:${lon}`;
    const hit = this.fromCache(key);
    if (hit) return { source: "cache", body: hit as NominatimReverse };
    try {
      const body = nominatimReverseSchema.parse(
        await this.upstream("/reverse", {
          lat: String(lat),
          lon: String(lon),
          format: "jsonv2",
          addressdetails: "1",
          zoom: "18",
          "accept-language": language,
        }),
      );
      this.remember(key, body);
      return { source: "upstream", body };
    } catch (error) {
      if (!this.fallBack("reverse", error)) throw new GeocoderUnavailableError("upstream failed");
      const body = offline();
      if ("error" in body)
        throw new GeocoderUnavailableError("upstream failed and the gazetteer has no answer");
      return { source: "gazetteer", body };
    }
  }

  async search(
    query: string,
    language: string,
    area: SearchArea = {},
  ): Promise<{ source: GeocodeSource; body: NominatimPlace[] }> {
    const offline = () => gazetteerSearch(query, language);
    if (!this.upstreamInUse()) return { source: "gazetteer", body: offline() };
    const key = `search:${language}:${area.viewbox?.join(",") ?? ""}:${normalise(query)}`;
    const hit = this.fromCache(key);
    if (hit) return { source: "cache", body: hit as NominatimPlace[] };
    try {
      const params: Record<string, string> = {
        q: query,
        format: "jsonv2",
        addressdetails: "1",
        limit: "10",
        "accept-language": language,
      };
      if (area.countryCodes?.length) params.countrycodes = area.countryCodes.join(",");
      if (area.viewbox) {
        params.viewbox = area.viewbox.map((v) => v.toFixed(6)).join(",");
        params.bounded = "1";
      }
      const body = searchResultSchema.parse(await this.upstream("/search", params));
      this.remember(key, body);
      return { source: "upstream", body };
    } catch (error) {
      if (!this.fallBack("search", error)) throw new GeocoderUnavailableError("upstream failed");
      const body = offline();
      if (body.length === 0)
        throw new GeocoderUnavailableError("upstream failed and the gazetteer has no answer");
      return { source: "gazetteer", body };
    }
  }

  private fromCache(key: string): unknown {
    const entry = this.cache.get(key);
    if (!entry) return undefined;
    if (Date.now() - entry.at > this.options.cacheTtlMs) {
      this.cache.delete(key);
      return undefined;
    }
    // Least recently used goes first: re-insert on every hit.
    this.cache.delete(key);
    this.cache.set(key, entry);
    return entry.value;
  }

  private remember(key: string, value: unknown): void {
    this.cache.set(key, { at: Date.now(), value });
    while (this.cache.size > this.options.cacheSize) {
      const oldest = this.cache.keys().next().value;
      if (oldest === undefined) break;
      this.cache.delete(oldest);
    }
  }

  /** Waits for this request's turn: one upstream request per interval, for every process sharing the slots. */
  private async slot(): Promise<void> {
    const key = `nominatim:${this.options.url ?? ""}`;
    const wait = await this.options.slots.reserve(key, this.options.minIntervalMs, this.options.maxQueueMs);
    if (wait === null) throw new Error("upstream queue is full");
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }

  private async upstream(path: string, params: Record<string, string>): Promise<unknown> {
    await this.slot();
    const base = (this.options.url ?? "").replace(/\/+$/, "");
    const url = `${base}${path}?${new URLSearchParams(params).toString()}`;
    this.upstreamRequests += 1;
    const response = await this.options.fetch(url, {
      headers: { "user-agent": this.options.userAgent, accept: "application/json" },
      signal: AbortSignal.timeout(this.options.timeoutMs),
    });
    if (!response.ok) throw new Error(`upstream answered ${response.status}`);
    return (await response.json()) as unknown;
  }
}

/** The User-Agent the proxy identifies itself with (the public instance requires a real one). */
export function geocoderUserAgent(publicUrl: string | undefined): string {
  return `Savat-storefront/0.1 (+${publicUrl ?? "https://github.com/savat/savat"})`;
}

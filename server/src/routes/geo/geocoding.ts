import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiErrorSchema, errorResponses, tenantHeadersSchema } from "#domain/contract/common.ts";
import {
  mapConfigSchema,
  nominatimPlaceSchema,
  nominatimReverseQuerySchema,
  nominatimReverseSchema,
  nominatimSearchQuerySchema,
} from "#domain/contract/geo.ts";
import { gazetteerStreetsGeoJson } from "../../integrations/gazetteer.ts";
import {
  Geocoder,
  GeocoderNotConfiguredError,
  GeocoderUnavailableError,
  geocoderUserAgent,
} from "../../integrations/nominatim.ts";
import { AppError } from "../../lib/errors.ts";
import { redisSlots } from "../../lib/slots.ts";
import { findMerchantById, listCities } from "../../services/merchant/settings.ts";
import { configuredMapStyle, gazetteerUse, geocoderLanguage, OFFLINE_STYLE } from "../../services/geo/map.ts";
import { listBranches, listRegions } from "../../services/geo/places.ts";

const geocodeErrors = { ...errorResponses, 503: apiErrorSchema } as const;

/** The geocoder's errors in the API's shape: no geocoder at all, or a failed upstream. */
function geocodeError(error: unknown): unknown {
  if (error instanceof GeocoderNotConfiguredError) return new AppError("GEOCODER_UNAVAILABLE");
  if (error instanceof GeocoderUnavailableError) return new AppError("NOMINATIM_FAILED");
  return error;
}

function languageOf(request: FastifyRequest): string {
  return geocoderLanguage(request.raw.headers["accept-language"]);
}

function originOf(request: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl.replace(/\/+$/, "");
  return `${request.protocol}://${request.host}`;
}

/** Geocoding proxy (spec: /notifications/v1/nominatim/*) and the map configuration. */
export async function geocodingRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const headers = tenantHeadersSchema;
  const geocoder = new Geocoder({
    url: app.config.nominatimUrl,
    gazetteer: gazetteerUse(app.config),
    userAgent: geocoderUserAgent(app.config.publicUrl),
    minIntervalMs: app.config.nominatimMinIntervalMs,
    log: (message, detail) => {
      app.log.warn(detail, message);
    },
    ...(app.redis
      ? {
          slots: redisSlots(app.redis, {
            prefix: app.config.redisKeyPrefix,
            onError: (error) => {
              app.log.warn({ err: error }, "Redis unreachable: geocoder slots counted in this process");
            },
          }),
        }
      : {}),
  });

  r.get(
    "/notifications/v1/nominatim/reverse",
    {
      schema: {
        summary:
          "Reverse geocoding through the configured Nominatim (<= 1 request/s upstream, cached), or the " +
          "built-in gazetteer of the demo cities (demo mode, tests, development only); 503 " +
          "GEOCODER_UNAVAILABLE when no Nominatim is configured in production, 503 NOMINATIM_FAILED " +
          "when it fails (and the gazetteer may not, or cannot, answer)",
        tags: ["geo"],
        headers,
        querystring: nominatimReverseQuerySchema,
        response: { 200: nominatimReverseSchema, ...geocodeErrors },
      },
    },
    async (request, reply) => {
      try {
        const { source, body } = await geocoder.reverse(
          { latitude: request.query.lat, longitude: request.query.lon },
          languageOf(request),
        );
        void reply.header("x-geocoder", source);
        return body;
      } catch (error) {
        throw geocodeError(error);
      }
    },
  );

  r.get(
    "/notifications/v1/nominatim/search",
    {
      schema: {
        summary: "Address search within the brand's cities, through the same proxy (same 503 answers)",
        tags: ["geo"],
        headers,
        querystring: nominatimSearchQuerySchema,
        response: { 200: z.array(nominatimPlaceSchema), ...geocodeErrors },
      },
    },
    async (request, reply) => {
      const cities = await listCities(db, { merchantId: request.tenant.id });
      // Results stay near the brand's cities (about 30 km around each).
      const viewbox: [number, number, number, number] | undefined =
        cities.length > 0
          ? [
              Math.min(...cities.map((c) => c.longitude)) - 0.35,
              Math.min(...cities.map((c) => c.latitude)) - 0.3,
              Math.max(...cities.map((c) => c.longitude)) + 0.35,
              Math.max(...cities.map((c) => c.latitude)) + 0.3,
            ]
          : undefined;
      try {
        const { source, body } = await geocoder.search(request.query.q, languageOf(request), {
          viewbox,
          countryCodes: [request.tenant.currency === "KZT" ? "kz" : "uz"],
        });
        void reply.header("x-geocoder", source);
        return body;
      } catch (error) {
        throw geocodeError(error);
      }
    },
  );

  r.get(
    "/users/v1/map/config",
    {
      schema: {
        summary:
          "The map style the storefront uses (MAP_STYLE_URL, or the brand's offline style) and whether " +
          "address search works",
        tags: ["geo"],
        headers,
        response: { 200: mapConfigSchema, ...errorResponses },
      },
    },
    async (request) => {
      const configured = configuredMapStyle(app.config);
      const addressSearch = geocoder.available;
      if (configured !== OFFLINE_STYLE) return { styleUrl: configured, offline: false, addressSearch };
      const origin = originOf(request, app.config.publicUrl);
      return {
        styleUrl: `${origin}/api/users/v1/map/style/${request.tenant.id}`,
        offline: true,
        addressSearch,
      };
    },
  );
}

/** The offline MapLibre style of a brand: its regions, the demo streets and its branches, no tiles. */
export async function offlineStyleRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  r.get(
    "/users/v1/map/style/:merchantId",
    {
      schema: {
        summary: "A self-contained MapLibre style (no network): regions, demo streets, branches",
        tags: ["geo"],
        params: z.object({ merchantId: z.uuid() }),
        response: { 200: z.looseObject({ version: z.literal(8) }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const merchantId = request.params.merchantId;
      // Public (MapLibre sends no merchant header), so the tenant rule is applied here: only a live brand.
      const merchant = await findMerchantById(db, merchantId);
      if (!merchant || merchant.deleted || !merchant.isActive) throw new AppError("NOT_FOUND");
      const [regions, branches] = await Promise.all([
        listRegions(db, { merchantId }),
        listBranches(db, { merchantId }),
      ]);
      void reply.header("cache-control", "public, max-age=60");
      return {
        version: 8 as const,
        name: "Savat offline",
        sources: {
          streets: {
            type: "geojson",
            data: gazetteerStreetsGeoJson(),
            attribution: "Savat demo streets",
          },
          regions: {
            type: "geojson",
            data: {
              type: "FeatureCollection",
              features: regions.map((g) => ({
                type: "Feature",
                properties: { id: g.id },
                geometry: { type: "Polygon", coordinates: [g.polygon] },
              })),
            },
          },
          branches: {
            type: "geojson",
            data: {
              type: "FeatureCollection",
              features: branches
                .filter((b) => b.isActive)
                .map((b) => ({
                  type: "Feature",
                  properties: { id: b.id },
                  geometry: { type: "Point", coordinates: [b.longitude, b.latitude] },
                })),
            },
          },
        },
        layers: [
          { id: "background", type: "background", paint: { "background-color": "#eef0ea" } },
          {
            id: "regions-base",
            type: "fill",
            source: "regions",
            paint: { "fill-color": "#dfe8d8", "fill-opacity": 0.6 },
          },
          {
            id: "streets-casing",
            type: "line",
            source: "streets",
            paint: {
              "line-color": "#c9c9c0",
              "line-width": ["interpolate", ["linear"], ["zoom"], 9, 2, 16, 14],
            },
          },
          {
            id: "streets",
            type: "line",
            source: "streets",
            paint: {
              "line-color": "#ffffff",
              "line-width": ["interpolate", ["linear"], ["zoom"], 9, 1, 16, 10],
            },
          },
          {
            id: "branches",
            type: "circle",
            source: "branches",
            paint: {
              "circle-color": "#e53935",
              "circle-radius": 5,
              "circle-stroke-color": "#ffffff",
              "circle-stroke-width": 2,
            },
          },
        ],
      };
    },
  );
}

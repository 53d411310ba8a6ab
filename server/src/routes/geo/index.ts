import type { FastifyInstance } from "fastify";
import { addressRoutes } from "./addresses.ts";
import { branchRoutes } from "./branches.ts";
import { geocodingRoutes, offlineStyleRoutes } from "./geocoding.ts";

/** Branches, regions, tariffs, addresses, geocoding and the map style: tenant routes. */
export async function geoTenantRoutes(app: FastifyInstance): Promise<void> {
  await app.register(branchRoutes);
  await app.register(addressRoutes);
  await app.register(geocodingRoutes);
}

/** The offline map style: MapLibre fetches it without the `merchant` header, so the path names the brand. */
export { offlineStyleRoutes as geoPublicRoutes };

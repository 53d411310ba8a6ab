import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses, tenantHeadersSchema } from "#domain/contract/common.ts";
import {
  branchesQuerySchema,
  branchSchema,
  closestBranchQuerySchema,
  regionSchema,
  tariffRequestSchema,
  tariffSchema,
  type Branch,
} from "#domain/contract/geo.ts";
import { AppError } from "../../lib/errors.ts";
import { listBranches, listRegions, type BranchWithHours } from "../../services/geo/places.ts";
import { findClosestBranch, quoteDelivery } from "../../services/geo/coverage.ts";

export function toBranch(b: BranchWithHours, distance: number | null = null): Branch {
  return {
    id: b.id,
    merchantId: b.merchantId,
    cityId: b.cityId,
    name: b.name,
    address: b.address,
    phone: b.phone,
    bookingPhone: b.bookingPhone,
    latitude: b.latitude,
    longitude: b.longitude,
    distance: distance === null ? null : Math.round(distance),
    isActive: b.isActive,
    isMain: b.isMain,
    deleted: b.deleted,
    open: b.open,
    close: b.close,
    deliveryPrice: b.deliveryPrice,
    deliveryStart: b.deliveryStart,
    deliveryEnd: b.deliveryEnd,
    workHours: b.workHours.map((w) => ({
      type: w.type,
      hours: [...w.hours],
      ...(w.closedOn?.length ? { closedOn: [...w.closedOn] } : {}),
      ...(w.pausedUntil ? { pausedUntil: w.pausedUntil } : {}),
    })),
    paymentTypes: b.paymentTypes ? [...b.paymentTypes] : null,
    settings: {
      bookingEnabled: b.bookingEnabled,
      deliveryEnabled: b.deliveryEnabled,
      dineInEnabled: b.dineInEnabled,
      expressEnabled: b.expressEnabled,
      kitchenEnabled: b.kitchenEnabled,
      payOfficeEnabled: b.payOfficeEnabled,
      pickupEnabled: b.pickupEnabled,
      storageEnabled: b.storageEnabled,
      thirdPartyDeliveryEnabled: b.thirdPartyDeliveryEnabled,
      directorId: b.directorId,
    },
  };
}

/** Branches, the closest branch, delivery regions and the delivery tariff. */
export async function branchRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const headers = tenantHeadersSchema;

  const activeBranches = async (merchantId: string, cityId?: string) =>
    (await listBranches(db, { merchantId })).filter(
      (b) => b.isActive && (cityId === undefined || b.cityId === cityId),
    );

  r.get(
    "/users/v1/branches",
    {
      schema: {
        summary: "The brand's active branches with their working hours",
        tags: ["geo"],
        headers,
        response: { 200: z.array(branchSchema), ...errorResponses },
      },
    },
    async (request) => (await activeBranches(request.tenant.id)).map((b) => toBranch(b)),
  );

  r.get(
    "/users/v1/branches/full",
    {
      schema: {
        summary: "The brand's active branches, optionally of one city",
        tags: ["geo"],
        headers,
        querystring: branchesQuerySchema,
        response: { 200: z.array(branchSchema), ...errorResponses },
      },
    },
    async (request) =>
      (await activeBranches(request.tenant.id, request.query.cityId)).map((b) => toBranch(b)),
  );

  r.get(
    "/users/v1/branches/:id",
    {
      schema: {
        summary: "One branch",
        tags: ["geo"],
        headers,
        params: z.object({ id: z.uuid() }),
        response: { 200: branchSchema, ...errorResponses },
      },
    },
    async (request) => {
      const branch = (await activeBranches(request.tenant.id)).find((b) => b.id === request.params.id);
      if (!branch) throw new AppError("NOT_FOUND");
      return toBranch(branch);
    },
  );

  r.get(
    "/users/v1/branches/merchant/:merchantId/closest",
    {
      schema: {
        summary:
          "The nearest active branch of the point's city that offers the service (DELIVERY by default) " +
          "and is open now (or at `at`); 404 NO_BRANCH when none is",
        tags: ["geo"],
        headers,
        params: z.object({ merchantId: z.uuid() }),
        querystring: closestBranchQuerySchema,
        response: { 200: branchSchema, ...errorResponses },
      },
    },
    async (request) => {
      if (request.params.merchantId !== request.tenant.id) throw new AppError("FORBIDDEN");
      const { lat, lon, type, at } = request.query;
      const branch = await findClosestBranch(db, {
        merchantId: request.tenant.id,
        latitude: lat,
        longitude: lon,
        type,
        at: at ? new Date(at) : new Date(),
        timeZone: request.tenant.timezone,
      });
      if (!branch) throw new AppError("NO_BRANCH");
      return toBranch(branch, branch.distance);
    },
  );

  r.get(
    "/users/v1/region",
    {
      schema: {
        summary: "Delivery regions: polygons of [longitude, latitude] pairs with their prices",
        tags: ["geo"],
        headers,
        querystring: z.object({ cityId: z.uuid().optional() }),
        response: { 200: z.array(regionSchema), ...errorResponses },
      },
    },
    async (request) =>
      (await listRegions(db, { merchantId: request.tenant.id, cityId: request.query.cityId })).map((g) => ({
        id: g.id,
        merchantId: g.merchantId,
        cityId: g.cityId,
        name: g.name,
        polygon: g.polygon,
        color: g.color,
        price: g.price,
        priority: g.priority,
      })),
  );

  r.post(
    "/deliveries/v1/delivery/tariff/client/calculate",
    {
      schema: {
        summary:
          "Delivery price of a point: its region's price, free from the fee-free threshold; " +
          "400 OUT_OF_ZONE outside every region",
        tags: ["geo"],
        headers,
        body: tariffRequestSchema,
        response: { 200: tariffSchema, ...errorResponses },
      },
    },
    async (request) => {
      // The body's cityId is accepted for the specification's shape but the point decides the city.
      const { productPrice, latitude, longitude } = request.body;
      const quote = await quoteDelivery(db, {
        merchantId: request.tenant.id,
        productPrice,
        latitude,
        longitude,
      });
      if (!quote.ok) throw new AppError("OUT_OF_ZONE");
      return {
        price: quote.price,
        basePrice: quote.basePrice,
        free: quote.free,
        feeFreeThreshold: quote.feeFreeThreshold,
        deliveryTariffId: quote.region.id,
        regionId: quote.region.id,
        regionName: quote.region.name,
        cityId: quote.region.cityId,
      };
    },
  );
}

import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiErrorSchema, errorResponses, tenantHeadersSchema } from "#domain/contract/common.ts";
import { addressInputSchema, addressSchema, type AddressInput } from "#domain/contract/geo.ts";
import { roundCoordinate } from "#domain/geo.ts";
import { AppError } from "../../lib/errors.ts";
import { authOf, requireUser } from "../../plugins/auth.ts";
import { listCities } from "../../services/merchant/settings.ts";
import {
  createAddress,
  deleteAddress,
  listAddresses,
  toAddress,
  updateAddress,
  type AddressValues,
} from "../../services/geo/places.ts";

const authErrors = { ...errorResponses, 401: apiErrorSchema } as const;

function valuesOf(input: AddressInput): AddressValues {
  return {
    type: input.type ?? null,
    name: input.name ?? null,
    streetName: input.streetName ?? null,
    houseNumber: input.houseNumber ?? null,
    details: input.details ?? null,
    description: input.description ?? null,
    comment: input.comment ?? null,
    latitude: roundCoordinate(input.latitude),
    longitude: roundCoordinate(input.longitude),
    cityId: input.cityId ?? null,
    typed: input.typed ?? false,
  };
}

/** Saved addresses of the logged-in customer: only ever the caller's own. */
export async function addressRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const headers = tenantHeadersSchema;

  /** The address as stored; a city must be one of this brand's (its tariffs and settings follow it). */
  const checkedValues = async (merchantId: string, input: AddressInput): Promise<AddressValues> => {
    const values = valuesOf(input);
    // A typed address is all the courier has: its street and house must be there.
    if (values.typed && (!values.streetName?.trim() || !values.houseNumber?.trim())) {
      throw new AppError("VALIDATION_FAILED");
    }
    if (values.cityId && !(await listCities(db, { merchantId })).some((c) => c.id === values.cityId)) {
      throw new AppError("VALIDATION_FAILED");
    }
    return values;
  };

  r.get(
    "/users/v1/addresses/merchant/:merchantId/user/:userId",
    {
      preHandler: requireUser,
      schema: {
        summary: "The caller's saved addresses, newest first (403 for anyone else's)",
        tags: ["addresses"],
        headers,
        params: z.object({ merchantId: z.uuid(), userId: z.uuid() }),
        response: { 200: z.array(addressSchema), ...authErrors },
      },
    },
    async (request) => {
      const { user } = authOf(request);
      if (request.params.merchantId !== request.tenant.id || request.params.userId !== user.id) {
        throw new AppError("FORBIDDEN");
      }
      const rows = await listAddresses(db, { merchantId: request.tenant.id, userId: user.id });
      return rows.map(toAddress);
    },
  );

  r.post(
    "/users/v1/addresses/user/:userId",
    {
      preHandler: requireUser,
      schema: {
        summary: "Saves an address for the caller",
        tags: ["addresses"],
        headers,
        params: z.object({ userId: z.uuid() }),
        body: addressInputSchema,
        response: { 200: addressSchema, ...authErrors },
      },
    },
    async (request) => {
      const { user } = authOf(request);
      if (request.params.userId !== user.id) throw new AppError("FORBIDDEN");
      const row = await createAddress(db, {
        merchantId: request.tenant.id,
        userId: user.id,
        values: await checkedValues(request.tenant.id, request.body),
      });
      return toAddress(row);
    },
  );

  r.put(
    "/users/v1/addresses/:id",
    {
      preHandler: requireUser,
      schema: {
        summary: "Changes one of the caller's addresses (404 for anyone else's)",
        tags: ["addresses"],
        headers,
        params: z.object({ id: z.uuid() }),
        body: addressInputSchema,
        response: { 200: addressSchema, ...authErrors },
      },
    },
    async (request) => {
      const { user } = authOf(request);
      const row = await updateAddress(db, {
        merchantId: request.tenant.id,
        userId: user.id,
        id: request.params.id,
        values: await checkedValues(request.tenant.id, request.body),
      });
      if (!row) throw new AppError("NOT_FOUND");
      return toAddress(row);
    },
  );

  r.delete(
    "/users/v1/addresses/:id",
    {
      preHandler: requireUser,
      schema: {
        summary: "Deletes one of the caller's addresses (404 for anyone else's)",
        tags: ["addresses"],
        headers,
        params: z.object({ id: z.uuid() }),
        response: { 200: z.object({ id: z.uuid(), deleted: z.literal(true) }), ...authErrors },
      },
    },
    async (request) => {
      const { user } = authOf(request);
      const deleted = await deleteAddress(db, {
        merchantId: request.tenant.id,
        userId: user.id,
        id: request.params.id,
      });
      if (!deleted) throw new AppError("NOT_FOUND");
      return { id: request.params.id, deleted: true as const };
    },
  );
}

// The back office's branches and delivery zones (issue 36): owner and manager (bound to no branch),
// checked on every call by `requireBackOffice(request, "places")`.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  placeBranchBodySchema,
  placeBranchSchema,
  placeZoneBodySchema,
  placeZoneSchema,
  versionQuerySchema,
} from "#domain/contract/back-office-places.ts";
import { errorResponses, tenantHeadersSchema, uuidSchema } from "#domain/contract/common.ts";
import { requireUser } from "../../plugins/auth.ts";
import {
  placeBranches,
  placeZones,
  removeZone,
  saveBranch,
  saveZone,
} from "../../services/back-office/places.ts";
import { requireBackOffice, requireStaff } from "../orders/staff.ts";

const errors = { 401: errorResponses[403], 409: errorResponses[403], ...errorResponses };

export async function backOfficePlacesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const base = { tags: ["staff"], security: [{ bearer: [] }], headers: tenantHeadersSchema };
  const preHandler = [requireUser, requireStaff];
  const params = z.object({ id: uuidSchema });

  r.get(
    "/staff/v1/branches",
    {
      preHandler,
      schema: {
        ...base,
        summary:
          "The brand's branches with their address, phone, services and week of hours (owner, manager)",
        response: { 200: z.array(placeBranchSchema), ...errors },
      },
    },
    async (request) => placeBranches(db, requireBackOffice(request, "places").merchantId),
  );

  r.post(
    "/staff/v1/branches",
    {
      preHandler,
      schema: {
        ...base,
        summary: "Add a branch: names, address on the map, phone, services and its week of hours",
        body: placeBranchBodySchema,
        response: { 200: placeBranchSchema, ...errors },
      },
    },
    async (request) => {
      const scope = requireBackOffice(request, "places");
      return saveBranch(db, {
        merchantId: scope.merchantId,
        userId: scope.userId,
        timeZone: request.tenant.timezone,
        id: null,
        input: request.body,
      });
    },
  );

  r.put(
    "/staff/v1/branches/:id",
    {
      preHandler,
      schema: {
        ...base,
        summary: "Save a branch; 409 EDIT_CONFLICT (who and when) when it was saved since `version`",
        params,
        body: placeBranchBodySchema,
        response: { 200: placeBranchSchema, ...errors },
      },
    },
    async (request) => {
      const scope = requireBackOffice(request, "places");
      return saveBranch(db, {
        merchantId: scope.merchantId,
        userId: scope.userId,
        timeZone: request.tenant.timezone,
        id: request.params.id,
        input: request.body,
      });
    },
  );

  r.get(
    "/staff/v1/zones",
    {
      preHandler,
      schema: {
        ...base,
        summary: "The brand's delivery zones: polygon, delivery price and minimum order (owner, manager)",
        response: { 200: z.array(placeZoneSchema), ...errors },
      },
    },
    async (request) => placeZones(db, requireBackOffice(request, "places").merchantId),
  );

  r.post(
    "/staff/v1/zones",
    {
      preHandler,
      schema: {
        ...base,
        summary:
          "Add a delivery zone; a self-crossing polygon (ZONE_SELF_CROSSING) or one over another zone (ZONE_OVERLAP) is refused",
        body: placeZoneBodySchema,
        response: { 200: placeZoneSchema, ...errors },
      },
    },
    async (request) => {
      const scope = requireBackOffice(request, "places");
      return saveZone(db, {
        merchantId: scope.merchantId,
        userId: scope.userId,
        timeZone: request.tenant.timezone,
        id: null,
        input: request.body,
      });
    },
  );

  r.put(
    "/staff/v1/zones/:id",
    {
      preHandler,
      schema: {
        ...base,
        summary: "Save a delivery zone; 409 EDIT_CONFLICT when it was saved since `version`",
        params,
        body: placeZoneBodySchema,
        response: { 200: placeZoneSchema, ...errors },
      },
    },
    async (request) => {
      const scope = requireBackOffice(request, "places");
      return saveZone(db, {
        merchantId: scope.merchantId,
        userId: scope.userId,
        timeZone: request.tenant.timezone,
        id: request.params.id,
        input: request.body,
      });
    },
  );

  r.delete(
    "/staff/v1/zones/:id",
    {
      preHandler,
      schema: {
        ...base,
        summary: "Delete a delivery zone at the version the console shows",
        params,
        querystring: versionQuerySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const scope = requireBackOffice(request, "places");
      await removeZone(db, {
        merchantId: scope.merchantId,
        userId: scope.userId,
        timeZone: request.tenant.timezone,
        id: request.params.id,
        version: request.query.version,
      });
      return reply.code(204).send(null);
    },
  );
}

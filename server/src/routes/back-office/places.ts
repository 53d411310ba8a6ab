// The back office's branches and delivery zones (issue 36). Adding a branch and the zones: owner and
// manager bound to no branch (`requireBackOffice(request, "places")`). A branch's own card (hours,
// holidays, services, payment types, phone): those, and a manager bound to it (`mayManageBranch`).
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { mayManageAllBranches, mayManageBranch, visibleBranchIds } from "#domain/staff-scope.ts";
import {
  brandPaymentTypesSchema,
  placeBranchBodySchema,
  placeBranchSchema,
  placeZoneBodySchema,
  placeZoneSchema,
  versionQuerySchema,
} from "#domain/contract/back-office-places.ts";
import { errorResponses, tenantHeadersSchema, uuidSchema } from "#domain/contract/common.ts";
import { requireUser } from "../../plugins/auth.ts";
import {
  brandPaymentTypes,
  placeBranches,
  placeZones,
  removeZone,
  saveBranch,
  saveZone,
} from "../../services/back-office/places.ts";
import { AppError } from "../../lib/errors.ts";
import { requireBackOffice, requireStaff } from "../orders/staff.ts";

const errors = { 401: errorResponses[403], 409: errorResponses[403], ...errorResponses };

const base = { tags: ["staff"], security: [{ bearer: [] }], headers: tenantHeadersSchema };
const preHandler = [requireUser, requireStaff];
const params = z.object({ id: uuidSchema });

/** A branch's own card: listed and saved by those who manage it, added by those who manage all. */
function branchCardRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  r.get(
    "/staff/v1/branches",
    {
      preHandler,
      schema: {
        ...base,
        summary:
          "The brand's branches with their address, phone, services, week of hours, payment types and holidays (owner, manager; a manager bound to branches: their own)",
        response: { 200: z.array(placeBranchSchema), ...errors },
      },
    },
    async (request) => {
      const scope = requireBackOffice(request, "branches");
      return placeBranches(db, {
        merchantId: scope.merchantId,
        timeZone: request.tenant.timezone,
        branchIds: visibleBranchIds(scope),
      });
    },
  );

  r.get(
    "/staff/v1/branches/payment-types",
    {
      preHandler,
      schema: {
        ...base,
        summary: "The types of the brand's active payment methods, which a branch picks from",
        response: { 200: brandPaymentTypesSchema, ...errors },
      },
    },
    async (request) => brandPaymentTypes(db, requireBackOffice(request, "branches").merchantId),
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
        summary:
          "Save a branch; 409 EDIT_CONFLICT (who and when) when it was saved since `version`. A manager bound to the branch saves its hours, holidays, services, payment types and phone (its name, address, point and visibility are kept); another branch's is 403 STAFF_BRANCH_FORBIDDEN",
        params,
        body: placeBranchBodySchema,
        response: { 200: placeBranchSchema, ...errors },
      },
    },
    async (request) => {
      const scope = requireBackOffice(request, "branches");
      if (!mayManageBranch(scope, request.params.id)) throw new AppError("STAFF_BRANCH_FORBIDDEN");
      return saveBranch(db, {
        merchantId: scope.merchantId,
        userId: scope.userId,
        timeZone: request.tenant.timezone,
        id: request.params.id,
        input: request.body,
        branchOnly: !mayManageAllBranches(scope),
      });
    },
  );
}

export async function backOfficePlacesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  branchCardRoutes(app);

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

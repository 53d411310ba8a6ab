// The owner's side of the back office (issue 36): staff, brand settings and secrets, banners, promo
// codes. Each route checks the caller's brand role and binding (`requireBackOffice`).
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  brandSettingsBodySchema,
  brandSettingsSchema,
  staffInviteSchema,
  staffMemberBodySchema,
  staffMemberSchema,
} from "#domain/contract/back-office-brand.ts";
import { errorResponses, tenantHeadersSchema, uuidSchema } from "#domain/contract/common.ts";
import { requireUser } from "../../plugins/auth.ts";
import {
  changeStaff,
  inviteStaff,
  removeStaff,
  staffMembers,
} from "../../services/back-office/staff-members.ts";
import { brandSettings, saveBrandSettings } from "../../services/back-office/brand-settings.ts";
import { requireBackOffice, requireStaff } from "../orders/staff.ts";
import { botStateRoutes } from "./bot.ts";
import { promoCodeRoutes } from "./promo-codes.ts";

const errors = { 401: errorResponses[403], 409: errorResponses[403], ...errorResponses };

export async function backOfficeBrandRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const base = { tags: ["staff"], security: [{ bearer: [] }], headers: tenantHeadersSchema };
  const preHandler = [requireUser, requireStaff];
  const idParams = z.object({ id: uuidSchema });

  r.get(
    "/staff/v1/staff-members",
    {
      preHandler,
      schema: {
        ...base,
        summary: "The brand's staff with their roles and branches (owner)",
        response: { 200: z.array(staffMemberSchema), ...errors },
      },
    },
    async (request) => {
      const scope = requireBackOffice(request, "staff");
      return staffMembers(db, scope.merchantId, scope.userId);
    },
  );

  r.post(
    "/staff/v1/staff-members",
    {
      preHandler,
      schema: {
        ...base,
        summary:
          "Invite a person by phone with a role and branches (owner); they sign in to /staff with that phone and an SMS code",
        body: staffInviteSchema,
        response: { 201: staffMemberSchema, ...errors },
      },
    },
    async (request, reply) => {
      const scope = requireBackOffice(request, "staff");
      const member = await inviteStaff(db, {
        merchantId: scope.merchantId,
        userId: scope.userId,
        currency: request.tenant.currency,
        ...request.body,
      });
      return reply.code(201).send(member);
    },
  );

  r.put(
    "/staff/v1/staff-members/:id",
    {
      preHandler,
      schema: {
        ...base,
        summary: "Change a member's role and branches (owner); 409 LAST_OWNER for the brand's only owner",
        params: idParams,
        body: staffMemberBodySchema,
        response: { 200: staffMemberSchema, ...errors },
      },
    },
    async (request) => {
      const scope = requireBackOffice(request, "staff");
      return changeStaff(db, {
        merchantId: scope.merchantId,
        userId: scope.userId,
        id: request.params.id,
        ...request.body,
      });
    },
  );

  r.delete(
    "/staff/v1/staff-members/:id",
    {
      preHandler,
      schema: {
        ...base,
        summary:
          "Remove a member (owner): back to a customer, their sessions at the brand revoked at once; 409 LAST_OWNER",
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const scope = requireBackOffice(request, "staff");
      await removeStaff(db, { merchantId: scope.merchantId, userId: scope.userId, id: request.params.id });
      return reply.code(204).send(null);
    },
  );

  r.get(
    "/staff/v1/brand-settings",
    {
      preHandler,
      schema: {
        ...base,
        summary:
          "The brand's colours, languages, storefront switches and which secrets are set (owner); a secret's value is never answered",
        response: { 200: brandSettingsSchema, ...errors },
      },
    },
    async (request) => {
      const scope = requireBackOffice(request, "settings");
      return brandSettings(db, scope.merchantId);
    },
  );

  r.put(
    "/staff/v1/brand-settings",
    {
      preHandler,
      schema: {
        ...base,
        summary:
          "Save the brand's settings (owner); secrets are replaced or cleared, never read back; 409 EDIT_CONFLICT when saved since `version`",
        body: brandSettingsBodySchema,
        response: { 200: brandSettingsSchema, ...errors },
      },
    },
    async (request) => {
      const scope = requireBackOffice(request, "settings");
      return saveBrandSettings(db, {
        merchantId: scope.merchantId,
        userId: scope.userId,
        timeZone: request.tenant.timezone,
        changes: request.body,
      });
    },
  );

  await botStateRoutes(app);
  await promoCodeRoutes(app);
}

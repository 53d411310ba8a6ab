// The brand's kitchen system in the console (issue 38): GET and PUT /staff/v1/kitchen/iiko, the
// owner's (`settings` area, src/domain/staff-scope.ts). The save checks the login with iiko and
// answers what iiko found, or iiko's refusal in the caller's language.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { errorResponses, tenantHeadersSchema } from "#domain/contract/common.ts";
import {
  iikoMenuImportBodySchema,
  iikoMenuImportSchema,
  iikoMenuPreviewSchema,
  iikoSettingsBodySchema,
  iikoSettingsSchema,
} from "#domain/contract/kitchen.ts";
import { requireUser } from "../../plugins/auth.ts";
import { importMenu, previewMenuImport } from "../../services/kitchen/iiko-menu.ts";
import { IIKO_WEBHOOK_PATH, iikoSettings, saveIikoSettings } from "../../services/kitchen/iiko-setup.ts";
import { requireBackOffice, requireStaff } from "../orders/staff.ts";

const errors = { 401: errorResponses[403], 409: errorResponses[403], ...errorResponses };

export async function kitchenSettingsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const base = { tags: ["staff"], security: [{ bearer: [] }], headers: tenantHeadersSchema };
  const preHandler = [requireUser, requireStaff];
  // iiko calls the public address; without PUBLIC_URL (demo, development) the one this request came to.
  const webhookUrl = (request: FastifyRequest) =>
    `${app.config.publicUrl ?? `${request.protocol}://${request.host}`}${IIKO_WEBHOOK_PATH}`;

  r.get(
    "/staff/v1/kitchen/iiko",
    {
      preHandler,
      schema: {
        ...base,
        summary:
          "The brand's iiko connection as stored, with the names iiko gives its organisation and terminal groups when iiko answers (owner); the API login is never answered",
        response: { 200: iikoSettingsSchema, ...errors },
      },
    },
    async (request) => {
      const scope = requireBackOffice(request, "settings");
      return iikoSettings(
        { db, config: app.config, standIns: app.standIns },
        scope.merchantId,
        webhookUrl(request),
      );
    },
  );

  r.put(
    "/staff/v1/kitchen/iiko",
    {
      preHandler,
      schema: {
        ...base,
        summary:
          "Check the iiko API login with iiko, point iiko's webhooks here and store the organisation and the branches' terminal groups (owner); 422 IIKO_REFUSED with iiko's reason",
        body: iikoSettingsBodySchema,
        response: { 200: iikoSettingsSchema, ...errors },
      },
    },
    async (request) => {
      const scope = requireBackOffice(request, "settings");
      return saveIikoSettings(
        { db, config: app.config, standIns: app.standIns },
        { merchantId: scope.merchantId, webhookUrl: webhookUrl(request), body: request.body },
      );
    },
  );

  // The menu from iiko's nomenclature: a preview, then the import of what was previewed (menu area:
  // owners and managers, as the console's menu editor).
  r.post(
    "/staff/v1/kitchen/iiko/menu/preview",
    {
      preHandler,
      schema: {
        ...base,
        summary:
          "What importing iiko's nomenclature would change in the brand's menu, without changing it (owner, manager)",
        response: { 200: iikoMenuPreviewSchema, ...errors },
      },
    },
    async (request) => {
      const scope = requireBackOffice(request, "menu");
      return previewMenuImport({ db, config: app.config, standIns: app.standIns }, scope.merchantId);
    },
  );

  r.post(
    "/staff/v1/kitchen/iiko/menu/import",
    {
      preHandler,
      schema: {
        ...base,
        summary:
          "Import iiko's nomenclature into the brand's menu in one transaction (owner, manager); 409 IIKO_MENU_CHANGED when iiko's revision moved on since the preview",
        body: iikoMenuImportBodySchema,
        response: { 200: iikoMenuImportSchema, ...errors },
      },
    },
    async (request) => {
      const scope = requireBackOffice(request, "menu");
      return importMenu(
        { db, config: app.config, standIns: app.standIns },
        { merchantId: scope.merchantId, userId: scope.userId, revision: request.body.revision },
      );
    },
  );
}

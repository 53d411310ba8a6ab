// The back office's staff routes (issue 36): the menu editor and the audit log. Each checks the
// caller's brand role and binding (`requireBackOffice`); the rules are src/domain/staff-scope.ts.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  auditEntrySchema,
  auditQuerySchema,
  editorProductBodySchema,
  editorProductSchema,
} from "#domain/contract/back-office.ts";
import { errorResponses, tenantHeadersSchema, uuidSchema } from "#domain/contract/common.ts";
import { requireUser } from "../../plugins/auth.ts";
import { listAudit } from "../../services/back-office/audit.ts";
import { editorProducts, saveProduct } from "../../services/back-office/menu-editor.ts";
import { requireBackOffice, requireStaff } from "../orders/staff.ts";
import { bannerRoutes } from "./banners.ts";
import { clipUploadRoutes } from "./clips.ts";
import { storyRoutes } from "./stories.ts";
import { webhookRoutes } from "./webhooks.ts";
import { brandFileRoutes } from "./brand-file.ts";
import { contentEditorRoutes } from "./content.ts";
import { backOfficePlacesRoutes } from "./places.ts";
import { menuBuilderRoutes } from "./menu.ts";
import { menuGroupRoutes } from "./menu-groups.ts";
import { pictureRoutes } from "./pictures.ts";
import { backOfficeBrandRoutes } from "./brand.ts";
import { kitchenSettingsRoutes } from "./kitchen.ts";
import { reportRoutes } from "./reports.ts";
import { deliverySettingsRoutes } from "./delivery.ts";
import { fiscalSettingsRoutes } from "./fiscal.ts";
import { orderRulesRoutes } from "./order-rules.ts";

const errors = { 401: errorResponses[403], 409: errorResponses[403], ...errorResponses };

export async function backOfficeRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const base = { tags: ["staff"], security: [{ bearer: [] }], headers: tenantHeadersSchema };
  const preHandler = [requireUser, requireStaff];
  await app.register(brandFileRoutes);
  await app.register(contentEditorRoutes);
  await backOfficePlacesRoutes(app);
  await app.register(pictureRoutes);
  await app.register(menuBuilderRoutes);
  await app.register(menuGroupRoutes);
  await backOfficeBrandRoutes(app);
  await kitchenSettingsRoutes(app);
  await deliverySettingsRoutes(app);
  await fiscalSettingsRoutes(app);
  await orderRulesRoutes(app);
  await bannerRoutes(app);
  await app.register(clipUploadRoutes);
  await storyRoutes(app);
  await webhookRoutes(app);
  await reportRoutes(app);

  r.get(
    "/staff/v1/products",
    {
      preHandler,
      schema: {
        ...base,
        summary: "The brand's products as the menu editor shows them (owner and manager, bound to no branch)",
        response: { 200: z.array(editorProductSchema), ...errors },
      },
    },
    async (request) => {
      const scope = requireBackOffice(request, "menu");
      return editorProducts(db, scope.merchantId);
    },
  );

  r.put(
    "/staff/v1/products/:id",
    {
      preHandler,
      schema: {
        ...base,
        summary:
          "Save a product's names, description, price, discount and visibility; 409 EDIT_CONFLICT (who and when) when it was saved since `version`",
        params: z.object({ id: uuidSchema }),
        body: editorProductBodySchema,
        response: { 200: editorProductSchema, ...errors },
      },
    },
    async (request) => {
      const scope = requireBackOffice(request, "menu");
      const { version, ...changes } = request.body;
      return saveProduct(db, {
        merchantId: scope.merchantId,
        userId: scope.userId,
        id: request.params.id,
        version,
        changes,
        timeZone: request.tenant.timezone,
      });
    },
  );

  r.get(
    "/staff/v1/audit",
    {
      preHandler,
      schema: {
        ...base,
        summary: "Who changed what in the back office and when, newest first",
        querystring: auditQuerySchema,
        response: { 200: z.array(auditEntrySchema), ...errors },
      },
    },
    async (request) => {
      const scope = requireBackOffice(request, "audit");
      const rows = await listAudit(db, { merchantId: scope.merchantId, ...request.query });
      return rows.map((row) => ({ ...row, at: row.at.toISOString() }));
    },
  );
}

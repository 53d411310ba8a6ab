// The brand as a file (issue 36): the owner downloads what `npm run import` takes, the brand's
// import/export format, with the uploaded pictures and clips it names inside. Secrets are left out
// (services/back-office/brand-export.ts).
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses, tenantHeadersSchema } from "#domain/contract/common.ts";
import { requireUser } from "../../plugins/auth.ts";
import { exportBrand } from "../../services/back-office/brand-export.ts";
import { requireBackOffice, requireStaff } from "../orders/staff.ts";

export async function brandFileRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  r.get(
    "/staff/v1/brand-file",
    {
      preHandler: [requireUser, requireStaff],
      schema: {
        tags: ["staff"],
        security: [{ bearer: [] }],
        headers: tenantHeadersSchema,
        summary:
          "The brand as a brand file (format version 1), as a download; secrets are null. Importing it into an empty database reproduces the brand (owner)",
        response: {
          200: z.looseObject({ version: z.literal(1) }).meta({ id: "BrandFile" }),
          401: errorResponses[403],
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const scope = requireBackOffice(request, "brand-file");
      const file = await exportBrand(db, scope.merchantId, app.pictures);
      const day = new Date().toISOString().slice(0, 10);
      void reply.header("cache-control", "no-store");
      void reply.header(
        "content-disposition",
        `attachment; filename="${request.tenant.sub}-brand-${day}.json"`,
      );
      return file;
    },
  );
}

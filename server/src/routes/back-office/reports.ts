// The back office's reports (issue 42, owner and manager bound to no branch): orders and revenue of
// a period by day, branch, service, payment and channel.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { errorResponses, tenantHeadersSchema } from "#domain/contract/common.ts";
import { orderReportSchema, reportQuerySchema } from "#domain/contract/reports.ts";
import { requireUser } from "../../plugins/auth.ts";
import { orderReport } from "../../services/back-office/reports.ts";
import { requireBackOffice, requireStaff, staffBranchFilter } from "../orders/staff.ts";

const errors = { 401: errorResponses[403], ...errorResponses };

export async function reportRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  r.get(
    "/staff/v1/reports",
    {
      preHandler: [requireUser, requireStaff],
      schema: {
        tags: ["staff"],
        security: [{ bearer: [] }],
        headers: tenantHeadersSchema,
        summary:
          "Orders and revenue from one local day to another (92 days at most), by day, branch, service, payment and channel, with the times to ready and to the door and the late share (owner, manager)",
        querystring: reportQuerySchema,
        response: { 200: orderReportSchema, ...errors },
      },
    },
    async (request) => {
      const scope = requireBackOffice(request, "reports");
      const { from, to, branchId } = request.query;
      return orderReport(db, {
        merchantId: scope.merchantId,
        branchIds: await staffBranchFilter(request, branchId),
        from,
        to,
        timeZone: request.tenant.timezone,
      });
    },
  );
}

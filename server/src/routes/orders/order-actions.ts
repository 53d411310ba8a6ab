// One order of the customer: read, cancel, grade, hide.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses, tenantHeadersSchema } from "#domain/contract/common.ts";
import {
  cancelOrderBodySchema,
  gradeOrderBodySchema,
  orderIdParamsSchema,
  orderSchema,
} from "#domain/contract/orders.ts";
import { AppError } from "../../lib/errors.ts";
import { changeStatus } from "../../services/orders/service.ts";
import { findOrder, gradeOrder, hideOrder, must, orderViews } from "../../services/orders/lookup.ts";
import { authOf, requireUser } from "../../plugins/auth.ts";
import type { OrderRouteDeps } from "./deps.ts";
import { requestLanguage, smsGatewayFor } from "../../integrations/sms/index.ts";
import { findSmsContent } from "../../services/merchant/settings.ts";
import { sendReceiptSms } from "../../services/payments/fiscal.ts";

/** One order of the customer: read, cancel, grade, hide. */
export function orderActionRoutes(app: FastifyInstance, { events, refunds }: OrderRouteDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  r.get(
    "/orders/v1/orders/:id",
    {
      preHandler: requireUser,
      schema: {
        summary: "One order of the customer (anyone else's answers 404)",
        tags: ["orders"],
        security: [{ bearer: [] }],
        headers: tenantHeadersSchema,
        params: orderIdParamsSchema,
        response: { 200: orderSchema, 401: errorResponses[403], ...errorResponses },
      },
    },
    async (request) => {
      const { user } = authOf(request);
      const row = await findOrder(db, {
        merchantId: request.tenant.id,
        id: request.params.id,
        userId: user.id,
      });
      if (!row) throw new AppError("NOT_FOUND");
      const [view] = await orderViews(db, [row]);
      return must(view);
    },
  );

  r.put(
    "/orders/v1/orders/:id/cancel",
    {
      preHandler: requireUser,
      schema: {
        summary: "The customer cancels an order (only OPEN, CREATED or AT_TIME, where the brand allows it)",
        tags: ["orders"],
        security: [{ bearer: [] }],
        headers: tenantHeadersSchema,
        params: orderIdParamsSchema,
        body: cancelOrderBodySchema,
        response: { 200: orderSchema, 401: errorResponses[403], 409: errorResponses[403], ...errorResponses },
      },
    },
    async (request) => {
      const { user } = authOf(request);
      const row = await changeStatus(db, events, {
        merchantId: request.tenant.id,
        orderId: request.params.id,
        to: "CANCELED",
        actor: { kind: "customer", userId: user.id },
        comment: request.body?.reason ?? null,
      });
      // A paid order's refund was recorded with the cancel: send it now, without waiting for it.
      if (row.isPaid) refunds.kick();
      const [view] = await orderViews(db, [row]);
      return must(view);
    },
  );

  r.post(
    "/orders/v1/orders/:id/receipt/sms",
    {
      preHandler: requireUser,
      schema: {
        summary:
          "Text the tax authority's link of a paid order's fiscal receipt to the order's receipt phone, else the customer's (at most once a minute)",
        tags: ["orders"],
        security: [{ bearer: [] }],
        headers: tenantHeadersSchema,
        params: orderIdParamsSchema,
        response: {
          200: z.object({ phone: z.string() }),
          401: errorResponses[403],
          409: errorResponses[403],
          429: errorResponses[403],
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { user } = authOf(request);
      const gateway = smsGatewayFor(request.tenant, app.config);
      if (!gateway) throw new AppError("SMS_UNAVAILABLE");
      const settings = await findSmsContent(db, { merchantId: request.tenant.id });
      return sendReceiptSms(db, {
        merchantId: request.tenant.id,
        orderId: request.params.id,
        userId: user.id,
        userPhone: user.phone,
        gateway,
        lang: requestLanguage(request.headers, settings?.mainLanguage),
        now: new Date(),
      });
    },
  );

  r.post(
    "/orders/v1/orders/:id/grade",
    {
      preHandler: requireUser,
      schema: {
        summary:
          "The customer grades a delivered or closed order once (1-5, reasons, comment); its products get the grade",
        tags: ["orders"],
        security: [{ bearer: [] }],
        headers: tenantHeadersSchema,
        params: orderIdParamsSchema,
        body: gradeOrderBodySchema,
        response: { 200: orderSchema, 401: errorResponses[403], 409: errorResponses[403], ...errorResponses },
      },
    },
    async (request) => {
      const { user } = authOf(request);
      const row = await gradeOrder(db, {
        merchantId: request.tenant.id,
        orderId: request.params.id,
        userId: user.id,
        grade: request.body.grade,
        reasons: request.body.reasons,
        comment: request.body.comment?.trim() ? request.body.comment.trim() : null,
        now: new Date(),
      });
      const [view] = await orderViews(db, [row]);
      return must(view);
    },
  );

  r.put(
    "/orders/v1/orders/:id/hide",
    {
      preHandler: requireUser,
      schema: {
        summary: "Hide an order from the customer's lists",
        tags: ["orders"],
        security: [{ bearer: [] }],
        headers: tenantHeadersSchema,
        params: orderIdParamsSchema,
        response: {
          200: z.object({ id: z.uuid(), hidden: z.literal(true) }),
          401: errorResponses[403],
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { user } = authOf(request);
      await hideOrder(db, { merchantId: request.tenant.id, id: request.params.id, userId: user.id });
      return { id: request.params.id, hidden: true as const };
    },
  );
}

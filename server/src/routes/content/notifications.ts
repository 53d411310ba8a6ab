// The customer's notifications (notificationsActive) and the brand's news published by staff.
// While the switch is off the customer's routes do not exist (404 NOT_FOUND), like every other
// switched-off section; staff may still publish (the news shows once the switch is on).
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses, tenantHeadersSchema } from "#domain/contract/common.ts";
import {
  notificationIdParamsSchema,
  notificationPageQuerySchema,
  notificationPageSchema,
  notificationSchema,
  notificationsReadSchema,
  publishedNewsSchema,
  staffNotificationBodySchema,
} from "#domain/contract/notifications.ts";
import { isAllowedImageSource } from "#domain/image-source.ts";
import { AppError } from "../../lib/errors.ts";
import { authOf, requireUser } from "../../plugins/auth.ts";
import { getWebSettings } from "../../services/merchant/settings.ts";
import { editNews, publishedNews, publishNews, withdrawNews } from "../../services/back-office/news.ts";
import { countUnread, listNotifications, markAllRead, markRead } from "../../services/notifications/inbox.ts";
import { requireBackOffice, requireBrandWideStaff, requireStaff } from "../orders/staff.ts";

export async function notificationRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const base = { tags: ["notifications"], security: [{ bearer: [] }], headers: tenantHeadersSchema };
  const errors = { 401: errorResponses[403], ...errorResponses };

  const switchedOn = async (merchantId: string) => {
    const web = await getWebSettings(db, { merchantId });
    if (!web.notificationsActive) throw new AppError("NOT_FOUND");
  };

  r.get(
    "/notifications/v1/notifications",
    {
      preHandler: requireUser,
      schema: {
        ...base,
        summary:
          "The customer's notifications and the brand's news, newest first; 404 while notificationsActive is off",
        querystring: notificationPageQuerySchema,
        response: { 200: notificationPageSchema, ...errors },
      },
    },
    async (request) => {
      const merchantId = request.tenant.id;
      await switchedOn(merchantId);
      const { page, size } = request.query;
      return listNotifications(db, { merchantId, userId: authOf(request).user.id, page, size });
    },
  );

  r.put(
    "/notifications/v1/notifications/read-all",
    {
      preHandler: requireUser,
      schema: {
        ...base,
        summary: "Mark every notification of the customer read",
        response: { 200: notificationsReadSchema, ...errors },
      },
    },
    async (request) => {
      const merchantId = request.tenant.id;
      await switchedOn(merchantId);
      const userId = authOf(request).user.id;
      await markAllRead(db, { merchantId, userId });
      return { unread: await countUnread(db, { merchantId, userId }) };
    },
  );

  r.put(
    "/notifications/v1/notifications/:id/read",
    {
      preHandler: requireUser,
      schema: {
        ...base,
        summary: "Mark one notification read; 404 for one that is not the customer's",
        params: notificationIdParamsSchema,
        response: { 200: notificationSchema, ...errors },
      },
    },
    async (request) => {
      const merchantId = request.tenant.id;
      await switchedOn(merchantId);
      const read = await markRead(db, {
        merchantId,
        userId: authOf(request).user.id,
        id: request.params.id,
      });
      if (!read) throw new AppError("NOT_FOUND");
      return read;
    },
  );
  staffNewsRoutes(app);
}

/** The brand's news from the back office: listed, published, corrected, taken back. */
function staffNewsRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const base = { tags: ["notifications"], security: [{ bearer: [] }], headers: tenantHeadersSchema };
  const errors = { 401: errorResponses[403], ...errorResponses };

  r.get(
    "/staff/v1/notifications",
    {
      preHandler: [requireUser, requireStaff],
      schema: {
        ...base,
        tags: ["staff"],
        summary:
          "The brand's news, newest first (the latest 100), with how many customers read each; owners and managers bound to no branch",
        response: { 200: z.array(publishedNewsSchema), ...errors },
      },
    },
    async (request) => {
      requireBrandWideStaff(request);
      const scope = requireBackOffice(request, "content");
      return publishedNews(db, scope.merchantId);
    },
  );

  r.post(
    "/staff/v1/notifications",
    {
      preHandler: [requireUser, requireStaff],
      schema: {
        ...base,
        tags: ["staff"],
        summary:
          "Publish the brand's news to every customer (title and body in uz, ru and eng at least); staff bound to branches get 403 STAFF_BRANCH_FORBIDDEN, others than owners and managers 403 BACK_OFFICE_FORBIDDEN, an image neither on this site nor on an IMAGE_HOSTS origin 400 IMAGE_HOST_NOT_ALLOWED",
        body: staffNotificationBodySchema,
        response: { 201: notificationSchema, ...errors },
      },
    },
    async (request, reply) => {
      // News goes to every customer of the brand: a brand-wide action (src/domain/staff-scope.ts),
      // and the brand's content, so the back office's role rule too.
      requireBrandWideStaff(request);
      const scope = requireBackOffice(request, "content");
      const { title, body, image } = request.body;
      if (image && !isAllowedImageSource(image, app.config.imageHosts))
        throw new AppError("IMAGE_HOST_NOT_ALLOWED");
      const published = await publishNews(db, {
        merchantId: scope.merchantId,
        userId: scope.userId,
        news: { title, body, image: image ?? null },
      });
      request.log.info({ notificationId: published.id, staffId: scope.userId }, "brand news published");
      return reply.status(201).send(published);
    },
  );

  r.put(
    "/staff/v1/notifications/:id",
    {
      preHandler: [requireUser, requireStaff],
      schema: {
        ...base,
        tags: ["staff"],
        summary:
          "Correct a published news item of the brand (same rules as publishing); 404 NOT_FOUND for another brand's or a customer's own notification",
        params: notificationIdParamsSchema,
        body: staffNotificationBodySchema,
        response: { 200: notificationSchema, ...errors },
      },
    },
    async (request) => {
      requireBrandWideStaff(request);
      const scope = requireBackOffice(request, "content");
      const { title, body, image } = request.body;
      if (image && !isAllowedImageSource(image, app.config.imageHosts))
        throw new AppError("IMAGE_HOST_NOT_ALLOWED");
      return editNews(db, {
        merchantId: scope.merchantId,
        userId: scope.userId,
        id: request.params.id,
        news: { title, body, image: image ?? null },
      });
    },
  );

  r.delete(
    "/staff/v1/notifications/:id",
    {
      preHandler: [requireUser, requireStaff],
      schema: {
        ...base,
        tags: ["staff"],
        summary:
          "Take a published news item back: it leaves every customer's bell (logged with its text); 404 NOT_FOUND for another brand's",
        params: notificationIdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      requireBrandWideStaff(request);
      const scope = requireBackOffice(request, "content");
      await withdrawNews(db, { merchantId: scope.merchantId, userId: scope.userId, id: request.params.id });
      request.log.info({ notificationId: request.params.id, staffId: scope.userId }, "brand news withdrawn");
      return reply.status(204).send(null);
    },
  );
}

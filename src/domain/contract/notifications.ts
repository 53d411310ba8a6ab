import { z } from "zod";
import { ORDER_STATUSES } from "../enums.ts";
import { isSitePath } from "../image-source.ts";
import { dateTimeSchema, multilingualSchema, uuidSchema } from "./common.ts";

/** ORDER_STATUS: the customer's order moved; BRAND: the brand's news to every customer. */
export const NOTIFICATION_TYPES = ["ORDER_STATUS", "BRAND"] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const notificationSchema = z
  .object({
    id: uuidSchema,
    type: z.enum(NOTIFICATION_TYPES),
    title: multilingualSchema,
    body: multilingualSchema,
    image: z.string().nullable(),
    /** The order an ORDER_STATUS notification is about, and the status it reached. */
    orderId: uuidSchema.nullable(),
    orderStatus: z.enum(ORDER_STATUSES).nullable(),
    isRead: z.boolean(),
    createdDate: dateTimeSchema,
  })
  .meta({ id: "Notification" });
export type Notification = z.infer<typeof notificationSchema>;

/** A page of the customer's notifications, newest first (zero-based pages, like the orders). */
export const notificationPageSchema = z
  .object({
    content: z.array(notificationSchema),
    page: z.number().int(),
    size: z.number().int(),
    totalElements: z.number().int(),
    totalPages: z.number().int(),
    last: z.boolean(),
    /** Unread notifications of the customer on every page (the bell's count). */
    unread: z.number().int(),
  })
  .meta({ id: "NotificationPage" });
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const notificationPageQuerySchema = z.object({
  size: z.coerce.number().int().min(1).max(50).default(20),
  page: z.coerce.number().int().min(0).max(100_000).default(0),
});

export const notificationIdParamsSchema = z.object({ id: uuidSchema });

/** PUT .../read-all: how many are left unread (none). */
export const notificationsReadSchema = z
  .object({ unread: z.number().int() })
  .meta({ id: "NotificationsRead" });

/** POST /staff/v1/notifications: the brand's news to every customer (uz, ru and eng required). */
const texts = (max: number) => {
  const one = z.string().trim().min(1).max(max);
  return z.object({
    uz: one,
    ru: one,
    eng: one,
    ar: one.optional(),
    kz: one.optional(),
    tr: one.optional(),
    zh: one.optional(),
  });
};

export const staffNotificationBodySchema = z.object({
  title: texts(120),
  body: texts(2000),
  /** A path of the site (/...) or an http(s) URL; the server also requires an IMAGE_HOSTS origin. */
  image: z
    .string()
    .max(2000)
    .refine((v) => isSitePath(v) || /^https?:\/\/[^/]/i.test(v), {
      error: "must be a path from the site root (/...) or an http(s) URL",
    })
    .nullable()
    .optional(),
});
export type StaffNotificationBody = z.infer<typeof staffNotificationBodySchema>;

/** GET /staff/v1/notifications: the brand's news as the console lists it, newest first. */
export const publishedNewsSchema = z
  .object({
    id: uuidSchema,
    title: multilingualSchema,
    body: multilingualSchema,
    image: z.string().nullable(),
    createdDate: dateTimeSchema,
    /** From the brand file (the next import replaces it) rather than published in the console. */
    fromFile: z.boolean(),
    /** Customers who have opened it as read. */
    reads: z.number().int(),
  })
  .meta({ id: "PublishedNews" });
export type PublishedNews = z.infer<typeof publishedNewsSchema>;

// Customer engagement and merchant content: favourites, product grades, reservations, waiter calls,
// vacancies, banners, stories and notifications.
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  createdDate,
  id,
  lastModifiedDate,
  money,
  multilingual,
  requiredMultilingual,
  timestamptz,
} from "./columns.ts";
import { reservationStatusEnum } from "./enums.ts";
import { branches, diningTables, halls } from "./geo.ts";
import type { WaiterCallReason, WaiterCallStatus } from "#domain/waiter-calls.ts";
import { categories, products } from "./menu.ts";
import { cities } from "./merchants.ts";
import { merchantId } from "./tenant.ts";
import { orders } from "./orders.ts";
import { users } from "./users.ts";

export const favourites = pgTable(
  "favourites",
  {
    id: id(),
    merchantId: merchantId(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    isFavourite: boolean().notNull().default(true),
    createdDate: createdDate(),
  },
  (t) => [
    index("favourites_merchant_id_user_id_idx").on(t.merchantId, t.userId),
    uniqueIndex("favourites_user_id_product_id_uq").on(t.userId, t.productId),
  ],
);

/** A customer's rating of a product, 1 to 5 (GET /products/v1/grade serves the averages). */
export const grades = pgTable(
  "grades",
  {
    id: id(),
    merchantId: merchantId(),
    /** NULL after the author's account is deleted. */
    userId: uuid().references(() => users.id, { onDelete: "set null" }),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    orderId: uuid().references(() => orders.id, { onDelete: "set null" }),
    grade: smallint().notNull(),
    comment: text(),
    createdDate: createdDate(),
  },
  (t) => [
    index("grades_merchant_id_product_id_idx").on(t.merchantId, t.productId),
    check("grades_grade_check", sql`${t.grade} between 1 and 5`),
  ],
);

/** A table reservation at a branch. */
/**
 * A table booking: guests of a customer at a branch (optionally a hall) from `time` to `endTime`.
 * Seats are counted per branch and hall against the tables' seats (src/domain/booking.ts); the end
 * is stored so a later change of the brand's booking duration leaves existing bookings as they were.
 */
export const reservations = pgTable(
  "reservations",
  {
    id: id(),
    merchantId: merchantId(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    branchId: uuid()
      .notNull()
      .references(() => branches.id, { onDelete: "cascade" }),
    hallId: uuid().references(() => halls.id, { onDelete: "set null" }),
    /** The table staff gave the booking (when confirming or after); a table of the booking's branch. */
    tableId: uuid().references(() => diningTables.id, { onDelete: "set null" }),
    /** The guest the table is booked for, and how to reach them. */
    name: text().notNull(),
    phone: text().notNull(),
    /** Guests. */
    chairs: integer().notNull(),
    time: timestamptz().notNull(),
    endTime: timestamptz().notNull(),
    comment: text(),
    status: reservationStatusEnum().notNull().default("REQUESTED"),
    /** Why staff declined it, shown to the customer. */
    declineReason: text(),
    createdDate: createdDate(),
    lastModifiedDate: lastModifiedDate(),
  },
  (t) => [
    index("reservations_merchant_id_branch_id_time_idx").on(t.merchantId, t.branchId, t.time),
    index("reservations_user_id_idx").on(t.userId),
    check("reservations_chairs_check", sql`${t.chairs} > 0`),
    check("reservations_end_time_check", sql`${t.endTime} > ${t.time}`),
  ],
);

/**
 * A call for a waiter from a table (the table's QR code is the guest's credential, so `userId` is
 * only set for a signed-in customer). At most one open call (OPEN or ACKNOWLEDGED) per table and
 * reason: the partial unique index makes a second press, even a concurrent one, find the first call.
 */
export const waiterCalls = pgTable(
  "waiter_calls",
  {
    id: id(),
    merchantId: merchantId(),
    userId: uuid().references(() => users.id, { onDelete: "set null" }),
    branchId: uuid()
      .notNull()
      .references(() => branches.id, { onDelete: "cascade" }),
    hallId: uuid()
      .notNull()
      .references(() => halls.id, { onDelete: "cascade" }),
    tableId: uuid()
      .notNull()
      .references(() => diningTables.id, { onDelete: "cascade" }),
    /** CALL or BILL (src/domain/waiter-calls.ts). */
    reason: text().$type<WaiterCallReason>().notNull(),
    /** OPEN, ACKNOWLEDGED or CLOSED. */
    status: text().$type<WaiterCallStatus>().notNull().default("OPEN"),
    createdDate: createdDate(),
    acknowledgedAt: timestamptz(),
    acknowledgedBy: uuid().references(() => users.id, { onDelete: "set null" }),
    closedAt: timestamptz(),
    closedBy: uuid().references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    index("waiter_calls_merchant_id_branch_id_idx").on(t.merchantId, t.branchId, t.createdDate),
    index("waiter_calls_table_id_created_date_idx").on(t.tableId, t.createdDate),
    uniqueIndex("waiter_calls_open_uq")
      .on(t.tableId, t.reason)
      .where(sql`${t.status} <> 'CLOSED'`),
    check("waiter_calls_reason_check", sql`${t.reason} in ('CALL', 'BILL')`),
    check("waiter_calls_status_check", sql`${t.status} in ('OPEN', 'ACKNOWLEDGED', 'CLOSED')`),
  ],
);

export const vacancies = pgTable(
  "vacancies",
  {
    id: id(),
    merchantId: merchantId(),
    /** The responsible person. */
    responsible: text(),
    phone: text(),
    position: requiredMultilingual(),
    /** Monthly salary; NULL = negotiable. */
    salary: money(),
    requirements: multilingual(),
    /** Where the job is: a branch, or only a city. */
    branchId: uuid().references(() => branches.id, { onDelete: "set null" }),
    cityId: uuid().references(() => cities.id, { onDelete: "set null" }),
    /** The responsible person's Telegram username (without "@"). */
    telegram: text(),
    isActive: boolean().notNull().default(true),
    priority: integer().notNull().default(0),
    createdDate: createdDate(),
    lastModifiedDate: lastModifiedDate(),
  },
  (t) => [index("vacancies_merchant_id_priority_idx").on(t.merchantId, t.priority)],
);

/** A home-page banner (GET /support/v1/banner); shown between startDate and endDate when set. */
export const banners = pgTable(
  "banners",
  {
    id: id(),
    merchantId: merchantId(),
    title: requiredMultilingual(),
    image: text().notNull(),
    /** The image's intrinsic size, so the page reserves its room before it loads. */
    width: integer(),
    height: integer(),
    /** The target, at most one: an outside URL, a product, a category or a promo code to copy. */
    link: text(),
    productId: uuid().references(() => products.id, { onDelete: "set null" }),
    categoryId: uuid().references(() => categories.id, { onDelete: "set null" }),
    promoCode: text(),
    priority: integer().notNull().default(0),
    isActive: boolean().notNull().default(true),
    startDate: timestamptz(),
    endDate: timestamptz(),
    createdDate: createdDate(),
    lastModifiedDate: lastModifiedDate(),
  },
  (t) => [index("banners_merchant_id_priority_idx").on(t.merchantId, t.priority)],
);

/** One slide of a story. */
export type StoryMedia = {
  type: "image" | "video";
  url: string;
  /** Seconds on screen. */
  duration?: number;
  /** A video's still. */
  poster?: string;
  /** An optional button: a product of the brand (checked again when answered) or an outside link. */
  button?: { label: Record<string, string>; productId?: string; link?: string };
};

/** A story (GET /notifications/v2/stories): a preview and a list of slides. */
export const stories = pgTable(
  "stories",
  {
    id: id(),
    merchantId: merchantId(),
    title: requiredMultilingual(),
    preview: text(),
    media: jsonb().$type<StoryMedia[]>().notNull().default([]),
    priority: integer().notNull().default(0),
    isActive: boolean().notNull().default(true),
    createdDate: createdDate(),
    lastModifiedDate: lastModifiedDate(),
  },
  (t) => [index("stories_merchant_id_priority_idx").on(t.merchantId, t.priority)],
);

/**
 * A notification to one user, or to every customer of the merchant when userId is NULL (the brand's
 * news, from the brand file or published by staff). ORDER_STATUS rows are written with the status
 * change of the customer's order, in the same transaction; their title and body carry every content
 * language. A personal row keeps its read state in isRead; a brand-wide one in notification_reads.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: id(),
    merchantId: merchantId(),
    userId: uuid().references(() => users.id, { onDelete: "cascade" }),
    /** ORDER_STATUS (one customer's order moved) or BRAND (the brand's news to every customer). */
    kind: text().$type<"ORDER_STATUS" | "BRAND">().notNull().default("BRAND"),
    orderId: uuid().references(() => orders.id, { onDelete: "cascade" }),
    /** The order's status this notification tells of. */
    orderStatus: text(),
    /** A brand-file row: the next import replaces it (staff-published rows stay). */
    fromFile: boolean().notNull().default(false),
    title: requiredMultilingual(),
    body: requiredMultilingual(),
    image: text(),
    isRead: boolean().notNull().default(false),
    createdDate: createdDate(),
  },
  (t) => [
    index("notifications_merchant_id_user_id_created_date_idx").on(t.merchantId, t.userId, t.createdDate),
    check("notifications_kind_check", sql`${t.kind} in ('ORDER_STATUS', 'BRAND')`),
  ],
);

/** Who has read a brand-wide notification (a personal one keeps it in notifications.isRead). */
export const notificationReads = pgTable(
  "notification_reads",
  {
    merchantId: merchantId(),
    notificationId: uuid()
      .notNull()
      .references(() => notifications.id, { onDelete: "cascade" }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdDate: createdDate(),
  },
  (t) => [primaryKey({ columns: [t.notificationId, t.userId] })],
);

/**
 * The Telegram outbox: a bot message (Bot API sendMessage) written with the status change that
 * causes it and sent afterwards by the worker (server/src/services/notifications/bot-outbox.ts), retried with
 * back-off; sending never holds up or fails the change. `text` and `buttonText` are in the
 * customer's language at the time of the change.
 */
export const botMessages = pgTable(
  "bot_messages",
  {
    id: id(),
    merchantId: merchantId(),
    userId: uuid().references(() => users.id, { onDelete: "cascade" }),
    orderId: uuid().references(() => orders.id, { onDelete: "cascade" }),
    /** The Telegram user's private chat with the bot (its id is the user's id); null for a set-up call. */
    chatId: bigint({ mode: "bigint" }),
    text: text().notNull(),
    buttonText: text(),
    /**
     * The Bot API method: sendMessage (text, buttonText or replyMarkup), or another call whose body
     * is `params` whole (answerCallbackQuery, and the bot's set-up: setWebhook, setMyCommands...).
     */
    method: text().notNull().default("sendMessage"),
    /** sendMessage: the keyboard under the message (a contact button, inline buttons). */
    replyMarkup: jsonb().$type<Record<string, unknown>>(),
    /** Another method's whole body. */
    params: jsonb().$type<Record<string, unknown>>(),
    /** PENDING, SENDING (claimed by a worker until nextAttemptAt), SENT or FAILED. */
    state: text().$type<"PENDING" | "SENDING" | "SENT" | "FAILED">().notNull().default("PENDING"),
    attempts: smallint().notNull().default(0),
    nextAttemptAt: timestamptz().notNull().defaultNow(),
    /** The Bot API's description of the last failure (never the token). */
    lastError: text(),
    /** Telegram's message_id once sent. */
    messageId: bigint({ mode: "number" }),
    sentAt: timestamptz(),
    /**
     * When a worker last took a sendMessage to send: Telegram's limits (30 a second per bot, one a
     * second per chat) are counted on it by every process alike (bot-outbox.ts).
     */
    claimedAt: timestamptz(),
    createdDate: createdDate(),
  },
  (t) => [
    index("bot_messages_state_next_attempt_at_idx").on(t.state, t.nextAttemptAt),
    index("bot_messages_merchant_id_claimed_at_idx").on(t.merchantId, t.claimedAt),
    check("bot_messages_state_check", sql`${t.state} in ('PENDING', 'SENDING', 'SENT', 'FAILED')`),
  ],
);

/**
 * The bot's inbox: one Telegram update of a brand's bot (from its webhook or from long polling),
 * kept once per update_id (Telegram delivers again when unsure) and handled afterwards by the
 * worker (server/src/services/bot/updates.ts), which writes its answers to bot_messages in the
 * transaction that marks it DONE.
 */
export const botUpdates = pgTable(
  "bot_updates",
  {
    id: id(),
    merchantId: merchantId(),
    updateId: bigint({ mode: "number" }).notNull(),
    update: jsonb().$type<Record<string, unknown>>().notNull(),
    /** PENDING, HANDLING (claimed until nextAttemptAt), DONE or FAILED. */
    state: text().$type<"PENDING" | "HANDLING" | "DONE" | "FAILED">().notNull().default("PENDING"),
    attempts: smallint().notNull().default(0),
    nextAttemptAt: timestamptz().notNull().defaultNow(),
    lastError: text(),
    createdDate: createdDate(),
  },
  (t) => [
    uniqueIndex("bot_updates_merchant_id_update_id_uq").on(t.merchantId, t.updateId),
    index("bot_updates_state_next_attempt_at_idx").on(t.state, t.nextAttemptAt),
    check("bot_updates_state_check", sql`${t.state} in ('PENDING', 'HANDLING', 'DONE', 'FAILED')`),
  ],
);

/**
 * A brand-defined content page: `/extra`, `/extra2` or `/extr3` (the specification's paths), with a
 * title and a plain-text body per language (shown as text, never as HTML).
 */
export const extraPages = pgTable(
  "extra_pages",
  {
    id: id(),
    merchantId: merchantId(),
    /** "extra", "extra2" or "extr3". */
    slug: text().notNull(),
    title: requiredMultilingual(),
    body: requiredMultilingual(),
    createdDate: createdDate(),
    lastModifiedDate: lastModifiedDate(),
  },
  (t) => [uniqueIndex("extra_pages_merchant_id_slug_uq").on(t.merchantId, t.slug)],
);

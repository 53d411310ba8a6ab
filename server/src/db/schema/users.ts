// Customers and staff (users are per merchant), login codes, sessions and saved addresses.
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  date,
  index,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { coordinate, createdDate, id, lastModifiedDate, money, timestamptz } from "./columns.ts";
import { addressTypeEnum, authChannelEnum, brandRoleEnum, genderEnum, userRoleEnum } from "./enums.ts";
import { cities } from "./merchants.ts";
import { merchantId } from "./tenant.ts";

/**
 * A person at one merchant: the same phone at two brands is two users. Account deletion erases the
 * personal columns and sets deletedAt; orders keep their snapshots.
 */
export const users = pgTable(
  "users",
  {
    id: id(),
    merchantId: merchantId(),
    firstName: text(),
    lastName: text(),
    /** E.164 without spaces, e.g. +998901234567. */
    phone: text(),
    email: text(),
    image: text(),
    /** Calendar date, "YYYY-MM-DD". */
    birthday: date({ mode: "string" }),
    gender: genderEnum(),
    role: userRoleEnum().notNull().default("CUSTOMER"),
    /** A staff member's role at the brand (owner, manager, operator, kitchen); NULL = from `role`. */
    brandRole: brandRoleEnum(),
    /** Cashback balance the customer can spend. */
    cashback: money().notNull().default(0),
    isActive: boolean().notNull().default(true),
    telegramId: bigint({ mode: "bigint" }),
    clickUserId: text(),
    /** Preferred content language (uz, ru, eng, ...). */
    language: text(),
    /** Made by the testers' harness (demo/development): the only accounts the harness may sign in as. */
    harness: boolean().notNull().default(false),
    deletedAt: timestamptz(),
    createdDate: createdDate(),
    lastModifiedDate: lastModifiedDate(),
  },
  (t) => [
    index("users_merchant_id_idx").on(t.merchantId),
    uniqueIndex("users_merchant_id_phone_uq")
      .on(t.merchantId, t.phone)
      .where(sql`${t.phone} is not null`),
    uniqueIndex("users_merchant_id_telegram_id_uq")
      .on(t.merchantId, t.telegramId)
      .where(sql`${t.telegramId} is not null`),
    uniqueIndex("users_merchant_id_click_user_id_uq")
      .on(t.merchantId, t.clickUserId)
      .where(sql`${t.clickUserId} is not null`),
  ],
);

/** A pending phone change of a logged-in user (spec "Phone-change record"); the code is stored hashed. */
export const phoneChanges = pgTable(
  "phone_changes",
  {
    id: id(),
    merchantId: merchantId(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text().notNull(),
    /** The new phone. */
    phone: text().notNull(),
    type: authChannelEnum().notNull(),
    attempts: smallint().notNull().default(0),
    expiresAt: timestamptz().notNull(),
    consumedAt: timestamptz(),
    createdDate: createdDate(),
  },
  (t) => [index("phone_changes_merchant_id_user_id_idx").on(t.merchantId, t.userId, t.createdDate)],
);

/** A one-time login code sent by SMS; stored hashed, valid 120 s, at most 5 wrong tries. */
export const otpCodes = pgTable(
  "otp_codes",
  {
    id: id(),
    merchantId: merchantId(),
    phone: text().notNull(),
    codeHash: text().notNull(),
    attempts: smallint().notNull().default(0),
    expiresAt: timestamptz().notNull(),
    consumedAt: timestamptz(),
    ip: text(),
    createdDate: createdDate(),
  },
  (t) => [
    index("otp_codes_merchant_id_phone_created_date_idx").on(t.merchantId, t.phone, t.createdDate),
    index("otp_codes_merchant_id_ip_created_date_idx").on(t.merchantId, t.ip, t.createdDate),
  ],
);

/** A bearer session: an opaque random token stored as its hash, 30 days. */
export const sessions = pgTable(
  "sessions",
  {
    id: id(),
    merchantId: merchantId(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text().notNull().unique("sessions_token_hash_unique"),
    channel: authChannelEnum().notNull(),
    expiresAt: timestamptz().notNull(),
    revokedAt: timestamptz(),
    lastUsedAt: timestamptz(),
    createdDate: createdDate(),
  },
  (t) => [index("sessions_merchant_id_user_id_idx").on(t.merchantId, t.userId)],
);

/**
 * The Telegram bot's conversation state for one Telegram user (spec "Bot session"). The spec's
 * initData is never stored: it is validated on each call.
 */
export const botSessions = pgTable(
  "bot_sessions",
  {
    id: id(),
    merchantId: merchantId(),
    telegramId: bigint({ mode: "bigint" }).notNull(),
    status: text(),
    phone: text(),
    firstName: text(),
    lastName: text(),
    createdDate: createdDate(),
    lastModifiedDate: lastModifiedDate(),
  },
  (t) => [uniqueIndex("bot_sessions_merchant_id_telegram_id_uq").on(t.merchantId, t.telegramId)],
);

/** A saved delivery address of a user. */
export const addresses = pgTable(
  "addresses",
  {
    id: id(),
    merchantId: merchantId(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: addressTypeEnum(),
    name: text(),
    streetName: text(),
    houseNumber: text(),
    /** A JSON string of { floor, office, entrance, domophone }, as the API carries it. */
    details: text(),
    description: text(),
    comment: text(),
    latitude: coordinate().notNull(),
    longitude: coordinate().notNull(),
    cityId: uuid().references(() => cities.id, { onDelete: "set null" }),
    /** The customer typed the street and house: no geocoder resolved them (couriers check the pin). */
    typed: boolean().notNull().default(false),
    createdDate: createdDate(),
    lastModifiedDate: lastModifiedDate(),
  },
  (t) => [index("addresses_merchant_id_user_id_idx").on(t.merchantId, t.userId)],
);

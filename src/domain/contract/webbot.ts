import { z } from "zod";
import { CONTENT_LANGUAGES, GENDERS, USER_ROLES } from "../enums.ts";
import { INIT_DATA_MIN_LENGTH } from "../telegram.ts";
import { dateTimeSchema, uuidSchema } from "./common.ts";

/** Telegram initData of a mini app: longer than 10 characters (spec section 5). */
const initDataSchema = z
  .string()
  .min(INIT_DATA_MIN_LENGTH)
  .max(8192)
  .describe("Telegram Mini App initData, the raw URL-encoded string (Telegram.WebApp.initData)");

/** The customer as login answers it (spec section 3 "User"). */
export const sessionUserSchema = z
  .object({
    id: uuidSchema,
    merchantId: uuidSchema,
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    phone: z.string().nullable().describe("E.164, e.g. +998901234567; null until verified"),
    email: z.string().nullable(),
    image: z.string().nullable(),
    birthday: z.string().nullable().describe("YYYY-MM-DD"),
    gender: z.enum(GENDERS).nullable(),
    role: z.enum(USER_ROLES),
    cashback: z.number(),
    isActive: z.boolean(),
    language: z.enum(CONTENT_LANGUAGES).nullable(),
    telegramId: z.string().nullable().describe("Telegram user id as a decimal string (ids can exceed 2^53)"),
    createdDate: dateTimeSchema,
    lastModifiedDate: dateTimeSchema,
  })
  .meta({ id: "SessionUser" });
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const webbotTokenRequestSchema = z.object({ initData: initDataSchema });

/**
 * POST /webbot/v1/users/login: initData plus the signed payload Telegram answered to requestContact
 * (`contact=...&auth_date=...&hash=...`, the SDK's `requestContactComplete().raw`).
 */
export const webbotLoginRequestSchema = z.object({
  initData: initDataSchema,
  contact: z.string().min(INIT_DATA_MIN_LENGTH).max(4096).describe("Signed requestContact payload"),
});

export const webbotLogoutRequestSchema = z.object({ initData: z.string().max(8192).optional() });
export const webbotLanguageLogoutRequestSchema = z.object({
  initData: z.string().max(8192).optional(),
  language: z.enum(CONTENT_LANGUAGES).describe("The language the bot should greet in next time"),
});

/** Answer of every login: the bearer token, the customer, and whether a phone must be shared first. */
export const authResultSchema = z
  .object({
    token: z.string().describe("Opaque bearer token, valid 30 days"),
    user: sessionUserSchema,
    isPhoneVerificationRequired: z.boolean(),
  })
  .meta({ id: "AuthResult" });
export type AuthResult = z.infer<typeof authResultSchema>;

/** POST /click/v1/users/token: the Click web view's session, exchanged server-side. */
export const clickTokenRequestSchema = z.object({
  webSession: z
    .string()
    .regex(/^[\w-]{8,128}$/)
    .describe("The web_session query parameter or click-web-session cookie"),
});

export const okSchema = z.object({ ok: z.literal(true) }).meta({ id: "Ok" });

import { z } from "zod";
import { AUTH_CHANNELS, GENDERS } from "../enums.ts";
import { sessionUserSchema } from "./webbot.ts";

// Phone login with one-time codes and the customer's own profile (spec sections 3, 4, 7;
// docs/decisions.md "Accounts"). The user is the same shape login answers (SessionUser).

/** One-time codes are six digits. */
export const OTP_CODE_LENGTH = 6;
/** A code is valid this long. */
export const OTP_TTL_SECONDS = 120;
/** A new code can be asked for this long after the last one (the countdown on /login/confirm). */
export const OTP_RESEND_AFTER_SECONDS = 60;
/** Wrong tries that lock a code. */
export const OTP_MAX_ATTEMPTS = 5;
/** Codes one phone can get per hour at one brand. */
export const OTP_CODES_PER_PHONE_PER_HOUR = 5;
/** Profile images up to this size are accepted. */
export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const PROFILE_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
/** The validator's e-mail rule (spec section 5): at most 320 characters. */
export const EMAIL_MAX_LENGTH = 320;
export const NAME_MAX_LENGTH = 100;

export const userSchema = sessionUserSchema;
export type User = z.infer<typeof userSchema>;

const phoneInputSchema = z
  .string()
  .min(1)
  .max(40)
  .describe("The phone as typed; validated and normalised to E.164 by the server (+998 numbers first)");

const codeSchema = z
  .string()
  .regex(/^\d{6}$/)
  .describe("The six-digit code from the SMS");

export const otpRequestSchema = z.object({ phone: phoneInputSchema });
export type OtpRequest = z.infer<typeof otpRequestSchema>;

export const otpIssuedSchema = z
  .object({
    phone: z.string().describe("The normalised phone the code went to (E.164)"),
    resendAfterSeconds: z.number().int().describe("Seconds until a new code can be asked for"),
    expiresInSeconds: z.number().int().describe("Seconds the code stays valid"),
  })
  .meta({ id: "OtpIssued" });
export type OtpIssued = z.infer<typeof otpIssuedSchema>;

export const otpVerifySchema = z.object({ phone: phoneInputSchema, code: codeSchema });
export type OtpVerify = z.infer<typeof otpVerifySchema>;

/** Answer of the code login: the bearer token (30 days) and the customer. */
export const loginResultSchema = z
  .object({
    token: z.string().describe("Opaque bearer token, valid 30 days"),
    user: userSchema,
    isPhoneVerificationRequired: z.boolean().describe("Always false here: the phone was just proven"),
  })
  .meta({ id: "LoginResult" });
export type LoginResult = z.infer<typeof loginResultSchema>;

const nullableText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .transform((v) => (v === "" ? null : v));

/** YYYY-MM-DD, a real calendar date in the past. */
const birthdaySchema = z.iso
  .date()
  .refine((v) => v >= "1900-01-01" && v <= new Date().toISOString().slice(0, 10), {
    error: "must be a date between 1900-01-01 and today",
  });

/**
 * PUT /users/v1/users/{id}: the fields a customer edits on /profile/user. Fields left out keep
 * their value; null clears one. Phone, role, cashback and the rest are not editable here. No
 * component id: its transforms make input and output differ, and OpenAPI would see two of one name.
 */
export const updateUserSchema = z.object({
  firstName: nullableText(NAME_MAX_LENGTH).optional(),
  lastName: nullableText(NAME_MAX_LENGTH).optional(),
  email: z
    .union([z.literal(""), z.email().max(EMAIL_MAX_LENGTH)])
    .nullable()
    .transform((v) => (v === "" ? null : v))
    .optional(),
  birthday: z
    .union([z.literal(""), birthdaySchema])
    .nullable()
    .transform((v) => (v === "" ? null : v))
    .optional(),
  gender: z.enum(GENDERS).nullable().optional(),
});
export type UpdateUser = z.input<typeof updateUserSchema>;

export const userIdParamsSchema = z.object({ id: z.uuid() });

/** PUT /users/v1/users/phone: the new phone gets its own code. */
export const phoneChangeRequestSchema = z.object({
  phone: phoneInputSchema,
  type: z.enum(AUTH_CHANNELS).default("WEB").describe("The channel asking (WEB on the website)"),
});
export type PhoneChangeRequest = z.input<typeof phoneChangeRequestSchema>;

/** PUT /users/v1/users/phone/verify: the phone-change record's code (spec section 7). */
export const phoneChangeVerifySchema = z.object({ phone: phoneInputSchema, code: codeSchema });
export type PhoneChangeVerify = z.infer<typeof phoneChangeVerifySchema>;

export const imageFileParamsSchema = z.object({
  file: z.string().regex(/^[\w-]{8,80}\.webp$/),
});

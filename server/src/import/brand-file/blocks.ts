// The building blocks of the brand file's schema: keys, texts, money, places, times.
import { z } from "zod";
import { CONTENT_LANGUAGES } from "#domain/enums.ts";
import { MXIK_PATTERN, PACKAGE_CODE_PATTERN } from "#domain/fiscal.ts";

export const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/;
export const SUB_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
export const COLOR_PATTERN = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;
export const TIME_PATTERN = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;
export const PHONE_PATTERN = /^\+?\d{7,15}$/;
/** Site-root paths ("/demo/lavash/burger.svg") or absolute http(s) URLs. */
export const IMAGE_PATTERN = /^(?:\/(?!\/)|https?:\/\/)\S+$/;

/** A key that names an entity inside the file: letters, digits, "_", "-", "." (no "/"). */
export const keySchema = z.string().regex(KEY_PATTERN, {
  error: "must be 1-100 letters, digits, '_', '-' or '.', starting with a letter or digit",
});

export const subSchema = z.string().regex(SUB_PATTERN, {
  error: "must be a subdomain label: lower-case letters, digits and '-', at most 63 characters",
});

export const nonEmpty = z.string().trim().min(1, { error: "must not be empty" });

/** `{uz?, ru?, eng?, ar?, kz?, tr?, zh?}`. */
export const multilingualSchema = z.strictObject(
  Object.fromEntries(CONTENT_LANGUAGES.map((lang) => [lang, nonEmpty.optional()])) as Record<
    (typeof CONTENT_LANGUAGES)[number],
    z.ZodOptional<typeof nonEmpty>
  >,
);

/** A multilingual text with at least one language. */
export const textSchema = multilingualSchema.refine(
  (v) => Object.values<string | undefined>(v).some((s) => s !== undefined),
  {
    error: "needs a text in at least one language (uz, ru, eng, ar, kz, tr, zh)",
  },
);

export const isTwoDecimals = (v: number) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6;

/** An amount in the merchant's currency: >= 0, at most 2 decimals (database numeric(14, 2)). */
export const moneySchema = z
  .number()
  .min(0, { error: "must not be negative" })
  .max(999_999_999_999.99, { error: "is too large" })
  .refine(isTwoDecimals, { error: "must have at most 2 decimals" });

export const percentSchema = z
  .number()
  .min(0, { error: "must be between 0 and 100" })
  .max(100, { error: "must be between 0 and 100" })
  .refine(isTwoDecimals, { error: "must have at most 2 decimals" });

export const priority = z.number().int().default(0);
export const latitude = z.number().min(-90).max(90);
export const longitude = z.number().min(-180).max(180);
export const color = z.string().regex(COLOR_PATTERN, { error: "must be a hex colour like #FCE000" });
export const image = z
  .string()
  .regex(IMAGE_PATTERN, { error: "must be a path from the site root (/...) or an http(s) URL" });
export const phone = z.string().regex(PHONE_PATTERN, { error: "must be a phone number like +998901234567" });
export const time = z
  .string()
  .regex(TIME_PATTERN, { error: "must be a local time HH:mm (00:00-23:59, or 24:00)" });
export const dateTime = z.iso.datetime({
  offset: true,
  error: "must be an ISO date-time with offset, e.g. 2025-01-01T00:00:00+05:00",
});
export const optionalText = z.string().nullable().default(null);

export const timezone = z.string().refine(
  (tz) => {
    try {
      new Intl.DateTimeFormat("en", { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  },
  { error: "must be an IANA time zone such as Asia/Tashkent" },
);

/** Fiscal receipt codes (issue 40, src/domain/fiscal.ts): checked here so a file cannot store a wrong one. */
export const mxicCodeSchema = z
  .string()
  .regex(MXIK_PATTERN, { error: "must be the 17 digits of an MXIK (IKPU) code" })
  .nullable()
  .default(null);
export const packageCodeSchema = z
  .string()
  .regex(PACKAGE_CODE_PATTERN, { error: "must be the digits of a package code" })
  .nullable()
  .default(null);

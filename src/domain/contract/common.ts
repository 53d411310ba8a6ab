import { z } from "zod";
import { API_ERROR_CODES } from "../api-errors.ts";

export const multilingualSchema = z
  .object({
    uz: z.string().optional(),
    ru: z.string().optional(),
    eng: z.string().optional(),
    ar: z.string().optional(),
    kz: z.string().optional(),
    tr: z.string().optional(),
    zh: z.string().optional(),
  })
  .meta({ id: "Multilingual", description: "A text per language; missing ones fall back ru -> uz -> eng" });

export const apiErrorSchema = z
  .object({
    status: z.number().int(),
    code: z.enum(API_ERROR_CODES),
    description: z.object({ uz: z.string(), ru: z.string(), eng: z.string() }),
  })
  .meta({ id: "ApiError" });

export const uuidSchema = z.uuid();
/** ISO 8601 date-time as the API writes it. */
export const dateTimeSchema = z.iso.datetime({ offset: true });

/** A local day "YYYY-MM-DD" that exists in the calendar. */
export const localDaySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "must be a date YYYY-MM-DD" })
  .refine(
    (v) => {
      const at = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === v;
    },
    { error: "is not a date" },
  );

/** Standard error responses a route can answer, for its schema. */
export const errorResponses = {
  400: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
} as const;

/** Headers of a tenant route; loose, so the other headers (authorization) stay on the request. */
export const tenantHeadersSchema = z.looseObject({
  merchant: z.uuid().describe("The brand's merchant id"),
});

/**
 * Control characters no text of the API may hold: PostgreSQL refuses NUL outright, and the rest
 * only hide text or break the receipts and messages it is copied into. Tab and line breaks stay
 * (an order comment may have lines).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/**
 * A lone UTF-16 surrogate: JSON may spell one ("\ud800"), but it is no character, and PostgreSQL
 * refuses to store it. In unicode mode only unpaired surrogates match.
 */
const LONE_SURROGATE = /\p{Cs}/u;

/** A text the API refuses anywhere: a control character or a lone surrogate. */
function isBadText(text: string): boolean {
  return CONTROL_CHARACTER.test(text) || LONE_SURROGATE.test(text);
}

/**
 * Where the first text holding a control character or a lone surrogate is in a parsed request part
 * ("body.address.name"), keys included.
 */
export function controlCharacterPath(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === "string") return isBadText(value) ? path : undefined;
  if (depth > 32 || value === null || typeof value !== "object") return undefined;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = controlCharacterPath(item, `${path}.${i}`, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  // Only plain parsed JSON/query objects; a multipart stream or a Buffer is not text.
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = isBadText(key) ? `${path}.${key}` : controlCharacterPath(item, `${path}.${key}`, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** The largest amount a money column holds (numeric(14, 2)). */
export const MONEY_MAX = 999_999_999_999.99;

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

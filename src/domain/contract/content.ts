import { z } from "zod";
import { multilingualSchema, uuidSchema } from "./common.ts";

/** What tapping a banner does. */
export const bannerTargetSchema = z
  .discriminatedUnion("type", [
    z.object({ type: z.literal("PRODUCT"), productId: uuidSchema }),
    z.object({ type: z.literal("CATEGORY"), categoryId: uuidSchema }),
    z.object({ type: z.literal("PROMO"), code: z.string() }),
    z.object({ type: z.literal("URL"), url: z.url({ protocol: /^https?$/ }) }),
  ])
  .meta({ id: "BannerTarget", description: "A product, a category, a promo code to copy or an outside URL" });
export type BannerTarget = z.infer<typeof bannerTargetSchema>;

export const bannerSchema = z
  .object({
    id: uuidSchema,
    title: multilingualSchema,
    image: z.string(),
    /** The image's intrinsic size in pixels. */
    width: z.number().int().positive(),
    height: z.number().int().positive(),
    /** null: a banner that only shows (its target was deleted). */
    target: bannerTargetSchema.nullable(),
  })
  .meta({ id: "Banner" });
export type Banner = z.infer<typeof bannerSchema>;

const placeSchema = z.object({ id: uuidSchema, name: multilingualSchema });

/** One open position, as the list shows it. */
export const vacancySummarySchema = z
  .object({
    id: uuidSchema,
    position: multilingualSchema,
    /** Monthly salary in the brand's currency; null = negotiable. */
    salary: z.number().nullable(),
    branch: placeSchema.nullable(),
    city: placeSchema.nullable(),
  })
  .meta({ id: "VacancySummary" });
export type VacancySummary = z.infer<typeof vacancySummarySchema>;

export const vacancySchema = vacancySummarySchema
  .extend({
    requirements: multilingualSchema.nullable(),
    /** The responsible person. */
    responsible: z.string().nullable(),
    phone: z.string().nullable(),
    /** Telegram username, without "@". */
    telegram: z.string().nullable(),
  })
  .meta({ id: "Vacancy" });
export type Vacancy = z.infer<typeof vacancySchema>;

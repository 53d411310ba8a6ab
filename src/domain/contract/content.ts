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

/** What a story slide's button does: open a product, or an outside page. */
export const storyButtonTargetSchema = z
  .discriminatedUnion("type", [
    z.object({ type: z.literal("PRODUCT"), productId: uuidSchema }),
    z.object({ type: z.literal("URL"), url: z.url({ protocol: /^https?$/ }) }),
  ])
  .meta({ id: "StoryButtonTarget" });
export type StoryButtonTarget = z.infer<typeof storyButtonTargetSchema>;

export const storySlideSchema = z
  .object({
    type: z.enum(["IMAGE", "VIDEO"]),
    url: z.string(),
    /** A video's still, shown until it plays. */
    poster: z.string().nullable(),
    /** Seconds on screen (a video: at most this long). */
    duration: z.number().positive(),
    /** null: a slide without a button (or whose product is gone). */
    button: z.object({ label: multilingualSchema, target: storyButtonTargetSchema }).nullable(),
  })
  .meta({ id: "StorySlide" });
export type StorySlide = z.infer<typeof storySlideSchema>;

export const storySchema = z
  .object({
    id: uuidSchema,
    title: multilingualSchema,
    /** The round preview's picture. */
    preview: z.string(),
    slides: z.array(storySlideSchema).min(1),
  })
  .meta({ id: "Story" });
export type Story = z.infer<typeof storySchema>;

/** The brand's extra pages, at the specification's paths /extra, /extra2 and /extr3. */
export const EXTRA_PAGE_SLUGS = ["extra", "extra2", "extr3"] as const;
export type ExtraPageSlug = (typeof EXTRA_PAGE_SLUGS)[number];

export const extraPageSummarySchema = z
  .object({ slug: z.enum(EXTRA_PAGE_SLUGS), title: multilingualSchema })
  .meta({ id: "ExtraPageSummary" });
export type ExtraPageSummary = z.infer<typeof extraPageSummarySchema>;

export const extraPageSchema = extraPageSummarySchema
  .extend({
    /** Plain text; blank lines part paragraphs. Never HTML. */
    body: multilingualSchema,
  })
  .meta({ id: "ExtraPage" });
export type ExtraPage = z.infer<typeof extraPageSchema>;

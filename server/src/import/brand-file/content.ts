// Policies, vacancies, banners, stories, extra pages, notifications and brand cards in the brand file.
import { z } from "zod";
import { POLICY_TYPES } from "#domain/enums.ts";
import { EXTRA_PAGE_SLUGS } from "#domain/contract/content.ts";
import {
  color,
  dateTime,
  image,
  keySchema,
  moneySchema,
  multilingualSchema,
  optionalText,
  phone,
  priority,
  subSchema,
  textSchema,
} from "./blocks.ts";

export const policiesSchema = z.strictObject(
  Object.fromEntries(POLICY_TYPES.map((type) => [type, textSchema.optional()])) as Record<
    (typeof POLICY_TYPES)[number],
    z.ZodOptional<typeof textSchema>
  >,
);

export const vacancySchema = z.strictObject({
  key: keySchema,
  position: textSchema,
  /** The responsible person. */
  responsible: optionalText,
  phone: phone.nullable().default(null),
  /** Monthly salary; null = negotiable. */
  salary: moneySchema.nullable().default(null),
  requirements: multilingualSchema.nullable().default(null),
  /** Where the job is: a branch (its city follows), or only a city. */
  branchKey: keySchema.optional(),
  cityKey: keySchema.optional(),
  /** The responsible person's Telegram username, without "@". */
  telegram: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9_]{4,31}$/, {
      error: "must be a Telegram username (5-32 letters, digits, '_')",
    })
    .nullable()
    .default(null),
  isActive: z.boolean().default(true),
  priority,
});

/** The image's size in pixels, so the page reserves the banner's room before it loads. */
export const pixels = z
  .number()
  .int()
  .min(1, { error: "must be at least 1" })
  .max(10_000, { error: "is too large" });

/** An outside page a banner opens: an absolute https (or http) URL. */
export const outsideUrl = z.string().refine(
  (v) => {
    try {
      const url = new URL(v);
      return (url.protocol === "https:" || url.protocol === "http:") && url.hostname !== "";
    } catch {
      return false;
    }
  },
  { error: "must be an absolute http(s) URL" },
);

/** A banner opens exactly one of: a product, a category, a promo code (copied) or an outside link. */
export const bannerSchema = z
  .strictObject({
    key: keySchema,
    title: textSchema,
    image,
    width: pixels,
    height: pixels,
    productKey: keySchema.optional(),
    categoryKey: keySchema.optional(),
    promoKey: keySchema.optional(),
    link: outsideUrl.optional(),
    priority,
    isActive: z.boolean().default(true),
    startDate: dateTime.nullable().default(null),
    endDate: dateTime.nullable().default(null),
  })
  .superRefine((banner, ctx) => {
    const targets = [banner.productKey, banner.categoryKey, banner.promoKey, banner.link].filter(
      (t) => t !== undefined,
    );
    if (targets.length !== 1) {
      ctx.addIssue({
        code: "custom",
        path: [],
        message: "give exactly one target: productKey, categoryKey, promoKey or link",
      });
    }
  });

/** A story slide's button: a product of the brand or an outside page, exactly one. */
export const storyButtonSchema = z
  .strictObject({
    label: textSchema,
    productKey: keySchema.optional(),
    link: outsideUrl.optional(),
  })
  .superRefine((button, ctx) => {
    if ((button.productKey === undefined) === (button.link === undefined)) {
      ctx.addIssue({ code: "custom", path: [], message: "give exactly one target: productKey or link" });
    }
  });

export const storySlideSchema = z
  .strictObject({
    type: z.enum(["image", "video"]).default("image"),
    url: image,
    /** A video's still, shown until it plays; required for a video. */
    poster: image.optional(),
    /** Seconds on screen. */
    duration: z
      .number()
      .min(1, { error: "must be 1-60 seconds" })
      .max(60, { error: "must be 1-60 seconds" })
      .default(5),
    button: storyButtonSchema.optional(),
  })
  .superRefine((slide, ctx) => {
    if (slide.type === "video" && slide.poster === undefined) {
      ctx.addIssue({ code: "custom", path: ["poster"], message: "a video slide needs a poster" });
    }
  });

/** A story: a round preview and its slides, shown in the brand's order. */
export const storySchema = z.strictObject({
  key: keySchema,
  title: textSchema,
  preview: image,
  slides: z
    .array(storySlideSchema)
    .min(1, { error: "needs at least one slide" })
    .max(20, { error: "has more than 20 slides" }),
  priority,
  isActive: z.boolean().default(true),
});

/** A content page of the brand (/extra, /extra2, /extr3): plain text, never HTML. */
export const extraPageSchema = z.strictObject({
  slug: z.enum(EXTRA_PAGE_SLUGS),
  title: textSchema,
  body: textSchema,
});

/**
 * The brand's news to every customer (notificationsActive): shown in each customer's notifications,
 * newest first by `date` (the first import's time when absent). A re-import replaces these; news
 * staff published through the API stays.
 */
export const notificationSchema = z.strictObject({
  key: keySchema,
  title: textSchema,
  body: textSchema,
  image: image.nullable().default(null),
  date: dateTime.optional(),
});

/** A card of the multi-brand switcher; `sub` names another merchant (or this one). */
export const brandSchema = z.strictObject({
  key: keySchema,
  sub: subSchema,
  name: textSchema,
  domainUrl: optionalText,
  color: color.nullable().default(null),
  image: image.nullable().default(null),
  priority,
});

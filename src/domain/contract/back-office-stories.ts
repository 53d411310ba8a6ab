// The brand's stories in the back office (issue 36): the round previews under the storefront's header,
// each a list of slides (a picture or a short clip, optionally a button opening a dish or an https
// page), edited from the staff console by owners and managers bound to no branch. The brand file's
// rules apply (server/src/import/brand-file/content.ts): 1-20 slides, 1-60 s each, one button target.
// A clip is an MP4 or WebM uploaded through POST /staff/v1/clips, stored as sent (no transcoding).
import { z } from "zod";
import { isHttpsUrl } from "./back-office-banners.ts";
import { dateTimeSchema, multilingualSchema, uuidSchema } from "./common.ts";

/** The largest clip taken (the CLIP_TOO_LARGE message says 15 MB). */
export const CLIP_MAX_BYTES = 15 * 1024 * 1024;

/** Where stored clips are served; a clip's src is this path and its random name. */
export const CLIP_PATH = "/api/products/v1/clips/";

/** A stored clip's name: a random UUID and the container it was recognised as. */
export const CLIP_NAME_PATTERN = /^[0-9a-f-]{36}\.(mp4|webm)$/;

/** The stored clip's name in a src, or undefined when the src is not an uploaded clip. */
export function clipNameOf(src: string): string | undefined {
  if (!src.startsWith(CLIP_PATH)) return undefined;
  const name = src.slice(CLIP_PATH.length);
  return CLIP_NAME_PATTERN.test(name) ? name : undefined;
}

export const clipSchema = z
  .object({
    /** A path of the site, e.g. /api/products/v1/clips/<uuid>.mp4. */
    src: z.string(),
  })
  .meta({ id: "Clip" });
export type Clip = z.infer<typeof clipSchema>;

/** Seconds a slide stays at most (a clip moves on when it ends). */
export const SLIDE_SECONDS = { min: 1, max: 60, default: 5 } as const;
export const STORY_SLIDES_MAX = 20;

const trimmedTexts = (max: number) =>
  multilingualSchema.transform((text) =>
    Object.fromEntries(
      Object.entries(text).flatMap(([lang, v]) =>
        typeof v === "string" && v.trim() !== "" ? [[lang, v.trim().slice(0, max)]] : [],
      ),
    ),
  );

const mediaSrc = z.string().trim().min(1, { error: "upload the file" }).max(1000);

export const editorStoryButtonSchema = z
  .object({
    label: multilingualSchema,
    /** Exactly one of: a dish of the brand, or an absolute https page. */
    productId: uuidSchema.nullable(),
    link: z.string().nullable(),
  })
  .meta({ id: "EditorStoryButton" });

export const editorStorySlideSchema = z
  .object({
    type: z.enum(["IMAGE", "VIDEO"]),
    /** An uploaded picture (IMAGE) or clip (VIDEO), or an imported URL kept as it was. */
    url: z.string(),
    /** A clip's still, shown until it plays; null: none (the clip's first frame shows). */
    poster: z.string().nullable(),
    /** Seconds on screen; a clip moves on when it ends, so for a clip this is its longest. */
    duration: z.number().int(),
    button: editorStoryButtonSchema.nullable(),
  })
  .meta({ id: "EditorStorySlide" });
export type EditorStorySlide = z.infer<typeof editorStorySlideSchema>;

export const editorStorySchema = z
  .object({
    id: uuidSchema,
    title: multilingualSchema,
    /** The round preview's picture (an uploaded picture's path, or an imported URL). */
    preview: z.string().nullable(),
    slides: z.array(editorStorySlideSchema),
    /** Its place among the previews: lower first. */
    priority: z.number().int(),
    isActive: z.boolean(),
    /** When it was saved last; the form sends it back: a save over a newer one is 409 EDIT_CONFLICT. */
    version: dateTimeSchema,
  })
  .meta({ id: "EditorStory" });
export type EditorStory = z.infer<typeof editorStorySchema>;

const slideBodySchema = z
  .object({
    type: z.enum(["IMAGE", "VIDEO"]),
    url: mediaSrc,
    poster: z
      .string()
      .trim()
      .max(1000)
      .nullable()
      .optional()
      .transform((v) => (v === undefined || v === null || v === "" ? null : v)),
    duration: z.number().int().min(SLIDE_SECONDS.min).max(SLIDE_SECONDS.max).default(SLIDE_SECONDS.default),
    button: z
      .object({
        label: trimmedTexts(60).refine((text) => Object.keys(text).length > 0, {
          error: "a label in at least one language",
        }),
        productId: uuidSchema.nullable().optional(),
        link: z
          .string()
          .trim()
          .max(2000)
          .nullable()
          .optional()
          .transform((v) => (v === undefined || v === null || v === "" ? null : v))
          .refine((v) => v === null || isHttpsUrl(v), { error: "must be an absolute https URL" }),
      })
      .transform((b) => ({ label: b.label, productId: b.productId ?? null, link: b.link }))
      .refine((b) => (b.productId === null) !== (b.link === null), {
        error: "give exactly one target: productId or link",
      })
      .nullable()
      .default(null),
  })
  .refine((s) => s.type === "VIDEO" || s.poster === null, {
    path: ["poster"],
    error: "only a clip has a poster",
  });

export const editorStoryBodySchema = z
  .object({
    /** The story's `version` when the form was opened (absent for a new one). */
    version: dateTimeSchema.optional(),
    title: trimmedTexts(80).refine((text) => Object.keys(text).length > 0, {
      error: "a title in at least one language",
    }),
    preview: mediaSrc,
    slides: z
      .array(slideBodySchema)
      .min(1, { error: "add at least one slide" })
      .max(STORY_SLIDES_MAX, { error: `at most ${String(STORY_SLIDES_MAX)} slides` }),
    isActive: z.boolean(),
  })
  .meta({ id: "EditorStoryBody" });
export type EditorStoryBody = z.input<typeof editorStoryBodySchema>;

export const storyOrderSchema = z
  .object({
    /** Every story of the brand, each once, in the new order. */
    ids: z.array(uuidSchema).max(500),
  })
  .meta({ id: "StoryOrder" });

// The brand's banners in the back office (issue 36): the home page's strip of pictures, each opening
// exactly one target (a dish, a category, a promo code to copy or an outside https page), edited from
// the staff console by owners and managers bound to no branch. The brand file's rules apply here too
// (server/src/import/brand-file/content.ts bannerSchema): one target, a real link.
import { z } from "zod";
import { dateTimeSchema, multilingualSchema, uuidSchema } from "./common.ts";

export const editorBannerSchema = z
  .object({
    id: uuidSchema,
    title: multilingualSchema,
    /** The picture's src: an uploaded picture's path, or an imported URL. */
    image: z.string(),
    /** Its size in pixels (null for an old import that never recorded it). */
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    productId: uuidSchema.nullable(),
    categoryId: uuidSchema.nullable(),
    promoCode: z.string().nullable(),
    link: z.string().nullable(),
    /** Its place in the strip: lower first. */
    priority: z.number().int(),
    isActive: z.boolean(),
    startDate: dateTimeSchema.nullable(),
    endDate: dateTimeSchema.nullable(),
    /** When it was saved last; the form sends it back: a save over a newer one is 409 EDIT_CONFLICT. */
    version: dateTimeSchema,
  })
  .meta({ id: "EditorBanner" });
export type EditorBanner = z.infer<typeof editorBannerSchema>;

/** An outside page: an absolute https URL (a guest's phone never opens a plain http page from here). */
export function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname !== "";
  } catch {
    return false;
  }
}

const blankToNull = (v: string | null | undefined) =>
  v === undefined || v === null || v.trim() === "" ? null : v.trim();

export const editorBannerBodySchema = z
  .object({
    /** The banner's `version` when the form was opened (absent for a new one). */
    version: dateTimeSchema.optional(),
    title: multilingualSchema
      .transform((text) =>
        Object.fromEntries(
          Object.entries(text).flatMap(([lang, v]) =>
            typeof v === "string" && v.trim() !== "" ? [[lang, v.trim().slice(0, 200)]] : [],
          ),
        ),
      )
      .refine((text) => Object.keys(text).length > 0, { error: "a title in at least one language" }),
    image: z.string().trim().min(1, { error: "choose a picture" }).max(1000),
    productId: uuidSchema.nullable().optional(),
    categoryId: uuidSchema.nullable().optional(),
    promoCode: z.string().max(40).nullable().optional().transform(blankToNull),
    link: z
      .string()
      .max(2000)
      .nullable()
      .optional()
      .transform(blankToNull)
      .refine((v) => v === null || isHttpsUrl(v), { error: "must be an absolute https URL" }),
    isActive: z.boolean(),
    startDate: dateTimeSchema.nullable().default(null),
    endDate: dateTimeSchema.nullable().default(null),
  })
  .superRefine((banner, ctx) => {
    const targets = [banner.productId, banner.categoryId, banner.promoCode, banner.link].filter(
      (t) => t !== undefined && t !== null,
    );
    if (targets.length !== 1) {
      ctx.addIssue({
        code: "custom",
        path: ["target"],
        message: "give exactly one target: productId, categoryId, promoCode or link",
      });
    }
    if (banner.startDate && banner.endDate && banner.endDate < banner.startDate) {
      ctx.addIssue({ code: "custom", path: ["endDate"], message: "must not be before startDate" });
    }
  })
  .meta({ id: "EditorBannerBody" });
export type EditorBannerBody = z.input<typeof editorBannerBodySchema>;

export const bannerOrderSchema = z
  .object({
    /** Every banner of the brand, each once, in the new order. */
    ids: z.array(uuidSchema).max(500),
  })
  .meta({ id: "BannerOrder" });

// The menu's groups in the console (issue 36; the specification's "Group": a tab of categories with
// its icon, picture and colours): created, edited, ordered and deleted by the owner or a manager.
// GET/POST /staff/v1/menu-groups, PUT/DELETE /staff/v1/menu-groups/{id}, PUT /staff/v1/menu-groups/order.
import { z } from "zod";
import { pictureSrcSchema } from "./back-office-menu.ts";
import { dateTimeSchema, multilingualSchema, uuidSchema } from "./common.ts";

const nameSchema = multilingualSchema
  .refine((name) => Object.values(name).some((v) => typeof v === "string" && v.trim() !== ""), {
    error: "a name in at least one language",
  })
  .transform((text) =>
    Object.fromEntries(
      Object.entries(text).flatMap(([lang, v]) =>
        typeof v === "string" && v.trim() !== "" ? [[lang, v.trim().slice(0, 200)]] : [],
      ),
    ),
  );

/** The brand file's colour rule (server/src/import/brand-file/blocks.ts COLOR_PATTERN). */
const colorSchema = z.string().regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/, {
  error: "must be a hex colour like #FCE000",
});

export const editorMenuGroupSchema = z
  .object({
    id: uuidSchema,
    name: multilingualSchema,
    icon: z.string().nullable(),
    image: z.string().nullable(),
    bgColor: z.string().nullable(),
    iconBgColor: z.string().nullable(),
    /** Shown on the storefront (its categories too). */
    isActive: z.boolean(),
    priority: z.number().int(),
    /** Categories in it (not deleted). */
    categoryCount: z.number().int(),
    /** When it was saved last: a save naming an older one is 409 EDIT_CONFLICT. */
    version: dateTimeSchema,
  })
  .meta({ id: "EditorMenuGroup" });
export type EditorMenuGroup = z.infer<typeof editorMenuGroupSchema>;

export const menuGroupBodySchema = z
  .object({
    name: nameSchema,
    icon: pictureSrcSchema.nullable().default(null),
    image: pictureSrcSchema.nullable().default(null),
    bgColor: colorSchema.nullable().default(null),
    iconBgColor: colorSchema.nullable().default(null),
    isActive: z.boolean().default(true),
  })
  .meta({ id: "MenuGroupBody" });
export type MenuGroupBody = z.input<typeof menuGroupBodySchema>;

export const menuGroupUpdateSchema = menuGroupBodySchema
  .extend({ version: dateTimeSchema })
  .meta({ id: "MenuGroupUpdate" });
export type MenuGroupUpdate = z.input<typeof menuGroupUpdateSchema>;

export const menuGroupDeletedSchema = z
  .object({
    id: uuidSchema,
    /** Its categories, now without a group (guests see them on their own). */
    ungroupedCategories: z.number().int(),
  })
  .meta({ id: "MenuGroupDeleted" });

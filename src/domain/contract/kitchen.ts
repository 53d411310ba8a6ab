// The brand's kitchen system, iiko (issue 38): what the owner sets in the console and what iiko
// answered when it was checked (GET and PUT /staff/v1/kitchen/iiko).
import { z } from "zod";
import { dateTimeSchema, multilingualSchema, uuidSchema } from "./common.ts";

const iikoIdSchema = z.string().trim().min(1).max(100);

export const iikoTerminalGroupSchema = z.object({ id: z.string(), name: z.string() });

export const iikoSettingsSchema = z
  .object({
    /** An API login is stored (it is never answered). */
    loginSet: z.boolean(),
    organization: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
    /** The organisations the login sees (after a check), to pick from when there are several. */
    organizations: z.array(z.object({ id: z.string(), name: z.string() })),
    /** The organisation's terminal groups (after a check), to bind each branch to. */
    terminalGroups: z.array(iikoTerminalGroupSchema),
    /** Where iiko sends its webhooks (set with webhooks/update_settings on each save). */
    webhookUrl: z.string(),
    branches: z.array(
      z.object({ id: uuidSchema, name: multilingualSchema, terminalGroupId: z.string().nullable() }),
    ),
    /** The last import of iiko's menu: its nomenclature revision and when (null: never imported). */
    menu: z.object({ revision: z.string().nullable(), importedAt: dateTimeSchema.nullable() }),
  })
  .meta({ id: "IikoSettings" });
export type IikoSettings = z.infer<typeof iikoSettingsSchema>;

export const iikoSettingsBodySchema = z.object({
  /** A new API login; left out, the stored one is checked again. */
  apiLogin: iikoIdSchema.optional(),
  /** The organisation to use when the login sees several. */
  organizationId: iikoIdSchema.optional(),
  /** Each branch's terminal group (null: the branch's orders are not sent). */
  branches: z
    .array(z.object({ id: uuidSchema, terminalGroupId: iikoIdSchema.nullable() }))
    .max(500)
    .default([]),
});
export type IikoSettingsBody = z.infer<typeof iikoSettingsBodySchema>;

const menuCountsSchema = z.object({
  create: z.number().int(),
  update: z.number().int(),
  hide: z.number().int(),
  show: z.number().int(),
  unchanged: z.number().int(),
});

const changeValueSchema = z.union([z.string(), z.number()]).nullable();

/** What importing iiko's menu would change (POST /staff/v1/kitchen/iiko/menu/preview). */
export const iikoMenuPreviewSchema = z
  .object({
    /** iiko's nomenclature revision the preview was made from; the import names it. */
    revision: z.string(),
    counts: menuCountsSchema,
    changes: z.array(
      z.object({
        entity: z.enum(["category", "product", "option-group", "option"]),
        action: z.enum(["create", "update", "hide", "show"]),
        name: z.string(),
        /** The product an option group or option belongs to. */
        within: z.string().optional(),
        fields: z.array(
          z.object({
            field: z.enum(["name", "description", "price", "category", "minSelect", "maxSelect", "image"]),
            from: changeValueSchema,
            to: changeValueSchema,
          }),
        ),
      }),
    ),
    /** More changes than the list holds (the counts cover them all). */
    truncated: z.boolean(),
  })
  .meta({ id: "IikoMenuPreview" });
export type IikoMenuPreview = z.infer<typeof iikoMenuPreviewSchema>;

export const iikoMenuImportBodySchema = z.object({
  /** The previewed revision: an import is refused (409 IIKO_MENU_CHANGED) when iiko's moved on. */
  revision: z.string().trim().min(1).max(40),
});

export const iikoMenuImportSchema = z
  .object({ revision: z.string(), counts: menuCountsSchema, importedAt: dateTimeSchema })
  .meta({ id: "IikoMenuImport" });
export type IikoMenuImport = z.infer<typeof iikoMenuImportSchema>;

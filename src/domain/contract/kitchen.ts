// The brand's kitchen system, iiko (issue 38): what the owner sets in the console and what iiko
// answered when it was checked (GET and PUT /staff/v1/kitchen/iiko).
import { z } from "zod";
import { multilingualSchema, uuidSchema } from "./common.ts";

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

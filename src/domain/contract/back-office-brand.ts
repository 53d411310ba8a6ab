// The owner's side of the back office (issue 36): the brand's staff, its settings and secrets, its
// banners and its promo codes. Part of the staff API (`/api/staff/v1/...`).
import { z } from "zod";
import { brandRoleSchema } from "./back-office.ts";
import { uuidSchema } from "./common.ts";

export const staffMemberSchema = z
  .object({
    id: uuidSchema,
    /** E.164; the person signs in to /staff with it and an SMS code. */
    phone: z.string().nullable(),
    name: z.string().nullable(),
    brandRole: brandRoleSchema,
    /** The branches they work at; empty = every branch of the brand. */
    branchIds: z.array(uuidSchema),
    /** The caller themself. */
    self: z.boolean(),
  })
  .meta({ id: "StaffMember" });
export type StaffMember = z.infer<typeof staffMemberSchema>;

const branchIdsSchema = z
  .array(uuidSchema)
  .max(100)
  .transform((ids) => [...new Set(ids)]);

/** Roles the console gives (the courier's belongs to the delivery issue). */
export const staffInviteSchema = z
  .object({
    /** As typed; the server reads it as the brand's phone numbers (Uzbek first) and stores E.164. */
    phone: z
      .string({ error: "enter a phone number" })
      .trim()
      .min(1, { error: "enter a phone number" })
      .max(40),
    brandRole: brandRoleSchema,
    branchIds: branchIdsSchema,
  })
  .meta({ id: "StaffInvite" });
export type StaffInvite = z.input<typeof staffInviteSchema>;

export const staffMemberBodySchema = z
  .object({ brandRole: brandRoleSchema, branchIds: branchIdsSchema })
  .meta({ id: "StaffMemberBody" });
export type StaffMemberBody = z.input<typeof staffMemberBodySchema>;

// Yandex Delivery in the console (issue 39): per branch the OAuth token (write-only) and the pickup
// contact, and when the brand's claims are made (GET and PUT /staff/v1/delivery/yandex).
import { z } from "zod";
import { YANDEX_CLAIM_MOMENTS } from "../yandex-delivery.ts";
import { multilingualSchema, uuidSchema } from "./common.ts";

const pickupPhoneSchema = z
  .string()
  .trim()
  .regex(/^\+?\d{7,15}$/, { error: "must be a phone number in international form" });

export const yandexDeliverySettingsSchema = z
  .object({
    /** READY: when the kitchen marks the order ready; PLACED: at placement (online: once paid). */
    claimAt: z.enum(YANDEX_CLAIM_MOMENTS),
    branches: z.array(
      z.object({
        id: uuidSchema,
        name: multilingualSchema,
        /** A token is stored (it is never answered). */
        tokenSet: z.boolean(),
        pickupName: z.string().nullable(),
        pickupPhone: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: "YandexDeliverySettings" });
export type YandexDeliverySettings = z.infer<typeof yandexDeliverySettingsSchema>;

export const yandexDeliverySettingsBodySchema = z.object({
  claimAt: z.enum(YANDEX_CLAIM_MOMENTS),
  branches: z
    .array(
      z.object({
        id: uuidSchema,
        /** A new token; left out, the stored one stays; null removes it (the branch leaves Yandex). */
        token: z.string().trim().min(10).max(500).nullable().optional(),
        pickupName: z.string().trim().min(1).max(200).nullable(),
        pickupPhone: pickupPhoneSchema.nullable(),
      }),
    )
    .max(500),
});
export type YandexDeliverySettingsBody = z.infer<typeof yandexDeliverySettingsBodySchema>;

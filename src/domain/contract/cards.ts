// Saved cards (GET/POST /payments/v1/cards, verify, code, delete, pay). A card is shown by the masked
// number and expiry only; the number and the SMS code go to the provider and are never stored.
import { z } from "zod";
import { uuidSchema } from "./common.ts";

export const savedCardSchema = z
  .object({
    id: uuidSchema,
    number: z.string().describe('The masked number, e.g. "8600 **** **** 6311"'),
    expireMonth: z.number().int().min(1).max(12),
    expireYear: z.number().int().describe("Four digits"),
    type: z.enum(["UZCARD", "HUMO"]).nullable().describe("By the number's first digits"),
    isVerified: z.boolean().describe("Confirmed with the SMS code; only such a card pays"),
  })
  .meta({ id: "SavedCard" });
export type SavedCard = z.infer<typeof savedCardSchema>;

export const savedCardListSchema = z.array(savedCardSchema);

export const cardCreateRequestSchema = z
  .object({
    number: z
      .string()
      .transform((v) => v.replace(/[\s-]/g, ""))
      .pipe(z.string().regex(/^\d{16}$/, { error: "16 digits" })),
    expire: z
      .string()
      .regex(/^(0[1-9]|1[0-2])\d{2}$/, { error: "MMYY" })
      .describe('Month and year, "MMYY"'),
  })
  .meta({ id: "CardCreateRequest" });
export type CardCreateRequest = z.input<typeof cardCreateRequestSchema>;

export const cardCodeSentSchema = z
  .object({
    card: savedCardSchema,
    sent: z.boolean().describe("Whether the provider texted the code"),
    phone: z.string().describe("The card's phone as the provider masks it"),
    wait: z.number().int().min(0).describe("Milliseconds before another code may be asked for"),
  })
  .meta({ id: "CardCodeSent" });
export type CardCodeSent = z.infer<typeof cardCodeSentSchema>;

export const cardParamsSchema = z.object({ id: uuidSchema });

export const cardVerifyRequestSchema = z
  .object({ code: z.string().regex(/^\d{4,8}$/, { error: "4 to 8 digits" }) })
  .meta({ id: "CardVerifyRequest" });
export type CardVerifyRequest = z.infer<typeof cardVerifyRequestSchema>;

export const cardPayRequestSchema = z.object({ orderId: uuidSchema }).meta({ id: "CardPayRequest" });
export type CardPayRequest = z.infer<typeof cardPayRequestSchema>;

export const cardPaymentSchema = z
  .object({
    orderId: uuidSchema,
    isPaid: z.literal(true),
    status: z.string().describe("The order's status after the payment"),
  })
  .meta({ id: "CardPayment" });
export type CardPayment = z.infer<typeof cardPaymentSchema>;

/** The most wrong codes a card takes; the last one removes it. */
export const CARD_VERIFY_ATTEMPTS = 5;

/** The most cards (confirmed or not) a customer keeps at one brand. */
export const MAX_SAVED_CARDS = 10;

import { z } from "zod";
import { uuidSchema } from "./common.ts";

export const checkoutParamsSchema = z.object({ orderId: uuidSchema });

/**
 * Where the customer pays from, so the provider returns them where they can go on: the website's
 * order page, or (Telegram, Click) a page in the phone's browser that leads back into the host app.
 */
export const PAY_HOSTS = ["web", "telegram", "click"] as const;
export type PayHost = (typeof PAY_HOSTS)[number];

export const checkoutQuerySchema = z.object({
  via: z.enum(PAY_HOSTS).default("web").describe("The host the customer pays from"),
  lang: z
    .string()
    .regex(/^[a-z]{2}$/)
    .optional()
    .describe("The storefront's language, for the page the provider returns to"),
});

/** GET /payments/v2/checkout/{orderId}/return: all the return page may know of an order. */
export const paymentReturnSchema = z.object({ isPaid: z.boolean() }).meta({ id: "PaymentReturn" });
export type PaymentReturn = z.infer<typeof paymentReturnSchema>;

/** GET /payments/v2/checkout/{orderId}: where the customer pays an order online. */
export const checkoutSchema = z
  .object({
    provider: z.enum(["PAYME", "CLICK", "UZUM"]),
    url: z
      .url()
      .describe(
        "The provider's checkout page; it returns the customer to the order's page on the storefront, or from Telegram and Click to the return page /paid/{orderId}",
      ),
  })
  .meta({ id: "Checkout" });
export type Checkout = z.infer<typeof checkoutSchema>;

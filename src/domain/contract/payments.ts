import { z } from "zod";
import { uuidSchema } from "./common.ts";

export const checkoutParamsSchema = z.object({ orderId: uuidSchema });

/** GET /payments/v2/checkout/{orderId}: where the customer pays an order online. */
export const checkoutSchema = z
  .object({
    provider: z.enum(["PAYME", "CLICK", "UZUM"]),
    url: z
      .url()
      .describe(
        "The provider's checkout page; it returns the customer to the order's page on the storefront",
      ),
  })
  .meta({ id: "Checkout" });
export type Checkout = z.infer<typeof checkoutSchema>;

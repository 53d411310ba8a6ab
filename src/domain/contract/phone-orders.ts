// Phone orders (issue 42): an operator takes an order for a caller in the staff console. The order
// itself is the storefront's order request, checked by the same rules on the OPERATOR channel.
import { z } from "zod";
import { addressSchema } from "./geo.ts";
import { orderRequestSchema, orderSchema } from "./orders.ts";

/** GET /staff/v1/phone-orders/customer: the caller by the phone they call from. */
export const phoneCustomerQuerySchema = z.object({
  phone: z.string().trim().min(5).max(32).describe("The caller's phone, as typed (any common format)"),
});

/** The brand's customer of a phone: who, their saved addresses and their last orders (newest first). */
export const phoneCustomerSchema = z
  .object({
    phone: z.string().describe("The phone in E.164"),
    customer: z
      .object({
        id: z.uuid(),
        firstName: z.string().nullable(),
        lastName: z.string().nullable(),
      })
      .nullable()
      .describe("Null: the brand has no customer of this phone yet (the order makes one)"),
    addresses: z.array(addressSchema),
    lastOrders: z.array(orderSchema).max(5),
  })
  .meta({ id: "PhoneCustomer" });
export type PhoneCustomer = z.infer<typeof phoneCustomerSchema>;

/** POST /staff/v1/phone-orders and /phone-orders/quote: the caller and the order they ask for. */
export const phoneOrderBodySchema = z
  .object({
    customer: z.object({
      phone: z.string().trim().min(5).max(32),
      /** Given to a new customer (a returning one keeps their own name). */
      name: z.string().trim().max(100).nullish(),
    }),
    order: orderRequestSchema,
  })
  .meta({ id: "PhoneOrderRequest" });
export type PhoneOrderBody = z.input<typeof phoneOrderBodySchema>;

// The brand's webhook endpoints and their delivery log (issue 38, owner only). Part of the staff API
// (`/api/staff/v1/webhooks...`). The secret is answered once, when made or rolled.
import { z } from "zod";
import { WEBHOOK_DELIVERY_STATES, WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT, WEBHOOK_URL_MAX } from "../webhooks.ts";
import { dateTimeSchema, uuidSchema } from "./common.ts";

const urlSchema = z
  .string({ error: "enter the receiver's address" })
  .trim()
  .min(1, { error: "enter the receiver's address" })
  .max(WEBHOOK_URL_MAX)
  .refine((text) => URL.canParse(text), { error: "must be an address like https://example.com/hooks" });

const eventsSchema = z
  .array(z.enum(WEBHOOK_EVENTS))
  .min(1, { error: "choose at least one event" })
  .max(WEBHOOK_EVENTS.length)
  .transform((events) => WEBHOOK_EVENTS.filter((e) => events.includes(e)));

export const webhookEndpointSchema = z
  .object({
    id: uuidSchema,
    url: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENTS)),
    /** Paused endpoints get no new deliveries; what is queued waits for the endpoint to be on again. */
    enabled: z.boolean(),
    /** The secret's last four characters, to tell which one the receiver holds. */
    secretHint: z.string(),
    createdDate: dateTimeSchema,
    /** The last delivery's state, or null before the first. */
    lastState: z.enum(WEBHOOK_DELIVERY_STATES).nullable(),
  })
  .meta({ id: "WebhookEndpoint" });
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** Answered when an endpoint is made or its secret rolled: the only time the secret is shown. */
export const webhookEndpointWithSecretSchema = z
  .object({ endpoint: webhookEndpointSchema, secret: z.string() })
  .meta({ id: "WebhookEndpointWithSecret" });
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecretSchema>;

export const webhookEndpointBodySchema = z
  .object({ url: urlSchema, events: eventsSchema, enabled: z.boolean().default(true) })
  .meta({ id: "WebhookEndpointBody" });
export type WebhookEndpointBody = z.input<typeof webhookEndpointBodySchema>;

export const webhookEndpointUpdateSchema = z
  .object({ url: urlSchema.optional(), events: eventsSchema.optional(), enabled: z.boolean().optional() })
  .meta({ id: "WebhookEndpointUpdate" });
export type WebhookEndpointUpdate = z.input<typeof webhookEndpointUpdateSchema>;

export const webhookDeliverySchema = z
  .object({
    id: uuidSchema,
    /** The event's id: the `Savat-Event-Id` header and the body's `id`, the same on every try. */
    eventId: uuidSchema,
    type: z.union([z.enum(WEBHOOK_EVENTS), z.literal(WEBHOOK_TEST_EVENT)]),
    orderId: uuidSchema.nullable(),
    state: z.enum(WEBHOOK_DELIVERY_STATES),
    attempts: z.number().int(),
    /** When it is tried next (PENDING), else null. */
    nextAttemptAt: dateTimeSchema.nullable(),
    /** The receiver's last HTTP status, or null when it did not answer. */
    lastStatus: z.number().int().nullable(),
    /** The first bytes of the receiver's last answer. */
    lastResponse: z.string().nullable(),
    /** Why the last try failed (timeout, refused address, status), or null. */
    lastError: z.string().nullable(),
    deliveredAt: dateTimeSchema.nullable(),
    createdDate: dateTimeSchema,
  })
  .meta({ id: "WebhookDelivery" });
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

// Signed webhooks to any other system (issue 38): the events a brand's endpoint may ask for, the
// signature header's shape (Stripe's scheme: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`)
// and the replay window a receiver should keep. Pure: the server computes the HMAC with node:crypto.

/** What happened, as a receiver subscribes to it. */
export const WEBHOOK_EVENTS = [
  "order.placed",
  "order.paid",
  "order.status_changed",
  "order.changed",
  "order.cancelled",
  "order.refunded",
  "menu.changed",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

/** The event "send test event" sends: to the one endpoint, whatever it subscribed to. */
export const WEBHOOK_TEST_EVENT = "webhook.test";

export function isWebhookEvent(value: string): value is WebhookEventType {
  return (WEBHOOK_EVENTS as readonly string[]).includes(value);
}

/** The headers every delivery carries. */
export const SIGNATURE_HEADER = "Savat-Signature";
export const EVENT_ID_HEADER = "Savat-Event-Id";

/** How far a receiver should accept a signature's timestamp from its own clock (seconds). */
export const SIGNATURE_TOLERANCE_S = 5 * 60;

/** The text that is signed: the timestamp, a dot, the body exactly as sent. */
export function signedPayload(timestamp: number, body: string): string {
  return `${String(timestamp)}.${body}`;
}

export function signatureHeader(timestamp: number, hexHmac: string): string {
  return `t=${String(timestamp)},v1=${hexHmac}`;
}

/** The header's timestamp and its v1 signatures (several while a secret is being rolled), or null. */
export function parseSignatureHeader(header: string): { timestamp: number; signatures: string[] } | null {
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(",")) {
    const [key, value] = part.trim().split("=", 2);
    if (key === "t" && value && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === "v1" && value && /^[0-9a-f]{64}$/.test(value)) signatures.push(value);
  }
  return timestamp === null || signatures.length === 0 ? null : { timestamp, signatures };
}

/** The delivery states of the log: to send or being sent, delivered (a 2xx), given up after a day. */
export const WEBHOOK_DELIVERY_STATES = ["PENDING", "SENDING", "DELIVERED", "FAILED"] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

/** An endpoint's URL is at most this long. */
export const WEBHOOK_URL_MAX = 2000;

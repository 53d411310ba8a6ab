// SMS gateways for one-time codes (Eskiz, PlayMobile, a console stand-in). Each merchant picks its
// own (merchants.sms_gateway); the console gateway stands in during development and demo.

export interface SmsMessage {
  /** E.164 with the plus, e.g. +998901234567; each adapter writes it the way its gateway wants. */
  phone: string;
  text: string;
}

export interface SmsGateway {
  /** ESKIZ, PLAY_MOBILE or console: for logs, never shown to customers. */
  readonly name: string;
  /** Resolves when the gateway accepted the message; throws SmsError otherwise. */
  send(message: SmsMessage): Promise<void>;
}

export type SmsFailure =
  /** Our credentials were refused (and a fresh login did not help). */
  | "AUTH"
  /** The gateway refused this message (bad number, text, sender). */
  | "REJECTED"
  /** Network failure, timeout, 5xx or an answer we cannot read. */
  | "UNAVAILABLE";

/**
 * A gateway failure. `detail` keeps the gateway's answer for the server log; the customer only ever
 * hears "try again" (SMS_SEND_FAILED).
 */
export class SmsError extends Error {
  override name = "SmsError";
  readonly failure: SmsFailure;
  readonly detail: string;
  constructor(failure: SmsFailure, detail: string) {
    super(`SMS ${failure}: ${detail.slice(0, 300)}`);
    this.failure = failure;
    this.detail = detail.slice(0, 2000);
  }
}

/** The fetch the adapters use; tests may pass their own. */
export type Fetch = typeof fetch;

export const SMS_TIMEOUT_MS = 10_000;

/** Digits of an E.164 phone without the plus (998901234567), as both gateways want it. */
export function gatewayDigits(phone: string): string {
  return phone.replace(/\D/g, "");
}

/** Runs a request with the adapter's timeout; network errors and timeouts become UNAVAILABLE. */
export async function callGateway(
  fetchImpl: Fetch,
  url: string,
  init: RequestInit,
  timeoutMs = SMS_TIMEOUT_MS,
): Promise<{ status: number; body: string }> {
  try {
    const response = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    return { status: response.status, body: await response.text() };
  } catch (error) {
    throw new SmsError("UNAVAILABLE", error instanceof Error ? error.message : String(error));
  }
}

export function parseJson(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}

// The notes the server writes on an order's history line are codes in English ("placed", "demo
// simulator", "paid with Payme"); the console shows them from the catalogue in the staff member's
// language. Any other note is a person's own words (a cancel reason) and is shown as written.
import { msg } from "@lingui/core/macro";
import type { I18n, MessageDescriptor } from "@lingui/core";

const FIXED: Record<string, MessageDescriptor> = {
  placed: msg`Placed`,
  "demo simulator": msg`Moved by the demo simulator`,
  "not paid in time": msg`Not paid in time`,
  "cancelled by the customer": msg`Cancelled by the customer`,
  "cash collected": msg`Cash collected`,
  "payment collected": msg`Payment collected`,
};

/** Notes that name the payment provider: server/src/payments and payments/refunds.ts. */
const WITH_PROVIDER: [RegExp, (provider: string) => MessageDescriptor][] = [
  [/^paid with (\w+)$/, (provider) => msg`Paid with ${provider}`],
  [/^refunded (?:by|through) (\w+)$/, (provider) => msg`Refunded by ${provider}`],
];

/** A history note in the reader's language: a known code translated, anything else as written. */
export function historyNote(comment: string, i18n: I18n): string {
  const fixed = FIXED[comment];
  if (fixed) return i18n._(fixed);
  for (const [pattern, message] of WITH_PROVIDER) {
    const provider = pattern.exec(comment)?.[1];
    if (provider) return i18n._(message(provider));
  }
  return comment;
}

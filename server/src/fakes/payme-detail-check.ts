// What Payme checks of a fiscal `detail` (issue 40), for the fake checkout page and the fake
// Subscribe API: a cashbox set up for fiscalisation takes no payment without one, each item needs
// its title, a whole price in tiyin, a count, a 17-digit MXIK code, a package code and its VAT
// percent, and the items less their discounts plus the shipping must come to the amount exactly.
// ASSUMPTION (Payme publishes the fields, not its refusals): a detail that does not add up is
// refused as a wrong amount (-31001), a malformed one as an invalid request (-32600).
import { MXIK_PATTERN, PACKAGE_CODE_PATTERN } from "#domain/fiscal.ts";

export interface DetailRefusal {
  code: number;
  message: string;
}

const whole = (v: unknown): v is number => typeof v === "number" && Number.isSafeInteger(v) && v >= 0;

export function paymeDetailRefusal(detail: unknown, amount: number): DetailRefusal | null {
  const bad = (message: string): DetailRefusal => ({ code: -32600, message: `Fiscal detail: ${message}` });
  if (typeof detail !== "object" || detail === null) return bad("missing");
  const d = detail as Record<string, unknown>;
  if (d.receipt_type !== 0) return bad("receipt_type must be 0 (a sale)");
  if (!Array.isArray(d.items) || d.items.length === 0) return bad("no items");
  let sum = 0;
  for (const raw of d.items as unknown[]) {
    if (typeof raw !== "object" || raw === null) return bad("an item is not an object");
    const i = raw as Record<string, unknown>;
    if (typeof i.title !== "string" || i.title.trim() === "") return bad("an item has no title");
    if (!whole(i.price) || !whole(i.count) || i.count === 0) return bad("an item's price or count");
    if (typeof i.code !== "string" || !MXIK_PATTERN.test(i.code)) return bad("an item has no MXIK code");
    if (typeof i.package_code !== "string" || !PACKAGE_CODE_PATTERN.test(i.package_code))
      return bad("an item has no package code");
    if (!whole(i.vat_percent) || i.vat_percent > 100) return bad("an item's VAT percent");
    const discount = i.discount ?? 0;
    if (!whole(discount) || discount > i.price * i.count) return bad("an item's discount");
    sum += i.price * i.count - discount;
  }
  if (d.shipping !== undefined) {
    const s = d.shipping as Record<string, unknown> | null;
    if (!s || typeof s.title !== "string" || !whole(s.price)) return bad("shipping");
    sum += s.price;
  }
  if (sum !== amount)
    return { code: -31001, message: `Fiscal detail adds up to ${String(sum)}, not ${String(amount)}` };
  return null;
}

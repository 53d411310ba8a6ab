// How an amount reads to a customer, everywhere: the storefront, the staff console and the server's
// messages (spec section 5). One rule, so a sum never reads "30,000" in one place and "30 000" in another.

/**
 * A number rounded to two decimals with its thousands separated by spaces, "0" for an empty value:
 * 1234567.891 -> "1 234 567.89". Plain text: the client isolates it on a right-to-left page.
 */
export function groupDigits(value: number | string | null | undefined): string {
  const n = typeof value === "string" ? Number(value.replace(/\s/g, "")) : value;
  if (n === null || n === undefined || !Number.isFinite(n)) return "0";
  const rounded = Math.round(n * 100) / 100;
  const [int = "0", frac] = Math.abs(rounded).toString().split(".");
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, " ");
  const sign = rounded < 0 ? "-" : "";
  return frac ? `${sign}${grouped}.${frac}` : `${sign}${grouped}`;
}

/** The space that never breaks a line: between an amount's digit groups and before its currency. */
export const NO_BREAK_SPACE = "\u00a0";

/**
 * groupDigits with no-break spaces between the groups, for an amount that must never wrap inside
 * (the staff console's narrow columns read "51 / 000 so'm" with plain spaces): 51000 -> "51 000".
 */
export function groupDigitsUnbroken(value: number | string | null | undefined): string {
  return groupDigits(value).replaceAll(" ", NO_BREAK_SPACE);
}

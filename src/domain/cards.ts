// Card numbers as the storefront and the server both check them before a provider sees them.

/** The card's kind by its first digits: Uzcard 8600 (and 5614), Humo 9860. */
export function cardTypeOf(number: string): "UZCARD" | "HUMO" | null {
  if (number.startsWith("8600") || number.startsWith("5614")) return "UZCARD";
  if (number.startsWith("9860")) return "HUMO";
  return null;
}

/** The Luhn check of a card number (digits only). */
export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i += 1) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** "8600 **** **** 6311": what the storefront keeps and shows of a number. */
export function maskCardNumber(number: string): string {
  return `${number.slice(0, 4)} **** **** ${number.slice(-4)}`;
}

/** "0399" (MMYY) -> month and four-digit year; undefined when not a month. */
export function parseExpire(expire: string): { month: number; year: number } | undefined {
  const m = /^(\d{2})(\d{2})$/.exec(expire);
  if (!m) return undefined;
  const month = Number(m[1]);
  if (month < 1 || month > 12) return undefined;
  return { month, year: 2000 + Number(m[2]) };
}

/** Whether a card valid through `month`/`year` has expired at `now` (it works through its month). */
export function cardExpired(expiry: { month: number; year: number }, now: Date): boolean {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth() + 1;
  return expiry.year < y || (expiry.year === y && expiry.month < m);
}

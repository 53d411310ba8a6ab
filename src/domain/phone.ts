// Phone numbers (spec section 5 "Display formats", docs/decisions.md "Accounts"): parsed, checked and
// normalised with libphonenumber-js. The "mobile" metadata is used on purpose: a one-time code goes
// by SMS, so only numbers that can receive one are valid for login. Uzbek numbers come first; a
// brand also accepts the numbers of the country its currency belongs to (tenge -> Kazakhstan).
import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/mobile";
import type { Currency } from "./enums.ts";

export { formatMaskedPhone, formatPhone, maskPhone } from "./phone-format.ts";

export type PhoneCountry = CountryCode;

/** Uzbekistan first: a number typed without a country code is Uzbek unless the brand says otherwise. */
export const DEFAULT_PHONE_COUNTRY: PhoneCountry = "UZ";

const COUNTRY_OF_CURRENCY: Record<Currency, PhoneCountry> = { UZS: "UZ", KZT: "KZ" };

/** The countries whose numbers a brand accepts, its home country first. */
export function phoneCountriesFor(currency: Currency | null | undefined): PhoneCountry[] {
  const home = currency ? COUNTRY_OF_CURRENCY[currency] : DEFAULT_PHONE_COUNTRY;
  return home === DEFAULT_PHONE_COUNTRY ? [home] : [home, DEFAULT_PHONE_COUNTRY];
}

export type PhoneProblem = "EMPTY" | "INVALID" | "COUNTRY";

export type ParsedPhone =
  | { ok: true; e164: string; country: PhoneCountry | undefined; national: string; international: string }
  | { ok: false; problem: PhoneProblem };

export interface ParsePhoneOptions {
  /** Accepted countries, the first one assumed for numbers without a country code. Default: Uzbekistan. */
  countries?: readonly PhoneCountry[];
}

/**
 * A customer's phone as typed ("90 123 45 67", "+998 (90) 123-45-67", "998901234567"): valid mobile
 * numbers of an accepted country only. A number of digits that starts with a country code but lacks
 * the plus ("998901234567") is read as international.
 */
export function parsePhone(input: string, options: ParsePhoneOptions = {}): ParsedPhone {
  const countries = options.countries?.length ? options.countries : [DEFAULT_PHONE_COUNTRY];
  const home = countries[0] ?? DEFAULT_PHONE_COUNTRY;
  const text = input.trim();
  if (!/\d/.test(text)) return { ok: false, problem: "EMPTY" };
  if (text.length > 40 || /[^\d\s()+.-]/.test(text)) return { ok: false, problem: "INVALID" };

  let parsed = parsePhoneNumberFromString(text, home);
  if ((!parsed || !parsed.isValid()) && !text.startsWith("+")) {
    const international = parsePhoneNumberFromString(`+${text.replace(/\D/g, "")}`);
    if (international?.isValid()) parsed = international;
  }
  if (!parsed?.isValid()) return { ok: false, problem: "INVALID" };
  if (!parsed.country || !countries.includes(parsed.country)) return { ok: false, problem: "COUNTRY" };
  return {
    ok: true,
    e164: parsed.number,
    country: parsed.country,
    national: parsed.formatNational(),
    international: parsed.formatInternational(),
  };
}

/**
 * A phone another party vouches for (Telegram's contact, Click's profile) in E.164, whatever its
 * country, or undefined when it cannot be a phone. Digits without a plus are international.
 */
export function normalisePhone(value: string): string | undefined {
  const digits = value.replace(/\D/g, "");
  if (digits.length < 7 || digits.length > 15) return undefined;
  const parsed = parsePhoneNumberFromString(`+${digits}`);
  return parsed?.isPossible() ? parsed.number : `+${digits}`;
}

/**
 * A phone as people typed it elsewhere (a booking's, a guest's), for display: libphonenumber-js's
 * international form ("+998 90 123 45 67") and its `tel:` link (E.164), a number without a country
 * code read as the home country's; a text it cannot read as a number is shown as typed.
 */
export function displayPhone(
  value: string,
  home: PhoneCountry = DEFAULT_PHONE_COUNTRY,
): { text: string; tel: string } {
  const typed = value.trim();
  const parsed =
    parsePhoneNumberFromString(typed, home) ??
    (typed.startsWith("+") ? undefined : parsePhoneNumberFromString(`+${typed.replace(/\D/g, "")}`));
  if (parsed?.isPossible()) return { text: parsed.formatInternational(), tel: parsed.number };
  return { text: typed, tel: typed.replace(/[^\d+]/g, "") };
}

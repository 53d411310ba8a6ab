// A branch's phone (issue 36): the number guests call, usually a city line (+998 71 ...), so any
// valid number of Uzbekistan or another country, not only mobiles as for signing in (phone.ts). Its
// own module with libphonenumber's small metadata, so the storefront's bundle does not carry it.
import { parsePhoneNumberFromString } from "libphonenumber-js/min";

/** The number in E.164 ("+998712000001"), or null when it is not a valid phone number. */
export function parseBranchPhone(input: string): string | null {
  const parsed = parsePhoneNumberFromString(input.trim(), "UZ");
  return parsed?.isValid() ? parsed.number : null;
}

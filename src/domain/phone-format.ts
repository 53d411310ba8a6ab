// Phone display (spec section 5), apart from src/domain/phone.ts so that showing a phone (the
// footer's contacts, on every page) does not pull libphonenumber-js into the initial download.

/**
 * A phone for display (spec section 5): a missing plus is prepended and the digits are grouped.
 * 998901234567 -> "+998 90 123 45 67". Written without the library on purpose: the footer shows
 * the brand's phone on every page, and the library (about 25 KB gzipped) would then count against
 * the initial download budget; parsing and checking (login, profile) load it with their screens.
 */
export function formatPhone(value: string | null | undefined): string {
  return groupDigits((value ?? "").replace(/\D/g, ""));
}

/** Groups digits, or digits and the stars a masked number has in their place, as formatPhone does. */
function groupDigits(digits: string): string {
  if (digits === "") return "";
  const uz = /^(998)([\d*]{2})([\d*]{3})([\d*]{2})([\d*]{2})$/.exec(digits);
  if (uz) return `+${uz.slice(1).join(" ")}`;
  const kz = /^(7)([\d*]{3})([\d*]{3})([\d*]{2})([\d*]{2})$/.exec(digits);
  if (kz) return `+${kz.slice(1).join(" ")}`;
  return `+${digits.replace(/([\d*]{3})(?=[\d*]{4,})/g, "$1 ")}`;
}

/**
 * A number a payment provider sends already masked ("99890*****31", Payme's card phone), grouped
 * like every other phone: "+998 90 *** ** 31".
 */
export function formatMaskedPhone(value: string | null | undefined): string {
  return groupDigits((value ?? "").replace(/[^\d*]/g, ""));
}

/**
 * The masked form (spec section 5): the middle digits hidden, the country code and the last two
 * digits kept. "+998901234567" -> "+998 90 *** ** 67".
 */
export function maskPhone(value: string | null | undefined): string {
  const formatted = formatPhone(value);
  if (formatted === "") return "";
  const groups = formatted.split(" ");
  if (groups.length < 3) return formatted.replace(/\d(?=\d{2})/g, "*");
  // Keep the country code, the first national group and the last group; star the rest.
  return groups
    .map((group, i) => (i <= 1 || i === groups.length - 1 ? group : group.replace(/\d/g, "*")))
    .join(" ");
}

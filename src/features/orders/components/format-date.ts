import { ltr } from "../../../lib/format.ts";

/** dd.mm.yyyy hh:mm in the merchant's time zone (spec section 5); empty dates as the spec shows them. */
export function formatDateTime(iso: string | null, timeZone: string): string {
  if (!iso) return "--.--.---- -- : --";
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(new Date(iso));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  // One left-to-right run: on a right-to-left page the time would otherwise come before the date.
  return ltr(`${get("day")}.${get("month")}.${get("year")} ${get("hour")}:${get("minute")}`);
}

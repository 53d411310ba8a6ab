import { useLingui } from "@lingui/react/macro";
import { htmlLang, isLocale, DEFAULT_LOCALE } from "../../../lib/i18n.ts";
import { ltr } from "../../../lib/format.ts";
import { localDay, localMoment } from "../../../domain/order-time.ts";

/** "25.11.2026 19:30" in the merchant's time zone, one left-to-right run. */
export function formatBookingTime(iso: string, timeZone: string): string {
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
  return ltr(`${get("day")}.${get("month")}.${get("year")} ${get("hour")}:${get("minute")}`);
}

/** The label of a booking day: today, tomorrow, else the weekday and date in the interface language. */
export function useDayLabel(timeZone: string): (day: string) => string {
  const { t, i18n } = useLingui();
  const locale = htmlLang(isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE);
  const format = new Intl.DateTimeFormat(locale, {
    timeZone,
    weekday: "short",
    day: "numeric",
    month: "short",
  });
  const today = localDay(new Date(), timeZone);
  const tomorrow = localDay(new Date(localMoment(today, "12:00", timeZone).getTime() + 86_400_000), timeZone);
  return (day: string) => {
    if (day === today) return t`Today`;
    if (day === tomorrow) return t`Tomorrow`;
    return format.format(localMoment(day, "12:00", timeZone));
  };
}

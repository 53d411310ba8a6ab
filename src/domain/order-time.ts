// Later orders (spec section 4): a day plus hours:minutes in the merchant's time zone, seconds zero,
// only at times the branch is open. The checkout offers these slots; the server checks the same way.
import { TZDate } from "@date-fns/tz";
import type { WorkHourType } from "./enums.ts";
import { isOpenAt, type WorkHoursEntry } from "./hours.ts";

/** The moment of a local day ("YYYY-MM-DD") and time ("HH:mm") in a time zone, seconds zero. */
export function localMoment(day: string, time: string, timeZone: string): Date {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const [hh, mm] = time.split(":").map(Number) as [number, number];
  return new Date(new TZDate(y, m - 1, d, hh, mm, 0, timeZone).getTime());
}

/** The local day of a moment, "YYYY-MM-DD". */
export function localDay(date: Date, timeZone: string): string {
  const z = new TZDate(date.getTime(), timeZone);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${String(z.getFullYear())}-${pad(z.getMonth() + 1)}-${pad(z.getDate())}`;
}

/** The local time of a moment, "HH:mm". */
export function localTime(date: Date, timeZone: string): string {
  const z = new TZDate(date.getTime(), timeZone);
  return `${String(z.getHours()).padStart(2, "0")}:${String(z.getMinutes()).padStart(2, "0")}`;
}

export interface LaterSlot {
  day: string;
  time: string;
  at: Date;
}

/**
 * The times a later order can be placed for: every `stepMinutes` of the next `days` local days,
 * at least `leadMinutes` from now, when the branch is open for the service type.
 */
export function laterSlots(
  hours: readonly WorkHoursEntry[],
  type: WorkHourType,
  now: Date,
  timeZone: string,
  options: { days?: number; stepMinutes?: number; leadMinutes?: number } = {},
): LaterSlot[] {
  const days = options.days ?? 7;
  const step = options.stepMinutes ?? 15;
  const lead = (options.leadMinutes ?? 30) * 60_000;
  const slots: LaterSlot[] = [];
  const pad = (n: number) => String(n).padStart(2, "0");
  for (let i = 0; i < days; i++) {
    const day = localDay(new Date(now.getTime() + i * 86_400_000), timeZone);
    for (let minutes = 0; minutes < 24 * 60; minutes += step) {
      const time = `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
      const at = localMoment(day, time, timeZone);
      if (at.getTime() - now.getTime() < lead) continue;
      if (!isOpenAt(hours, type, at, timeZone)) continue;
      slots.push({ day, time, at });
    }
  }
  return slots;
}

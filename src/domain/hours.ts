// Working hours of a branch in the merchant's time zone (spec sections 3 and 5): today's hours,
// "holiday" for a day off or a missing entry, and whether a branch is open at a moment.
import { WEEK_NAMES, type WeekName, type WorkHourType } from "./enums.ts";

export interface DayHours {
  weekName: WeekName;
  /** "HH:mm" local time. */
  open: string | null;
  /** "HH:mm"; "24:00" or "23:59" = end of the day; earlier than open = past midnight. */
  close: string | null;
  isDayOff: boolean;
}

export interface WorkHoursEntry {
  type: WorkHourType;
  hours: readonly DayHours[];
  /**
   * Local days ("YYYY-MM-DD") the branch's staff closed this service for (the console's "today":
   * a holiday or delivery off); closed whatever the weekday's hours say.
   */
  closedOn?: readonly string[] | undefined;
  /**
   * The moment (ISO) until which the branch's staff paused this service ("pause for 30 minutes"):
   * closed before it, open again by itself from it on. A past moment changes nothing.
   */
  pausedUntil?: string | undefined;
}

/**
 * The hours with the branch's holidays (future closed days set in the back office, "YYYY-MM-DD" local
 * to the brand) as closed days of every service: on such a day the branch is closed exactly as
 * outside its hours, for the storefront's list, the later-order times and the order check alike.
 */
export function withHolidays(
  workHours: readonly WorkHoursEntry[],
  holidays: readonly string[],
): WorkHoursEntry[] {
  if (holidays.length === 0) return [...workHours];
  return workHours.map((entry) => ({
    ...entry,
    closedOn: [...new Set([...(entry.closedOn ?? []), ...holidays])].sort(),
  }));
}

/** How long the console's "pause" switches a service off. */
export const PAUSE_MINUTES = 30;

/** The hours as they are without the staff's pauses (a pause stops orders, not the service itself). */
export function withoutPauses(workHours: readonly WorkHoursEntry[]): WorkHoursEntry[] {
  return workHours.map(({ pausedUntil: _pausedUntil, ...entry }) => entry);
}

/** Until when the service is paused at `date`, or null when it is not (none, or already over). */
export function pausedUntil(
  workHours: readonly WorkHoursEntry[],
  type: WorkHourType,
  date: Date,
): Date | null {
  const until = entryOf(workHours, type)?.pausedUntil;
  if (!until) return null;
  const at = new Date(until);
  return at.getTime() > date.getTime() ? at : null;
}

export interface OpenClose {
  open: string;
  close: string;
}

/** The label of a closed day (spec section 5). */
export const HOLIDAY = "holiday";
export type TodayHours = OpenClose | typeof HOLIDAY;

/** The merchants' default time zone (../shared/decisions.md). */
export const DEFAULT_TIME_ZONE = "Asia/Tashkent";

const MINUTES_PER_DAY = 24 * 60;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      weekday: "long",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Weekday (upper-case English name) and minutes since local midnight of a moment in a time zone. */
export function localTime(date: Date, timeZone: string): { weekName: WeekName; minutes: number } {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = formatter(timeZone).formatToParts(date);
  } catch {
    parts = formatter(DEFAULT_TIME_ZONE).formatToParts(date);
  }
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  const weekName = get("weekday").toUpperCase() as WeekName;
  const hour = Number(get("hour")) % 24;
  return { weekName, minutes: hour * 60 + Number(get("minute")) };
}

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/** The local day of a moment in a time zone, "YYYY-MM-DD". */
export function localDate(date: Date, timeZone: string): string {
  let f = dayFormatters.get(timeZone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    } catch {
      f = new Intl.DateTimeFormat("en-CA", {
        timeZone: DEFAULT_TIME_ZONE,
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
      });
    }
    dayFormatters.set(timeZone, f);
  }
  return f.format(date);
}

/** "HH:mm" as minutes since midnight; "23:59" and "24:00" are the end of the day. Null when malformed. */
export function parseClock(value: string | null | undefined, isClose = false): number | null {
  if (!value) return null;
  const match = /^(\d{1,2}):(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const h = Number(match[1]);
  const m = Number(match[2]);
  if (h > 24 || m > 59 || (h === 24 && m !== 0)) return null;
  const minutes = h * 60 + m;
  // The brand files write "open around the clock" as 00:00-23:59 (docs/decisions.md).
  if (isClose && minutes >= MINUTES_PER_DAY - 1) return MINUTES_PER_DAY;
  return minutes;
}

function entryOf(workHours: readonly WorkHoursEntry[], type: WorkHourType): WorkHoursEntry | undefined {
  return workHours.find((e) => e.type === type);
}

function dayOf(entry: WorkHoursEntry | undefined, weekName: WeekName, localDay?: string): OpenClose | null {
  if (localDay !== undefined && entry?.closedOn?.includes(localDay)) return null;
  const day = entry?.hours.find((h) => h.weekName === weekName);
  if (!day || day.isDayOff || !day.open || !day.close) return null;
  if (parseClock(day.open) === null || parseClock(day.close, true) === null) return null;
  return { open: day.open, close: day.close };
}

/**
 * The hours of a weekday for one service type: {open, close}, or "holiday" when the day is marked
 * off or has no entry (spec section 5).
 */
export function workHoursOn(
  workHours: readonly WorkHoursEntry[],
  type: WorkHourType,
  date: Date,
  timeZone: string,
): TodayHours {
  const { weekName } = localTime(date, timeZone);
  return dayOf(entryOf(workHours, type), weekName, localDate(date, timeZone)) ?? HOLIDAY;
}

/** Whether a branch is closed for the whole local day of `date` (it cannot be chosen then). */
export function isClosedOn(
  workHours: readonly WorkHoursEntry[],
  type: WorkHourType,
  date: Date,
  timeZone: string,
): boolean {
  return workHoursOn(workHours, type, date, timeZone) === HOLIDAY;
}

function previousWeekName(weekName: WeekName): WeekName {
  const i = WEEK_NAMES.indexOf(weekName);
  return WEEK_NAMES[(i + WEEK_NAMES.length - 1) % WEEK_NAMES.length] as WeekName;
}

/**
 * Whether the branch serves `type` at the moment `date`, in the merchant's time zone (not while its
 * staff paused the service: `pausedUntil`). Hours whose
 * close is earlier than their open run past midnight into the next day; the close minute itself is
 * closed, except "23:59" and "24:00", which mean the end of the day.
 */
export function isOpenAt(
  workHours: readonly WorkHoursEntry[],
  type: WorkHourType,
  date: Date,
  timeZone: string,
): boolean {
  const entry = entryOf(workHours, type);
  // Paused by staff: closed until the pause is over, whatever the hours say.
  if (pausedUntil(workHours, type, date)) return false;
  const { weekName, minutes } = localTime(date, timeZone);
  const today = dayOf(entry, weekName, localDate(date, timeZone));
  if (today) {
    const open = parseClock(today.open) as number;
    const close = parseClock(today.close, true) as number;
    if (close > open ? minutes >= open && minutes < close : minutes >= open) return true;
  }
  // Yesterday's hours that ran past midnight.
  const yesterday = dayOf(
    entry,
    previousWeekName(weekName),
    localDate(new Date(date.getTime() - (minutes + 1) * 60_000), timeZone),
  );
  if (yesterday) {
    const open = parseClock(yesterday.open) as number;
    const close = parseClock(yesterday.close, true) as number;
    if (close < open && minutes < close) return true;
  }
  return false;
}

/** Open around the clock that day: 00:00 to the end of the day ("23:59" or "24:00"). */
export function opensAllDay(hours: TodayHours): boolean {
  return (
    hours !== HOLIDAY && parseClock(hours.open) === 0 && parseClock(hours.close, true) === MINUTES_PER_DAY
  );
}

/** "10:00 - 23:00" for display, or "holiday". */
export function formatHours(hours: TodayHours): string {
  return hours === HOLIDAY ? HOLIDAY : `${hours.open} - ${hours.close}`;
}

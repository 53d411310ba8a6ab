// Table booking (issue 14): the times a table can be booked at and how many guests a time can
// still take. The booking screen draws its slot grid with these rules and the server refuses a
// booking with the same ones, so the two never disagree.
import { isOpenAt, type WorkHoursEntry } from "./hours.ts";
import { localDay, localMoment } from "./order-time.ts";

export const RESERVATION_STATUSES = ["REQUESTED", "CONFIRMED", "DECLINED", "CANCELLED", "DONE"] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];

/** The statuses that hold seats: a declined or cancelled booking frees them. */
export const SEAT_HOLDING_STATUSES: readonly ReservationStatus[] = ["REQUESTED", "CONFIRMED", "DONE"];

/** The statuses a customer may still cancel from (only while the time is ahead). */
export const CANCELLABLE_STATUSES: readonly ReservationStatus[] = ["REQUESTED", "CONFIRMED"];

/** Where staff may move a booking from each status. */
export const STAFF_TRANSITIONS: Readonly<Record<ReservationStatus, readonly ReservationStatus[]>> = {
  REQUESTED: ["CONFIRMED", "DECLINED"],
  CONFIRMED: ["DONE", "DECLINED"],
  DECLINED: [],
  CANCELLED: [],
  DONE: [],
};

export interface BookingRules {
  /** The grid of booking times, minutes from local midnight. */
  slotMinutes: number;
  /** How long a booking holds its seats. */
  durationMinutes: number;
  /** How many local days, today included, can be booked. */
  daysAhead: number;
}

/** A brand that has set nothing books every 30 minutes, for two hours, up to two weeks ahead. */
export const BOOKING_DEFAULTS: Readonly<BookingRules> = Object.freeze({
  slotMinutes: 30,
  durationMinutes: 120,
  daysAhead: 14,
});

/**
 * A customer's open bookings: requested or confirmed and not over yet (end time ahead). They count
 * against the brand's limits, so one customer cannot hold every table of a branch for a day.
 */
export const OPEN_BOOKING_STATUSES: readonly ReservationStatus[] = ["REQUESTED", "CONFIRMED"];

export interface BookingLimits {
  /** Open bookings one customer may hold at one branch. */
  perBranch: number;
  /** Open bookings one customer may hold at all the brand's branches together. */
  total: number;
}

export const BOOKING_LIMIT_DEFAULTS: Readonly<BookingLimits> = Object.freeze({ perBranch: 2, total: 4 });

/** Whether a customer with these open bookings (at the branch, and in all) may book one more. */
export function mayBookAnother(open: { atBranch: number; total: number }, limits: BookingLimits): boolean {
  return open.atBranch < limits.perBranch && open.total < limits.total;
}

/** The most guests one booking may name, whatever the tables seat (a banquet is a phone call). */
export const MAX_GUESTS = 50;

export type SlotRefusal = "PAST" | "TOO_FAR" | "OFF_GRID" | "CLOSED";

const pad = (n: number) => String(n).padStart(2, "0");

/** The local days that can be booked from `now`: today and the next `daysAhead - 1`. */
export function bookingDays(now: Date, timeZone: string, rules: BookingRules = BOOKING_DEFAULTS): string[] {
  const days: string[] = [];
  const today = localDay(now, timeZone);
  // Noon of today steps whole days safely across daylight-saving changes.
  const noon = localMoment(today, "12:00", timeZone).getTime();
  for (let i = 0; i < rules.daysAhead; i++) days.push(localDay(new Date(noon + i * 86_400_000), timeZone));
  return days;
}

/**
 * Why a booking cannot start at `at` (null when it can): it is past, beyond the booking days, not on
 * the slot grid, or the branch does not serve guests in the hall (DINE_IN hours) for at least one
 * slot from then on.
 */
export function checkBookingTime(
  hours: readonly WorkHoursEntry[],
  at: Date,
  now: Date,
  timeZone: string,
  rules: BookingRules = BOOKING_DEFAULTS,
): SlotRefusal | null {
  if (at.getTime() <= now.getTime()) return "PAST";
  if (!bookingDays(now, timeZone, rules).includes(localDay(at, timeZone))) return "TOO_FAR";
  if (at.getUTCSeconds() !== 0 || at.getUTCMilliseconds() !== 0) return "OFF_GRID";
  const clock = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(at);
  const [h, m] = clock.split(":").map(Number) as [number, number];
  if ((h * 60 + m) % rules.slotMinutes !== 0) return "OFF_GRID";
  // The guests get at least one slot at the table before the branch closes.
  const lastMinute = new Date(at.getTime() + (rules.slotMinutes - 1) * 60_000);
  if (!isOpenAt(hours, "DINE_IN", at, timeZone) || !isOpenAt(hours, "DINE_IN", lastMinute, timeZone)) {
    return "CLOSED";
  }
  return null;
}

export interface BookingTime {
  /** "HH:mm" local. */
  time: string;
  at: Date;
}

/** Every time of a local day ("YYYY-MM-DD") a table can be booked at, in order. */
export function bookingTimesOn(
  hours: readonly WorkHoursEntry[],
  day: string,
  now: Date,
  timeZone: string,
  rules: BookingRules = BOOKING_DEFAULTS,
): BookingTime[] {
  const out: BookingTime[] = [];
  for (let minutes = 0; minutes < 24 * 60; minutes += rules.slotMinutes) {
    const time = `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
    const at = localMoment(day, time, timeZone);
    // A daylight-saving jump can map a local time into another day or hour; skip those.
    if (localDay(at, timeZone) !== day) continue;
    if (checkBookingTime(hours, at, now, timeZone, rules) === null) out.push({ time, at });
  }
  return out;
}

export interface HeldSeats {
  start: Date;
  end: Date;
  guests: number;
  hallId: string | null;
}

/**
 * The most guests seated at once during [start, end) by the bookings given (the caller passes only
 * seat-holding ones, of the scope that matters: a hall or the whole branch). Occupancy only rises at
 * a booking's start, so the peak is at `start` or at one of the starts inside the window.
 */
export function peakGuests(held: readonly HeldSeats[], start: Date, end: Date): number {
  const from = start.getTime();
  const to = end.getTime();
  const points = [from];
  for (const h of held) {
    const s = h.start.getTime();
    if (s > from && s < to) points.push(s);
  }
  let peak = 0;
  for (const p of points) {
    let seated = 0;
    for (const h of held) if (h.start.getTime() <= p && p < h.end.getTime()) seated += h.guests;
    peak = Math.max(peak, seated);
  }
  return peak;
}

export interface Capacity {
  /** Seats of the branch's active tables in active halls. */
  branchSeats: number;
  /** Seats per active hall. */
  hallSeats: ReadonlyMap<string, number>;
}

/**
 * How many more guests a booking from `start` for `durationMinutes` can bring: the branch's seats
 * less its peak, and with a hall chosen also that hall's seats less the hall's peak.
 */
export function freeSeats(
  capacity: Capacity,
  held: readonly HeldSeats[],
  start: Date,
  durationMinutes: number,
  hallId: string | null,
): number {
  const end = new Date(start.getTime() + durationMinutes * 60_000);
  let free = capacity.branchSeats - peakGuests(held, start, end);
  if (hallId !== null) {
    const hall = capacity.hallSeats.get(hallId) ?? 0;
    const inHall = held.filter((h) => h.hallId === hallId);
    free = Math.min(free, hall - peakGuests(inHall, start, end));
  }
  return Math.max(0, free);
}

/** The guests a booking may name: 1 up to what the branch (or the chosen hall) seats, and MAX_GUESTS. */
export function maxGuests(capacity: Capacity, hallId: string | null): number {
  const seats = hallId === null ? capacity.branchSeats : (capacity.hallSeats.get(hallId) ?? 0);
  return Math.min(seats, MAX_GUESTS);
}

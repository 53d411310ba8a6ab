import { describe, expect, it } from "vitest";
import {
  bookingDays,
  bookingTimesOn,
  checkBookingTime,
  freeSeats,
  maxGuests,
  peakGuests,
  type HeldSeats,
} from "./booking.ts";
import { WEEK_NAMES } from "./enums.ts";
import type { WorkHoursEntry } from "./hours.ts";

const TZ = "Asia/Tashkent"; // UTC+5, no daylight saving
/** A moment given as Tashkent local time. 2026-11-16 is a Monday. */
const at = (local: string) => new Date(`${local}:00+05:00`);

function dineIn(open: string, close: string, dayOff?: (typeof WEEK_NAMES)[number]): WorkHoursEntry[] {
  return [
    {
      type: "DINE_IN",
      hours: WEEK_NAMES.map((weekName) =>
        weekName === dayOff
          ? { weekName, open: null, close: null, isDayOff: true }
          : { weekName, open, close, isDayOff: false },
      ),
    },
  ];
}

describe("booking times", () => {
  const hours = dineIn("09:00", "21:00", "TUESDAY");
  const now = at("2026-11-16T12:10");

  it("offers the slot grid within the dine-in hours, from now on, with a slot left before closing", () => {
    const today = bookingTimesOn(hours, "2026-11-16", now, TZ).map((s) => s.time);
    expect(today[0]).toBe("12:30");
    expect(today.at(-1)).toBe("20:30");
    expect(today).toHaveLength(17);
    const hourly = bookingTimesOn(hours, "2026-11-18", now, TZ, {
      slotMinutes: 60,
      durationMinutes: 120,
      daysAhead: 7,
    });
    expect(hourly.map((s) => s.time)).toEqual([
      "09:00",
      "10:00",
      "11:00",
      "12:00",
      "13:00",
      "14:00",
      "15:00",
      "16:00",
      "17:00",
      "18:00",
      "19:00",
      "20:00",
    ]);
  });

  it("has nothing on a day off or beyond the days ahead", () => {
    expect(bookingTimesOn(hours, "2026-11-17", now, TZ)).toEqual([]);
    expect(bookingDays(now, TZ)).toHaveLength(14);
    expect(bookingDays(now, TZ)[0]).toBe("2026-11-16");
    expect(bookingTimesOn(hours, "2026-11-30", now, TZ)).toEqual([]);
  });

  it("says why a time is refused", () => {
    expect(checkBookingTime(hours, at("2026-11-16T11:30"), now, TZ)).toBe("PAST");
    expect(checkBookingTime(hours, at("2026-12-30T12:00"), now, TZ)).toBe("TOO_FAR");
    expect(checkBookingTime(hours, at("2026-11-16T13:15"), now, TZ)).toBe("OFF_GRID");
    expect(checkBookingTime(hours, at("2026-11-16T21:00"), now, TZ)).toBe("CLOSED");
    expect(checkBookingTime(hours, at("2026-11-16T08:30"), at("2026-11-16T06:00"), TZ)).toBe("CLOSED");
    expect(checkBookingTime(hours, at("2026-11-17T12:00"), now, TZ)).toBe("CLOSED");
    expect(checkBookingTime(hours, at("2026-11-16T20:30"), now, TZ)).toBeNull();
  });

  it("books past midnight when the hours run into the next day", () => {
    const late = dineIn("18:00", "02:00");
    const times = bookingTimesOn(late, "2026-11-18", now, TZ).map((s) => s.time);
    expect(times.slice(0, 3)).toEqual(["00:00", "00:30", "01:00"]);
    expect(times).toContain("01:30");
    expect(times).not.toContain("02:00");
    expect(times).toContain("18:00");
  });
});

describe("seats", () => {
  const capacity = {
    branchSeats: 10,
    hallSeats: new Map([
      ["main", 6],
      ["terrace", 4],
    ]),
  };
  const held = (start: string, guests: number, hallId: string | null = null): HeldSeats => ({
    start: at(start),
    end: new Date(at(start).getTime() + 120 * 60_000),
    guests,
    hallId,
  });

  it("counts the peak of overlapping bookings, not bookings that merely touch the window", () => {
    // 18:00 and 20:00 never sit together, both overlap 19:00's window.
    const list = [held("2026-11-16T18:00", 4), held("2026-11-16T20:00", 3)];
    expect(peakGuests(list, at("2026-11-16T19:00"), at("2026-11-16T21:00"))).toBe(4);
    expect(peakGuests(list, at("2026-11-16T20:00"), at("2026-11-16T22:00"))).toBe(3);
    expect(peakGuests(list, at("2026-11-16T16:00"), at("2026-11-16T18:00"))).toBe(0);
  });

  it("leaves the branch's and the chosen hall's free seats", () => {
    const list = [held("2026-11-16T18:00", 5, "main"), held("2026-11-16T18:30", 2)];
    expect(freeSeats(capacity, list, at("2026-11-16T19:00"), 120, null)).toBe(3);
    expect(freeSeats(capacity, list, at("2026-11-16T19:00"), 120, "main")).toBe(1);
    expect(freeSeats(capacity, list, at("2026-11-16T19:00"), 120, "terrace")).toBe(3);
    expect(freeSeats(capacity, list, at("2026-11-16T21:00"), 120, null)).toBe(10);
    expect(freeSeats(capacity, list, at("2026-11-16T19:00"), 120, "unknown")).toBe(0);
  });

  it("lets a booking name at most what the branch or the hall seats", () => {
    expect(maxGuests(capacity, null)).toBe(10);
    expect(maxGuests(capacity, "terrace")).toBe(4);
    expect(maxGuests({ branchSeats: 400, hallSeats: new Map() }, null)).toBe(50);
  });
});

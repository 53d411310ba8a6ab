import { describe, expect, it } from "vitest";
import { WEEK_NAMES, type WeekName } from "./enums.ts";
import {
  formatHours,
  opensAllDay,
  HOLIDAY,
  isClosedOn,
  isOpenAt,
  localDate,
  localTime,
  parseClock,
  pausedUntil,
  withHolidays,
  workHoursOn,
  type WorkHoursEntry,
} from "./hours.ts";

const TZ = "Asia/Tashkent"; // UTC+5, no daylight saving

function every(open: string, close: string, daysOff: WeekName[] = []): WorkHoursEntry["hours"] {
  return WEEK_NAMES.map((weekName) =>
    daysOff.includes(weekName)
      ? { weekName, open: null, close: null, isDayOff: true }
      : { weekName, open, close, isDayOff: false },
  );
}

/** A moment given as Tashkent local time. 2026-11-16 is a Monday, 2026-11-22 a Sunday. */
const at = (local: string) => new Date(`${local}+05:00`);

describe("workHoursOn", () => {
  const hours: WorkHoursEntry[] = [
    { type: "PICK_UP", hours: every("09:00", "22:00", ["SUNDAY"]) },
    { type: "DELIVERY", hours: every("09:00", "21:30") },
  ];

  it("gives today's open - close for the service type", () => {
    expect(workHoursOn(hours, "PICK_UP", at("2026-11-16T12:00:00"), TZ)).toEqual({
      open: "09:00",
      close: "22:00",
    });
    expect(workHoursOn(hours, "DELIVERY", at("2026-11-22T12:00:00"), TZ)).toEqual({
      open: "09:00",
      close: "21:30",
    });
  });

  it("is a holiday on a day off, a missing day, a missing type or malformed hours", () => {
    expect(workHoursOn(hours, "PICK_UP", at("2026-11-22T12:00:00"), TZ)).toBe(HOLIDAY);
    expect(isClosedOn(hours, "PICK_UP", at("2026-11-22T12:00:00"), TZ)).toBe(true);
    expect(isClosedOn(hours, "PICK_UP", at("2026-11-21T12:00:00"), TZ)).toBe(false);
    expect(workHoursOn(hours, "DINE_IN", at("2026-11-16T12:00:00"), TZ)).toBe(HOLIDAY);
    const partial: WorkHoursEntry[] = [
      { type: "PICK_UP", hours: [{ weekName: "MONDAY", open: "9am", close: "22:00", isDayOff: false }] },
    ];
    expect(workHoursOn(partial, "PICK_UP", at("2026-11-16T12:00:00"), TZ)).toBe(HOLIDAY);
    expect(workHoursOn(partial, "PICK_UP", at("2026-11-17T12:00:00"), TZ)).toBe(HOLIDAY);
  });

  it("takes the weekday in the merchant's time zone, not the machine's", () => {
    // Sunday 20:30 UTC is already Monday 01:30 in Tashkent, and still Sunday in New York.
    const moment = new Date("2026-11-22T20:30:00Z");
    expect(localTime(moment, TZ)).toEqual({ weekName: "MONDAY", minutes: 90 });
    expect(localTime(moment, "America/New_York")).toEqual({ weekName: "SUNDAY", minutes: 15 * 60 + 30 });
    expect(workHoursOn(hours, "PICK_UP", moment, TZ)).not.toBe(HOLIDAY);
    expect(workHoursOn(hours, "PICK_UP", moment, "America/New_York")).toBe(HOLIDAY);
  });

  it("falls back to Tashkent for an unknown time zone", () => {
    expect(localTime(at("2026-11-16T10:15:00"), "Mars/Olympus")).toEqual({
      weekName: "MONDAY",
      minutes: 615,
    });
  });

  it("formats hours for display", () => {
    expect(formatHours({ open: "10:00", close: "23:00" })).toBe("10:00 - 23:00");
    expect(formatHours(HOLIDAY)).toBe("holiday");
  });

  it("knows a day open around the clock, as the brand files write it", () => {
    expect(opensAllDay({ open: "00:00", close: "23:59" })).toBe(true);
    expect(opensAllDay({ open: "00:00", close: "24:00" })).toBe(true);
    expect(opensAllDay({ open: "00:00", close: "23:00" })).toBe(false);
    expect(opensAllDay({ open: "08:00", close: "23:59" })).toBe(false);
    expect(opensAllDay(HOLIDAY)).toBe(false);
  });
});

describe("isOpenAt", () => {
  const day: WorkHoursEntry[] = [{ type: "PICK_UP", hours: every("10:00", "22:00", ["SUNDAY"]) }];

  it("is open from the opening minute up to, not including, the closing minute", () => {
    expect(isOpenAt(day, "PICK_UP", at("2026-11-16T09:59:00"), TZ)).toBe(false);
    expect(isOpenAt(day, "PICK_UP", at("2026-11-16T10:00:00"), TZ)).toBe(true);
    expect(isOpenAt(day, "PICK_UP", at("2026-11-16T21:59:00"), TZ)).toBe(true);
    expect(isOpenAt(day, "PICK_UP", at("2026-11-16T22:00:00"), TZ)).toBe(false);
  });

  it("is closed all day on a day off", () => {
    expect(isOpenAt(day, "PICK_UP", at("2026-11-22T12:00:00"), TZ)).toBe(false);
  });

  it("treats 00:00-23:59 and 00:00-24:00 as around the clock", () => {
    for (const close of ["23:59", "24:00"]) {
      const allDay: WorkHoursEntry[] = [{ type: "DELIVERY", hours: every("00:00", close) }];
      expect(isOpenAt(allDay, "DELIVERY", at("2026-11-16T00:00:00"), TZ)).toBe(true);
      expect(isOpenAt(allDay, "DELIVERY", at("2026-11-16T23:59:30"), TZ)).toBe(true);
    }
  });

  it("runs hours that close after midnight into the next day", () => {
    // 18:00-02:00 every day but Sunday: Sunday 01:00 is still Saturday's night; Monday 01:00 is not open.
    const night: WorkHoursEntry[] = [{ type: "PICK_UP", hours: every("18:00", "02:00", ["SUNDAY"]) }];
    expect(isOpenAt(night, "PICK_UP", at("2026-11-21T17:59:00"), TZ)).toBe(false);
    expect(isOpenAt(night, "PICK_UP", at("2026-11-21T23:30:00"), TZ)).toBe(true);
    expect(isOpenAt(night, "PICK_UP", at("2026-11-22T01:00:00"), TZ)).toBe(true);
    expect(isOpenAt(night, "PICK_UP", at("2026-11-22T02:00:00"), TZ)).toBe(false);
    expect(isOpenAt(night, "PICK_UP", at("2026-11-22T19:00:00"), TZ)).toBe(false);
    expect(isOpenAt(night, "PICK_UP", at("2026-11-23T01:00:00"), TZ)).toBe(false);
    expect(isOpenAt(night, "PICK_UP", at("2026-11-23T18:00:00"), TZ)).toBe(true);
  });

  it("is closed for a service type without hours", () => {
    expect(isOpenAt(day, "DELIVERY", at("2026-11-16T12:00:00"), TZ)).toBe(false);
    expect(isOpenAt([], "PICK_UP", at("2026-11-16T12:00:00"), TZ)).toBe(false);
  });
});

describe("parseClock", () => {
  it("reads HH:mm and refuses anything else", () => {
    expect(parseClock("09:05")).toBe(545);
    expect(parseClock("9:05")).toBe(545);
    expect(parseClock("23:59")).toBe(1439);
    expect(parseClock("23:59", true)).toBe(1440);
    expect(parseClock("24:00")).toBe(1440);
    expect(parseClock("24:30")).toBeNull();
    expect(parseClock("12:60")).toBeNull();
    expect(parseClock("")).toBeNull();
    expect(parseClock(null)).toBeNull();
  });
});

describe("the staff's closed days", () => {
  const hours: WorkHoursEntry[] = [
    { type: "PICK_UP", hours: every("18:00", "02:00"), closedOn: ["2026-11-16"] },
    { type: "DELIVERY", hours: every("09:00", "21:30") },
  ];

  it("close the service for that local day only, whatever the weekday's hours say", () => {
    expect(workHoursOn(hours, "PICK_UP", at("2026-11-16T12:00:00"), TZ)).toBe(HOLIDAY);
    expect(isOpenAt(hours, "PICK_UP", at("2026-11-16T19:00:00"), TZ)).toBe(false);
    expect(isOpenAt(hours, "DELIVERY", at("2026-11-16T19:00:00"), TZ)).toBe(true);
    // The next Monday is open again, and the night before the closed day still runs past midnight.
    expect(isOpenAt(hours, "PICK_UP", at("2026-11-23T19:00:00"), TZ)).toBe(true);
    expect(isOpenAt(hours, "PICK_UP", at("2026-11-16T01:00:00"), TZ)).toBe(true);
    // The closed evening does not run into Tuesday's early hours.
    expect(isOpenAt(hours, "PICK_UP", at("2026-11-17T01:00:00"), TZ)).toBe(false);
    expect(localDate(at("2026-11-16T23:30:00"), TZ)).toBe("2026-11-16");
  });
});

describe("a branch's holidays", () => {
  const hours = withHolidays(
    [
      { type: "DELIVERY", hours: every("09:00", "23:00"), closedOn: ["2026-11-20"] },
      { type: "PICK_UP", hours: every("18:00", "02:00") },
    ],
    ["2026-11-16"],
  );

  it("close every service that local day as outside its hours, and no other day", () => {
    for (const type of ["DELIVERY", "PICK_UP"] as const) {
      expect(workHoursOn(hours, type, at("2026-11-16T12:00:00"), TZ)).toBe(HOLIDAY);
      expect(isOpenAt(hours, type, at("2026-11-16T19:00:00"), TZ)).toBe(false);
      expect(isOpenAt(hours, type, at("2026-11-17T19:00:00"), TZ)).toBe(true);
    }
    // The staff's own closed day stays, and the night before the holiday still runs past midnight.
    expect(isClosedOn(hours, "DELIVERY", at("2026-11-20T12:00:00"), TZ)).toBe(true);
    expect(isOpenAt(hours, "PICK_UP", at("2026-11-16T01:00:00"), TZ)).toBe(true);
  });
});

describe("a service paused by staff", () => {
  const hours: WorkHoursEntry[] = [
    { type: "DELIVERY", hours: every("09:00", "23:00"), pausedUntil: "2026-11-16T19:40:00+05:00" },
    { type: "PICK_UP", hours: every("09:00", "23:00") },
  ];

  it("is closed until the pause ends and open again from that moment on, by itself", () => {
    expect(isOpenAt(hours, "DELIVERY", at("2026-11-16T19:10:00"), TZ)).toBe(false);
    expect(isOpenAt(hours, "DELIVERY", at("2026-11-16T19:39:59"), TZ)).toBe(false);
    expect(isOpenAt(hours, "DELIVERY", at("2026-11-16T19:40:00"), TZ)).toBe(true);
    expect(pausedUntil(hours, "DELIVERY", at("2026-11-16T19:10:00"))?.toISOString()).toBe(
      "2026-11-16T14:40:00.000Z",
    );
    expect(pausedUntil(hours, "DELIVERY", at("2026-11-16T19:45:00"))).toBeNull();
  });

  it("pauses only its own service and leaves the day's hours as they are", () => {
    expect(isOpenAt(hours, "PICK_UP", at("2026-11-16T19:10:00"), TZ)).toBe(true);
    expect(workHoursOn(hours, "DELIVERY", at("2026-11-16T19:10:00"), TZ)).toEqual({
      open: "09:00",
      close: "23:00",
    });
    expect(isClosedOn(hours, "DELIVERY", at("2026-11-16T19:10:00"), TZ)).toBe(false);
  });
});

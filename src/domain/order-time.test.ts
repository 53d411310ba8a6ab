import { describe, expect, it } from "vitest";
import { isOpenAt, type WorkHoursEntry } from "./hours.ts";
import { laterSlots, localDay, localMoment } from "./order-time.ts";

const TZ = "Asia/Tashkent"; // UTC+5, no daylight saving

describe("later order times", () => {
  it("reads a local day and time in the merchant's zone with seconds zero", () => {
    expect(localMoment("2026-03-10", "14:30", TZ).toISOString()).toBe("2026-03-10T09:30:00.000Z");
    expect(localDay(new Date("2026-03-10T20:00:00Z"), TZ)).toBe("2026-03-11");
  });

  it("offers only future times the branch is open, in steps", () => {
    const hours: WorkHoursEntry[] = [
      {
        type: "PICK_UP",
        hours: ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"].map(
          (weekName) => ({
            weekName: weekName as "MONDAY",
            open: "10:00",
            close: "12:00",
            isDayOff: weekName === "WEDNESDAY",
          }),
        ),
      },
    ];
    // Tuesday 2026-03-10 10:50 local.
    const now = new Date("2026-03-10T05:50:00Z");
    const slots = laterSlots(hours, "PICK_UP", now, TZ, { days: 3, stepMinutes: 30, leadMinutes: 30 });
    expect(slots.map((s) => `${s.day} ${s.time}`)).toEqual([
      "2026-03-10 11:30",
      "2026-03-12 10:00",
      "2026-03-12 10:30",
      "2026-03-12 11:00",
      "2026-03-12 11:30",
    ]);
    for (const s of slots) expect(s.at.getUTCSeconds()).toBe(0);
  });

  it("offers no delivery times at a branch with pickup hours only, which the server would refuse", () => {
    const pickupOnly: WorkHoursEntry[] = [
      { type: "PICK_UP", hours: [{ weekName: "TUESDAY", open: "00:00", close: "23:59", isDayOff: false }] },
    ];
    const now = new Date("2026-03-10T05:50:00Z");
    expect(laterSlots(pickupOnly, "PICK_UP", now, TZ, { days: 1 }).length).toBeGreaterThan(0);
    // The checkout once offered delivery at the pickup hours; the server (checkBranchOpen, the same
    // isOpenAt) refuses a delivery there, so no time may be offered.
    expect(laterSlots(pickupOnly, "DELIVERY", now, TZ, { days: 1 })).toEqual([]);
    expect(isOpenAt(pickupOnly, "DELIVERY", now, TZ)).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { ARRIVAL, arrivalWindow, isLate, rideMinutes } from "./arrival.ts";

const now = new Date("2026-11-28T14:02:00Z");
const at = (iso: string) => new Date(iso).toISOString();
const branch = { latitude: 41.3111, longitude: 69.2797 };
// About 5.6 km east of the branch.
const home = { latitude: 41.3111, longitude: 69.3467 };

describe("the arrival window", () => {
  it("a pickup is ready after its slowest dish, its ends rounded outward to 5 minutes", () => {
    const w = arrivalWindow({
      now,
      serviceType: "PICK_UP",
      dishes: [
        { min: 10, max: 15 },
        { min: 20, max: 30 },
      ],
      queue: 0,
    });
    expect([w.from.toISOString(), w.to.toISOString()]).toEqual([
      at("2026-11-28T14:20:00Z"),
      at("2026-11-28T14:35:00Z"),
    ]);
  });

  it("dishes without cooking times take the default, and the window is never narrower than 10 minutes", () => {
    const w = arrivalWindow({ now, serviceType: "PICK_UP", dishes: [{ min: null, max: null }], queue: 0 });
    expect(w.from.getTime() - now.getTime()).toBeLessThanOrEqual(ARRIVAL.cookingMin * 60_000);
    const same = arrivalWindow({ now, serviceType: "DINE_IN", dishes: [{ min: 12, max: 12 }], queue: 0 });
    expect(same.to.getTime() - same.from.getTime()).toBeGreaterThanOrEqual(ARRIVAL.minWidth * 60_000);
  });

  it("moves later as the branch's queue grows, up to its cap", () => {
    const dishes = [{ min: 10, max: 15 }];
    const empty = arrivalWindow({ now, serviceType: "PICK_UP", dishes, queue: 0 });
    const busy = arrivalWindow({ now, serviceType: "PICK_UP", dishes, queue: 5 });
    const swamped = arrivalWindow({ now, serviceType: "PICK_UP", dishes, queue: 500 });
    expect(busy.from.getTime() - empty.from.getTime()).toBe(15 * 60_000);
    expect(swamped.from.getTime() - empty.from.getTime()).toBeLessThanOrEqual(
      ARRIVAL.queueCap * 60_000 + 5 * 60_000,
    );
  });

  it("a delivery adds the ride at the brand's speed; a faster courier arrives sooner", () => {
    const ride = rideMinutes({ serviceType: "DELIVERY", from: branch, to: home, courierSpeedKmh: 20 });
    // 5.6 km x 1.4 by road at 20 km/h is 24 minutes, and 5 at the door.
    expect(ride).toBeGreaterThanOrEqual(27);
    expect(ride).toBeLessThanOrEqual(31);
    const dishes = [{ min: 10, max: 15 }];
    const slow = arrivalWindow({
      now,
      serviceType: "DELIVERY",
      dishes,
      queue: 0,
      from: branch,
      to: home,
      courierSpeedKmh: 15,
    });
    const fast = arrivalWindow({
      now,
      serviceType: "DELIVERY",
      dishes,
      queue: 0,
      from: branch,
      to: home,
      courierSpeedKmh: 40,
    });
    expect(fast.from.getTime()).toBeLessThan(slow.from.getTime());
    expect(rideMinutes({ serviceType: "PICK_UP", from: branch, to: home })).toBe(0);
  });

  it("never starts in the past, even for dishes that take no time", () => {
    const w = arrivalWindow({ now, serviceType: "PICK_UP", dishes: [{ min: 0, max: 0 }], queue: 0 });
    expect(w.from.getTime()).toBeGreaterThanOrEqual(now.getTime());
    expect(w.to.getTime() - w.from.getTime()).toBeGreaterThanOrEqual(ARRIVAL.minWidth * 60_000);
  });

  it("a later order is promised for its chosen time", () => {
    const w = arrivalWindow({
      now,
      serviceType: "DELIVERY",
      dishes: [{ min: 40, max: 60 }],
      queue: 9,
      from: branch,
      to: home,
      atTime: new Date("2026-11-28T18:30:00Z"),
    });
    expect([w.from.toISOString(), w.to.toISOString()]).toEqual([
      at("2026-11-28T18:30:00Z"),
      at("2026-11-28T18:40:00Z"),
    ]);
  });
});

describe("late", () => {
  const promised = "2026-11-28T14:30:00Z";
  const after = new Date("2026-11-28T14:31:00Z");
  it("is an order past its window that has not arrived", () => {
    expect(isLate({ status: "COOKING", serviceType: "DELIVERY", estimatedTo: promised }, after)).toBe(true);
    expect(isLate({ status: "ON_WAY", serviceType: "DELIVERY", estimatedTo: promised }, after)).toBe(true);
    expect(isLate({ status: "COOKING", serviceType: "DELIVERY", estimatedTo: promised }, now)).toBe(false);
  });
  it("is never an order delivered, closed, cancelled, a ready pickup, or one without a promise", () => {
    expect(isLate({ status: "DELIVERED", serviceType: "DELIVERY", estimatedTo: promised }, after)).toBe(
      false,
    );
    expect(isLate({ status: "CANCELED", serviceType: "PICK_UP", estimatedTo: promised }, after)).toBe(false);
    expect(isLate({ status: "DONE", serviceType: "PICK_UP", estimatedTo: promised }, after)).toBe(false);
    expect(isLate({ status: "COOKING", serviceType: "PICK_UP", estimatedTo: null }, after)).toBe(false);
  });
});

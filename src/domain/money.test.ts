import { describe, expect, it } from "vitest";
import { clampToZero, fromMinor, percentOf, sumMinor, toMinor } from "./money.ts";

describe("money in minor units", () => {
  it("converts so'm with two decimals exactly, float noise included", () => {
    expect(toMinor(0.1 + 0.2)).toBe(30);
    expect(toMinor(25000)).toBe(2_500_000);
    expect(toMinor(1.005)).toBe(100); // 1.005 is 1.00499999... in binary
    expect(toMinor(-0.001)).toBe(0);
    expect(Object.is(toMinor(-0.001), -0)).toBe(false);
    expect(fromMinor(2_500_050)).toBe(25000.5);
  });

  it("refuses what is not an amount", () => {
    expect(() => toMinor(Number.NaN)).toThrow(RangeError);
    expect(() => toMinor(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => fromMinor(1.5)).toThrow(RangeError);
  });

  it("takes percentages in whole so'm, rounding half away from zero", () => {
    expect(percentOf(2_500_000, 10)).toBe(250_000);
    expect(percentOf(6_976_800, 5)).toBe(348_800); // 3 488.4 so'm of cashback -> 3 488
    expect(percentOf(100, 50)).toBe(100); // 0.5 so'm -> 1
    expect(percentOf(-100, 50)).toBe(-100);
    expect(percentOf(1000, 12.5)).toBe(100); // 1.25 so'm -> 1
    expect(percentOf(0, 50)).toBe(0);
  });

  it("stays exact on amounts beyond 2^53 / 10000", () => {
    const big = 9_000_000_000_000_000; // 90 trillion so'm: far above any basket, still a safe integer
    expect(percentOf(big, 10)).toBe(900_000_000_000_000);
    expect(percentOf(big + 100, 50)).toBe(4_500_000_000_000_100); // half a so'm rounds up
  });

  it("sums and clamps", () => {
    expect(sumMinor([100, 250, 1])).toBe(351);
    expect(sumMinor([])).toBe(0);
    expect(clampToZero(-5)).toBe(0);
    expect(clampToZero(5)).toBe(5);
  });
});

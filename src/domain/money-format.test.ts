import { describe, expect, it } from "vitest";
import { groupDigits, groupDigitsUnbroken } from "./money-format.ts";

describe("an amount as customers read it", () => {
  it("groups thousands with spaces and keeps up to two decimals", () => {
    expect(groupDigits(30000)).toBe("30 000");
    expect(groupDigits(1234567.891)).toBe("1 234 567.89");
    expect(groupDigits(1500.5)).toBe("1 500.5");
    expect(groupDigits(-1500.5)).toBe("-1 500.5");
    expect(groupDigits(999)).toBe("999");
  });

  it("reads a grouped text back and shows nothing as 0", () => {
    expect(groupDigits("45 000")).toBe("45 000");
    expect(groupDigits(null)).toBe("0");
    expect(groupDigits(undefined)).toBe("0");
    expect(groupDigits(Number.NaN)).toBe("0");
  });

  it("writes every amount in tiyin as the server's messages did before the rule was shared", () => {
    // The server's former rule: en-US grouping with its commas turned into spaces.
    const former = (amount: number) =>
      new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 }).format(amount).replaceAll(",", " ");
    for (const minor of [0, 1, 5, 10, 99, 100, 150, 99_999, 100_000, 2_500_050, 123_456_789, 3_000_000_00]) {
      expect(groupDigits(minor / 100)).toBe(former(minor / 100));
    }
  });
});

describe("an amount that must not wrap", () => {
  it("joins its digit groups with no-break spaces", () => {
    expect(groupDigitsUnbroken(51000)).toBe("51\u00a0000");
    expect(groupDigitsUnbroken(1234567.5)).toBe("1\u00a0234\u00a0567.5");
    expect(groupDigitsUnbroken(999)).toBe("999");
  });
});

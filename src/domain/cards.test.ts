import { describe, expect, it } from "vitest";
import { cardExpired, cardTypeOf, luhnValid, maskCardNumber, parseExpire } from "./cards.ts";

describe("card numbers", () => {
  it("pass the Luhn check only when the check digit fits", () => {
    expect(luhnValid("8600069195406311")).toBe(true);
    expect(luhnValid("8600069195406312")).toBe(false);
    expect(luhnValid("9860100100100005")).toBe(true);
    expect(luhnValid("8600 0691 9540 6311")).toBe(false);
    expect(luhnValid("")).toBe(false);
  });

  it("are typed by their first digits and masked to the first and last four", () => {
    expect(cardTypeOf("8600069195406311")).toBe("UZCARD");
    expect(cardTypeOf("9860100100100005")).toBe("HUMO");
    expect(cardTypeOf("4111111111111111")).toBeNull();
    expect(maskCardNumber("8600069195406311")).toBe("8600 **** **** 6311");
  });

  it("read MMYY and expire after their month", () => {
    expect(parseExpire("0399")).toEqual({ month: 3, year: 2099 });
    expect(parseExpire("1399")).toBeUndefined();
    const now = new Date("2026-11-25T00:00:00Z");
    expect(cardExpired({ month: 11, year: 2026 }, now)).toBe(false);
    expect(cardExpired({ month: 10, year: 2026 }, now)).toBe(true);
    expect(cardExpired({ month: 1, year: 2027 }, now)).toBe(false);
  });
});

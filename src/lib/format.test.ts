import { describe, expect, it } from "vitest";
import { formatAmount, formatNumber } from "./format.ts";
import { activateLocale } from "./i18n.ts";

describe("number and amount formats", () => {
  it("isolates numbers on a right-to-left page so their digit groups keep their order", () => {
    document.documentElement.dir = "rtl";
    try {
      expect(formatNumber(34100)).toBe("\u206634 100\u2069");
    } finally {
      document.documentElement.dir = "ltr";
    }
    expect(formatNumber(34100)).toBe("34 100");
  });

  it("isolates a number in Arabic even before the page takes its direction (a phone reads in its order)", async () => {
    await activateLocale("ar");
    document.documentElement.dir = "ltr";
    try {
      expect(formatNumber(34100)).toBe("\u206634 100\u2069");
    } finally {
      await activateLocale("en");
    }
    expect(formatNumber(34100)).toBe("34 100");
  });

  it("separates thousands with spaces and rounds to two decimals", () => {
    expect(formatNumber(1234567)).toBe("1 234 567");
    expect(formatNumber(1234.567)).toBe("1 234.57");
    expect(formatNumber(999)).toBe("999");
    expect(formatNumber(-25000.5)).toBe("-25 000.5");
    expect(formatNumber("30000")).toBe("30 000");
  });

  it("shows 0 for an empty value", () => {
    expect(formatNumber(null)).toBe("0");
    expect(formatNumber(undefined)).toBe("0");
    expect(formatNumber("")).toBe("0");
    expect(formatNumber(Number.NaN)).toBe("0");
  });

  it("labels amounts with the merchant's currency in the current language", async () => {
    await activateLocale("uz");
    expect(formatAmount(30000)).toBe("30 000 so'm");
    await activateLocale("ru");
    expect(formatAmount(30000)).toBe("30 000 сум");
    expect(formatAmount(1500, "KZT")).toBe("1 500 тенге");
  });
});

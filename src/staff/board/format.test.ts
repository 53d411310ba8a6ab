import { afterEach, describe, expect, it } from "vitest";
import { activateLocale } from "../../lib/i18n.ts";
import { moneyOf } from "../sections/section-frame.tsx";
import { relativeTime } from "./format.ts";

const NOW = Date.parse("2026-11-27T12:00:00Z");
const at = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();

describe("the console's times and sums", () => {
  afterEach(async () => {
    await activateLocale("en");
  });

  it("read in Uzbek from the catalogue, not the browser's English fallback", async () => {
    await activateLocale("uz");
    expect(relativeTime(at(-17), NOW)).toBe("17 daqiqa oldin");
    expect(relativeTime(at(25), NOW)).toBe("25 daqiqadan keyin");
    expect(relativeTime(at(-180), NOW)).toBe("3 soat oldin");
    expect(relativeTime(at(0), NOW)).not.toMatch(/minute/);
    expect(moneyOf(38_000)).toBe("38 000");
  });

  it("read in Russian and English with the same rule", async () => {
    await activateLocale("ru");
    expect(relativeTime(at(-5), NOW)).toBe("5 мин назад");
    expect(relativeTime(at(120), NOW)).toBe("через 2 ч");
    await activateLocale("en");
    expect(relativeTime(at(-5), NOW)).toBe("5 min ago");
    expect(moneyOf(1_234_567.4)).toBe("1 234 567");
  });
});

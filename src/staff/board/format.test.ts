import { afterEach, describe, expect, it, vi } from "vitest";
import { activateLocale } from "../../lib/i18n.ts";
import { moneyOf } from "../sections/section-frame.tsx";
import {
  clockTime,
  consoleNow,
  dayLabel,
  money,
  relativeTime,
  setConsoleBrand,
  syncConsoleClock,
} from "./format.ts";

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
    expect(moneyOf(38_000)).toBe("38\u00a0000");
  });

  it("read in Russian and English with the same rule", async () => {
    await activateLocale("ru");
    expect(relativeTime(at(-5), NOW)).toBe("5 мин назад");
    expect(relativeTime(at(120), NOW)).toBe("через 2 ч");
    await activateLocale("en");
    expect(relativeTime(at(-5), NOW)).toBe("5 min ago");
    expect(moneyOf(1_234_567.4)).toBe("1\u00a0234\u00a0567");
  });
});

describe("the console's clock", () => {
  afterEach(() => {
    setConsoleBrand({ timezone: "Asia/Tashkent", currency: "UZS" });
    syncConsoleClock(new Date().toISOString(), Date.now());
  });

  it("shows times in the brand's time zone, not the device's", () => {
    setConsoleBrand({ timezone: "Asia/Tashkent", currency: "UZS" });
    expect(clockTime("2026-11-27T09:05:00Z")).toBe("14:05");
    setConsoleBrand({ timezone: "Asia/Almaty", currency: "KZT" });
    expect(clockTime("2026-11-27T09:05:00Z")).toBe("14:05");
    setConsoleBrand({ timezone: "Europe/Istanbul", currency: "UZS" });
    expect(clockTime("2026-11-27T09:05:00Z")).toBe("12:05");
  });

  it("says another day by the brand's calendar: 23:30 in Tashkent is tomorrow for a device in UTC", () => {
    setConsoleBrand({ timezone: "Asia/Tashkent", currency: "UZS" });
    const now = Date.parse("2026-11-27T12:00:00Z");
    // 18:30 UTC: the same day in UTC, 23:30 in Tashkent, still today there.
    expect(dayLabel("2026-11-27T18:30:00Z", now)).toBeNull();
    // 19:30 UTC: still the 27th in UTC, the 28th in Tashkent.
    expect(dayLabel("2026-11-27T19:30:00Z", now)).not.toBeNull();
  });

  it("counts from the server's clock when the device's is off", () => {
    // The device is 10 minutes fast: the server said 12:00 when the device read 12:10.
    const device = Date.parse("2026-11-27T12:10:00Z");
    syncConsoleClock("2026-11-27T12:00:00Z", device);
    vi.spyOn(Date, "now").mockReturnValue(device);
    expect(relativeTime("2026-11-27T11:43:00Z", consoleNow())).toBe("17 min ago");
  });

  it("writes amounts in the brand's currency with no-break spaces, so they never wrap", async () => {
    await activateLocale("uz");
    setConsoleBrand({ timezone: "Asia/Tashkent", currency: "UZS" });
    expect(money(51_000)).toBe("51\u00a0000\u00a0so'm");
    expect(moneyOf(51_000)).toBe("51\u00a0000");
  });
});

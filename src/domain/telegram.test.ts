import { describe, expect, it } from "vitest";
import { miniAppStartLink, orderOfStartParam, orderStartParam } from "./telegram.ts";

const ORDER = "0190c0de-0000-7000-8000-0000000000e1";

describe("links into the mini app", () => {
  it("opens an order in the bot's main mini app or in a named one", () => {
    expect(miniAppStartLink("https://t.me/savat_lavash_demo_bot", orderStartParam(ORDER))).toBe(
      `https://t.me/savat_lavash_demo_bot?startapp=order_${ORDER}`,
    );
    expect(miniAppStartLink("https://t.me/savat_lavash_demo_bot/menu/", orderStartParam(ORDER))).toBe(
      `https://t.me/savat_lavash_demo_bot/menu?startapp=order_${ORDER}`,
    );
  });

  it("leads nowhere from a link that is not a Telegram bot's", () => {
    expect(miniAppStartLink("", "order_x")).toBeNull();
    expect(miniAppStartLink(null, "order_x")).toBeNull();
    expect(miniAppStartLink("https://evil.example/savat_bot", "order_x")).toBeNull();
    expect(miniAppStartLink("http://t.me/savat_bot", "order_x")).toBeNull();
    expect(miniAppStartLink("https://t.me/savat_bot?start=1", "order_x")).toBeNull();
  });

  it("reads the order back from the start parameter", () => {
    expect(orderOfStartParam(orderStartParam(ORDER))).toBe(ORDER);
    expect(orderOfStartParam("table_plov-Kq7mT2")).toBeNull();
    expect(orderOfStartParam(undefined)).toBeNull();
  });
});

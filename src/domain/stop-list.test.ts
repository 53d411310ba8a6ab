// An option is one thing whatever products offer it: the identity the stop-list groups modifiers by.
import { describe, expect, it } from "vitest";
import { optionKey, stopReach } from "./stop-list.ts";

describe("optionKey", () => {
  it("is the same for the same name in every language, whatever the case, accents or apostrophe", () => {
    expect(optionKey({ name: { uz: "Qo'ziqorin", ru: "Грибы", eng: "Mushrooms" } })).toBe(
      optionKey({ name: { eng: "mushrooms ", ru: "ГРИБЫ", uz: "Qo‘ziqorin" } }),
    );
  });

  it("tells apart options that differ in any language", () => {
    expect(optionKey({ name: { ru: "Сыр", eng: "Cheese" } })).not.toBe(
      optionKey({ name: { ru: "Сыр моцарелла", eng: "Cheese" } }),
    );
  });

  it("prefers the POS id: one iiko modifier is one option whatever its names", () => {
    expect(optionKey({ name: { eng: "Cheese" }, iikoId: "m-1" })).toBe(
      optionKey({ name: { eng: "Extra cheese" }, iikoId: "m-1" }),
    );
    expect(optionKey({ name: { eng: "Cheese" }, iikoId: "m-1" })).not.toBe(
      optionKey({ name: { eng: "Cheese" }, iikoId: null }),
    );
  });
});

describe("stopReach", () => {
  it("says nowhere, at some branches, or at every branch that sells it", () => {
    expect(stopReach({ soldAt: ["a", "b"], stoppedAt: [] })).toBe("nowhere");
    expect(stopReach({ soldAt: ["a", "b"], stoppedAt: ["b"] })).toBe("some");
    expect(stopReach({ soldAt: ["a", "b"], stoppedAt: ["a", "b"] })).toBe("everywhere");
  });
});

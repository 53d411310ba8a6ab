import { describe, expect, it } from "vitest";
import { basketLine } from "./basket.ts";

const lavash = {
  id: "p1",
  name: { eng: "Lavash" },
  image: null,
  costPrice: 32_000,
  discount: 10,
  unit: "COUNT" as const,
};
const cheese = { id: "m2", groupId: "g1", name: { eng: "Cheese" }, price: 5_000, priority: 1 };
const sauce = { id: "m1", groupId: "g2", name: { eng: "Sauce" }, price: 2_000, priority: 2 };

describe("a product's basket line", () => {
  it("starts at the unit's smallest step, with no options", () => {
    expect(basketLine(lavash)).toEqual({
      key: "p1",
      productId: "p1",
      name: { eng: "Lavash" },
      image: "",
      costPrice: 32_000,
      discount: 10,
      unit: "COUNT",
      count: 1,
      modifications: [],
    });
    expect(basketLine({ ...lavash, unit: "KG" }).count).toBe(0.1);
  });

  it("is one line for the same options in any order, and keeps only what the basket stores of them", () => {
    const a = basketLine(lavash, { count: 2, modifications: [cheese, sauce] });
    const b = basketLine(lavash, { count: 2, modifications: [sauce, cheese] });
    expect(a.key).toBe(b.key);
    expect(a.modifications[0]).toEqual({ id: "m2", groupId: "g1", name: { eng: "Cheese" }, price: 5_000 });
    expect(a.count).toBe(2);
  });
});

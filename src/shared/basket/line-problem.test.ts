import { describe, expect, it } from "vitest";
import type { Product } from "../../domain/contract/menu.ts";
import { basketLine } from "./basket.ts";
import { lineProblem } from "./line-problem.ts";

const tea: Product = {
  id: "0190c0de-0000-7000-8000-0000000000c1",
  categoryId: "0190c0de-0000-7000-8000-0000000000bf",
  name: { eng: "Green tea" },
  description: null,
  image: null,
  gallery: [],
  labels: [],
  tags: [],
  calorie: null,
  timeCookingMin: null,
  timeCookingMax: null,
  costPrice: 9000,
  discount: 0,
  additionalPrice: 0,
  unit: "COUNT",
  type: "NONE",
  isAvailable: true,
  stock: 3,
  count: 1,
  amount: 1,
  priority: 0,
  deliveryEnabled: true,
  isCartRecommendation: false,
  modificationGroups: [],
};

describe("a basket line's problem while an order is changed", () => {
  it("counts the pieces the order holds as the customer's: its last pieces are not sold out to it", () => {
    const soldOut = { ...tea, stock: 0, isAvailable: false };
    expect(lineProblem(basketLine(soldOut, { count: 2 }), soldOut, 2)).toEqual({ kind: "unavailable" });
    expect(lineProblem(basketLine(soldOut, { count: 2 }), soldOut, 2, null, 2)).toBeNull();
    expect(lineProblem(basketLine(soldOut, { count: 3 }), soldOut, 3, null, 2)).toEqual({
      kind: "stock",
      max: 2,
    });
  });

  it("lets the order keep its pieces beside what is left, and no more", () => {
    expect(lineProblem(basketLine(tea, { count: 4 }), tea, 4)).toEqual({ kind: "stock", max: 3 });
    expect(lineProblem(basketLine(tea, { count: 4 }), tea, 4, null, 1)).toBeNull();
    expect(lineProblem(basketLine(tea, { count: 5 }), tea, 5, null, 1)).toEqual({ kind: "stock", max: 4 });
  });

  it("still refuses a dish staff switched off that the order does not hold", () => {
    const off = { ...tea, isAvailable: false };
    expect(lineProblem(basketLine(off), off, 1, null, 0)).toEqual({ kind: "unavailable" });
  });
});

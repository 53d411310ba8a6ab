import { describe, expect, it } from "vitest";
import { kitchenSteps } from "./kitchen.ts";

describe("kitchenSteps: iiko's statuses walk the order's legal path", () => {
  it("walks every skipped step of a delivery (CookingCompleted straight after creation)", () => {
    expect(kitchenSteps("CREATED", "DONE", "DELIVERY")).toEqual(["ACCEPTED", "COOKING", "DONE"]);
    expect(kitchenSteps("DONE", "ON_WAY", "DELIVERY")).toEqual(["ATTACHED", "ON_WAY"]);
  });
  it("moves nothing for a replayed or late status", () => {
    expect(kitchenSteps("COOKING", "COOKING", "DELIVERY")).toEqual([]);
    expect(kitchenSteps("DONE", "ACCEPTED", "PICK_UP")).toEqual([]);
    expect(kitchenSteps("OPEN", "COOKING", "PICK_UP")).toEqual([]);
  });
  it("cancels only an order that is not final", () => {
    expect(kitchenSteps("COOKING", "CANCELED", "PICK_UP")).toEqual(["CANCELED"]);
    expect(kitchenSteps("DELIVERED", "CANCELED", "DELIVERY")).toEqual([]);
  });
});

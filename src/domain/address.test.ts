import { describe, expect, it } from "vitest";
import { hasHouseNumber, streetAndHouse } from "./address.ts";

describe("a delivery address's house number", () => {
  it("is there when it holds a letter or digit", () => {
    expect(hasHouseNumber({ houseNumber: "12A" })).toBe(true);
    expect(hasHouseNumber({ houseNumber: "٤٥" })).toBe(true);
  });

  it("is missing when empty, blank, punctuation only or absent", () => {
    expect(hasHouseNumber({ houseNumber: "" })).toBe(false);
    expect(hasHouseNumber({ houseNumber: "   " })).toBe(false);
    expect(hasHouseNumber({ houseNumber: "-" })).toBe(false);
    expect(hasHouseNumber({ houseNumber: null })).toBe(false);
    expect(hasHouseNumber({})).toBe(false);
  });
});

describe("the street and house line", () => {
  it("joins them with a comma, never the house in parentheses", () => {
    expect(streetAndHouse({ streetName: "Nukus ko'chasi", houseNumber: "801" })).toBe("Nukus ko'chasi, 801");
  });

  it("takes the language's comma where the client passes it", () => {
    const arabic = (parts: string[]) => parts.join("، ");
    expect(streetAndHouse({ streetName: "شارع أمير تيمور", houseNumber: "1" }, arabic)).toBe(
      "شارع أمير تيمور، 1",
    );
  });

  it("is the street alone without a house", () => {
    expect(streetAndHouse({ streetName: "улица Нукус", houseNumber: "" })).toBe("улица Нукус");
  });
});

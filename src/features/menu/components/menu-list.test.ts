import { describe, expect, it } from "vitest";
import { columnsFor } from "./menu-list.tsx";

describe("columnsFor", () => {
  it("keeps the phone's columns below the desktop layout", () => {
    expect(columnsFor("MEDIUM", 390)).toBe(2);
    expect(columnsFor("MEDIUM", 700)).toBe(3);
    expect(columnsFor("BIG", 390)).toBe(1);
    expect(columnsFor("SMALL", 700)).toBe(1);
  });

  it("gives the desktop grid at least 3 columns of MEDIUM cards, 4 from 760 px", () => {
    expect(columnsFor("MEDIUM", 428, true)).toBe(3);
    expect(columnsFor("MEDIUM", 692, true)).toBe(3);
    expect(columnsFor("MEDIUM", 772, true)).toBe(4);
  });

  it("puts BIG and SMALL cards two per line on a desktop grid of 400 px or more", () => {
    expect(columnsFor("BIG", 380, true)).toBe(1);
    expect(columnsFor("BIG", 428, true)).toBe(2);
    expect(columnsFor("SMALL", 772, true)).toBe(2);
  });

  it("fills a category page of the window's width with 5 MEDIUM and 3 BIG or SMALL cards a line", () => {
    expect(columnsFor("MEDIUM", 1099, true)).toBe(4);
    expect(columnsFor("MEDIUM", 1152, true)).toBe(5);
    expect(columnsFor("BIG", 999, true)).toBe(2);
    expect(columnsFor("BIG", 1152, true)).toBe(3);
    expect(columnsFor("SMALL", 1152, true)).toBe(3);
  });
});

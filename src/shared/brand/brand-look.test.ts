import { describe, expect, it } from "vitest";
import { textColorOn } from "./brand-look.ts";

describe("textColorOn", () => {
  it("puts black on light colours and white on dark ones", () => {
    expect(textColorOn("#F9A825")).toBe("#000000");
    expect(textColorOn("#FCE000")).toBe("#000000");
    expect(textColorOn("#E53935")).toBe("#000000");
    expect(textColorOn("#2E7D32")).toBe("#FFFFFF");
    expect(textColorOn("#000")).toBe("#FFFFFF");
    expect(textColorOn("#fff")).toBe("#000000");
  });

  it("gives white for a value that is not a colour", () => {
    expect(textColorOn("red")).toBe("#FFFFFF");
    expect(textColorOn("")).toBe("#FFFFFF");
  });
});

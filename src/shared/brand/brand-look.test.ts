import { describe, expect, it } from "vitest";
import { brandLook, contrastRatio, textColorOn } from "./brand-look.ts";

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

describe("brandLook's text on the brand colour", () => {
  const merchant = { name: { ru: "Суши" }, logo: null, color: null };
  const web = { kind: "web" as const };
  const settings = (mainColor: string, mainColorType: "LIGHT" | "DARK") => ({
    mainColor,
    mainColorType,
    isDark: false,
    title: "",
    favicon: "",
    logo: "",
  });

  it("follows the brand's colour type when that reads at 4.5:1", () => {
    expect(brandLook(merchant, settings("#FCE000", "LIGHT"), web, "ru").onPrimary).toBe("#000000");
    expect(brandLook(merchant, settings("#1B5E20", "DARK"), web, "ru").onPrimary).toBe("#FFFFFF");
  });

  it("takes the other colour when the declared one cannot be read on the brand colour", () => {
    // Black on this red is 4.19:1, white 5.01:1.
    expect(contrastRatio("#CE3348", "#000000")).toBeLessThan(4.5);
    expect(brandLook(merchant, settings("#CE3348", "LIGHT"), web, "ru").onPrimary).toBe("#FFFFFF");
  });
});

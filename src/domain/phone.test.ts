import { describe, expect, it } from "vitest";
import {
  displayPhone,
  formatMaskedPhone,
  formatPhone,
  maskPhone,
  normalisePhone,
  parsePhone,
  phoneCountriesFor,
} from "./phone.ts";

describe("parsing a customer's phone", () => {
  it("reads Uzbek mobile numbers however they are typed", () => {
    for (const typed of ["90 123 45 67", "+998 (90) 123-45-67", "998901234567", " +998901234567 "]) {
      const parsed = parsePhone(typed);
      expect(parsed, typed).toMatchObject({ ok: true, e164: "+998901234567", country: "UZ" });
    }
  });

  it("refuses numbers that cannot receive an SMS or are not numbers", () => {
    expect(parsePhone("+998 71 234 56 78")).toEqual({ ok: false, problem: "INVALID" });
    expect(parsePhone("12345")).toEqual({ ok: false, problem: "INVALID" });
    expect(parsePhone("+998 90 123 45 67 <script>")).toEqual({ ok: false, problem: "INVALID" });
    expect(parsePhone("")).toEqual({ ok: false, problem: "EMPTY" });
  });

  it("accepts other countries only where the brand serves them", () => {
    expect(parsePhone("+7 701 123 45 67")).toEqual({ ok: false, problem: "COUNTRY" });
    const kz = parsePhone("+7 701 123 45 67", { countries: phoneCountriesFor("KZT") });
    expect(kz).toMatchObject({ ok: true, e164: "+77011234567", country: "KZ" });
    // A tenge brand still takes Uzbek numbers; its own country is assumed without a code.
    expect(parsePhone("+998901234567", { countries: phoneCountriesFor("KZT") })).toMatchObject({ ok: true });
    expect(parsePhone("701 123 45 67", { countries: phoneCountriesFor("KZT") })).toMatchObject({
      e164: "+77011234567",
    });
    expect(phoneCountriesFor("UZS")).toEqual(["UZ"]);
  });
});

describe("phone display", () => {
  it("adds the missing plus and groups the digits", () => {
    expect(formatPhone("998901234567")).toBe("+998 90 123 45 67");
    expect(formatPhone("+998 (90) 123-45-67")).toBe("+998 90 123 45 67");
    expect(formatPhone("+998712345678")).toBe("+998 71 234 56 78");
    expect(formatPhone("77011234567")).toBe("+7 701 123 45 67");
    expect(formatPhone("")).toBe("");
    expect(formatPhone(null)).toBe("");
  });

  it("hides the middle digits in the masked form", () => {
    expect(maskPhone("+998901234567")).toBe("+998 90 *** ** 67");
    expect(maskPhone("")).toBe("");
  });

  it("groups a number a payment provider masked like every other phone", () => {
    expect(formatMaskedPhone("99890*****31")).toBe("+998 90 *** ** 31");
    expect(formatMaskedPhone("+7 701 ***-**-67")).toBe("+7 701 *** ** 67");
    expect(formatMaskedPhone("")).toBe("");
  });

  it("normalises vouched-for phones of any country to E.164", () => {
    expect(normalisePhone("998911234567")).toBe("+998911234567");
    expect(normalisePhone("+7 916 123-45-67")).toBe("+79161234567");
    expect(normalisePhone("123")).toBeUndefined();
  });
});

describe("a phone typed elsewhere, for display", () => {
  it("reads as every phone in the console, with its tel: link, however it was typed", () => {
    expect(displayPhone("998901234567")).toEqual({ text: "+998 90 123 45 67", tel: "+998901234567" });
    expect(displayPhone("+998 (90) 123-45-67")).toEqual({ text: "+998 90 123 45 67", tel: "+998901234567" });
    expect(displayPhone("90 123 45 67")).toEqual({ text: "+998 90 123 45 67", tel: "+998901234567" });
  });

  it("shows what it cannot read as typed", () => {
    expect(displayPhone("ask at the desk")).toEqual({ text: "ask at the desk", tel: "" });
  });
});

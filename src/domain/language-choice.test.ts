import { describe, expect, it } from "vitest";
import { acceptedLanguages, chooseLanguage } from "./language-choice.ts";

const SUSHI = ["en", "ru", "zh", "ar"] as const;
const LAVASH = ["uz", "ru", "en"] as const;

describe("the visitor's language", () => {
  it("takes Telegram's language_code (Arabic too) before the brand's main language", () => {
    expect(chooseLanguage({ host: "ar", main: "en" }, SUSHI)).toBe("ar");
    expect(chooseLanguage({ host: "zh-hans", main: "en" }, SUSHI)).toBe("zh");
  });

  it("keeps the customer's own choice first", () => {
    expect(chooseLanguage({ cookie: "ru", host: "ar", main: "en" }, SUSHI)).toBe("ru");
  });

  it("picks only among the brand's languages, then its main language, ru, uz", () => {
    expect(chooseLanguage({ host: "ar", main: "uz" }, LAVASH)).toBe("uz");
    expect(chooseLanguage({ host: "fr" }, LAVASH)).toBe("ru");
    expect(chooseLanguage({ host: "kk-KZ" }, ["ru", "kz"] as const)).toBe("kz");
    expect(chooseLanguage({ cookie: "eng" }, LAVASH)).toBe("en");
  });

  it("takes an Arabic phone's browser languages before the brand's main language", () => {
    const arabicPhone = acceptedLanguages("ar-SA,ar;q=0.9,en-US;q=0.8,en;q=0.7");
    expect(chooseLanguage({ browser: arabicPhone, main: "en" }, SUSHI)).toBe("ar");
    // A brand without Arabic: the next language the phone accepts, before the main language.
    expect(chooseLanguage({ browser: arabicPhone, main: "ru" }, LAVASH)).toBe("en");
    // The customer's choice and the host app still come first.
    expect(chooseLanguage({ cookie: "ru", browser: arabicPhone }, SUSHI)).toBe("ru");
    expect(chooseLanguage({ host: "zh", browser: arabicPhone }, SUSHI)).toBe("zh");
    // Nothing the brand has: its main language.
    expect(chooseLanguage({ browser: ["de-DE", "de"], main: "ru" }, LAVASH)).toBe("ru");
  });
});

describe("Accept-Language", () => {
  it("lists the languages by weight, in the header's order among equals, without * and q=0", () => {
    expect(acceptedLanguages("en;q=0.5, ar-SA, ru;q=0.8, fr;q=0, *;q=0.1, uz;q=0.8")).toEqual([
      "ar-SA",
      "ru",
      "uz",
      "en",
    ]);
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(acceptedLanguages("")).toEqual([]);
  });
});

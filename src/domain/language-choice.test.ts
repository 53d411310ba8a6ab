import { describe, expect, it } from "vitest";
import { chooseLanguage } from "./language-choice.ts";

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
});

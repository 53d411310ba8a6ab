import { describe, expect, it } from "vitest";
import {
  activateLocale,
  chooseLocale,
  merchantLocales,
  toContentLanguage,
  toLocale,
  LOCALE_LABELS,
  i18n,
  joinNames,
} from "./i18n.ts";

describe("languages", () => {
  it("labels each language in its own name", () => {
    expect(LOCALE_LABELS.uz).toBe("O'zbekcha");
    expect(LOCALE_LABELS.ru).toBe("Русский");
    expect(LOCALE_LABELS.en).toBe("English");
  });

  it("maps the API's eng to the UI's en and back", () => {
    expect(toLocale("eng")).toBe("en");
    expect(toLocale("ru-RU")).toBe("ru");
    expect(toLocale("kk")).toBe("kz");
    expect(toLocale("de")).toBeNull();
    expect(toContentLanguage("en")).toBe("eng");
    expect(toContentLanguage("uz")).toBe("uz");
  });

  it("offers the languages a merchant switched on, or the core three", () => {
    const off = {
      uzLangActive: false,
      ruLangActive: false,
      engLangActive: false,
      arLangActive: false,
      kzLangActive: false,
      trLangActive: false,
      zhLangActive: false,
    };
    expect(merchantLocales({ ...off, ruLangActive: true, uzLangActive: true })).toEqual(["uz", "ru"]);
    expect(merchantLocales({ ...off, engLangActive: true, arLangActive: true, zhLangActive: true })).toEqual([
      "en",
      "ar",
      "zh",
    ]);
    expect(merchantLocales(off)).toEqual(["uz", "ru", "en"]);
    expect(merchantLocales(null)).toEqual(["uz", "ru", "en"]);
  });

  it("prefers the cookie, then the host app, then the brand's main language, then ru, then uz", () => {
    const all = ["uz", "ru", "en"] as const;
    expect(chooseLocale({ cookie: "en", hostLanguage: "uz", mainLanguage: "ru", available: all })).toBe("en");
    expect(chooseLocale({ cookie: null, hostLanguage: "uz", mainLanguage: "ru", available: all })).toBe("uz");
    expect(chooseLocale({ hostLanguage: "eng", available: all })).toBe("en");
    expect(chooseLocale({ mainLanguage: "eng", available: all })).toBe("en");
    expect(chooseLocale({ available: all })).toBe("ru");
    expect(chooseLocale({ available: ["uz", "en"] })).toBe("uz");
    expect(chooseLocale({ available: ["en", "zh"] })).toBe("en");
  });

  it("ignores a choice the brand does not offer", () => {
    expect(chooseLocale({ cookie: "zh", available: ["uz", "ru"] })).toBe("ru");
    expect(chooseLocale({ hostLanguage: "ar", available: ["uz", "ru"] })).toBe("ru");
  });

  it("opens in Telegram's Arabic before the brand's main language", () => {
    const sushi = ["en", "ru", "zh", "ar"] as const;
    expect(chooseLocale({ hostLanguage: "ar", mainLanguage: "en", available: sushi })).toBe("ar");
    expect(chooseLocale({ cookie: "ru", hostLanguage: "ar", mainLanguage: "en", available: sushi })).toBe(
      "ru",
    );
  });

  it("lays Arabic out right to left and sets <html lang>", async () => {
    await activateLocale("ar");
    expect(document.documentElement.dir).toBe("rtl");
    expect(document.documentElement.lang).toBe("ar");
    await activateLocale("kz");
    expect(document.documentElement.dir).toBe("ltr");
    expect(document.documentElement.lang).toBe("kk");
    expect(i18n.locale).toBe("kz");
  });
});

describe("joining names", () => {
  it("joins with the Arabic comma in Arabic and the Chinese enumeration comma in Chinese", async () => {
    await activateLocale("ar");
    expect(joinNames(["لافاش", "جديد", "حار"])).toBe("لافاش، جديد، حار");
    await activateLocale("zh");
    expect(joinNames(["寿司", "新品"])).toBe("寿司、新品");
    await activateLocale("ru");
    expect(joinNames(["Лаваш", "Новинка"])).toBe("Лаваш, Новинка");
    expect(joinNames(["Лаваш"])).toBe("Лаваш");
    expect(joinNames([])).toBe("");
  });
});

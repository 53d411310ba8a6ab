import { describe, expect, it } from "vitest";
import { chatLink, contactLinks, safeHref } from "./contacts.ts";

const off = {
  phone: "",
  phoneActive: false,
  telegram: "",
  telegramActive: false,
  instagram: "",
  instagramActive: false,
  facebook: "",
  facebookActive: false,
  telegramBotLink: "",
  telegramBotActive: false,
  iosAppLink: "",
  iosAppActive: false,
  androidAppLink: "",
  androidAppActive: false,
  contacts: [],
};

describe("brand contacts", () => {
  it("lists only what the brand switched on", () => {
    const links = contactLinks(
      {
        ...off,
        phone: "998712000000",
        phoneActive: true,
        telegram: "@lavash",
        telegramActive: false,
        instagram: "lavash.uz",
        instagramActive: true,
      },
      "ru",
    );
    expect(links).toEqual([
      { kind: "phone", text: "+998 71 200 00 00", href: "tel:+998712000000" },
      { kind: "instagram", text: "@lavash.uz", href: "https://instagram.com/lavash.uz" },
    ]);
  });

  it("turns handles and links into profile links", () => {
    const [tg] = contactLinks({ ...off, telegram: "https://t.me/lavash_bar", telegramActive: true }, "ru");
    expect(tg).toEqual({ kind: "telegram", text: "@lavash_bar", href: "https://t.me/lavash_bar" });
  });

  it("reads the contacts list with localised titles", () => {
    const links = contactLinks(
      { ...off, contacts: [{ type: "EMAIL", value: "hi@lavash.uz", title: { ru: "Почта", uz: "Pochta" } }] },
      "uz",
    );
    expect(links).toEqual([
      { kind: "email", text: "hi@lavash.uz", title: "Pochta", href: "mailto:hi@lavash.uz" },
    ]);
  });

  it("never links to script URLs", () => {
    expect(safeHref("javascript:alert(1)")).toBeNull();
    expect(safeHref("data:text/html,x")).toBeNull();
    expect(safeHref("apps.apple.com/app/id1")).toBe("https://apps.apple.com/app/id1");
  });
});

describe("the chat entry", () => {
  const brand = {
    ...off,
    phone: "998712000000",
    phoneActive: true,
    telegram: "@lavash_support",
    telegramActive: true,
    chatActive: true,
  };

  it("opens the brand's Telegram where it shows one, else its phone, and is absent when switched off", () => {
    expect(chatLink(brand, "ru")).toEqual({
      kind: "telegram",
      text: "@lavash_support",
      href: "https://t.me/lavash_support",
    });
    expect(chatLink({ ...brand, telegramActive: false }, "ru")).toEqual({
      kind: "phone",
      text: "+998 71 200 00 00",
      href: "tel:+998712000000",
    });
    expect(chatLink({ ...brand, chatActive: false }, "ru")).toBeNull();
    expect(chatLink({ ...brand, telegramActive: false, phoneActive: false }, "ru")).toBeNull();
  });
});

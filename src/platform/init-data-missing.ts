// The one screen the platform draws itself: Telegram opened the app without usable initData (from a
// keyboard button or inline mode, or a broken launch), so there is nobody to log in and startup stops
// (spec sections 4 and 8). It shows before the app's translations load, hence the texts here, in
// the three languages a Telegram host can give.
import { hostLanguageOf } from "./click.ts";
import type { HostLanguage } from "./types.ts";

const TEXTS: Record<HostLanguage, { title: string; body: string; close: string }> = {
  uz: {
    title: "Telegram ID topilmadi",
    body: "Iltimos, botni qayta ishga tushiring: chatda /start buyrug'ini yuboring va ilovani menyu tugmasi orqali oching.",
    close: "Yopish",
  },
  ru: {
    title: "Telegram ID не найден",
    body: "Пожалуйста, перезапустите бота: отправьте в чат /start и откройте приложение кнопкой меню.",
    close: "Закрыть",
  },
  eng: {
    title: "Telegram ID not found",
    body: "Please restart the bot: send /start in the chat and open the app with the menu button.",
    close: "Close",
  },
};

export function initDataMissingText(language: HostLanguage): { title: string; body: string; close: string } {
  return TEXTS[language];
}

/** Replaces `root`'s content with the message; `onClose` closes the mini app. */
export function renderInitDataMissing(
  root: HTMLElement,
  options: { language?: HostLanguage; onClose?: () => void } = {},
): void {
  // Without initData there is no Telegram language: the phone's, in the order it prefers them.
  const language =
    options.language ??
    navigator.languages.map((l) => hostLanguageOf(l)).find((l) => l !== undefined) ??
    "ru";
  const text = TEXTS[language];
  const box = document.createElement("main");
  box.setAttribute("role", "alert");
  box.dataset.testid = "init-data-missing";
  Object.assign(box.style, {
    minHeight: "100vh",
    display: "flex",
    flexDirection: "column",
    alignItems: "center",
    justifyContent: "center",
    gap: "12px",
    padding: "24px",
    boxSizing: "border-box",
    textAlign: "center",
    font: "16px/1.4 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
    background: "var(--tg-theme-bg-color, #fff)",
    color: "var(--tg-theme-text-color, #000)",
  } satisfies Partial<CSSStyleDeclaration>);
  const title = document.createElement("h1");
  title.textContent = text.title;
  Object.assign(title.style, { margin: "0", fontSize: "20px" });
  const body = document.createElement("p");
  body.textContent = text.body;
  Object.assign(body.style, { margin: "0", maxWidth: "320px", color: "var(--tg-theme-hint-color, #707579)" });
  box.append(title, body);
  if (options.onClose) {
    const close = document.createElement("button");
    close.type = "button";
    close.textContent = text.close;
    Object.assign(close.style, {
      marginTop: "8px",
      padding: "12px 24px",
      border: "0",
      borderRadius: "10px",
      font: "inherit",
      fontWeight: "600",
      background: "var(--tg-theme-button-color, #2481cc)",
      color: "var(--tg-theme-button-text-color, #fff)",
    } satisfies Partial<CSSStyleDeclaration>);
    close.addEventListener("click", options.onClose);
    box.append(close);
  }
  document.documentElement.lang = language === "eng" ? "en" : language;
  root.replaceChildren(box);
}

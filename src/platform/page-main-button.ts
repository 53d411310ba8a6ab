// The main button where the host draws none (browser, Click web view): one fixed bar at the bottom
// of the page, so every screen declares its primary action the same way in every host. While it is
// shown, `--platform-main-button-height` on <html> tells the layout how much room to leave.
import type { MainButton, MainButtonParams } from "./types.ts";

const BAR_HEIGHT_PX = 72;
const HEIGHT_VAR = "--platform-main-button-height";

interface Parts {
  bar: HTMLDivElement;
  hint: HTMLParagraphElement;
  button: HTMLButtonElement;
  label: HTMLSpanElement;
  spinner: HTMLSpanElement;
}

let parts: Parts | null = null;
let current: MainButtonParams | null = null;

function build(): Parts {
  const bar = document.createElement("div");
  bar.dataset.platformMainButton = "";
  Object.assign(bar.style, {
    position: "fixed",
    left: "0",
    right: "0",
    bottom: "0",
    zIndex: "1000",
    padding: "10px 16px calc(10px + env(safe-area-inset-bottom, 0px))",
    background: "var(--tg-theme-bottom-bar-bg-color, var(--tg-theme-bg-color, Canvas))",
    boxShadow: "0 -1px 0 rgba(0, 0, 0, 0.08)",
    display: "none",
  } satisfies Partial<CSSStyleDeclaration>);
  const button = document.createElement("button");
  button.type = "button";
  Object.assign(button.style, {
    width: "100%",
    maxWidth: "560px",
    margin: "0 auto",
    display: "flex",
    alignItems: "center",
    justifyContent: "center",
    gap: "8px",
    minHeight: "50px",
    border: "0",
    borderRadius: "12px",
    font: "600 16px/1.2 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
    background: "var(--tg-theme-button-color, var(--savat-brand, #FCE000))",
    color: "var(--tg-theme-button-text-color, var(--savat-on-brand, #000))",
    cursor: "pointer",
  } satisfies Partial<CSSStyleDeclaration>);
  // Why the button is disabled, read out when it changes.
  const hint = document.createElement("p");
  hint.setAttribute("role", "status");
  Object.assign(hint.style, {
    maxWidth: "560px",
    margin: "0 auto 8px",
    font: "500 14px/1.3 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
    color: "var(--tg-theme-destructive-text-color, #d32f2f)",
    textAlign: "center",
    display: "none",
  } satisfies Partial<CSSStyleDeclaration>);
  const label = document.createElement("span");
  const spinner = document.createElement("span");
  spinner.setAttribute("aria-hidden", "true");
  Object.assign(spinner.style, {
    width: "18px",
    height: "18px",
    borderRadius: "50%",
    border: "2px solid currentColor",
    borderRightColor: "transparent",
    display: "none",
  } satisfies Partial<CSSStyleDeclaration>);
  spinner.animate([{ transform: "rotate(0turn)" }, { transform: "rotate(1turn)" }], {
    duration: 800,
    iterations: Infinity,
  });
  button.append(spinner, label);
  bar.append(hint, button);
  button.addEventListener("click", () => {
    if (current && !current.disabled && !current.progress) current.onClick();
  });
  document.body.append(bar);
  // The bar's real height, kept current (a hint, a wrapped label, the safe area): the tab bar sits
  // exactly on it, with no strip of the page showing between the two (issue 35).
  if (typeof ResizeObserver !== "undefined") {
    new ResizeObserver(() => {
      if (current) setHeight(bar);
    }).observe(bar);
  }
  return { bar, hint, button, label, spinner };
}

/** Publishes the shown bar's height (at least the design's 72 px until it has been laid out). */
function setHeight(bar: HTMLDivElement): void {
  const measured = bar.getBoundingClientRect().height;
  const height = measured > 0 ? measured : BAR_HEIGHT_PX;
  document.documentElement.style.setProperty(HEIGHT_VAR, `${String(height)}px`);
  // The bar carries the bottom safe area now: the tab bar above it needs none of its own.
  document.documentElement.dataset.pageMainButton = "shown";
}

export function createPageMainButton(): MainButton {
  return {
    native: false,
    show(params) {
      parts ??= build();
      current = params;
      const { bar, hint, button, label, spinner } = parts;
      label.textContent = params.text;
      const why = params.disabled && params.hint ? params.hint : "";
      hint.textContent = why;
      hint.style.display = why ? "block" : "none";
      if (why) button.setAttribute("aria-describedby", (hint.id ||= "platform-main-button-hint"));
      else button.removeAttribute("aria-describedby");
      const inactive = Boolean(params.disabled || params.progress);
      button.disabled = inactive;
      button.setAttribute("aria-busy", params.progress ? "true" : "false");
      button.style.opacity = params.disabled ? "0.5" : "1";
      spinner.style.display = params.progress ? "inline-block" : "none";
      bar.style.display = "block";
      setHeight(bar);
    },
    hide() {
      current = null;
      if (parts) parts.bar.style.display = "none";
      document.documentElement.style.setProperty(HEIGHT_VAR, "0px");
      delete document.documentElement.dataset.pageMainButton;
    },
  };
}

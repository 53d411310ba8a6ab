// The platform module in the three hosts. Telegram is driven through its mobile bridge
// (window.TelegramWebviewProxy out, Telegram.WebView.receiveEvent in), as the phone apps do.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { hostLanguageOf } from "./click.ts";
import { getPlatform, initPlatform, setPlatform, type Host } from "./index.ts";

type Posted = [string, Record<string, unknown> | undefined];

interface TelegramWindow {
  TelegramWebviewProxy?: { postEvent(type: string, data?: string): void };
  Telegram?: { WebView?: { receiveEvent?: (type: string, data?: unknown) => void } };
}

const tgWindow = window as unknown as TelegramWindow;
const posted: Posted[] = [];
let contactShared = false;

function receive(type: string, data?: unknown): void {
  tgWindow.Telegram?.WebView?.receiveEvent?.(type, data);
}

/** Answers what the phone apps answer; the contact after the customer "shares" it. */
function installTelegramBridge(): void {
  tgWindow.TelegramWebviewProxy = {
    postEvent(type, data) {
      const payload = data ? (JSON.parse(data) as Record<string, unknown>) : undefined;
      posted.push([type, payload]);
      const later = (t: string, d: unknown) =>
        setTimeout(() => {
          receive(t, d);
        }, 0);
      if (type === "web_app_request_safe_area")
        later("safe_area_changed", { top: 0, bottom: 34, left: 0, right: 0 });
      if (type === "web_app_request_content_safe_area") {
        later("content_safe_area_changed", { top: 0, bottom: 0, left: 0, right: 0 });
      }
      if (type === "web_app_request_viewport") {
        later("viewport_changed", { height: 700, width: 390, is_expanded: true, is_state_stable: true });
      }
      if (type === "web_app_request_phone") {
        contactShared = true;
        later("phone_requested", { status: "sent" });
      }
      if (type === "web_app_invoke_custom_method" && payload?.method === "getRequestedContact") {
        later(
          "custom_method_invoked",
          contactShared
            ? { req_id: payload.req_id, result: SIGNED_CONTACT }
            : { req_id: payload.req_id, error: "NOT_AVAILABLE" },
        );
      }
    },
  };
}

const SIGNED_CONTACT =
  "contact=%7B%22user_id%22%3A279058397%2C%22phone_number%22%3A%22998901234567%22%2C%22first_name%22%3A%22A%22%7D" +
  "&auth_date=1700000000&hash=" +
  "a".repeat(64);

function initDataFor(language: string): string {
  return new URLSearchParams({
    user: JSON.stringify({ id: 279058397, first_name: "Vladislav", language_code: language }),
    auth_date: "1700000000",
    signature: "c2lnbmF0dXJl",
    hash: "b".repeat(64),
  }).toString();
}

function openWith(params: Record<string, string>): void {
  window.history.replaceState(null, "", `/#${new URLSearchParams(params).toString()}`);
}

const DARK = JSON.stringify({ bg_color: "#17212b", text_color: "#f5f5f5", button_color: "#5288c1" });

beforeEach(() => {
  setPlatform(null);
  document.body.replaceChildren();
});
afterEach(() => {
  delete tgWindow.TelegramWebviewProxy;
});

describe("in a browser", () => {
  it("is the web host with a page-drawn main button", async () => {
    const host = await initPlatform();
    expect(host.kind).toBe("web");
    expect(document.documentElement.dataset.host).toBe("web");
    expect(getPlatform()).toBe(host);
    expect(host.mainButton.native).toBe(false);

    const onClick = vi.fn();
    host.mainButton.show({ text: "Checkout", onClick });
    const button = document.querySelector<HTMLButtonElement>("[data-platform-main-button] button");
    expect(button?.textContent).toBe("Checkout");
    button?.click();
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(document.documentElement.style.getPropertyValue("--platform-main-button-height")).toBe("72px");

    host.mainButton.show({ text: "Wait", onClick, progress: true });
    button?.click();
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(button?.getAttribute("aria-busy")).toBe("true");

    // A disabled button says why next to it, and is described by it.
    host.mainButton.show({ text: "Place the order", onClick, disabled: true, hint: "Choose a time" });
    const hint = document.querySelector<HTMLElement>("[data-platform-main-button] [role=status]");
    expect(hint?.textContent).toBe("Choose a time");
    expect(hint?.style.display).toBe("block");
    expect(button?.getAttribute("aria-describedby")).toBe(hint?.id);
    button?.click();
    expect(onClick).toHaveBeenCalledTimes(1);
    host.mainButton.show({ text: "Place the order", onClick, hint: "Choose a time" });
    expect(hint?.style.display).toBe("none");
    expect(button?.hasAttribute("aria-describedby")).toBe(false);

    host.mainButton.hide();
    expect(document.querySelector<HTMLElement>("[data-platform-main-button]")?.style.display).toBe("none");
    expect(document.documentElement.style.getPropertyValue("--platform-main-button-height")).toBe("0px");
    expect(await host.requestContact()).toBeNull();
  });
});

describe("in the Click app", () => {
  it("takes the web_session from the query, and theme and language from Click's cookies", async () => {
    window.history.replaceState(null, "", "/?web_session=3f1a7c9e-0000-4000-8000-000000000001");
    document.cookie = "click-language=ru; path=/";
    document.cookie = "click-theme=dark; path=/";
    const host = await initPlatform();
    expect(host).toMatchObject({
      kind: "click",
      webSession: "3f1a7c9e-0000-4000-8000-000000000001",
      language: "ru",
      colorScheme: "dark",
    });
    expect(sessionStorage.getItem("savat:platform:click-web-session")).toBe(
      "3f1a7c9e-0000-4000-8000-000000000001",
    );
  });

  it("takes the web_session from the click-web-session cookie", async () => {
    document.cookie = "click-web-session=3f1a7c9e-0000-4000-8000-000000000002; path=/";
    document.cookie = "click-language=en; path=/";
    const host = await initPlatform();
    expect(host).toMatchObject({
      kind: "click",
      webSession: "3f1a7c9e-0000-4000-8000-000000000002",
      language: "eng",
    });
  });

  it("ignores a malformed web_session", async () => {
    window.history.replaceState(null, "", "/?web_session=%3Cscript%3E");
    expect((await initPlatform()).kind).toBe("web");
  });
});

describe("host languages", () => {
  it("accepts uz, ru and en only, en as eng", () => {
    expect(hostLanguageOf("uz")).toBe("uz");
    expect(hostLanguageOf("ru-RU")).toBe("ru");
    expect(hostLanguageOf("en")).toBe("eng");
    expect(hostLanguageOf("en-GB")).toBe("eng");
    expect(hostLanguageOf("de")).toBeUndefined();
    expect(hostLanguageOf(undefined)).toBeUndefined();
  });
});

// One SDK per page: these run in order and share it.
describe("inside Telegram", () => {
  let telegram: Host | null = null;
  const launch = (initData: string) => ({
    tgWebAppData: initData,
    tgWebAppVersion: "8.0",
    tgWebAppPlatform: "android",
    tgWebAppThemeParams: DARK,
  });
  const started = (): Host => {
    if (!telegram) throw new Error("the Telegram host did not start");
    // The shared test setup empties the URL and storage before each test; Telegram's are put back.
    openWith(launch(telegram.initData ?? ""));
    installTelegramBridge();
    return telegram;
  };

  it("stops on initData of 10 characters or fewer, logging it", async () => {
    installTelegramBridge();
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    openWith({
      tgWebAppData: "user=1",
      tgWebAppVersion: "8.0",
      tgWebAppPlatform: "ios",
      tgWebAppThemeParams: DARK,
    });
    const host = await initPlatform();
    expect(host.kind).toBe("telegram");
    expect(host.initDataMissing).toBe(true);
    expect(host.initData).toBeUndefined();
    expect(error).toHaveBeenCalledWith("Telegram initData not found");
    expect(sessionStorage.getItem("savat:platform:init-data")).toBeNull();
    expect(posted.map(([type]) => type)).toContain("web_app_ready");
  });

  it("starts the SDK: ready, theme, expand, swipes off, closing confirmation, language", async () => {
    installTelegramBridge();
    posted.length = 0;
    const initData = initDataFor("en");
    openWith(launch(initData));
    const host = await initPlatform();
    telegram = host;
    expect(host).toMatchObject({
      kind: "telegram",
      initData,
      language: "eng",
      colorScheme: "dark",
      platform: "android",
    });
    expect(host.themeParams).toMatchObject({ bg_color: "#17212b" });
    expect(sessionStorage.getItem("savat:platform:init-data")).toBe(initData);
    const types = posted.map(([type]) => type);
    expect(types).toEqual(expect.arrayContaining(["web_app_ready", "web_app_expand"]));
    expect(posted).toContainEqual(["web_app_setup_swipe_behavior", { allow_vertical_swipe: false }]);
    expect(posted).toContainEqual(["web_app_setup_closing_behavior", { need_confirmation: true }]);
    expect(document.documentElement.style.getPropertyValue("--tg-theme-bg-color")).toBe("#17212b");
    expect(document.documentElement.style.getPropertyValue("--tg-safe-area-inset-bottom")).toBe("34px");
    expect(document.documentElement.dataset.tgColorScheme).toBe("dark");
  });

  it("drives the MainButton, the BackButton and haptics", async () => {
    const host = started();
    expect(host.mainButton.native).toBe(true);
    expect(host.backButton.native).toBe(true);
    posted.length = 0;

    const onMain = vi.fn();
    host.mainButton.show({ text: "VIEW ORDER", onClick: onMain });
    expect(posted.at(-1)).toEqual([
      "web_app_setup_main_button",
      expect.objectContaining({ text: "VIEW ORDER", is_visible: true, is_active: true }),
    ]);
    receive("main_button_pressed");
    expect(onMain).toHaveBeenCalledTimes(1);
    host.mainButton.show({ text: "PAY", onClick: onMain, progress: true });
    expect(posted.at(-1)?.[1]).toMatchObject({ is_progress_visible: true });
    receive("main_button_pressed");
    expect(onMain).toHaveBeenCalledTimes(1);
    host.mainButton.hide();
    expect(posted.at(-1)?.[1]).toMatchObject({ is_visible: false });

    const onBack = vi.fn();
    const also = vi.fn();
    host.backButton.show(onBack);
    const remove = host.backButton.onClick(also);
    expect(posted.at(-1)).toEqual(["web_app_setup_back_button", { is_visible: true }]);
    receive("back_button_pressed");
    expect(onBack).toHaveBeenCalledTimes(1);
    expect(also).toHaveBeenCalledTimes(1);
    remove();
    host.backButton.hide();
    expect(posted.at(-1)).toEqual(["web_app_setup_back_button", { is_visible: false }]);

    host.haptics.light();
    expect(posted.at(-1)).toEqual([
      "web_app_trigger_haptic_feedback",
      { type: "impact", impact_style: "light" },
    ]);

    host.enableClosingConfirmation(false);
    expect(posted.at(-1)).toEqual(["web_app_setup_closing_behavior", { need_confirmation: false }]);
  });

  it("requests the contact and answers Telegram's signed payload", async () => {
    contactShared = false;
    const contact = await started().requestContact();
    expect(contact).toEqual({ raw: SIGNED_CONTACT, phone: "998901234567" });
    expect(posted.map(([type]) => type)).toContain("web_app_request_phone");
  });
});

// A phone under load: Telegram does not answer the viewport request before the start gives up on
// it. The app still asks to be expanded (in a file of its own: the SDK mounts its viewport once).
import { expect, it } from "vitest";
import { initPlatform } from "./index.ts";

interface TelegramWindow {
  TelegramWebviewProxy?: { postEvent(type: string, data?: string): void };
  Telegram?: { WebView?: { receiveEvent?: (type: string, data?: unknown) => void } };
}

it("asks Telegram to expand even when the host never answers the viewport request", async () => {
  const posted: string[] = [];
  const receive = (type: string, data: unknown) =>
    setTimeout(() => {
      (window as unknown as TelegramWindow).Telegram?.WebView?.receiveEvent?.(type, data);
    }, 0);
  (window as unknown as TelegramWindow).TelegramWebviewProxy = {
    postEvent(type) {
      posted.push(type);
      // Safe areas answered as usual; the viewport request goes unanswered.
      if (type === "web_app_request_safe_area" || type === "web_app_request_content_safe_area")
        receive(type.replace("web_app_request_", "") + "_changed", { top: 0, bottom: 0, left: 0, right: 0 });
    },
  };
  const initData = new URLSearchParams({
    user: JSON.stringify({ id: 279058397, first_name: "A", language_code: "en" }),
    auth_date: "1700000000",
    signature: "c2lnbmF0dXJl",
    hash: "b".repeat(64),
  }).toString();
  const params = {
    tgWebAppData: initData,
    tgWebAppVersion: "8.0",
    tgWebAppPlatform: "android",
    tgWebAppThemeParams: JSON.stringify({ bg_color: "#ffffff" }),
  };
  window.history.replaceState(null, "", `/#${new URLSearchParams(params).toString()}`);
  const host = await initPlatform();
  expect(host.kind).toBe("telegram");
  expect(posted).toContain("web_app_request_viewport");
  expect(posted).toContain("web_app_expand");
});

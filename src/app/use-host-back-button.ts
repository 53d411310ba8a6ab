import { useEffect } from "react";
import { navigate } from "wouter/use-browser-location";
import { getPlatform } from "../platform/index.ts";

/**
 * Inside Telegram the host's own back button replaces the browser's: it is shown on every screen
 * but home and whenever a sheet is open, and goes back one step (closing the sheet). A browser
 * keeps its own back button.
 */
export function useHostBackButton(location: string, search: string): void {
  const button = getPlatform().backButton;
  const sheetOpen = new URLSearchParams(search).has("sheet");
  const visible = location !== "/" || sheetOpen;

  useEffect(() => {
    if (!button.native) return;
    if (!visible) {
      button.hide();
      return;
    }
    button.show();
    return button.onClick(() => {
      // Opened straight on an inner page: there is no in-app step to go back to.
      if (window.history.length > 1) window.history.back();
      else navigate("/", { replace: true });
    });
  }, [button, visible]);
}

import { useEffect } from "react";
import { navigate } from "wouter/use-browser-location";
import { getPlatform } from "../platform/index.ts";
import { isAfterCheckout } from "../features/checkout/after-checkout.ts";

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
      // From a just-placed order the steps behind are an emptied checkout and basket: go home.
      if (isAfterCheckout(window.history.state)) navigate("/", { replace: true });
      // Opened straight on an inner page: there is no in-app step to go back to.
      else if (window.history.length > 1) window.history.back();
      else navigate("/", { replace: true });
    });
  }, [button, visible]);
}

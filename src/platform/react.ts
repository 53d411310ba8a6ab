// React bindings of the platform: a screen declares its primary action and its back step, and the
// host shows them its own way (Telegram's MainButton/BackButton, a page-drawn bar in a browser).
import { useEffect, useEffectEvent } from "react";
import { getPlatform } from "./index.ts";
import type { Host } from "./types.ts";

export function usePlatform(): Host {
  return getPlatform();
}

export interface MainButtonOptions {
  text: string;
  onClick: () => void;
  progress?: boolean;
  disabled?: boolean;
  /** Why it is disabled, said next to it. */
  hint?: string;
}

/** Shows the screen's primary action while mounted; null hides it. */
export function useMainButton(options: MainButtonOptions | null): void {
  const host = getPlatform();
  const onClick = useEffectEvent(() => {
    options?.onClick();
  });
  const visible = options !== null;
  const text = options?.text ?? "";
  const progress = Boolean(options?.progress);
  const disabled = Boolean(options?.disabled);
  const hint = options?.hint;
  // Parameters change in place (a "+" updates the total): hiding and showing again would make the
  // host's frame jump by the button's height, so only mounting and unmounting hide it.
  useEffect(() => {
    if (!visible) return;
    host.mainButton.show({
      text,
      progress,
      disabled,
      ...(hint ? { hint } : {}),
      onClick: () => {
        onClick();
      },
    });
  }, [host, visible, text, progress, disabled, hint]);
  // Only the screen that showed the button hides it: a screen without one (null) leaves alone the
  // button its child screen shows, whichever of their effects runs first.
  useEffect(() => {
    if (!visible) return;
    return () => {
      host.mainButton.hide();
    };
  }, [host, visible]);
}

/** Light haptic feedback for taps that change the basket (no-op outside Telegram). */
export function useHaptics(): Host["haptics"] {
  return getPlatform().haptics;
}

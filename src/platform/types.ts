// The one interface the app talks to, whatever hosts it: Telegram, the Click SuperApp or a browser.

export type HostKind = "telegram" | "click" | "web";
export type HostLanguage = "uz" | "ru" | "eng";
export type ColorScheme = "light" | "dark";

export interface BackButton {
  /** Shows the host's back button; `onClick` (optional) replaces the previous handler. */
  show(onClick?: () => void): void;
  hide(): void;
  /** Adds a click handler; returns its removal. */
  onClick(handler: () => void): () => void;
  /** False where the host has no back button of its own (the app shows its own arrow). */
  readonly native: boolean;
}

/** Where the phone is, as the host gives it. */
export interface DevicePosition {
  latitude: number;
  longitude: number;
  /** Metres, when the host says. */
  accuracy: number | null;
}

export interface MainButtonParams {
  text: string;
  onClick(): void;
  /** A spinner instead of the text, for a long action; clicks are ignored meanwhile. */
  progress?: boolean;
  disabled?: boolean;
  /** Why it is disabled, said next to it (a page bar: above the button; Telegram: as its text). */
  hint?: string;
}

export interface MainButton {
  /** Shows (or updates) the screen's primary action; the previous handler is replaced. */
  show(params: MainButtonParams): void;
  hide(): void;
  /** False where the button is drawn by this module in the page, not by the host app. */
  readonly native: boolean;
}

export interface Haptics {
  /** A light impact: taps that change the basket. */
  light(): void;
  /** Success or error of an action (order placed, form refused). */
  notify(type: "success" | "error" | "warning"): void;
}

/** A phone the host vouched for: Telegram's signed contact payload. */
export interface SharedContact {
  /** The raw signed payload the server verifies (`contact=...&auth_date=...&hash=...`). */
  raw: string;
  phone: string;
}

export interface Host {
  kind: HostKind;
  /** Telegram initData (longer than 10 characters), kept for login and logout. */
  initData?: string;
  /** Telegram: initData was missing or too short; startup stops (spec section 4, Login). */
  initDataMissing?: boolean;
  /** Click: the web_session to exchange for a session. */
  webSession?: string;
  /** The host app's language, only when it is uz, ru or en (en -> eng). */
  language?: HostLanguage;
  /** The host app's language as it gave it (Telegram's language_code "ar"), for the interface. */
  userLanguage?: string;
  colorScheme?: ColorScheme;
  /** Telegram theme parameters as snake_case keys (bg_color...) with #rrggbb values. */
  themeParams?: Record<string, string>;
  /** Telegram client platform (ios, android, tdesktop, weba...). */
  platform?: string;
  /** Telegram start_param (t.me/bot/app?startapp=...). */
  startParam?: string;
  backButton: BackButton;
  mainButton: MainButton;
  haptics: Haptics;
  /**
   * Asks the customer to share their phone (Telegram's native popup). Resolves with the signed
   * contact, or null when declined or unsupported (web, Click: the app uses its own phone login).
   */
  requestContact(): Promise<SharedContact | null>;
  enableClosingConfirmation(on: boolean): void;
  /** Closes the mini app (Telegram); elsewhere nothing happens. */
  /**
   * Opens an outside page: Telegram's own way in Telegram; elsewhere this tab (a payment provider,
   * which comes back here) or, with `newTab`, a new tab that leaves the storefront open (a banner's
   * link to another site).
   */
  openLink(url: string, options?: { newTab?: boolean }): void;
  /** Telegram: opens a t.me link inside Telegram (its share dialog, a chat). Absent elsewhere. */
  openTelegramLink?(url: string): void;
  /**
   * Telegram's LocationManager (Mini Apps 8.0): the phone's position as Telegram gives it, asking the
   * user the first time; null when Telegram has no location or the user did not allow it. Absent
   * elsewhere and in older clients, where the web view's own geolocation is the way.
   */
  location?: { current(): Promise<DevicePosition | null> };
  close(): void;
}

import type { HrefLocation } from "../brand-host.ts";
import type { Banner, Story } from "./content.ts";
import type { Brand, Merchant, WebSettings } from "./merchant.ts";
import type { MenuChannel, Overall } from "./menu.ts";

/**
 * The menu's first screen rendered on the server (src/ssr/first-screen.tsx, built into dist-ssr)
 * for the app shell of a brand's "/" (server/src/merchants/first-screen.ts): what it is given,
 * exactly the boot data the shell carries, and what it gives back.
 */
export interface FirstScreenInput {
  sub: string;
  merchant: Merchant;
  settings: WebSettings;
  home: {
    banners: Banner[] | null;
    stories: Story[] | null;
    brands: Brand[];
    /** The web menu's first screen and the channels whose menu is that same menu. */
    menu: { channel: "WEB"; channels: MenuChannel[]; overall: Overall; complete: boolean };
  };
  /** The catalog the app will choose (one of src/lib/i18n.ts LOCALES). */
  locale: string;
  /** The page's address: the brand switcher's links, a product's link. */
  location: HrefLocation & { pathname: string };
  /** Where the screen is drawn: the host app, its light or dark theme, a phone or a desktop window. */
  variant: FirstScreenVariant;
}

/** The hosts a first screen is drawn for; the shell's inline script picks the one it runs in. */
export type FirstScreenHost = "web" | "telegram" | "click";

export interface FirstScreenVariant {
  host: FirstScreenHost;
  /** The host app's theme (Telegram, Click); the brand's own look on the web. */
  colorScheme: "light" | "dark" | null;
  /** A browser window of at least 1180 px (the desktop layout with its wide basket panel). */
  desktop: boolean;
  /** The menu list's width the screen is laid out for (its cards per line). */
  listWidth: number;
}

/**
 * The menu list's widths first screens are drawn at: a phone's, and the desktop layout's in a
 * window of 1440 px and in one of about 1450 px and more (where the page stops growing). The
 * shell's script keeps a screen only where the list's width gives the same cards per line.
 */
export const FIRST_SCREEN_LIST_WIDTHS = { phone: 412, desktop: [757, 772] } as const;

export interface FirstScreen {
  html: string;
  lang: string;
  dir: "ltr" | "rtl";
  appearance: "light" | "dark";
  /** The brand's CSS variables, as the app puts them on <html>. */
  variables: Record<string, string>;
  /** Where the app keeps a visitor's session with the brand: one there makes a returning visitor. */
  sessionKey: string;
  /** The menu list's widths (from, up to) at which the screen's cards per line are the app's. */
  fits: [number, number];
}

export interface FirstScreenRenderer {
  renderFirstScreen(input: FirstScreenInput): Promise<FirstScreen>;
}

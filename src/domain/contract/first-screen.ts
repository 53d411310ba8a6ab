import type { HrefLocation } from "../brand-host.ts";
import type { Banner, Story } from "./content.ts";
import type { Brand, Merchant, WebSettings } from "./merchant.ts";
import type { Overall } from "./menu.ts";

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
    menu: { channel: "WEB"; overall: Overall; complete: boolean };
  };
  /** The catalog the app will choose (one of src/lib/i18n.ts LOCALES). */
  locale: string;
  /** The page's address: the brand switcher's links, a product's link. */
  location: HrefLocation & { pathname: string };
}

export interface FirstScreen {
  html: string;
  lang: string;
  dir: "ltr" | "rtl";
  appearance: "light" | "dark";
  /** The brand's CSS variables, as the app puts them on <html>. */
  variables: Record<string, string>;
  /** Where the app keeps a visitor's session with the brand: one there makes a returning visitor. */
  sessionKey: string;
}

export interface FirstScreenRenderer {
  renderFirstScreen(input: FirstScreenInput): Promise<FirstScreen>;
}

import { lazy, type ComponentType } from "react";
import type { WebSettings } from "../domain/contract/merchant.ts";
import { BlockedPage } from "../features/merchant/components/blocked-page.tsx";
import { MerchantNotAvailablePage } from "../features/merchant/components/merchant-not-available-page.tsx";

/** The four layouts of spec section 2. */
export type LayoutName = "auth" | "default" | "extra" | "map";

export interface ScreenProps {
  params: Record<string, string | undefined>;
}

export interface AppRoute {
  /** A wouter pattern: "/", "/profile/orders/:id". */
  path: string;
  layout: LayoutName;
  screen: ComponentType<ScreenProps>;
  /** Starts loading a lazy screen early (boot calls it for the first URL). */
  preload?: () => Promise<unknown>;
  /** The brand's feature switch: a route that is switched off does not exist (404). */
  enabled?: (settings: WebSettings) => boolean;
}

/** A screen in its own chunk; `preload` lets boot fetch it while the merchant loads. */
function lazyScreen(load: () => Promise<ComponentType<ScreenProps>>): Pick<AppRoute, "screen" | "preload"> {
  let pending: Promise<{ default: ComponentType<ScreenProps> }> | null = null;
  const preload = () => (pending ??= load().then((screen) => ({ default: screen })));
  return { screen: lazy(preload), preload };
}

const policies = () => import("../features/policies/components/policy-page.tsx");

/**
 * Every route of the storefront, one line each (spec section 2). A route arrives with the issue
 * that builds its screen; until then the path is a 404.
 */
export const routes: readonly AppRoute[] = [
  {
    path: "/",
    layout: "default",
    ...lazyScreen(() => import("../features/home/components/home-page.tsx").then((m) => m.HomePage)),
  },
  {
    path: "/about",
    layout: "default",
    enabled: (s) => s.aboutMerchantActive,
    ...lazyScreen(() => policies().then((m) => () => <m.PolicyPage type="ABOUT_COMPANY" />)),
  },
  {
    path: "/offerta",
    layout: "default",
    enabled: (s) => s.termsOfUseActive,
    ...lazyScreen(() => policies().then((m) => () => <m.PolicyPage type="TERMS" />)),
  },
  {
    path: "/privacy",
    layout: "default",
    enabled: (s) => s.privacyActive,
    ...lazyScreen(() => policies().then((m) => () => <m.PolicyPage type="PRIVACY_POLICY" />)),
  },
  { path: "/blocked", layout: "default", screen: BlockedPage },
  { path: "/merchantNotAvailable", layout: "auth", screen: MerchantNotAvailablePage },
];

/** Routes that are reachable for a brand with these settings. */
export function activeRoutes(settings: WebSettings | null): readonly AppRoute[] {
  return routes.filter((r) => !r.enabled || (settings !== null && r.enabled(settings)));
}

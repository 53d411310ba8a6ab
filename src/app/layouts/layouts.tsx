import { useLingui } from "@lingui/react/macro";
import { lazy, Suspense, useSyncExternalStore, type ComponentType, type ReactNode } from "react";
import { useLocation, useSearch } from "wouter";
import { UrlSheet } from "../../components/url-sheet.tsx";
import { getPlatform } from "../../platform/index.ts";
import { LanguageSwitcher } from "../../features/language/components/language-switcher.tsx";
import { merchantLocales } from "../../lib/i18n.ts";
import { useTenant } from "../../shared/brand/tenant.ts";
import type { LayoutName } from "../routes.tsx";
import { AppFooter } from "./app-footer.tsx";
import { AppHeader } from "./app-header.tsx";
import { FloatingBasket, useTelegramBasket } from "./basket-bar.tsx";
import { BottomNav } from "./bottom-nav.tsx";
import "./chrome.css";

// The four layouts of spec section 2. A layout stays mounted while the customer moves between
// routes that share it, so the header and footer do not flash.

function SkipLink() {
  const { t } = useLingui();
  return (
    <a className="skip-link" href="#main">
      {t`Skip to content`}
    </a>
  );
}

const ProductSheetHost = lazy(() =>
  import("../../features/product/components/product-sheet-host.tsx").then((m) => ({
    default: m.ProductSheetHost,
  })),
);
// Active orders and their live updates: loaded after start, only for a logged-in customer.
const ActiveOrdersWatcher = lazy(() =>
  import("../../features/orders/components/active-orders-watcher.tsx").then((m) => ({
    default: m.ActiveOrdersWatcher,
  })),
);
const BasketView = lazy(() =>
  import("../../features/basket/components/basket-view.tsx").then((m) => ({ default: m.BasketView })),
);

/** Overlays any page can open by URL: a product (`?sheet=product...`) and the basket (`?sheet=basket`). */
function PageOverlays() {
  const { t } = useLingui();
  const sheet = new URLSearchParams(useSearch()).get("sheet");
  return (
    <>
      {sheet?.startsWith("product") && (
        <Suspense fallback={null}>
          <ProductSheetHost />
        </Suspense>
      )}
      <UrlSheet name="basket" title={t`Basket`}>
        <Suspense fallback={null}>
          <BasketView compact />
        </Suspense>
      </UrlSheet>
    </>
  );
}

const WIDE = "(min-width: 1180px)";
function subscribeWide(onChange: () => void): () => void {
  const query = window.matchMedia(WIDE);
  query.addEventListener("change", onChange);
  return () => {
    query.removeEventListener("change", onChange);
  };
}

/** cartInMainActive: on wide screens the basket stays beside the menu on the home page. */
function useBasketPanelShown(): boolean {
  const [location] = useLocation();
  const tenant = useTenant();
  const wide = useSyncExternalStore(subscribeWide, () => window.matchMedia(WIDE).matches);
  return Boolean(tenant?.settings.cartInMainActive) && location === "/" && wide;
}

function BasketPanel() {
  const { t } = useLingui();
  if (!useBasketPanelShown()) return null;
  return (
    <aside className="basket-panel" aria-label={t`Basket`}>
      <h2 className="basket-panel__title">{t`Basket`}</h2>
      <Suspense fallback={null}>
        <BasketView compact />
      </Suspense>
    </aside>
  );
}

/** The way to the basket: the bottom bar or a floating button by the brand's basketPosition. */
function BasketChrome() {
  const tenant = useTenant();
  useTelegramBasket();
  if (!tenant) return null;
  if (tenant.settings.basketPosition === "FLOATING_OVER_PRODUCT")
    return getPlatform().mainButton.native ? null : <FloatingBasket />;
  return <BottomNav />;
}

/** Header, content, footer: the storefront's pages. */
function DefaultLayout({ children }: { children: ReactNode }) {
  const tenant = useTenant();
  // The menu column moves aside to make room for the basket panel (chrome.css).
  const panel = useBasketPanelShown();
  return (
    <div
      className={`layout layout--default layout--basket-${(tenant?.settings.basketPosition ?? "NAVIGATION_BAR").toLowerCase()}${panel ? " layout--basket-panel" : ""}`}
    >
      <SkipLink />
      <AppHeader />
      <main id="main" className="layout__main" tabIndex={-1}>
        {tenant && (
          <Suspense fallback={null}>
            <ActiveOrdersWatcher />
          </Suspense>
        )}
        {children}
      </main>
      <AppFooter />
      {tenant && (
        <>
          <BasketChrome />
          <BasketPanel />
          <PageOverlays />
        </>
      )}
    </div>
  );
}

/** A centred column without the storefront chrome: login, merchant not available. */
function AuthLayout({ children }: { children: ReactNode }) {
  const tenant = useTenant();
  return (
    <div className="layout layout--auth">
      <SkipLink />
      <header className="layout__bar">
        <LanguageSwitcher locales={merchantLocales(tenant?.settings)} />
      </header>
      <main id="main" className="layout__main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}

/** The header without the footer: the brand's extra pages. */
function ExtraLayout({ children }: { children: ReactNode }) {
  return (
    <div className="layout layout--extra">
      <SkipLink />
      <AppHeader />
      <main id="main" className="layout__main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}

/** The whole screen for a map: address and branch pickers. */
function MapLayout({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="layout layout--map" tabIndex={-1}>
      {children}
    </main>
  );
}

export const LAYOUTS: Record<LayoutName, ComponentType<{ children: ReactNode }>> = {
  auth: AuthLayout,
  default: DefaultLayout,
  extra: ExtraLayout,
  map: MapLayout,
};

import { useLingui } from "@lingui/react/macro";
import { Suspense, useSyncExternalStore, type ComponentType, type ReactNode } from "react";
import { Link, Redirect, useLocation, useSearch } from "wouter";
import { UrlSheet } from "../../components/url-sheet.tsx";
import { getPlatform } from "../../platform/index.ts";
import { LanguageSwitcher } from "../../features/language/components/language-switcher.tsx";
import { merchantLocales } from "../../lib/i18n.ts";
import { useTenant } from "../../shared/brand/tenant.ts";
import { useFormatMinor } from "../../shared/brand/price.tsx";
import { useBasket, useBasketSummary } from "../../shared/basket/basket.ts";
import { useMainButton } from "../../platform/react.ts";
import { useTableSession } from "../../shared/table/table-session.ts";
import { optionalChunk } from "../../lib/optional-chunk.ts";
import { afterFirstScreen, clientOnly } from "../../lib/first-screen.ts";
import { serverWindowWide, useDesktop } from "../../platform/desktop.ts";
import type { LayoutName } from "../routes.tsx";
import { AppHeader, BrandHomeLink } from "./app-header.tsx";
import { FloatingBasket, useTelegramBasket } from "./basket-bar.tsx";
import { BottomNav } from "./bottom-nav.tsx";
import { OfflineNotice } from "./offline-notice.tsx";
import "./chrome.css";
import "./desktop.css";

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

// Pieces of the page's chrome in chunks of their own: one that cannot load (offline) is left out.
const ProductSheetHost = optionalChunk(() =>
  import("../../features/product/components/product-sheet-host.tsx").then((m) => m.ProductSheetHost),
);
// Active orders and their live updates: loaded once the first screen has been painted.
const ActiveOrdersWatcher = optionalChunk(
  afterFirstScreen(() =>
    import("../../features/orders/components/active-orders-watcher.tsx").then((m) => m.ActiveOrdersWatcher),
  ),
);
// Below the content, never in the first viewport: its code (contacts, extra pages, the QR code)
// loads once the first screen has been painted.
const AppFooter = optionalChunk(afterFirstScreen(() => import("./app-footer.tsx").then((m) => m.AppFooter)));
// The table bar: its own chunk, loaded only while the customer sits at a table.
const TableBar = optionalChunk(() =>
  import("../../features/table/components/table-bar.tsx").then((m) => m.TableBar),
);
// The basket: the sheet on a phone, the side panel on a desktop (first drawn on the first page
// that shows it, which may be after the connection dropped). The desktop's first screen from the
// server has the panel without it: its stylesheet is not in the shell.
const BasketView = optionalChunk(
  clientOnly(() => import("../../features/basket/components/basket-view.tsx").then((m) => m.BasketView)),
);

/**
 * The basket sheet's way on (brands without a basket page): Telegram's MainButton, a link elsewhere.
 * Without it a customer of such a brand could fill a basket and never reach the checkout.
 */
function BasketSheetCheckout() {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const basket = useBasket();
  const summary = useBasketSummary();
  const format = useFormatMinor();
  const native = getPlatform().mainButton.native;
  const total = format(summary.total);
  const filled = basket.items.length > 0;
  useMainButton(
    native && filled
      ? {
          text: t`Checkout · ${total}`,
          onClick: () => {
            navigate("/checkout");
          },
        }
      : null,
  );
  if (native || !filled) return null;
  return (
    <Link href="/checkout" className="button-link basket-panel__checkout">
      {t`Checkout · ${total}`}
    </Link>
  );
}

/** Overlays any page can open by URL: a product (`?sheet=product...`) and the basket (`?sheet=basket`). */
function PageOverlays() {
  const { t } = useLingui();
  const sheet = new URLSearchParams(useSearch()).get("sheet");
  const desktop = useDesktop();
  // On a desktop the basket is the menu's side panel, never a second copy in a dialog: an address
  // that asks for the basket sheet (a link from a phone) shows the menu with its panel.
  if (desktop && sheet === "basket") return <Redirect to="/" replace />;
  return (
    <>
      {sheet?.startsWith("product") && (
        <Suspense fallback={null}>
          <ProductSheetHost />
        </Suspense>
      )}
      {!desktop && (
        <UrlSheet name="basket" title={t`Basket`}>
          <Suspense fallback={null}>
            <BasketView compact />
            <BasketSheetCheckout />
          </Suspense>
        </UrlSheet>
      )}
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

/**
 * cartInMainActive: on wide screens the basket stays beside the menu on the home page (a mini app
 * wider than 1180 px). The desktop layout always has it there, in the menu's grid ("side").
 */
function useBasketPanel(): "side" | "fixed" | null {
  const [location] = useLocation();
  const tenant = useTenant();
  const desktop = useDesktop();
  const wide = useSyncExternalStore(subscribeWide, () => window.matchMedia(WIDE).matches, serverWindowWide);
  if (location !== "/" || !tenant) return null;
  if (desktop) return "side";
  return tenant.settings.cartInMainActive && wide ? "fixed" : null;
}

function BasketPanel({ side }: { side: boolean }) {
  const { t } = useLingui();
  const summary = useBasketSummary();
  const format = useFormatMinor();
  const total = format(summary.total);
  return (
    <aside
      className={`basket-panel${side ? " basket-panel--side" : ""}`}
      aria-labelledby="basket-panel-title"
      data-testid="basket-panel"
    >
      <h2 id="basket-panel-title" className="basket-panel__title">
        {t`Basket`}
      </h2>
      <Suspense fallback={null}>
        <BasketView compact besideMenu />
      </Suspense>
      {side && summary.count > 0 && (
        <Link href="/checkout" className="button-link basket-panel__checkout">
          {t`Checkout · ${total}`}
        </Link>
      )}
    </aside>
  );
}

/**
 * The way to the basket on a phone. One rule for every brand (docs/decisions.md, issue 35): a
 * filled basket floats over the menu screens as a button with its count and total (Telegram's
 * MainButton does it there); basketPosition only decides whether the tab bar is drawn under it.
 */
function BasketChrome() {
  const tenant = useTenant();
  const desktop = useDesktop();
  useTelegramBasket();
  // The desktop layout's header navigation carries the basket (top-nav.tsx).
  if (!tenant || desktop) return null;
  const floating = getPlatform().mainButton.native ? null : <FloatingBasket />;
  if (tenant.settings.basketPosition === "FLOATING_OVER_PRODUCT") return floating;
  return (
    <>
      {floating}
      <BottomNav />
    </>
  );
}

/** Header, content, footer: the storefront's pages. */
function DefaultLayout({ children }: { children: ReactNode }) {
  const tenant = useTenant();
  const desktop = useDesktop();
  // The menu column moves aside to make room for the basket panel (chrome.css); in the desktop
  // layout the panel is the menu grid's last column.
  const panel = useBasketPanel();
  const atTable = useTableSession() !== null;
  const classes = [
    "layout layout--default",
    `layout--basket-${(tenant?.settings.basketPosition ?? "NAVIGATION_BAR").toLowerCase()}`,
    desktop && "layout--desktop",
    panel === "fixed" && "layout--basket-panel",
    panel === "side" && "layout--side-basket",
  ];
  return (
    <div className={classes.filter(Boolean).join(" ")}>
      <SkipLink />
      <AppHeader />
      <main id="main" className="layout__main" tabIndex={-1}>
        <div className="layout__content">
          <OfflineNotice />
          {tenant && (
            <Suspense fallback={null}>
              <ActiveOrdersWatcher />
            </Suspense>
          )}
          {tenant && atTable && (
            <Suspense fallback={null}>
              <TableBar />
            </Suspense>
          )}
          {children}
        </div>
        {panel === "side" && <BasketPanel side />}
      </main>
      <Suspense fallback={null}>
        <AppFooter />
      </Suspense>
      {tenant && (
        <>
          <BasketChrome />
          {panel === "fixed" && <BasketPanel side={false} />}
          <PageOverlays />
        </>
      )}
    </div>
  );
}

/** The way back from a login page: the step before it, or home when it was opened directly. */
function AuthBack() {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  // Inside Telegram the host's own back button does this (use-host-back-button.ts).
  if (getPlatform().backButton.native) return null;
  return (
    <button
      type="button"
      className="auth-bar__back"
      aria-label={t`Back`}
      onClick={() => {
        if (window.history.length > 1) window.history.back();
        else navigate("/", { replace: true });
      }}
    >
      <span className="mirror-rtl" aria-hidden="true">
        ‹
      </span>
    </button>
  );
}

/**
 * A narrow column under a bar with the way back, the brand (a link home) and the language: login,
 * its code, merchant not available (no brand there, so no brand link).
 */
function AuthLayout({ children }: { children: ReactNode }) {
  const tenant = useTenant();
  return (
    <div className="layout layout--auth">
      <SkipLink />
      <header className="layout__bar auth-bar">
        {tenant && (
          <>
            <AuthBack />
            <BrandHomeLink />
          </>
        )}
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
  const desktop = useDesktop();
  return (
    <div className={`layout layout--extra${desktop ? " layout--desktop" : ""}`}>
      <SkipLink />
      <AppHeader />
      <main id="main" className="layout__main" tabIndex={-1}>
        <OfflineNotice />
        {children}
      </main>
    </div>
  );
}

/**
 * The whole screen for a map: address and branch pickers. A desktop window keeps the site's header
 * above it (the pickers are steps of the site, not a separate app), the map filling the rest.
 */
function MapLayout({ children }: { children: ReactNode }) {
  const desktop = useDesktop();
  const tenant = useTenant();
  if (!desktop || !tenant) {
    return (
      <main id="main" className="layout layout--map" tabIndex={-1}>
        {children}
      </main>
    );
  }
  return (
    <div className="layout layout--map layout--desktop">
      <SkipLink />
      <AppHeader />
      <main id="main" className="layout__map-main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}

export const LAYOUTS: Record<LayoutName, ComponentType<{ children: ReactNode }>> = {
  auth: AuthLayout,
  default: DefaultLayout,
  extra: ExtraLayout,
  map: MapLayout,
};

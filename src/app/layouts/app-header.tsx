import { useLingui } from "@lingui/react/macro";
import { lazy, Suspense, useEffect, useRef, type ComponentType } from "react";
import { Link, useLocation } from "wouter";
import { pickText } from "../../domain/multilingual.ts";
import { BrandSwitcher } from "../../features/brands/components/brand-switcher.tsx";
import { LanguageSwitcher } from "../../features/language/components/language-switcher.tsx";
import { observeHeaderHeight } from "../../lib/header-height.ts";
import { merchantLocales } from "../../lib/i18n.ts";
import { useRequiredTenant } from "../../shared/brand/tenant.ts";
import { useContentLanguage } from "../../lib/use-content-language.ts";
import { useDesktop } from "../../platform/desktop.ts";
import { useCustomerId } from "../../shared/session/session-atom.ts";
import { PROFILE_ICON_PATH } from "./bottom-nav.tsx";
import { TopNav } from "./top-nav.tsx";

// The bell and its count load after the first screen, only for a customer of a brand that has them.
const NotificationBell = lazy((): Promise<{ default: ComponentType<{ userId: string }> }> =>
  import("../../features/notifications/components/notification-bell.tsx").then(
    (m) => ({ default: m.NotificationBell }),
    () => ({ default: () => null }),
  ),
);

/** The brand's logo and name, a link to the home page (the header's, and the login pages' bar). */
export function BrandHomeLink() {
  const { t } = useLingui();
  const { merchant, settings } = useRequiredTenant();
  const language = useContentLanguage();
  const name = pickText(merchant.name, language) || settings.title;
  const logo = settings.logo || merchant.logo;
  return (
    <Link href="/" className="app-header__brand" aria-label={t`${name}: home page`}>
      {logo ? (
        <img className="app-header__logo" src={logo} alt="" width={36} height={36} />
      ) : (
        <span className="app-header__logo app-header__logo--letter" aria-hidden="true">
          {name.slice(0, 1).toUpperCase()}
        </span>
      )}
      <span className="app-header__name">{name}</span>
    </Link>
  );
}

/**
 * Brand logo and name (a link home), search, the brand switcher and the language switcher; for
 * brands without the bottom navigation (a floating basket) also the way to the profile, login and
 * orders. In the desktop layout the header carries the main navigation instead (top-nav.tsx).
 */
export function AppHeader() {
  const { t } = useLingui();
  const { sub, merchant, settings } = useRequiredTenant();
  const [location] = useLocation();
  const desktop = useDesktop();
  const noBottomNav = settings.basketPosition === "FLOATING_OVER_PRODUCT";
  const customerId = useCustomerId();
  const ref = useRef<HTMLElement>(null);
  // Sticky bars below the header (the menu's category navigation) sit at its height.
  useEffect(() => (ref.current ? observeHeaderHeight(ref.current) : undefined), []);
  return (
    <header className="app-header" ref={ref}>
      <div className="app-header__inner">
        <BrandHomeLink />
        {desktop && <TopNav />}
        <div className="app-header__actions">
          {!desktop && (
            <Link href="/search" className="app-header__icon-link" aria-label={t`Search the menu`}>
              <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
                <path
                  fill="currentColor"
                  d="M15.5 14h-.79l-.28-.27A6.5 6.5 0 1 0 9.5 16a6.47 6.47 0 0 0 4.23-1.57l.27.28v.79l5 5 1.5-1.5-5-5zm-6 0a4.5 4.5 0 1 1 0-9 4.5 4.5 0 0 1 0 9z"
                />
              </svg>
            </Link>
          )}
          {noBottomNav && !desktop && (
            <Link
              href="/profile"
              className="app-header__icon-link"
              aria-label={t`Profile`}
              aria-current={location.startsWith("/profile") ? "page" : undefined}
            >
              <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
                <path fill="currentColor" d={PROFILE_ICON_PATH} />
              </svg>
            </Link>
          )}
          {settings.notificationsActive && customerId && (
            <Suspense fallback={null}>
              <NotificationBell userId={customerId} />
            </Suspense>
          )}
          {merchant.isActive && <BrandSwitcher merchantId={merchant.id} currentSub={sub} />}
          <LanguageSwitcher locales={merchantLocales(settings)} />
        </div>
      </div>
    </header>
  );
}

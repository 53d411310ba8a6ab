import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Link, useLocation } from "wouter";
import { useFormatMinor } from "../../shared/brand/price.tsx";
import { useBasketSummary } from "../../shared/basket/basket.ts";
import { useRequiredTenant } from "../../shared/brand/tenant.ts";
import { BasketIcon } from "./basket-bar.tsx";

function Item({ href, current, children }: { href: string; current: boolean; children: ReactNode }) {
  return (
    <li>
      <Link href={href} className="top-nav__link" aria-current={current ? "page" : undefined}>
        {children}
      </Link>
    </li>
  );
}

/**
 * The desktop layout's navigation in the header (instead of the phone's tab bar): menu, search,
 * orders, profile, and the basket with its count and total.
 */
export function TopNav() {
  const { t } = useLingui();
  const [location] = useLocation();
  const { settings } = useRequiredTenant();
  const summary = useBasketSummary();
  const format = useFormatMinor();
  // No basket dialog on a desktop: the basket page, or the menu whose side panel is the basket
  // (docs/decisions.md, "Desktop layout").
  const basketHref = settings.cartPageActive ? "/basket" : "/";
  return (
    <nav className="top-nav" aria-label={t`Main`}>
      <ul>
        <Item href="/" current={location === "/"}>
          {t`Menu`}
        </Item>
        <Item href="/search" current={location === "/search"}>
          {t`Search`}
        </Item>
        <Item href="/profile/orders" current={location.startsWith("/profile/orders")}>
          {t`My orders`}
        </Item>
        <Item
          href="/profile"
          current={location.startsWith("/profile") && !location.startsWith("/profile/orders")}
        >
          {t`Profile`}
        </Item>
        <li className="top-nav__basket-item">
          <Link
            href={basketHref}
            className="top-nav__basket"
            aria-current={location === "/basket" ? "page" : undefined}
          >
            <span className="top-nav__basket-icon">
              <BasketIcon />
              {summary.count > 0 && (
                <span className="bottom-nav__badge" data-testid="basket-badge">
                  {summary.count}
                </span>
              )}
            </span>
            <span className="top-nav__label">{t`Basket`}</span>
            {summary.count > 0 && <span className="top-nav__total">{format(summary.total)}</span>}
          </Link>
        </li>
      </ul>
    </nav>
  );
}

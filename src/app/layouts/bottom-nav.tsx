import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Link, useLocation } from "wouter";
import { useBasketSummary } from "../../shared/basket/basket.ts";
import { useRequiredTenant } from "../../shared/brand/tenant.ts";
import { BasketIcon } from "./basket-bar.tsx";

function Item({
  href,
  label,
  icon,
  current,
  badge,
}: {
  href: string;
  label: string;
  icon: ReactNode;
  current: boolean;
  badge?: number;
}) {
  return (
    <li>
      <Link href={href} className="bottom-nav__item" aria-current={current ? "page" : undefined}>
        <span className="bottom-nav__icon">
          {icon}
          {badge !== undefined && badge > 0 && (
            <span className="bottom-nav__badge" data-testid="basket-badge">
              {badge}
            </span>
          )}
        </span>
        <span className="bottom-nav__label">{label}</span>
      </Link>
    </li>
  );
}

const icon = (d: string) => (
  <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
    <path fill="currentColor" d={d} />
  </svg>
);

export const PROFILE_ICON_PATH =
  "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm0 2c-2.7 0-8 1.3-8 4v2h16v-2c0-2.7-5.3-4-8-4z";

/**
 * NAVIGATION_BAR: the bottom bar of the storefront on phones (a row in the header on wide screens):
 * menu, search, basket with its count, profile. Other screens add their link here.
 */
export function BottomNav() {
  const { t } = useLingui();
  const [location] = useLocation();
  const { settings } = useRequiredTenant();
  const summary = useBasketSummary();
  const basketHref = settings.cartPageActive ? "/basket" : `${location}?sheet=basket`;
  return (
    <nav className="bottom-nav" aria-label={t`Main`}>
      <ul>
        <Item
          href="/"
          label={t`Menu`}
          current={location === "/"}
          icon={icon("M3 5h18v2H3zm0 6h18v2H3zm0 6h18v2H3z")}
        />
        <Item
          href="/search"
          label={t`Search`}
          current={location === "/search"}
          icon={icon(
            "M15.5 14h-.79l-.28-.27A6.5 6.5 0 1 0 9.5 16a6.47 6.47 0 0 0 4.23-1.57l.27.28v.79l5 5 1.5-1.5-5-5zm-6 0a4.5 4.5 0 1 1 0-9 4.5 4.5 0 0 1 0 9z",
          )}
        />
        <Item
          href={basketHref}
          label={t`Basket`}
          current={location === "/basket"}
          icon={<BasketIcon />}
          badge={summary.count}
        />
        <Item
          href="/profile"
          label={t`Profile`}
          current={location.startsWith("/profile")}
          icon={icon(PROFILE_ICON_PATH)}
        />
      </ul>
    </nav>
  );
}

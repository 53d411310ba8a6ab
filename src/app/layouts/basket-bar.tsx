import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useEffect } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { useFormatMinor } from "../../shared/brand/price.tsx";
import { useBasket, useBasketSummary } from "../../shared/basket/basket.ts";
import { useRequiredTenant } from "../../shared/brand/tenant.ts";
import { getPlatform } from "../../platform/index.ts";
import { useMainButton } from "../../platform/react.ts";
import { useUrlSheet } from "../../components/url-sheet.tsx";

/** Screens where the way to the basket is offered (not the basket, checkout or account screens). */
export function offersBasket(location: string): boolean {
  return (
    location === "/" ||
    location === "/category" ||
    location === "/search" ||
    location.startsWith("/product/") ||
    location === "/profile/favorites"
  );
}

/** Where the basket opens: its page, or a sheet over the page when the brand has no basket page. */
export function useOpenBasket(): () => void {
  const { settings } = useRequiredTenant();
  const [, navigate] = useLocation();
  const sheet = useUrlSheet("basket");
  return settings.cartPageActive
    ? () => {
        navigate("/basket");
      }
    : sheet.open;
}

/**
 * Inside Telegram: the MainButton shows the basket's count and total on the menu screens and leads
 * to the basket; closing the mini app with a non-empty basket asks first.
 */
export function useTelegramBasket(): void {
  const { t } = useLingui();
  const [location] = useLocation();
  // The basket's own sheet offers the checkout on the MainButton while it is open.
  const sheetOpen = new URLSearchParams(useSearch()).get("sheet") === "basket";
  const host = getPlatform();
  const basket = useBasket();
  const summary = useBasketSummary();
  const format = useFormatMinor();
  const openBasket = useOpenBasket();
  const total = format(summary.total);
  const count = summary.count;
  const show = host.mainButton.native && basket.items.length > 0 && offersBasket(location) && !sheetOpen;
  useMainButton(show ? { text: t`Basket · ${count} · ${total}`, onClick: openBasket } : null);
  const nonEmpty = basket.items.length > 0;
  useEffect(() => {
    // The mini app confirms closing from boot on (spec section 9); a filled basket must keep it on.
    if (nonEmpty) host.enableClosingConfirmation(true);
  }, [host, nonEmpty]);
}

/** FLOATING_OVER_PRODUCT: a button over the menu with the basket's count and total (web hosts). */
export function FloatingBasket() {
  const { t } = useLingui();
  const [location] = useLocation();
  const summary = useBasketSummary();
  const format = useFormatMinor();
  const { settings } = useRequiredTenant();
  if (summary.count === 0 || !offersBasket(location)) return null;
  const total = format(summary.total);
  return (
    <Link
      href={settings.cartPageActive ? "/basket" : `${location}?sheet=basket`}
      className="floating-basket"
      // Counted by each language's plural rules (Arabic has a form for two, ٢ منتجان).
      aria-label={t`Basket: ${plural(summary.count, { one: "# item", other: "# items" })}, ${total}`}
    >
      <BasketIcon />
      <span className="floating-basket__count" aria-hidden="true">
        {summary.count}
      </span>
      <span aria-hidden="true">{total}</span>
    </Link>
  );
}

export function BasketIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4zM7.2 14.8h9.9c.7 0 1.4-.4 1.7-1.1L22 6H5.2l-.9-2H1v2h2l3.6 7.6-1.4 2.4C4.6 17.3 5.6 19 7 19h12v-2H7.4l.8-1.2z"
      />
    </svg>
  );
}

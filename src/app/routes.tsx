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
  type Loaded = { default: ComponentType<ScreenProps> };
  let pending: Promise<Loaded> | null = null;
  let loaded: Loaded | null = null;
  const preload = () => (pending ??= load().then((screen) => (loaded = { default: screen })));
  // A screen boot has already loaded renders in the first pass: React.lazy accepts a thenable that
  // settles synchronously, where a settled promise would still suspend once and then wait out
  // Suspense's reveal throttle (about 300 ms) before the first screen is painted.
  const settled = (): Promise<Loaded> => {
    if (!loaded) return preload();
    const screen = loaded;
    return { then: (resolve: (value: Loaded) => unknown) => resolve(screen) } as unknown as Promise<Loaded>;
  };
  return { screen: lazy(settled), preload };
}

const policies = () => import("../features/policies/components/policy-page.tsx");
const extraPage = () => import("../features/policies/components/extra-page.tsx");
const addressPicker = () => import("../features/address/components/address-picker-page.tsx");
const myAddresses = () => import("../features/address/components/my-addresses-page.tsx");
const cardPages = () => import("../features/profile/components/cards-pages.tsx");
const branchesPage = () => import("../features/branches/components/branches-page.tsx");

/**
 * Every route of the storefront, one line each (spec section 2). A route arrives with the issue
 * that builds its screen; until then the path is a 404.
 */
export const routes: readonly AppRoute[] = [
  {
    path: "/",
    layout: "default",
    ...lazyScreen(() => import("../features/menu/components/menu-page.tsx").then((m) => m.MenuPage)),
  },
  {
    path: "/category",
    layout: "default",
    ...lazyScreen(() => import("../features/menu/components/category-page.tsx").then((m) => m.CategoryPage)),
  },
  {
    path: "/search",
    layout: "default",
    ...lazyScreen(() => import("../features/search/components/search-page.tsx").then((m) => m.SearchPage)),
  },
  {
    path: "/product/:id",
    layout: "default",
    ...lazyScreen(() => import("../features/product/components/product-page.tsx").then((m) => m.ProductPage)),
  },
  {
    path: "/basket",
    layout: "default",
    enabled: (s) => s.cartPageActive,
    ...lazyScreen(() => import("../features/basket/components/basket-page.tsx").then((m) => m.BasketPage)),
  },
  {
    path: "/profile/favorites",
    layout: "default",
    enabled: (s) => s.favouriteActive,
    ...lazyScreen(() =>
      import("../features/favourites/components/favourites-page.tsx").then((m) => m.FavouritesPage),
    ),
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
  // The brand's own pages (the specification's paths, "extr3" as written there); a 404 where absent.
  ...(["extra", "extra2", "extr3"] as const).map((slug): AppRoute => ({
    path: `/${slug}`,
    layout: "extra",
    ...lazyScreen(() => extraPage().then((m) => () => <m.ExtraPageScreen slug={slug} />)),
  })),
  {
    path: "/vacancy",
    layout: "default",
    enabled: (s) => s.vacanciesActive,
    ...lazyScreen(() =>
      import("../features/vacancies/components/vacancies-page.tsx").then((m) => m.VacanciesPage),
    ),
  },
  {
    path: "/vacancy/:id",
    layout: "default",
    enabled: (s) => s.vacanciesActive,
    ...lazyScreen(() =>
      import("../features/vacancies/components/vacancy-page.tsx").then((m) => m.VacancyPage),
    ),
  },
  {
    path: "/login",
    layout: "auth",
    ...lazyScreen(() => import("../features/auth/components/login-page.tsx").then((m) => m.LoginPage)),
  },
  {
    path: "/login/confirm",
    layout: "auth",
    ...lazyScreen(() =>
      import("../features/auth/components/login-confirm-page.tsx").then((m) => m.LoginConfirmPage),
    ),
  },
  {
    path: "/profile",
    layout: "default",
    ...lazyScreen(() => import("../features/profile/components/profile-page.tsx").then((m) => m.ProfilePage)),
  },
  {
    path: "/profile/user",
    layout: "default",
    ...lazyScreen(() => import("../features/profile/components/user-page.tsx").then((m) => m.UserPage)),
  },
  {
    path: "/profile/cards",
    layout: "default",
    enabled: (s) => s.cardActive,
    ...lazyScreen(() => cardPages().then((m) => m.CardsPage)),
  },
  {
    path: "/profile/cards/create",
    layout: "default",
    enabled: (s) => s.cardActive,
    ...lazyScreen(() => cardPages().then((m) => m.CardCreatePage)),
  },
  {
    path: "/profile/cards/confirm",
    layout: "default",
    enabled: (s) => s.cardActive,
    ...lazyScreen(() => cardPages().then((m) => m.CardConfirmPage)),
  },
  {
    path: "/address/delivery",
    layout: "map",
    enabled: (s) => s.deliveryActive,
    ...lazyScreen(() => addressPicker().then((m) => () => <m.AddressPickerPage mode="order" />)),
  },
  {
    path: "/profile/address/create",
    layout: "map",
    ...lazyScreen(() => addressPicker().then((m) => () => <m.AddressPickerPage mode="profile" />)),
  },
  {
    path: "/choose-address",
    layout: "default",
    ...lazyScreen(() => myAddresses().then((m) => () => <m.MyAddressesPage mode="choose" />)),
  },
  {
    path: "/profile/address",
    layout: "default",
    ...lazyScreen(() => myAddresses().then((m) => () => <m.MyAddressesPage mode="profile" />)),
  },
  {
    path: "/address/pickup",
    layout: "map",
    enabled: (s) => s.pickupActive,
    ...lazyScreen(() => branchesPage().then((m) => () => <m.BranchesPage mode="pickup" />)),
  },
  {
    path: "/address/pickup2",
    layout: "map",
    enabled: (s) => s.dineInActive,
    ...lazyScreen(() => branchesPage().then((m) => () => <m.BranchesPage mode="dine-in" />)),
  },
  {
    path: "/branches",
    layout: "default",
    enabled: (s) => s.branchesActive,
    ...lazyScreen(() => branchesPage().then((m) => () => <m.BranchesPage mode="list" />)),
  },
  {
    path: "/branches/map",
    layout: "default",
    enabled: (s) => s.branchesActive,
    ...lazyScreen(() => branchesPage().then((m) => () => <m.BranchesPage mode="map" />)),
  },
  {
    path: "/checkout",
    layout: "default",
    ...lazyScreen(() =>
      import("../features/checkout/components/checkout-page.tsx").then((m) => m.CheckoutPage),
    ),
  },
  {
    // Where a pay page opened from a mini app returns the payer (no login: see the page).
    path: "/paid/:id",
    layout: "auth",
    ...lazyScreen(() =>
      import("../features/checkout/components/paid-return-page.tsx").then(
        (m) =>
          ({ params }: ScreenProps) => <m.PaidReturnPage id={params.id ?? ""} />,
      ),
    ),
  },
  {
    path: "/profile/orders",
    layout: "default",
    ...lazyScreen(() => import("../features/orders/components/orders-page.tsx").then((m) => m.OrdersPage)),
  },
  {
    path: "/profile/orders/:id",
    layout: "default",
    ...lazyScreen(() =>
      import("../features/orders/components/order-page.tsx").then((m) => ({ params }: ScreenProps) => (
        <m.OrderPage id={params.id ?? ""} />
      )),
    ),
  },
  {
    path: "/profile/orders/:id/map",
    layout: "default",
    ...lazyScreen(() =>
      import("../features/orders/components/order-map-page.tsx").then((m) => ({ params }: ScreenProps) => (
        <m.OrderMapPage id={params.id ?? ""} />
      )),
    ),
  },
  {
    path: "/profile/promos",
    layout: "default",
    enabled: (s) => s.promoActive,
    ...lazyScreen(() => import("../features/promos/components/promos-page.tsx").then((m) => m.PromosPage)),
  },
  {
    path: "/booking",
    layout: "default",
    enabled: (s) => s.bookingActive,
    ...lazyScreen(() => import("../features/booking/components/booking-page.tsx").then((m) => m.BookingPage)),
  },
  {
    path: "/profile/reservations",
    layout: "default",
    enabled: (s) => s.bookingActive,
    ...lazyScreen(() =>
      import("../features/booking/components/reservations-page.tsx").then((m) => m.ReservationsPage),
    ),
  },
  {
    path: "/notifications",
    layout: "default",
    enabled: (s) => s.notificationsActive,
    ...lazyScreen(() =>
      import("../features/notifications/components/notifications-page.tsx").then((m) => m.NotificationsPage),
    ),
  },
  {
    // The brand's own couriers (issue 39): a chunk of its own, nothing of it in the storefront's first screen.
    path: "/courier",
    layout: "auth",
    ...lazyScreen(() => import("../features/courier/courier-page.tsx").then((m) => m.CourierPage)),
  },
  { path: "/blocked", layout: "default", screen: BlockedPage },
  { path: "/merchantNotAvailable", layout: "auth", screen: MerchantNotAvailablePage },
];

/** Routes that are reachable for a brand with these settings. */
export function activeRoutes(settings: WebSettings | null): readonly AppRoute[] {
  return routes.filter((r) => !r.enabled || (settings !== null && r.enabled(settings)));
}

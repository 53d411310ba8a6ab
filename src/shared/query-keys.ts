import type { OrderRequest } from "../domain/contract/orders.ts";

/**
 * Every cached answer's key comes from here, one factory per resource, scoped by the brand (its
 * merchant id) and then, for what belongs to a customer, by the customer. Logout removes exactly
 * `customers(merchantId)`; a mutation invalidates through the same factory, never a typed array.
 */
const brand = (merchantId: string) => ["brand", merchantId] as const;
const customers = (merchantId: string) => [...brand(merchantId), "customer"] as const;
/** A guest's answers (a quote before login) live under the customer "guest". */
const customer = (merchantId: string, userId: string | null) =>
  [...customers(merchantId), userId ?? "guest"] as const;
const orders = (merchantId: string, userId: string) => [...customer(merchantId, userId), "orders"] as const;

export const queryKeys = {
  /** Before a brand is known: the lookup of its subdomain. */
  merchantBySub: (sub: string) => ["merchant-by-sub", sub] as const,

  brand,
  webSettings: (merchantId: string) => [...brand(merchantId), "web-settings"] as const,
  orderRules: (merchantId: string) => [...brand(merchantId), "order-rules"] as const,
  brandCatalog: (merchantId: string) => [...brand(merchantId), "brand-catalog"] as const,
  policy: (merchantId: string, type: string) => [...brand(merchantId), "policy", type] as const,
  banners: (merchantId: string) => [...brand(merchantId), "banners"] as const,
  stories: (merchantId: string) => [...brand(merchantId), "stories"] as const,
  extraPages: (merchantId: string) => [...brand(merchantId), "extra-pages"] as const,
  extraPage: (merchantId: string, slug: string) => [...brand(merchantId), "extra-page", slug] as const,
  productGrades: (merchantId: string) => [...brand(merchantId), "product-grades"] as const,
  vacancies: (merchantId: string) => [...brand(merchantId), "vacancies"] as const,
  vacancy: (merchantId: string, id: string) => [...brand(merchantId), "vacancy", id] as const,
  menu: (merchantId: string, channel: string, branchId: string | null) =>
    [...brand(merchantId), "menu", channel, branchId] as const,
  cities: (merchantId: string) => [...brand(merchantId), "cities"] as const,
  regions: (merchantId: string) => [...brand(merchantId), "regions"] as const,
  branches: (merchantId: string) => [...brand(merchantId), "branches"] as const,
  branch: (merchantId: string, id: string) => [...brand(merchantId), "branch", id] as const,
  addressSearch: (merchantId: string, q: string) => [...brand(merchantId), "address-search", q] as const,

  customers,
  customer,
  /** The logged-in customer's profile (GET /users/v1/users/me), whoever it turns out to be. */
  me: (merchantId: string) => [...customers(merchantId), "me"] as const,
  orders,
  orderList: (merchantId: string, userId: string, page: number, onlyArchive: boolean) =>
    [...orders(merchantId, userId), "list", { page, onlyArchive }] as const,
  activeOrders: (merchantId: string, userId: string) => [...orders(merchantId, userId), "active"] as const,
  order: (merchantId: string, userId: string, id: string) =>
    [...orders(merchantId, userId), "one", id] as const,
  couriers: (merchantId: string, userId: string) => [...customer(merchantId, userId), "courier"] as const,
  courier: (merchantId: string, userId: string, orderId: string) =>
    [...customer(merchantId, userId), "courier", orderId] as const,
  orderQuote: (
    merchantId: string,
    userId: string | null,
    body: OrderRequest | null,
    later: boolean,
    /** The order being changed, when the quote is of a change. */
    changing: string | null = null,
  ) => [...customer(merchantId, userId), "order-quote", body, later, changing] as const,
  promos: (merchantId: string, userId: string) => [...customer(merchantId, userId), "promos"] as const,
  favourites: (merchantId: string, userId: string) =>
    [...customer(merchantId, userId), "favourites"] as const,
  cards: (merchantId: string, userId: string) => [...customer(merchantId, userId), "cards"] as const,
  /** The customer's notifications: every page and the bell's unread count (refreshed together). */
  notifications: (merchantId: string, userId: string) =>
    [...customer(merchantId, userId), "notifications"] as const,
  notificationPage: (merchantId: string, userId: string, page: number) =>
    [...customer(merchantId, userId), "notifications", "page", page] as const,
  /** The customer's table bookings and the free times they look at (refreshed on every booking change). */
  reservations: (merchantId: string, userId: string) =>
    [...customer(merchantId, userId), "reservations"] as const,
  bookingDay: (
    merchantId: string,
    userId: string,
    query: { branchId: string; date: string; guests: number; hallId: string | null },
  ) => [...customer(merchantId, userId), "reservations", "day", query] as const,
  addresses: (merchantId: string, userId: string | null) =>
    [...customer(merchantId, userId), "addresses"] as const,
};

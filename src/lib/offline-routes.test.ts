import { describe, expect, it } from "vitest";
import { isKeptRead, isStorefrontPage } from "./offline-routes.ts";

const here = (path: string) => new URL(path, window.location.origin);

describe("what the service worker keeps for a reopen without network", () => {
  it("keeps the menu, the brand's content and the customer's orders", () => {
    for (const path of [
      "/api/products/v1/overalls?type=WEB",
      "/api/support/v1/extra-pages",
      "/api/support/v1/merchant/settings/web",
      "/api/notifications/v2/stories",
      "/api/support/v1/brand/catalog",
      "/api/orders/v1/orders/user/01a22634-65fb-76c4-9ba6-851ee2132345",
      "/api/orders/v1/orders/user/01a22634-65fb-76c4-9ba6-851ee2132345/active",
      "/api/orders/v1/orders/01a22634-7536-7440-9fed-977f8928ec98",
      "/api/users/v1/users/me",
    ]) {
      expect(isKeptRead(here(path)), path).toBe(true);
    }
  });

  it("never keeps live streams, sign-in, quotes, payments nor another origin's answers", () => {
    for (const path of [
      "/api/products/v1/overalls/events",
      "/api/orders/v1/orders/events",
      "/api/notifications/v1/notifications?page=0&size=1",
      "/api/users/v1/auth/otp",
      "/api/orders/v1/orders/quote/",
      "/api/payments/v2/checkout/1/return/NO_TOKEN",
      "/api/notifications/v1/nominatim/search?q=x",
    ]) {
      expect(isKeptRead(here(path)), path).toBe(false);
    }
    expect(isKeptRead(new URL("https://cdn.example.com/api/products/v1/overalls"))).toBe(false);
  });

  it("answers the storefront's pages, not the staff console's, the providers' or files", () => {
    expect(isStorefrontPage(here("/"))).toBe(true);
    expect(isStorefrontPage(here("/profile/orders/42"))).toBe(true);
    expect(isStorefrontPage(here("/staff/orders"))).toBe(false);
    expect(isStorefrontPage(here("/payments/payme"))).toBe(false);
    expect(isStorefrontPage(here("/build-meta.json"))).toBe(false);
  });
});

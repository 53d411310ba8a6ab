// How a product opens from a list (its category's navigationType): SHEET = a bottom sheet over the
// page, POP_UP = a centred dialog over the page, FULL_SCREEN = the /product/{id} page. Sheets live
// in the URL (`?sheet=product&product=<id>`), so back closes them and a link or reload reopens them.
import { navigate } from "wouter/use-browser-location";
import type { NavigationType } from "../../domain/enums.ts";
import { pageLocation } from "../../lib/page-location.ts";

export const PRODUCT_SHEET = "product";
export const PRODUCT_POPUP = "product-popup";
export const PRODUCT_PARAM = "product";

export function productPageHref(id: string): string {
  return `/product/${encodeURIComponent(id)}`;
}

/** The URL that shows the product the way its category asks, from the current page. */
export function productHref(id: string, navigationType: NavigationType): string {
  if (navigationType === "FULL_SCREEN") return productPageHref(id);
  const sheet = navigationType === "POP_UP" ? PRODUCT_POPUP : PRODUCT_SHEET;
  // The common case (a page without a query) without URLSearchParams: lists call this per card.
  const { pathname, search } = pageLocation();
  if (search === "") return `${pathname}?sheet=${sheet}&${PRODUCT_PARAM}=${encodeURIComponent(id)}`;
  const params = new URLSearchParams(search);
  params.set("sheet", sheet);
  params.set(PRODUCT_PARAM, id);
  return `${pathname}?${params.toString()}`;
}

export function openProduct(id: string, navigationType: NavigationType): void {
  const href = productHref(id, navigationType);
  if (navigationType === "FULL_SCREEN") navigate(href);
  else navigate(href, { state: { savatSheet: navigationType === "POP_UP" ? PRODUCT_POPUP : PRODUCT_SHEET } });
}

/** Closes a product sheet: back when this page opened it, else the parameters are dropped. */
export function closeProductSheet(): void {
  const state = window.history.state as { savatSheet?: string } | null;
  if (state?.savatSheet === PRODUCT_SHEET || state?.savatSheet === PRODUCT_POPUP) {
    window.history.back();
    return;
  }
  const params = new URLSearchParams(window.location.search);
  params.delete("sheet");
  params.delete(PRODUCT_PARAM);
  const query = params.toString();
  navigate(`${window.location.pathname}${query ? `?${query}` : ""}`, { replace: true });
}

/** Telegram's start parameter of a shared product (t.me/<bot>?startapp=product_<id>). */
export function productStartParam(id: string): string {
  return `product_${id}`;
}

/** The product a start parameter opens, if it names one. */
export function productOfStartParam(param: string | undefined): string | null {
  const match = /^product_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i.exec(param ?? "");
  return match?.[1] ?? null;
}

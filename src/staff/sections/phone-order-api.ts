// The calls of the phone-order screen (issue 42): the brand's menu and web settings as the
// storefront reads them, the caller by phone, and the staff API's quote and placement.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { NominatimPlace } from "../../domain/contract/geo.ts";
import type { WebSettings } from "../../domain/contract/merchant.ts";
import type { Overall } from "../../domain/contract/menu.ts";
import type { Order, OrderQuote, OrderRequest } from "../../domain/contract/orders.ts";
import type { PhoneCustomer } from "../../domain/contract/phone-orders.ts";
import { api, unwrap, type ApiResult } from "../../lib/api-client.ts";
import { staffKeys } from "../query-keys.ts";

/** The brand's website menu: what an operator sells by phone (the OPERATOR channel's products are the web's). */
export function usePhoneMenu() {
  return useQuery({
    queryKey: staffKeys.phoneMenu,
    queryFn: async ({ signal }) =>
      unwrap(await api<Overall>("/products/v1/overalls", { query: { type: "WEB" }, signal, silent: true })),
    staleTime: 60_000,
  });
}

export function usePhoneSettings() {
  return useQuery({
    queryKey: staffKeys.phoneSettings,
    queryFn: async ({ signal }) =>
      unwrap(await api<WebSettings>("/support/v1/merchant/settings/web", { signal, silent: true })),
    staleTime: 60_000,
  });
}

/** The brand's customer of a phone (null customer: a new caller); off until a phone is asked for. */
export function usePhoneCustomer(phone: string | null) {
  return useQuery({
    queryKey: staffKeys.phoneCustomer(phone ?? ""),
    queryFn: async ({ signal }) =>
      unwrap(
        await api<PhoneCustomer>("/staff/v1/phone-orders/customer/WITH_TOKEN", {
          query: { phone: phone ?? "" },
          signal,
          silent: true,
        }),
      ),
    enabled: phone !== null,
    retry: false,
  });
}

export interface PhoneOrderCall {
  customer: { phone: string; name: string | null };
  order: OrderRequest;
  later: boolean;
}

/** What the order would cost, asked again whenever the call changes (the last answer stays meanwhile). */
export function usePhoneQuote(call: PhoneOrderCall | null) {
  const text = call ? JSON.stringify(call) : "";
  return useQuery({
    queryKey: staffKeys.phoneQuote(text),
    queryFn: async ({ signal }) =>
      unwrap(
        await api<OrderQuote>("/staff/v1/phone-orders/quote/WITH_TOKEN", {
          method: "POST",
          query: { later: String(call?.later ?? false) },
          body: { customer: call?.customer, order: call?.order },
          signal,
          silent: true,
        }),
      ),
    enabled: call !== null,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 30_000,
  });
}

/** Places the order; the same key for a retry of the same call, so a lost answer places it once. */
export function placePhoneOrder(call: PhoneOrderCall, key: string): Promise<ApiResult<Order>> {
  return api<Order>("/staff/v1/phone-orders/WITH_TOKEN", {
    method: "POST",
    query: { later: String(call.later) },
    body: { customer: call.customer, order: call.order },
    headers: { "idempotency-key": key },
    silent: true,
  });
}

/** Places matching what the operator typed (the server's geocoder, near the brand's cities). */
export async function searchPlaces(q: string, signal?: AbortSignal): Promise<NominatimPlace[]> {
  const [error, places] = await api<NominatimPlace[]>("/notifications/v1/nominatim/search", {
    query: { format: "json", q },
    signal,
    silent: true,
  });
  return error ? [] : places;
}

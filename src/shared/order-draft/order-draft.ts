/**
 * The order being built, per brand (spec "Order request (client side)", the geography part): the
 * service type, the delivery address, the chosen branch (pickup / dine-in), the delivery price and
 * its tariff. It lives in the brand's stored session (`orderRequest`, and `nearestBranch`), so it
 * survives reloads and logout like the spec's stored session.
 *
 *   useOrderDraft()              -> { draft, nearestBranch, setAddress, setBranch, setServiceType, ... }
 *   getOrderDraft(sub)           -> the same outside React
 *   addressFlowPath(...)         -> where "choose an address" leads (spec section 4)
 *   useDeliveryRecalculation(t)  -> nearest branch, then price (spec section 4); mounted once
 *
 * Checkout opens the address flow with `navigate(addressFlowPath(...) + "?redirect=/checkout")`;
 * every address and branch screen returns to `redirect` (or back) when the customer is done.
 */
import { useAtom } from "jotai";
import { useCallback, useEffect, useMemo } from "react";
import type { Branch, Tariff } from "../../domain/contract/geo.ts";
import { hasCoordinates } from "../../domain/geo.ts";
import { api } from "../../lib/api-client.ts";
import { getCurrentBrand } from "../brand/current-brand.ts";
import { getSession, setSession, type BrandSession } from "../session/session.ts";
import { sessionAtom } from "../session/session-atom.ts";
import type { OfferedServiceType } from "../../domain/offer.ts";
import type {
  DraftAddress,
  DraftBranch,
  DraftTariff,
  StoredOrderRequest,
} from "../session/stored-schemas.ts";

/** The service types a storefront order can have: the ones a brand may offer (domain/offer.ts). */
export type DraftServiceType = OfferedServiceType;

export type { DraftAddress, DraftBranch, DraftTariff };

/** The geography part of the stored order request. */
export type OrderDraft = Omit<StoredOrderRequest, "branchId" | "deliveryTariffId">;

export const EMPTY_DRAFT: Readonly<OrderDraft> = Object.freeze({
  serviceType: null,
  address: null,
  branch: null,
  cityId: null,
  deliveryPrice: null,
  tariff: null,
});

/** The prefix of ids the address picker makes for unsaved map points (spec "auto-generated marker"). */
export const TEMPORARY_ADDRESS_PREFIX = "tmp-";

/** The draft of a stored order request (already checked when it was read back). */
export function draftOf(orderRequest: StoredOrderRequest | null): OrderDraft {
  if (!orderRequest) return { ...EMPTY_DRAFT };
  const { branchId: _branch, deliveryTariffId: _tariff, ...draft } = orderRequest;
  return draft;
}

/** The order request with the draft's fields replaced; other fields (comment, promo...) stay. */
function withDraft(session: BrandSession, patch: Partial<OrderDraft>): BrandSession {
  const next = { ...draftOf(session.orderRequest), ...patch };
  return {
    ...session,
    orderRequest: {
      ...next,
      branchId: next.branch?.id ?? null,
      deliveryTariffId: next.tariff?.id ?? null,
    },
  };
}

/**
 * The draft after a placed order (spec section 4, "On success"): everything reset but the address and
 * the city, and the address without its floor, flat or office, entrance and intercom, which the next
 * order may not share (a saved address chosen again brings its own back).
 */
export function draftAfterOrder(draft: OrderDraft): OrderDraft {
  const address = draft.address && {
    ...draft.address,
    floor: "",
    office: "",
    entrance: "",
    domophone: "",
  };
  return { ...EMPTY_DRAFT, address, cityId: draft.cityId };
}

export function toDraftBranch(b: Branch): DraftBranch {
  return {
    id: b.id,
    name: b.name,
    address: b.address,
    cityId: b.cityId,
    latitude: b.latitude,
    longitude: b.longitude,
    phone: b.phone,
  };
}

export function getOrderDraft(sub: string): OrderDraft {
  return draftOf(getSession(sub).orderRequest);
}

export function updateOrderDraft(sub: string, patch: Partial<OrderDraft>): void {
  setSession(sub, (previous) => withDraft(previous, patch));
}

export function setNearestBranch(sub: string, branch: DraftBranch | null): void {
  setSession(sub, { nearestBranch: branch });
}

export interface OrderDraftApi {
  draft: OrderDraft;
  nearestBranch: DraftBranch | null;
  update: (patch: Partial<OrderDraft>) => void;
  /** Sets the delivery address (and switches the order to delivery). */
  setAddress: (address: DraftAddress | null) => void;
  /** Sets the pickup / dine-in branch (and that service type). */
  setBranch: (branch: DraftBranch, serviceType?: Exclude<DraftServiceType, "DELIVERY">) => void;
  setServiceType: (serviceType: DraftServiceType) => void;
  setCity: (cityId: string | null) => void;
  /** After a placed order: everything but the address and the city is reset (spec section 4). */
  resetKeepingAddress: () => void;
}

/** The brand's order draft as React state. */
export function useOrderDraft(): OrderDraftApi {
  const [session] = useAtom(sessionAtom);
  const draft = useMemo(() => draftOf(session.orderRequest), [session.orderRequest]);
  const nearestBranch = session.nearestBranch;
  const update = useCallback((patch: Partial<OrderDraft>) => {
    const brand = getCurrentBrand();
    if (brand) updateOrderDraft(brand.sub, patch);
  }, []);
  return useMemo(
    () => ({
      draft,
      nearestBranch,
      update,
      setAddress: (address) => {
        update({ address, serviceType: "DELIVERY" });
      },
      setBranch: (branch, serviceType = "PICK_UP") => {
        // Pick-up has no delivery part (spec section 4).
        update({ branch, serviceType, deliveryPrice: 0, tariff: null });
      },
      setServiceType: (serviceType) => {
        update(
          serviceType === "DELIVERY" ? { serviceType } : { serviceType, deliveryPrice: 0, tariff: null },
        );
      },
      setCity: (cityId) => {
        update({ cityId });
      },
      resetKeepingAddress: () => {
        update(draftAfterOrder(draft));
      },
    }),
    [draft, nearestBranch, update],
  );
}

/**
 * Where "choose an address" leads (spec section 4, "Opening the address flow"): pickup -> the
 * branches; a logged-in customer or anyone with saved addresses -> the address list; otherwise the
 * map, asking for the location first unless inside a mini app.
 */
export function addressFlowPath(options: {
  serviceType: DraftServiceType | null;
  loggedIn: boolean;
  savedAddresses: number;
  inMiniApp: boolean;
}): string {
  if (options.serviceType === "PICK_UP") return "/address/pickup";
  if (options.serviceType === "DINE_IN") return "/address/pickup2";
  if (options.loggedIn || options.savedAddresses > 0) return "/choose-address";
  return options.inMiniApp ? "/address/delivery" : "/address/delivery?locate=1";
}

/** GET the nearest open branch that delivers to a point; null when there is none or the call failed. */
export async function fetchClosestBranch(
  merchantId: string,
  point: { latitude: number; longitude: number },
  signal?: AbortSignal,
): Promise<Branch | null> {
  const [error, branch] = await api<Branch>(`/users/v1/branches/merchant/${merchantId}/closest`, {
    query: { lat: point.latitude, lon: point.longitude, type: "DELIVERY" },
    signal,
    silent: true,
  });
  return error ? null : branch;
}

/** POST the tariff calculation; null when it failed (out of zone included). */
export async function fetchTariff(
  body: {
    productPrice: number;
    latitude: number;
    longitude: number;
    branchId: string;
    cityId: string | null;
  },
  signal?: AbortSignal,
): Promise<Tariff | null> {
  const [error, tariff] = await api<Tariff>("/deliveries/v1/delivery/tariff/client/calculate/WITH_TOKEN", {
    method: "POST",
    body,
    signal,
    silent: true,
  });
  return error ? null : tariff;
}

export interface RecalculationDeps {
  closest: typeof fetchClosestBranch;
  tariff: typeof fetchTariff;
}

/**
 * One delivery recalculation (spec section 4): the nearest branch first, then the price. No branch
 * clears the branch and the price; a zero product total clears tariff and price; missing coordinates
 * clear the tariff; a tariff failure leaves the price unchanged. Returns the patch to apply, or
 * null when nothing changes.
 */
export async function recalculateDelivery(
  input: { merchantId: string; address: DraftAddress | null; productTotal: number; signal?: AbortSignal },
  deps: RecalculationDeps = { closest: fetchClosestBranch, tariff: fetchTariff },
): Promise<{ nearestBranch?: DraftBranch | null; draft?: Partial<OrderDraft> } | null> {
  const { address } = input;
  if (!address) return null;
  if (!hasCoordinates(address)) return { draft: { tariff: null } };
  const branch = await deps.closest(input.merchantId, address, input.signal);
  if (input.signal?.aborted) return null;
  if (!branch) return { nearestBranch: null, draft: { deliveryPrice: null, tariff: null } };
  const nearestBranch = toDraftBranch(branch);
  if (input.productTotal <= 0) return { nearestBranch, draft: { deliveryPrice: null, tariff: null } };
  const tariff = await deps.tariff(
    {
      productPrice: input.productTotal,
      latitude: address.latitude,
      longitude: address.longitude,
      branchId: branch.id,
      cityId: address.cityId,
    },
    input.signal,
  );
  if (input.signal?.aborted) return null;
  if (!tariff) return { nearestBranch };
  return {
    nearestBranch,
    draft: {
      deliveryPrice: tariff.price,
      tariff: {
        id: tariff.deliveryTariffId,
        regionName: tariff.regionName,
        basePrice: tariff.basePrice,
        free: tariff.free,
      },
    },
  };
}

/**
 * Keeps the nearest branch and the delivery price current while a delivery address exists and the
 * customer is not on /basket. Mount once (the app does, in <OrderDraftEffects>).
 */
export function useDeliveryRecalculation(options: { productTotal: number; path: string }): void {
  const { draft } = useOrderDraft();
  const onBasket = options.path === "/basket";
  const address = draft.address;
  const isDelivery = draft.serviceType === null || draft.serviceType === "DELIVERY";
  const key =
    address && isDelivery && !onBasket
      ? `${address.latitude},${address.longitude},${address.cityId ?? ""}`
      : null;
  const { productTotal } = options;

  useEffect(() => {
    const brand = getCurrentBrand();
    if (key === null || !brand) return;
    const controller = new AbortController();
    const current = getOrderDraft(brand.sub).address;
    void recalculateDelivery({
      merchantId: brand.merchantId,
      address: current,
      productTotal,
      signal: controller.signal,
    }).then((patch) => {
      if (!patch || controller.signal.aborted) return;
      if (patch.nearestBranch !== undefined) setNearestBranch(brand.sub, patch.nearestBranch);
      if (patch.draft) updateOrderDraft(brand.sub, patch.draft);
    });
    return () => {
      controller.abort();
    };
  }, [key, productTotal]);
}

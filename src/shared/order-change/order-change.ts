/**
 * A placed order being changed (issue 42), per brand: the order's page fills the basket with the
 * order's dishes and the draft with its place, and the checkout then saves the change instead of
 * placing a new order. The basket the customer had before is kept here and comes back when the change
 * is saved or given up, so changing an order never costs them what they were collecting.
 * Kept in localStorage beside the basket: a reload mid-change is still a change, not a new order.
 */
import { atom, useAtomValue, useSetAtom } from "jotai";
import { atomWithStorage } from "jotai/utils";
import { useMemo } from "react";
import { readLocal, removeLocal, writeLocal } from "../../lib/storage.ts";
import { currentBrandAtom } from "../brand/current-brand.ts";
import type { PaymentType } from "../../domain/enums.ts";
import type { Product } from "../../domain/contract/menu.ts";
import type { BasketItem } from "../basket/basket.ts";
import { basketStock } from "../basket/line-problem.ts";

export interface OrderChange {
  orderId: string;
  number: number;
  /** The order's promo code: it stays with the order (the server recomputes it). */
  promoCode: string | null;
  /** The basket before the change, given back afterwards. */
  previous: BasketItem[];
  /** The order's own choices the checkout starts from. */
  paymentType: PaymentType;
  comment: string;
  courierComment: string;
  /** The cashback the order spent. */
  cashback: number;
  /** The time of a later order (ISO), or null for one as soon as possible. */
  atTime: string | null;
  /** Paid online (Payme): the change may only add dishes, and its difference is paid before it counts. */
  paid?: boolean;
  /** How much of each product the order holds: its stock comes back when the change is saved. */
  held?: Record<string, number>;
}

function isOrderChange(value: unknown): value is OrderChange {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.orderId === "string" &&
    typeof v.number === "number" &&
    (v.promoCode === null || typeof v.promoCode === "string") &&
    Array.isArray(v.previous) &&
    typeof v.paymentType === "string" &&
    typeof v.comment === "string" &&
    typeof v.courierComment === "string" &&
    typeof v.cashback === "number" &&
    (v.atTime === null || typeof v.atTime === "string") &&
    (v.paid === undefined || typeof v.paid === "boolean") &&
    (v.held === undefined || (typeof v.held === "object" && v.held !== null))
  );
}

const storage = {
  getItem: (key: string, initial: OrderChange | null): OrderChange | null => {
    const raw = readLocal(key);
    if (raw === null) return initial;
    try {
      const value: unknown = JSON.parse(raw);
      return isOrderChange(value) ? value : initial;
    } catch {
      return initial;
    }
  },
  setItem: (key: string, value: OrderChange | null) => {
    if (value) writeLocal(key, JSON.stringify(value));
    else removeLocal(key);
  },
  removeItem: (key: string) => {
    removeLocal(key);
  },
};

const perBrand = new Map<string, ReturnType<typeof atomWithStorage<OrderChange | null>>>();

function brandChangeAtom(sub: string) {
  let a = perBrand.get(sub);
  if (!a) {
    a = atomWithStorage<OrderChange | null>(`savat:${sub}:order-change`, null, storage, { getOnInit: true });
    perBrand.set(sub, a);
  }
  return a;
}

const orderChangeAtom = atom(
  (get) => {
    const brand = get(currentBrandAtom);
    return brand ? get(brandChangeAtom(brand.sub)) : null;
  },
  (get, set, value: OrderChange | null) => {
    const brand = get(currentBrandAtom);
    if (brand) set(brandChangeAtom(brand.sub), value);
  },
);

/** The order being changed in this brand, or null while the basket builds a new order. */
export function useOrderChange(): {
  change: OrderChange | null;
  start: (change: OrderChange) => void;
  end: () => void;
} {
  const change = useAtomValue(orderChangeAtom);
  const set = useSetAtom(orderChangeAtom);
  return useMemo(
    () => ({
      change,
      start: (next: OrderChange) => {
        set(next);
      },
      end: () => {
        set(null);
      },
    }),
    [change, set],
  );
}

/** The product's `basketStock` with the pieces of the order being changed, if one is. */
export function useStockForBasket(product: Pick<Product, "id" | "stock">): number | null {
  return basketStock(product, useOrderChange().change?.held?.[product.id]);
}

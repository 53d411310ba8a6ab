/**
 * The basket of each brand, kept in localStorage under `savat:<sub>:basket` (jotai), so a guest's
 * basket survives a reload, a login and a logout of the same brand, and each brand has its own.
 * Other tabs see changes through the storage event. Lines are keyed by product and chosen
 * modifications (src/domain/menu.ts `basketKey`): the same choices add up on one line.
 */
import { atom, useAtomValue, useSetAtom } from "jotai";
import { atomWithStorage } from "jotai/utils";
import { useMemo } from "react";
import { normalizeQuantity, basketPrice, UNIT_STEPS, type LineInput } from "../../domain/pricing.ts";
import { basketKey } from "../../domain/menu.ts";
import type { Product } from "../../domain/contract/menu.ts";
import { currentBrandAtom } from "../brand/current-brand.ts";
import { checkedStorage } from "../session/checked-storage.ts";
import type { BasketLine, BasketModification } from "../session/stored-schemas.ts";

export type { BasketModification } from "../session/stored-schemas.ts";
/** A line of the basket (its stored shape is checked by ./stored-schemas.ts when read back). */
export type BasketItem = BasketLine;

/**
 * The basket line of a product with the chosen options, keyed by product and options so the same
 * choice adds up; the count defaults to the unit's smallest step (1 piece, 0.1 kg...).
 */
export function basketLine(
  product: Pick<Product, "id" | "name" | "image" | "costPrice" | "discount" | "unit">,
  { count, modifications = [] }: { count?: number; modifications?: readonly BasketModification[] } = {},
): BasketItem {
  return {
    key: basketKey(
      product.id,
      modifications.map((m) => m.id),
    ),
    productId: product.id,
    name: product.name,
    image: product.image ?? "",
    costPrice: product.costPrice,
    discount: product.discount,
    unit: product.unit,
    count: count ?? UNIT_STEPS[product.unit].min,
    modifications: modifications.map((m) => ({ id: m.id, groupId: m.groupId, name: m.name, price: m.price })),
  };
}

export function basketStorageKey(sub: string): string {
  return `savat:${sub}:basket`;
}

/** Lines as the basket keeps them: each count on its unit's step, empty lines gone. */
function normalized(items: readonly BasketItem[]): BasketItem[] {
  return items
    .map((item) => ({ ...item, count: normalizeQuantity(item.unit, item.count) }))
    .filter((item) => item.count > 0);
}

const storage = checkedStorage<BasketItem[]>((schemas, data, drop) =>
  normalized(schemas.parseBasket(data, drop)),
);

const EMPTY: BasketItem[] = [];

const perBrand = new Map<string, ReturnType<typeof atomWithStorage<BasketItem[]>>>();

/** The basket of one brand. */
export function brandBasketAtom(sub: string) {
  let a = perBrand.get(sub);
  if (!a) {
    a = atomWithStorage<BasketItem[]>(basketStorageKey(sub), EMPTY, storage, { getOnInit: true });
    perBrand.set(sub, a);
  }
  return a;
}

/** The basket of the brand this page belongs to. */
export const basketAtom = atom(
  (get) => {
    const brand = get(currentBrandAtom);
    return brand ? get(brandBasketAtom(brand.sub)) : EMPTY;
  },
  (get, set, update: (items: BasketItem[]) => BasketItem[]) => {
    const brand = get(currentBrandAtom);
    if (!brand) return;
    const target = brandBasketAtom(brand.sub);
    set(target, update(get(target)));
  },
);

export function toLineInput(item: BasketItem): LineInput {
  return {
    costPrice: item.costPrice,
    discount: item.discount,
    count: item.count,
    unit: item.unit,
    modifications: item.modifications,
  };
}

export interface Basket {
  items: BasketItem[];
  /** Adds the item's count to its line (a new line when none has the same key). */
  add(item: BasketItem): void;
  setCount(key: string, count: number): void;
  remove(key: string): void;
  clear(): void;
  replaceAll(items: BasketItem[]): void;
}

export function useBasket(): Basket {
  const items = useAtomValue(basketAtom);
  const update = useSetAtom(basketAtom);
  return useMemo(
    () => ({
      items,
      add: (item) => {
        update((list) => {
          const existing = list.find((i) => i.key === item.key);
          if (!existing) return [...list, { ...item, count: normalizeQuantity(item.unit, item.count) }];
          return list.map((i) =>
            i.key === item.key ? { ...i, count: normalizeQuantity(i.unit, i.count + item.count) } : i,
          );
        });
      },
      setCount: (key, count) => {
        update((list) =>
          count <= 0
            ? list.filter((i) => i.key !== key)
            : list.map((i) => (i.key === key ? { ...i, count: normalizeQuantity(i.unit, count) } : i)),
        );
      },
      remove: (key) => {
        update((list) => list.filter((i) => i.key !== key));
      },
      clear: () => {
        update(() => []);
      },
      replaceAll: (next) => {
        update(() => normalized(next));
      },
    }),
    [items, update],
  );
}

/** Count and sums of the current basket (minor units). */
export function useBasketSummary(): ReturnType<typeof basketPrice> {
  const items = useAtomValue(basketAtom);
  return useMemo(() => basketPrice(items.map(toLineInput)), [items]);
}

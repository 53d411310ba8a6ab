// Why a basket line cannot be ordered as it is, read from the menu the customer sees (live: the
// menu's stream refreshes it when staff stop a dish or an option). The basket and the checkout's
// refusal both read it.
import type { Product } from "../../domain/contract/menu.ts";
import type { ServiceType } from "../../domain/enums.ts";
import { serviceUnitPrice } from "../../domain/pricing.ts";
import type { Multilingual } from "../../domain/multilingual.ts";
import type { BasketItem } from "./basket.ts";

/**
 * Gone from the menu or switched off; not sold on the chosen service (a dish not for delivery); an
 * option it has stopped; or more than the stock.
 */
export type LineProblem =
  | { kind: "unavailable" }
  | { kind: "service"; serviceType: ServiceType }
  | { kind: "options"; names: Multilingual[] }
  | { kind: "stock"; max: number }
  | null;

/**
 * How many of a counted product a basket may hold: its stock, and the pieces the order being changed
 * holds (the change gives them back first). Null: not counted.
 */
export function basketStock(product: Pick<Product, "stock">, held = 0): number | null {
  return product.stock == null ? null : product.stock + held;
}

/**
 * `held`: how much of the product the order being changed holds (issue 42): the change gives that
 * stock back first, so a dish whose last pieces the order took is still the customer's to keep.
 */
export function lineProblem(
  item: BasketItem,
  product: Product | undefined,
  inBasket: number,
  serviceType?: ServiceType | null,
  held = 0,
): LineProblem {
  const stock = product ? basketStock(product, held) : null;
  // Sold out by this very order's pieces: not switched off for it.
  const soldOutByOrder = held > 0 && product?.stock === 0 && stock !== null && stock > 0;
  if (!product || (!product.isAvailable && !soldOutByOrder)) return { kind: "unavailable" };
  // The order check's rule: the product's price on the service, none when it is not sold there.
  if (serviceType && serviceUnitPrice(product, serviceType) === null) return { kind: "service", serviceType };
  const offered = new Set(product.modificationGroups.flatMap((g) => g.modifications.map((m) => m.id)));
  const gone = item.modifications.filter((m) => !offered.has(m.id));
  if (gone.length > 0) return { kind: "options", names: gone.map((m) => m.name) };
  if (stock !== null && inBasket > stock) return { kind: "stock", max: stock };
  return null;
}

// The checkout's delivery price for a brand that gives its deliveries to Yandex Delivery (issue 39):
// Yandex's check-price for the route from the branch to the door, waited for at most 2 s; without an
// answer the zone tariff holds and the quote says so. The answer is kept a few minutes per route, so
// the placement charges the price the customer was shown and a busy checkout asks Yandex once.
import { YandexDeliveryError } from "../../integrations/yandex-delivery.ts";
import type { Outside } from "../stand-ins.ts";
import { yandexClientFor } from "./yandex-client.ts";

/** How long the checkout waits for Yandex's price (the 2 s). */
export const YANDEX_PRICE_TIMEOUT_MS = 2_000;
/** How long a price is kept for the same branch, point and number of items. */
const PRICE_TTL_MS = 10 * 60_000;
const MAX_PRICES = 5_000;

const prices = new Map<string, { price: number; at: number }>();

/** Forgets the kept prices (tests). */
export function forgetYandexPrices(): void {
  prices.clear();
}

/**
 * Yandex's price (so'm) for delivering `items` from the branch to the point, or null when Yandex did
 * not answer in time or refused (the caller falls back to the zone tariff).
 */
export async function yandexDeliveryPrice(
  outside: Outside,
  input: {
    token: string;
    branchId: string;
    from: { latitude: number; longitude: number };
    to: { latitude: number; longitude: number };
    itemCount: number;
    now: Date;
  },
  log?: (message: string, detail: Record<string, unknown>) => void,
): Promise<number | null> {
  // Coordinates to about 10 m: the same door asks once.
  const key = [
    input.branchId,
    input.to.latitude.toFixed(4),
    input.to.longitude.toFixed(4),
    String(input.itemCount),
  ].join(":");
  const hit = prices.get(key);
  if (hit && input.now.getTime() - hit.at < PRICE_TTL_MS) return hit.price;
  const client = yandexClientFor(input.token, outside);
  if (!client) return null;
  try {
    const { price } = await client.checkPrice(
      {
        from: [input.from.longitude, input.from.latitude],
        to: [input.to.longitude, input.to.latitude],
        items: [{ quantity: Math.max(1, input.itemCount) }],
      },
      YANDEX_PRICE_TIMEOUT_MS,
    );
    if (prices.size >= MAX_PRICES) prices.clear();
    prices.set(key, { price, at: input.now.getTime() });
    return price;
  } catch (error) {
    if (!(error instanceof YandexDeliveryError)) throw error;
    log?.("Yandex Delivery price check failed; the zone tariff is charged", {
      branchId: input.branchId,
      error: error.message,
    });
    return null;
  }
}

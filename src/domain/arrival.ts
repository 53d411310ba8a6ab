// When an order will be ready (pickup, dine-in) or arrive (delivery), as a window the customer is
// promised at checkout and the order keeps (issue 42): the longest cooking time among its dishes,
// the branch's queue of orders not yet ready, and for delivery the ride from the branch to the
// address at the brand's courier speed. One rule for the checkout's quote, the placed order and
// the console's "late" flag.
import type { OrderStatus, ServiceType } from "./enums.ts";
import { distance, type LatLon } from "./geo.ts";

export const ARRIVAL = {
  /** A dish without its own cooking times (timeCookingMin/Max) takes this long. */
  cookingMin: 15,
  cookingMax: 25,
  /** Each order ahead in the branch's queue delays this one so much, up to queueCap. */
  queuePerOrder: 3,
  queueCap: 60,
  /** Streets are longer than the straight line between two points. */
  roadFactor: 1.4,
  /** The brand's courier speed when it has none set (km/h, city traffic). */
  courierSpeedKmh: 20,
  /** Handing the order over at the door. */
  handover: 5,
  /** The narrowest window promised, in minutes. */
  minWidth: 10,
  /** Ends are rounded outward to this many minutes: "19:40-19:55", not "19:37-19:52". */
  step: 5,
} as const;

export interface ArrivalInput {
  now: Date;
  serviceType: ServiceType;
  /** Each dish's cooking minutes (null: not given). */
  dishes: readonly { min: number | null; max: number | null }[];
  /** Orders of the branch accepted and not yet ready. */
  queue: number;
  /** Where the order goes from and to (delivery); null when either is unknown. */
  from?: LatLon | null;
  to?: LatLon | null;
  courierSpeedKmh?: number | null;
  /** A later order's chosen moment: the window starts there. */
  atTime?: Date | null;
}

export interface ArrivalWindow {
  from: Date;
  to: Date;
}

const MINUTE = 60_000;

function roundDown(at: number): number {
  const step = ARRIVAL.step * MINUTE;
  return Math.floor(at / step) * step;
}

function roundUp(at: number): number {
  const step = ARRIVAL.step * MINUTE;
  return Math.ceil(at / step) * step;
}

/** Minutes of the ride from the branch to the address, or 0 when not delivering or unknown. */
export function rideMinutes(
  input: Pick<ArrivalInput, "serviceType" | "from" | "to" | "courierSpeedKmh">,
): number {
  if (input.serviceType !== "DELIVERY" || !input.from || !input.to) return 0;
  const speed =
    input.courierSpeedKmh && input.courierSpeedKmh > 0 ? input.courierSpeedKmh : ARRIVAL.courierSpeedKmh;
  const km = (distance(input.from, input.to) / 1000) * ARRIVAL.roadFactor;
  return Math.ceil((km / speed) * 60) + ARRIVAL.handover;
}

/** The window promised for an order placed at `now` (or at its chosen later moment). */
export function arrivalWindow(input: ArrivalInput): ArrivalWindow {
  const ride = rideMinutes(input);
  if (input.atTime) {
    // A later order is prepared for its moment: it arrives then, give or take the narrowest window.
    const start = input.atTime.getTime();
    return { from: new Date(roundDown(start)), to: new Date(roundUp(start + ARRIVAL.minWidth * MINUTE)) };
  }
  let cookMin = 0;
  let cookMax = 0;
  for (const dish of input.dishes) {
    const min = dish.min ?? dish.max ?? ARRIVAL.cookingMin;
    const max = Math.max(min, dish.max ?? (dish.min === null ? ARRIVAL.cookingMax : min));
    cookMin = Math.max(cookMin, min);
    cookMax = Math.max(cookMax, max);
  }
  if (input.dishes.length === 0) {
    cookMin = ARRIVAL.cookingMin;
    cookMax = ARRIVAL.cookingMax;
  }
  const queue = Math.min(Math.max(0, input.queue) * ARRIVAL.queuePerOrder, ARRIVAL.queueCap);
  const now = input.now.getTime();
  // Rounded down, but never to a moment already past (a dish that takes no time, an empty queue).
  const from = Math.max(roundDown(now + (cookMin + queue + ride) * MINUTE), roundUp(now));
  const to = roundUp(Math.max(now + (cookMax + queue + ride) * MINUTE, from + ARRIVAL.minWidth * MINUTE));
  return { from: new Date(from), to: new Date(to) };
}

/** Statuses after which the promise is kept or moot (the order is there, or will not be). */
const SETTLED: readonly OrderStatus[] = ["DELIVERED", "CLOSED", "CANCELED"];

/**
 * Whether the order is running late: past the end of its window and not yet where it was promised
 * (delivered; or ready, for pickup and dine-in, where the customer comes for it).
 */
export function isLate(
  order: { status: OrderStatus; serviceType: ServiceType; estimatedTo: string | Date | null },
  now: Date,
): boolean {
  if (!order.estimatedTo || SETTLED.includes(order.status)) return false;
  if (order.serviceType !== "DELIVERY" && (order.status === "DONE" || order.status === "ON_WAY"))
    return false;
  return now.getTime() > new Date(order.estimatedTo).getTime();
}

// The brand's own couriers (issue 39): which move a courier may make on an order, and which of the
// positions the courier app sends are kept. The server's courier API and the courier page read these;
// the order's own transitions stay those of order-status.ts, the same the staff board uses.
import type { CourierStatus, OrderStatus, PaymentType, ServiceType } from "./enums.ts";
import { distance } from "./geo.ts";
import { canAttachCourier, canTransition } from "./order-status.ts";

/** What a courier does to an order, in the order they do it. */
export const COURIER_MOVES = ["ACCEPT", "PICK_UP", "ARRIVE", "DELIVER"] as const;
export type CourierMove = (typeof COURIER_MOVES)[number];

/** The courier status each move records on the order. */
export const COURIER_STATUS_OF: Record<CourierMove, CourierStatus> = {
  ACCEPT: "ACCEPTED",
  PICK_UP: "PERFORMER_PICKUPED",
  ARRIVE: "PERFORMER_ARRIVED",
  DELIVER: "PERFORMER_DELIVERED_FINISH",
};

export interface CourierOrderState {
  status: OrderStatus;
  serviceType: ServiceType;
  courierStatus: CourierStatus | null;
  /** The order is this courier's (assigned by staff or accepted from an offer). */
  mine: boolean;
  /** Offered to the couriers of its branch on shift and nobody has taken it yet. */
  offered: boolean;
}

/**
 * The order statuses a move passes through (each one a legal step of order-status.ts), or null when
 * the courier may not make it now. Accepting keeps the kitchen's status, except that a ready (DONE)
 * order becomes ATTACHED as when staff give it; picking up a ready order attaches it on the way.
 */
export function courierMoveSteps(move: CourierMove, order: CourierOrderState): OrderStatus[] | null {
  const path = (steps: OrderStatus[]): OrderStatus[] | null => {
    let from = order.status;
    for (const to of steps) {
      if (!canTransition(from, to, order.serviceType)) return null;
      from = to;
    }
    return steps;
  };
  switch (move) {
    case "ACCEPT":
      if (!canAttachCourier(order)) return null;
      if (!(order.offered || (order.mine && order.courierStatus === "PERFORMER_FOUND"))) return null;
      return order.status === "DONE" ? ["ATTACHED"] : [];
    case "PICK_UP":
      // An order staff gave them is accepted first: the branch must know the courier is coming.
      if (
        !order.mine ||
        !(order.courierStatus === "ACCEPTED" || order.courierStatus === "PERFORMER_PICK_UP_ARRIVED")
      )
        return null;
      if (order.status === "DONE") return path(["ATTACHED", "ON_WAY"]);
      return order.status === "ATTACHED" ? path(["ON_WAY"]) : null;
    case "ARRIVE":
      return order.mine && order.status === "ON_WAY" && order.courierStatus !== "PERFORMER_ARRIVED"
        ? []
        : null;
    case "DELIVER":
      return order.mine ? path(["DELIVERED"]) : null;
  }
}

/** The moves the courier may make now, for the buttons of the courier page. */
export function courierMoves(order: CourierOrderState): CourierMove[] {
  return COURIER_MOVES.filter((m) => courierMoveSteps(m, order) !== null);
}

/** Cash the courier takes at the door: the whole total of an unpaid cash order, else nothing. */
export function cashToCollect(order: {
  paymentType: PaymentType;
  isPaid: boolean;
  totalPrice: number;
}): number {
  return order.paymentType === "CASH" && !order.isPaid ? order.totalPrice : 0;
}

/** A position further than this from the last one kept is a glitch, not a courier on a bicycle. */
export const MAX_POSITION_JUMP_M = 100_000;
/** A position older than this when it arrives tells the customer nothing about where the food is. */
export const MAX_POSITION_AGE_MS = 5 * 60_000;
/** Clock drift allowed between the phone and the server before a timestamp is "in the future". */
export const MAX_POSITION_CLOCK_SKEW_MS = 30_000;
/** The courier page sends what it gathered this often while a delivery is active. */
export const POSITION_SEND_INTERVAL_MS = 5_000;
/** How often the courier page asks a host without a watch of its own (Telegram) where the phone is. */
export const POSITION_SAMPLE_MS = 3_000;

export interface CourierFix {
  latitude: number;
  longitude: number;
  at: Date;
}

export type PositionVerdict = "KEPT" | "STALE" | "FUTURE" | "JUMP";

/**
 * Whether one position of a batch is kept: not from the future, not too old, not older than the one
 * already kept, and not an impossible jump from it. `last` is the courier's last kept position.
 */
export function judgePosition(fix: CourierFix, last: CourierFix | null, now: Date): PositionVerdict {
  const at = fix.at.getTime();
  if (at > now.getTime() + MAX_POSITION_CLOCK_SKEW_MS) return "FUTURE";
  if (at < now.getTime() - MAX_POSITION_AGE_MS) return "STALE";
  if (last && at <= last.at.getTime()) return "STALE";
  if (last && distance(last, fix) > MAX_POSITION_JUMP_M) return "JUMP";
  return "KEPT";
}

/** The newest position of a batch that passes `judgePosition` against the ones kept before it. */
export function latestKeptPosition(
  batch: readonly CourierFix[],
  last: CourierFix | null,
  now: Date,
): { kept: CourierFix | null; dropped: number } {
  let current = last;
  let kept: CourierFix | null = null;
  let dropped = 0;
  for (const fix of [...batch].sort((a, b) => a.at.getTime() - b.at.getTime())) {
    if (judgePosition(fix, current, now) === "KEPT") {
      current = fix;
      kept = fix;
    } else dropped += 1;
  }
  return { kept, dropped };
}

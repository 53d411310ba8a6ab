// The order board's rules: which column an order stands in and which moves its card offers, read
// from the order life of src/domain/order-status.ts (a move the domain forbids is never offered).
import type { OrderStatus, PaymentType, ServiceType } from "../../domain/enums.ts";
import { isOnlinePayment } from "../../domain/offer.ts";
import { awaitsPayment, nextStatuses } from "../../domain/order-status.ts";

export const BOARD_COLUMNS = ["new", "accepted", "cooking", "ready", "onTheWay", "done"] as const;
export type BoardColumn = (typeof BOARD_COLUMNS)[number];

const COLUMN_OF: Record<OrderStatus, BoardColumn> = {
  // Placed and waiting for the kitchen: unpaid online orders, later orders and paid or cash ones.
  OPEN: "new",
  AT_TIME: "new",
  CREATED: "new",
  ACCEPTED: "accepted",
  COOKING: "cooking",
  DONE: "ready",
  ATTACHED: "onTheWay",
  ON_WAY: "onTheWay",
  DELIVERED: "done",
  CLOSED: "done",
  CANCELED: "done",
};

export function columnOf(status: OrderStatus): BoardColumn {
  return COLUMN_OF[status];
}

/** What a card's main button does. */
export type BoardMove =
  | { kind: "status"; to: OrderStatus }
  /** A delivery order that is ready and has no courier yet: the courier is chosen first. */
  | { kind: "courier" };

export interface MovableOrder {
  status: OrderStatus;
  serviceType: ServiceType;
  courierId: string | null;
  isPaid: boolean;
  paymentType: PaymentType;
}

/**
 * The forward moves a card offers, main one first; never CANCELED (the cancel button has its own
 * dialog). An order waiting for its online payment offers none: the payment moves it.
 */
export function forwardMoves(order: MovableOrder): BoardMove[] {
  const legal: OrderStatus[] = nextStatuses(order.status, order.serviceType).filter((s) => s !== "CANCELED");
  if (awaitsPayment(order)) return [];
  // A later order is taken into the kitchen at once (ACCEPTED) rather than sent back to "new".
  const preferred: OrderStatus[] =
    order.status === "AT_TIME" ? ["ACCEPTED", "CREATED"] : order.status === "OPEN" ? ["CREATED"] : legal;
  const moves: BoardMove[] = [];
  for (const to of preferred) {
    if (!legal.includes(to)) continue;
    // A ready delivery leaves with a courier: without one, choosing the courier is the move.
    if (to === "ATTACHED" && !order.courierId) moves.push({ kind: "courier" });
    else moves.push({ kind: "status", to });
  }
  return moves;
}

/** The card's main move ("next status"), if any. */
export function nextMove(order: MovableOrder): BoardMove | undefined {
  return forwardMoves(order)[0];
}

/** Staff may cancel it: the domain allows CANCELED from here. */
export function canCancel(order: Pick<MovableOrder, "status" | "serviceType">): boolean {
  return nextStatuses(order.status, order.serviceType).includes("CANCELED");
}

/** Cancelling it sends the money back: paid online (the server records the refund with the cancel). */
export function cancelRefunds(order: Pick<MovableOrder, "isPaid" | "paymentType">): boolean {
  return order.isPaid && isOnlinePayment(order.paymentType);
}

/** Orders grouped by column; each column oldest first, the done column newest first. */
export function groupByColumn<
  T extends { status: OrderStatus; createdDate: string; lastModifiedDate: string },
>(orders: readonly T[]): Record<BoardColumn, T[]> {
  const out = Object.fromEntries(BOARD_COLUMNS.map((c) => [c, [] as T[]])) as Record<BoardColumn, T[]>;
  for (const o of orders) out[columnOf(o.status)].push(o);
  for (const c of BOARD_COLUMNS) {
    out[c].sort((a, b) =>
      c === "done"
        ? b.lastModifiedDate.localeCompare(a.lastModifiedDate)
        : a.createdDate.localeCompare(b.createdDate),
    );
  }
  return out;
}

// The kitchen system (iiko, issue 38): which orders go to it, and how its statuses map onto the
// order's own life (order-status.ts). The server moves orders by these; the console shows the states.
import type { OrderStatus, ServiceType } from "./enums.ts";
import { happyNextStatus, isFinalStatus } from "./order-status.ts";

/**
 * Orders the kitchen system takes: deliveries (courier or self-service) as iiko delivery orders,
 * dine-in as iiko table orders.
 */
export const KITCHEN_SERVICE_TYPES = [
  "DELIVERY",
  "PICK_UP",
  "DINE_IN",
] as const satisfies readonly ServiceType[];

export function goesToKitchen(serviceType: ServiceType): boolean {
  return (KITCHEN_SERVICE_TYPES as readonly ServiceType[]).includes(serviceType);
}

/**
 * iiko's texts at the last nomenclature import, and whether that import hid the row because iiko no
 * longer sells it (server/src/services/kitchen/iiko-menu-plan.ts).
 */
export interface IikoImportedTexts {
  name: string;
  description?: string;
  hidden?: boolean;
}

/** Where an order stands with the kitchen system: to send, being sent, taken, refused. */
export const KITCHEN_STATES = ["PENDING", "SENDING", "SENT", "FAILED"] as const;
export type KitchenState = (typeof KITCHEN_STATES)[number];

/**
 * iiko's delivery statuses and the Savat status each means. Unconfirmed (an operator has not
 * confirmed it yet) moves nothing.
 */
export const IIKO_STATUS_TO_ORDER: Readonly<Record<string, OrderStatus>> = {
  WaitCooking: "ACCEPTED",
  ReadyForCooking: "ACCEPTED",
  CookingStarted: "COOKING",
  CookingCompleted: "DONE",
  Waiting: "DONE",
  OnWay: "ON_WAY",
  Delivered: "DELIVERED",
  Closed: "CLOSED",
  Cancelled: "CANCELED",
};

/**
 * iiko's table-order statuses (a dine-in order, `order/create`) and the Savat status each means:
 * New (taken by the cash desk and the kitchen) is accepted, Bill (the bill printed: served, the guest
 * is paying) is ready, Closed is closed, Deleted is cancelled.
 */
export const IIKO_TABLE_STATUS_TO_ORDER: Readonly<Record<string, OrderStatus>> = {
  New: "ACCEPTED",
  Bill: "DONE",
  Closed: "CLOSED",
  Deleted: "CANCELED",
};

/**
 * The legal steps from `from` to `to` (the forward path staff would walk, or a cancel), or [] when
 * `to` is behind, the same, or off the path: a late or replayed update then moves nothing.
 */
export function kitchenSteps(from: OrderStatus, to: OrderStatus, serviceType: ServiceType): OrderStatus[] {
  if (to === "CANCELED") return isFinalStatus(from) ? [] : ["CANCELED"];
  const steps: OrderStatus[] = [];
  for (let s = happyNextStatus(from, serviceType); s; s = happyNextStatus(s, serviceType)) {
    steps.push(s);
    if (s === to) return steps;
  }
  return [];
}

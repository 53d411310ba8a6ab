// The life of an order (../shared/decisions.md, Orders): who may move it where, and which statuses
// count as active or archived. Server, staff tools, the simulator and the client all read these.
import type { OrderStatus, PaymentType, ServiceType } from "./enums.ts";
import { isOnlinePayment, isPaidOnReceipt } from "./offer.ts";

export const ACTIVE_ORDER_STATUSES = [
  "OPEN",
  "AT_TIME",
  "CREATED",
  "ACCEPTED",
  "COOKING",
  "DONE",
  "ATTACHED",
  "ON_WAY",
] as const satisfies readonly OrderStatus[];

export const ARCHIVE_ORDER_STATUSES = [
  "DELIVERED",
  "CLOSED",
  "CANCELED",
] as const satisfies readonly OrderStatus[];

/** Statuses in which the customer is asked for a grade: the food reached them, or the order is closed. */
export const GRADEABLE_ORDER_STATUSES = ["DELIVERED", "CLOSED"] as const satisfies readonly OrderStatus[];

/** The customer may grade the order now: finished and not graded yet (once per order). */
export function canGrade(status: OrderStatus, graded: boolean): boolean {
  return !graded && (GRADEABLE_ORDER_STATUSES as readonly OrderStatus[]).includes(status);
}

/** Statuses the customer may still cancel from (with the merchant's cancelOrderActive on). */
export const CUSTOMER_CANCELLABLE_STATUSES = [
  "OPEN",
  "CREATED",
  "AT_TIME",
] as const satisfies readonly OrderStatus[];

/**
 * The customer may change an order (its dishes, address, time, payment) only before the kitchen
 * accepts it. Once paid online only a Payme order, and only by adding dishes whose difference is paid
 * with Payme: the other providers take one payment of the order's exact total (docs/decisions.md,
 * "Changing a placed order").
 */
export function customerCanChange(status: OrderStatus, isPaid: boolean, paymentType: PaymentType): boolean {
  return (
    (!isPaid || paymentType === "PAYME") &&
    (CUSTOMER_CANCELLABLE_STATUSES as readonly OrderStatus[]).includes(status)
  );
}

export function isActiveStatus(status: OrderStatus): boolean {
  return (ACTIVE_ORDER_STATUSES as readonly OrderStatus[]).includes(status);
}

export function isArchiveStatus(status: OrderStatus): boolean {
  return !isActiveStatus(status);
}

/** Service types that travel to the customer (a courier takes them). */
export function isDeliveryService(serviceType: ServiceType): boolean {
  return serviceType === "DELIVERY" || serviceType === "YANDEX_EATS" || serviceType === "EXPRESS_24";
}

/** The forward steps of a status for a service type (cancellation aside). */
function forwardSteps(status: OrderStatus, serviceType: ServiceType): readonly OrderStatus[] {
  const delivery = isDeliveryService(serviceType);
  switch (status) {
    case "OPEN":
      // Paid: now or, for a later order, at its time.
      return ["CREATED", "AT_TIME"];
    case "AT_TIME":
      // The time has come: the kitchen takes it like a new order (or accepts it at once).
      return ["CREATED", "ACCEPTED"];
    case "CREATED":
      return ["ACCEPTED"];
    case "ACCEPTED":
      return ["COOKING"];
    case "COOKING":
      return ["DONE"];
    case "DONE":
      return delivery ? ["ATTACHED"] : ["CLOSED"];
    case "ATTACHED":
      return delivery ? ["ON_WAY"] : [];
    case "ON_WAY":
      return delivery ? ["DELIVERED"] : [];
    case "DELIVERED":
      return ["CLOSED"];
    case "CLOSED":
    case "CANCELED":
      return [];
  }
}

/**
 * Where an OPEN order goes once it is paid: AT_TIME while its requested time is still ahead, CREATED
 * otherwise (a later order paid after its time goes to the kitchen at once).
 */
export function paidStatus(atTime: Date | null, now: Date): "CREATED" | "AT_TIME" {
  return atTime && atTime.getTime() > now.getTime() ? "AT_TIME" : "CREATED";
}

/** Final for cancellation: food that reached the customer or an order already closed or cancelled. */
export function isFinalStatus(status: OrderStatus): boolean {
  return isArchiveStatus(status);
}

/**
 * The statuses at which a courier can be given to a delivery order (a DONE one then becomes
 * ATTACHED; an ATTACHED one changes courier): the server's rule and the console's button alike.
 */
export const COURIER_ATTACHABLE_STATUSES = [
  "CREATED",
  "ACCEPTED",
  "COOKING",
  "DONE",
  "ATTACHED",
] as const satisfies readonly OrderStatus[];

/** A courier can be given to the order now: a delivery, not yet on its way. */
export function canAttachCourier(order: { status: OrderStatus; serviceType: ServiceType }): boolean {
  return (
    order.serviceType === "DELIVERY" &&
    (COURIER_ATTACHABLE_STATUSES as readonly OrderStatus[]).includes(order.status)
  );
}

/** Where staff may move an order next: the forward steps, and CANCELED from any non-final status. */
export function nextStatuses(status: OrderStatus, serviceType: ServiceType): OrderStatus[] {
  const steps = [...forwardSteps(status, serviceType)];
  if (!isFinalStatus(status)) steps.push("CANCELED");
  return steps;
}

export function canTransition(from: OrderStatus, to: OrderStatus, serviceType: ServiceType): boolean {
  return nextStatuses(from, serviceType).includes(to);
}

/**
 * Placed to be paid online and not paid yet: only the payment moves it on (mark-paid), so staff may
 * cancel it but not send it to the kitchen unpaid.
 */
export function awaitsPayment(order: {
  status: OrderStatus;
  isPaid: boolean;
  paymentType: PaymentType;
}): boolean {
  return order.status === "OPEN" && isOnlinePayment(order.paymentType) && !order.isPaid;
}

/** The customer may cancel only while OPEN, CREATED or AT_TIME, and only where the merchant allows it. */
export function customerCanCancel(status: OrderStatus, cancelOrderActive: boolean): boolean {
  return cancelOrderActive && (CUSTOMER_CANCELLABLE_STATUSES as readonly OrderStatus[]).includes(status);
}

/** Cashback is earned once, when the order first reaches DELIVERED or CLOSED. */
export function earnsCashbackOn(from: OrderStatus, to: OrderStatus): boolean {
  return (to === "DELIVERED" || to === "CLOSED") && from !== "DELIVERED";
}

/**
 * The move in which a payment on receipt (CASH, or a card TERMINAL at the door or counter) is
 * collected: the food reaches the customer, i.e. the order first gets to DELIVERED (a delivery handed
 * over at the door) or to CLOSED without passing DELIVERED (a pick-up or dine-in order handed over
 * at the branch). The order is marked paid with that move; an order already paid is left as it is.
 */
export function collectsPaymentOn(
  order: { isPaid: boolean; paymentType: PaymentType },
  from: OrderStatus,
  to: OrderStatus,
): boolean {
  return !order.isPaid && isPaidOnReceipt(order.paymentType) && earnsCashbackOn(from, to);
}

/**
 * The step an order takes next when all goes well (the demo simulator's script): the first forward
 * step of the transitions above. None from OPEN, which waits for its payment, nor from a final status.
 */
export function happyNextStatus(status: OrderStatus, serviceType: ServiceType): OrderStatus | undefined {
  if (status === "OPEN") return undefined;
  return forwardSteps(status, serviceType)[0];
}

/** The path a fresh order walks for a service type, first status to last. */
export function happyPath(serviceType: ServiceType): OrderStatus[] {
  const path: OrderStatus[] = ["CREATED"];
  for (let next = happyNextStatus("CREATED", serviceType); next; next = happyNextStatus(next, serviceType)) {
    path.push(next);
  }
  return path;
}

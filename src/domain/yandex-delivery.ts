// Yandex Delivery (issue 39): how a claim's status maps onto the order's own life (order-status.ts) and
// the courier status the customer reads. The server moves orders by these; the client shows the source
// of the delivery price it was quoted.
import type { CourierStatus, OrderStatus } from "./enums.ts";

/**
 * Where the delivery price of a quote came from; TAXIMETER: the address is in a taximeter city (the
 * city's isTaximeter), where the courier charges the meter's fare on arrival, outside the total.
 */
export const DELIVERY_PRICE_SOURCES = ["TARIFF", "YANDEX", "TARIFF_FALLBACK", "TAXIMETER"] as const;
export type DeliveryPriceSource = (typeof DELIVERY_PRICE_SOURCES)[number];

/** When the brand's claims are made: when the kitchen marks the order ready, or at placement. */
export const YANDEX_CLAIM_MOMENTS = ["READY", "PLACED"] as const;
export type YandexClaimMoment = (typeof YANDEX_CLAIM_MOMENTS)[number];

/**
 * Where an order stands with Yandex Delivery (the claim's row): to create or accept (PENDING, WORKING
 * while a worker holds it), accepted and followed (FOLLOWING), delivered (DONE), cancelled with the
 * order (CANCELLED), or refused or without a performer (FAILED).
 */
export const DELIVERY_CLAIM_STATES = [
  "PENDING",
  "WORKING",
  "FOLLOWING",
  "DONE",
  "CANCELLED",
  "FAILED",
] as const;
export type DeliveryClaimState = (typeof DELIVERY_CLAIM_STATES)[number];

export interface ClaimStep {
  /** The courier status the claim's status means; undefined = none to record. */
  courierStatus?: CourierStatus;
  /** The order status the claim's status means (walked along the legal steps); undefined = none. */
  order?: OrderStatus;
  /** The claim has a performer (the courier row is attached to the order). */
  performer?: boolean;
  /** The claim is over: delivered, cancelled or failed. */
  final?: "DONE" | "CANCELLED" | "FAILED";
}

/**
 * Yandex's claim statuses (the "status model" of the express API) and what each means here. Statuses
 * before a performer (new, estimating, ready_for_approval, accepted, performer_lookup,
 * performer_draft) move nothing.
 */
export const YANDEX_CLAIM_STEPS: Readonly<Record<string, ClaimStep>> = {
  performer_lookup: { courierStatus: "PERFORMER_LOOK_UP" },
  performer_draft: { courierStatus: "PERFORMER_LOOK_UP" },
  performer_found: { courierStatus: "PERFORMER_FOUND", performer: true },
  pickup_arrived: { courierStatus: "PERFORMER_PICK_UP_ARRIVED", performer: true },
  ready_for_pickup_confirmation: { courierStatus: "PERFORMER_PICK_UP_ARRIVED", performer: true },
  pickuped: { courierStatus: "PERFORMER_PICKUPED", order: "ON_WAY", performer: true },
  delivery_arrived: { courierStatus: "PERFORMER_ARRIVED", order: "ON_WAY", performer: true },
  ready_for_delivery_confirmation: { courierStatus: "PERFORMER_ARRIVED", order: "ON_WAY", performer: true },
  delivered: {
    courierStatus: "PERFORMER_DELIVERED_FINISH",
    order: "DELIVERED",
    performer: true,
  },
  delivered_finish: {
    courierStatus: "PERFORMER_DELIVERED_FINISH",
    order: "DELIVERED",
    performer: true,
    final: "DONE",
  },
  performer_not_found: { courierStatus: "PERFORMER_NOT_FOUND", final: "FAILED" },
  failed: { final: "FAILED" },
  estimating_failed: { final: "FAILED" },
  cancelled: { final: "CANCELLED" },
  cancelled_with_payment: { final: "CANCELLED" },
  cancelled_by_taxi: { courierStatus: "PERFORMER_NOT_FOUND", final: "CANCELLED" },
  cancelled_with_items_on_hands: { final: "CANCELLED" },
  returning: { courierStatus: "PERFORMER_RETURNING", performer: true },
  return_arrived: { courierStatus: "PERFORMER_RETURN_ARRIVED", performer: true },
  returned: { courierStatus: "PERFORMER_RETURNED_FINISH", final: "FAILED" },
  returned_finish: { courierStatus: "PERFORMER_RETURNED_FINISH", final: "FAILED" },
};

/** The claim is estimated and waits for our claims/accept. */
export function awaitsAcceptance(claimStatus: string): boolean {
  return claimStatus === "ready_for_approval";
}

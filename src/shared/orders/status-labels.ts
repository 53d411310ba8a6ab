import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import type {
  CourierStatus,
  OrderCancelReason,
  OrderStatus,
  PaymentType,
  ServiceType,
} from "../../domain/enums.ts";
import type { RefundState } from "../../domain/contract/orders.ts";

/** The customer-facing order status labels (spec section 4). */
export const ORDER_STATUS_LABELS: Record<OrderStatus, MessageDescriptor> = {
  OPEN: msg`Waiting for payment`,
  AT_TIME: msg`Scheduled`,
  CREATED: msg`Created`,
  ACCEPTED: msg`Accepted`,
  COOKING: msg`Cooking`,
  DONE: msg`Ready`,
  ATTACHED: msg`Courier assigned`,
  ON_WAY: msg`On the way`,
  DELIVERED: msg`Delivered`,
  CLOSED: msg`Closed`,
  CANCELED: msg`Cancelled`,
};

/** Why the system cancelled an order, shown beside its status. */
export const ORDER_CANCEL_REASON_LABELS: Record<OrderCancelReason, MessageDescriptor> = {
  NOT_PAID_IN_TIME: msg`Not paid in time`,
};

/**
 * Where the money of a paid order cancelled here is (docs/decisions.md, Refunds). FAILED means the
 * provider would not give it back automatically and staff settle it in the provider's cabinet.
 */
export const REFUND_STATE_LABELS: Record<RefundState, MessageDescriptor> = {
  PENDING: msg`Your money is being returned`,
  DONE: msg`Your money has been returned`,
  FAILED: msg`The restaurant will return your money`,
};

/** The courier status labels (spec section 4: each has an Uzbek label). */
export const COURIER_STATUS_LABELS: Record<CourierStatus, MessageDescriptor> = {
  NEW_ORDER: msg`New order for the courier`,
  ACCEPTED: msg`The courier accepted the order`,
  FAILED: msg`Delivery failed`,
  CANCELLED: msg`Delivery cancelled`,
  ESTIMATING_FAILED: msg`Delivery could not be estimated`,
  READY_FOR_APPROVAL: msg`Delivery is ready for approval`,
  PERFORMER_LOOK_UP: msg`Looking for a courier`,
  PERFORMER_FOUND: msg`Courier found`,
  PERFORMER_NOT_FOUND: msg`No courier found`,
  PERFORMER_PICK_UP_ARRIVED: msg`The courier arrived at the branch`,
  PERFORMER_PICKUPED: msg`The courier picked up the order`,
  PERFORMER_ARRIVED: msg`The courier has arrived`,
  PERFORMER_DELIVERED_FINISH: msg`The courier delivered the order`,
  PERFORMER_RETURNING: msg`The courier is returning`,
  PERFORMER_RETURN_ARRIVED: msg`The courier is back at the branch`,
  PERFORMER_RETURNED_FINISH: msg`The courier returned the order`,
};

export const SERVICE_TYPE_LABELS: Record<ServiceType, MessageDescriptor> = {
  DELIVERY: msg`Delivery`,
  PICK_UP: msg`Pickup`,
  DINE_IN: msg`Dine-in`,
  YANDEX_EATS: msg`Yandex Eats`,
  EXPRESS_24: msg`Express 24`,
};

export const PAYMENT_TYPE_LABELS: Record<PaymentType, MessageDescriptor> = {
  CASH: msg`Cash`,
  TERMINAL: msg`Card via terminal`,
  CLICK: msg`Click`,
  PAYME: msg`Payme`,
  PAYNET: msg`Paynet`,
  UZUM: msg`Uzum Bank`,
  OTHER: msg`Other`,
  RAHMAT: msg`Rahmat`,
  CLICK_MINI_APP: msg`Click`,
  CARD: msg`Saved card`,
};

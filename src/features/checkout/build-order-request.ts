// The order body of the checkout, as a pure function of what the customer chose, so the page, its
// quote and the submit all send the same thing and the rules can be tested without rendering.
import type { WebSettings } from "../../domain/contract/merchant.ts";
import type { OrderRequest } from "../../domain/contract/orders.ts";
import type { PaymentType } from "../../domain/enums.ts";
import type { BasketItem } from "../../shared/basket/basket.ts";
import {
  TEMPORARY_ADDRESS_PREFIX,
  type DraftAddress,
  type DraftBranch,
  type DraftServiceType,
} from "../../shared/order-draft/order-draft.ts";

/** The order draft as the checkout reads it. */
export interface CheckoutDraft {
  /** The service type the checkout shows: the draft's when the brand offers it, else the first offered. */
  serviceType: DraftServiceType;
  address: DraftAddress | null;
  /** The branch chosen for pickup or dine-in. */
  branch: Pick<DraftBranch, "id"> | null;
  /** The nearest branch that delivers to the address. */
  nearestBranch: Pick<DraftBranch, "id"> | null;
  /** The table the customer sits at (dine-in by its QR code): the order goes to it. */
  table?: { id: string; hallId: string } | null;
}

/** The checkout form's values, with the later day and time already resolved to a listed slot. */
export interface CheckoutFormInput {
  paymentType: PaymentType;
  later: boolean;
  day: string;
  time: string;
  comment: string;
  courierComment: string;
  /** The applied code ("" = none), not what is typed in the field. */
  promoCode: string;
  useCashback: boolean;
  /** The balance of the last quote. */
  cashbackBalance: number;
  receiverName: string;
  receiverPhone: string;
  settings: Pick<WebSettings, "cashbackActive" | "receiverActive">;
  orderDevice: "CLIENT_WEB_DESKTOP" | "CLIENT_WEB_MOBILE";
}

/** The branch the order is for: the nearest one for delivery, the chosen one otherwise. */
export function orderBranchId(draft: CheckoutDraft): string | null {
  return draft.serviceType === "DELIVERY" ? (draft.nearestBranch?.id ?? null) : (draft.branch?.id ?? null);
}

/** The order body, or null while the place (address or branch) is not chosen yet. */
export function buildOrderRequest(
  draft: CheckoutDraft,
  basket: { items: readonly BasketItem[] },
  form: CheckoutFormInput,
): OrderRequest | null {
  const { serviceType } = draft;
  const address = serviceType === "DELIVERY" ? draft.address : null;
  const placeReady = serviceType === "DELIVERY" ? address !== null : draft.branch !== null;
  if (!placeReady) return null;
  const receiverName = form.receiverName.trim();
  const receiverPhone = form.receiverPhone.trim();
  // A fixed key order: the body's JSON is the Idempotency-Key signature and part of the quote's key.
  return {
    cartItems: basket.items.map((i) => ({
      productId: i.productId,
      count: i.count,
      modifications: i.modifications.map((m) => ({ id: m.id })),
    })),
    serviceType,
    paymentType: form.paymentType,
    branchId: orderBranchId(draft),
    address: address
      ? {
          ...address,
          // A map point's made-up id is no saved address of the customer's.
          id: address.id?.startsWith(TEMPORARY_ADDRESS_PREFIX) ? null : address.id,
          description: address.description || address.name,
        }
      : null,
    comment: form.comment.trim() || null,
    courierComment: serviceType === "DELIVERY" ? form.courierComment.trim() || null : null,
    promoCode: form.promoCode || null,
    cashback: form.settings.cashbackActive && form.useCashback ? form.cashbackBalance : 0,
    receiver:
      form.settings.receiverActive && receiverName && receiverPhone
        ? { name: receiverName, phone: receiverPhone }
        : null,
    orderDevice: form.orderDevice,
    ...(draft.table ? { hallId: draft.table.hallId, tableId: draft.table.id } : {}),
    ...(form.later ? { day: form.day, time: form.time } : {}),
  };
}

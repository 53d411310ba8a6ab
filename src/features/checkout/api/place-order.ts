import { useLingui } from "@lingui/react/macro";
import { useMutation } from "@tanstack/react-query";
import { useRef } from "react";
import { navigate } from "wouter/use-browser-location";
import type { Order, OrderRequest } from "../../../domain/contract/orders.ts";
import { api, errorText, unwrap, type ApiError, type ApiResult } from "../../../lib/api-client.ts";
import { useBasket } from "../../../shared/basket/basket.ts";
import { notify } from "../../../lib/notify.ts";
import { useOrderDraft } from "../../../shared/order-draft/order-draft.ts";
import { getPlatform } from "../../../platform/index.ts";
import { usePayWithCard } from "../../../shared/payments/cards.ts";
import { awaitsCardPayment, awaitsProviderPayment, usePayOrder } from "../../../shared/payments/pay-order.ts";
import { AFTER_CHECKOUT_STATE } from "../after-checkout.ts";

/**
 * POST /orders/v1/orders (now) or /orders/v1/orders/at-time (later). The Idempotency-Key makes a
 * retried submit (double tap, lost response) return the first order instead of a second one.
 */
export function placeOrder(
  body: OrderRequest,
  later: boolean,
  idempotencyKey: string,
): Promise<ApiResult<Order>> {
  return api<Order>(later ? "/orders/v1/orders/at-time/WITH_TOKEN" : "/orders/v1/orders/WITH_TOKEN", {
    method: "POST",
    body: body as Record<string, unknown>,
    headers: { "Idempotency-Key": idempotencyKey },
    silent: true,
  });
}

function newKey(): string {
  return typeof crypto.randomUUID === "function"
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

export interface PlaceOrderInput {
  body: OrderRequest;
  later: boolean;
  /** The saved card that pays a CARD order at once. */
  cardId?: string | null;
}

/**
 * Places the checkout's order. Success: haptics, an empty basket, a fresh draft (address kept),
 * `onPlaced` (the form's own reset), a notice and the order's page. The error stays on the mutation
 * for the page to show.
 */
export function usePlaceOrder(options: { onPlaced?: () => void } = {}) {
  const { t } = useLingui();
  const basket = useBasket();
  const orderDraft = useOrderDraft();
  const pay = usePayOrder();
  const payWithCard = usePayWithCard();
  // One Idempotency-Key per order body: a retry after a lost answer reuses it (the server returns
  // the first order), and an edited order gets a new one (the server refuses a key reused with
  // another body).
  const sent = useRef<{ signature: string; key: string } | null>(null);
  return useMutation<Order, ApiError, PlaceOrderInput>({
    mutationFn: async ({ body, later }) => {
      const signature = JSON.stringify([body, later]);
      if (sent.current?.signature !== signature) sent.current = { signature, key: newKey() };
      return unwrap(await placeOrder(body, later, sent.current.key));
    },
    onSuccess: (order, { cardId }) => {
      sent.current = null;
      getPlatform().haptics.notify("success");
      basket.clear();
      orderDraft.resetKeepingAddress();
      options.onPlaced?.();
      // Marked so the host's Back from here returns to the menu, not through the emptied checkout.
      navigate(`/profile/orders/${order.id}`, { state: AFTER_CHECKOUT_STATE });
      if (awaitsProviderPayment(order)) {
        // Straight on to pay; the order's page offers it again if the customer comes back unpaid.
        pay.mutate(order.id);
        return;
      }
      if (awaitsCardPayment(order) && cardId) {
        // Paid in the app with the saved card; the order's page turns Paid live. A failure leaves
        // the order payable there.
        payWithCard.mutate(
          { cardId, orderId: order.id },
          {
            onSuccess: () => {
              notify({ kind: "success", title: t`Paid`, text: t`Your order is paid and confirmed` });
            },
            onError: (error) => {
              notify({
                kind: "error",
                text: `${errorText(error)} ${t`You can pay again on the order's page.`}`,
                duration: 8000,
              });
            },
          },
        );
        return;
      }
      notify({ kind: "success", title: t`Confirmed`, text: t`Your order is confirmed` });
    },
    onError: () => {
      getPlatform().haptics.notify("error");
    },
  });
}

import { useLingui } from "@lingui/react/macro";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { navigate } from "wouter/use-browser-location";
import type { Order, OrderRequest } from "../../../domain/contract/orders.ts";
import { api, unwrap, type ApiError, type ApiResult } from "../../../lib/api-client.ts";
import { notify } from "../../../lib/notify.ts";
import { getPlatform } from "../../../platform/index.ts";
import { useBasket } from "../../../shared/basket/basket.ts";
import { useRequiredTenant } from "../../../shared/brand/tenant.ts";
import { useOrderChange } from "../../../shared/order-change/order-change.ts";
import { useOrderDraft } from "../../../shared/order-draft/order-draft.ts";
import { usePayOrder } from "../../../shared/payments/pay-order.ts";
import { queryKeys } from "../../../shared/query-keys.ts";
import { useCustomerId } from "../../../shared/session/session-atom.ts";
import { AFTER_CHECKOUT_STATE } from "../after-checkout.ts";

/** POST /orders/v1/orders/{id}/change: the placed order becomes what the checkout shows. */
export function changeOrder(orderId: string, body: OrderRequest, later: boolean): Promise<ApiResult<Order>> {
  return api<Order>(`/orders/v1/orders/${encodeURIComponent(orderId)}/change/WITH_TOKEN`, {
    method: "POST",
    query: later ? { later: true } : undefined,
    body: body as Record<string, unknown>,
    silent: true,
  });
}

/**
 * Saves the change of the order being changed. Success: the basket the customer had before comes
 * back, the draft is reset as after an order, and the order's page opens with a notice. The same
 * change sent twice writes the same order, so a retry needs no key.
 */
export function useChangeOrder(options: { onChanged?: () => void } = {}) {
  const { t } = useLingui();
  const basket = useBasket();
  const orderDraft = useOrderDraft();
  const { change, end } = useOrderChange();
  const client = useQueryClient();
  const { merchant } = useRequiredTenant();
  const userId = useCustomerId();
  const pay = usePayOrder();
  return useMutation<Order, ApiError, { orderId: string; body: OrderRequest; later: boolean }>({
    mutationFn: async ({ orderId, body, later }) => unwrap(await changeOrder(orderId, body, later)),
    onSuccess: (order) => {
      getPlatform().haptics.notify("success");
      basket.replaceAll(change?.previous ?? []);
      end();
      orderDraft.resetKeepingAddress();
      options.onChanged?.();
      if (userId) {
        client.setQueryData(queryKeys.order(merchant.id, userId, order.id), order);
        void client.invalidateQueries({ queryKey: queryKeys.orders(merchant.id, userId) });
      }
      navigate(`/profile/orders/${order.id}`, { state: AFTER_CHECKOUT_STATE });
      // A paid order changes once Payme takes the change's payment: straight on to pay it.
      if (order.pendingPayment !== null) {
        pay.mutate(order.id);
        return;
      }
      notify({ kind: "success", title: t`Saved`, text: t`Order #${order.number} is changed` });
    },
    onError: () => {
      getPlatform().haptics.notify("error");
    },
  });
}

// Paying an order online (Payme, Click): GET /payments/v2/checkout/{id} answers the provider's pay page
// for the server's total, which the host opens (Telegram: its own link opener; elsewhere this tab,
// and the provider returns to the order's page). The checkout starts it after placing an order with
// an online payment type; the order's page offers it again while the order waits for payment.
import { useLingui } from "@lingui/react/macro";
import { useMutation } from "@tanstack/react-query";
import { paysOnProviderPage } from "../../domain/offer.ts";
import { awaitsPayment } from "../../domain/order-status.ts";
import type { Order } from "../../domain/contract/orders.ts";
import type { Checkout } from "../../domain/contract/payments.ts";
import { api, unwrap, type ApiError, type ApiResult } from "../../lib/api-client.ts";
import { currentLocale } from "../../lib/i18n.ts";
import { notify } from "../../lib/notify.ts";
import { getPlatform } from "../../platform/index.ts";

export function getPayLink(orderId: string): Promise<ApiResult<Checkout>> {
  // From a mini app the provider returns to a page that leads back into it (the pay page opened in
  // the phone's browser, where the customer is not signed in), in the customer's language.
  const query = new URLSearchParams({ via: getPlatform().kind, lang: currentLocale() });
  return api<Checkout>(
    `/payments/v2/checkout/${encodeURIComponent(orderId)}/WITH_TOKEN?${query.toString()}`,
    {
      silent: true,
    },
  );
}

/** An order that waits for its online payment on the provider's pay page. */
export function awaitsProviderPayment(order: Pick<Order, "isPaid" | "status" | "paymentType">): boolean {
  return awaitsPayment(order) && paysOnProviderPage(order.paymentType);
}

/** An order that waits for its payment with a saved card (paid in the app, ./cards.ts). */
export function awaitsCardPayment(order: Pick<Order, "isPaid" | "status" | "paymentType">): boolean {
  return awaitsPayment(order) && order.paymentType === "CARD";
}

/** Opens the provider's pay page for an order; a failure says so and leaves the order payable. */
export function usePayOrder() {
  const { t } = useLingui();
  return useMutation<Checkout, ApiError, string>({
    mutationFn: async (orderId) => unwrap(await getPayLink(orderId)),
    onSuccess: (link) => {
      getPlatform().openLink(link.url);
    },
    onError: () => {
      notify({ kind: "error", text: t`The payment could not be started. Try again.` });
    },
  });
}

// GET /api/payments/v2/checkout/:orderId: where the customer pays an order online. For an OPEN,
// unpaid PAYME order of the signed-in customer it answers Payme's checkout link (for a paid one whose
// change waits for its payment, the link for that payment), for a CLICK (or
// CLICK_MINI_APP) one Click's pay link, for an UZUM one Uzum's pay page. Each returns the customer
// to the storefront (the API shares its origin): on the website to the order's page; from the
// Telegram or Click mini app (`?via=`), whose pay page opened in the phone's browser where nobody is
// signed in, to the return page /paid/:orderId, which leads back into the host app. Anyone else's
// order answers 404; an order that cannot be paid now answers 409 ORDER_NOT_PAYABLE.
// GET /api/payments/v2/checkout/:orderId/return: the return page's one question, without a login:
// is the order paid. Nothing else of the order is answered (the page must not show another
// customer's order to whoever holds its address).
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { errorResponses, tenantHeadersSchema } from "#domain/contract/common.ts";
import {
  checkoutParamsSchema,
  checkoutQuerySchema,
  checkoutSchema,
  paymentReturnSchema,
  type Checkout,
  type PayHost,
  type PaymentReturn,
} from "#domain/contract/payments.ts";
import { toMinor } from "#domain/money.ts";
import { AppError } from "../../lib/errors.ts";
import { CLICK_PAYMENT_TYPES, tiyinToClickAmount } from "../../services/payments/click.ts";
import { encodePaymeCheckout } from "../../services/payments/payme-checkout.ts";
import { authOf, requireUser } from "../../plugins/auth.ts";
import { findOrder } from "../../services/orders/lookup.ts";
import { pendingChangeAmount } from "../../services/orders/change.ts";

/** The request's own origin, as the customer's browser sees it (X-Forwarded-* of trusted proxies). */
function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** The configured checkout page; a path (the demo's fake) is served on the request's origin. */
function checkoutBase(request: FastifyRequest, configured: string): string {
  return configured.startsWith("/") ? `${requestOrigin(request)}${configured}` : configured;
}

/** Where the provider sends the payer back (see the head of this file). */
export function paymentReturnUrl(origin: string, orderId: string, via: PayHost, lang?: string): string {
  if (via === "web") return `${origin}/profile/orders/${orderId}`;
  const query = new URLSearchParams({ via, ...(lang ? { lang } : {}) });
  return `${origin}/paid/${orderId}?${query.toString()}`;
}

export async function checkoutRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;
  app.withTypeProvider<ZodTypeProvider>().get(
    "/payments/v2/checkout/:orderId",
    {
      preHandler: requireUser,
      schema: {
        summary: "The checkout link of an order the customer pays online (Payme, Click, Uzum)",
        description:
          "Only for the customer's own OPEN, unpaid order with payment type PAYME, CLICK, " +
          "CLICK_MINI_APP or UZUM of a brand with the provider's credentials (409 ORDER_NOT_PAYABLE otherwise; " +
          "another customer's or brand's order is 404). The link opens Payme's checkout, Click's or " +
          "Uzum's pay page, which return to /profile/orders/{orderId} on the request's origin (via=web), " +
          "or to the return page /paid/{orderId}?via=telegram|click&lang= that leads back into the host app.",
        tags: ["payments"],
        security: [{ bearer: [] }],
        headers: tenantHeadersSchema,
        params: checkoutParamsSchema,
        querystring: checkoutQuerySchema,
        response: {
          200: checkoutSchema,
          401: errorResponses[403],
          409: errorResponses[403],
          ...errorResponses,
        },
      },
    },
    async (request): Promise<Checkout> => {
      const { user } = authOf(request);
      const merchant = request.tenant;
      const order = await findOrder(db, {
        merchantId: merchant.id,
        id: request.params.orderId,
        userId: user.id,
      });
      if (!order) throw new AppError("NOT_FOUND");
      // A paid Payme order is payable once more: the payment of the change it waits for.
      const changeAmount = await pendingChangeAmount(db, order);
      if (changeAmount === null && (order.isPaid || order.status !== "OPEN")) {
        throw new AppError("ORDER_NOT_PAYABLE");
      }
      const { via, lang } = request.query;
      const returnUrl = paymentReturnUrl(requestOrigin(request), order.id, via, lang);
      if (order.paymentType === "UZUM") {
        const { uzumServiceId, uzumWebhookLogin, uzumWebhookPassword } = merchant;
        if (!uzumServiceId || !uzumWebhookLogin || !uzumWebhookPassword) {
          throw new AppError("ORDER_NOT_PAYABLE");
        }
        // Assumption (docs/decisions.md, Payments: Uzum): Uzum's pay page takes the service id, the
        // order (our params.order_id), the amount in tiyin and where to send the payer back.
        const query = new URLSearchParams({
          serviceId: uzumServiceId,
          orderId: order.id,
          amount: String(toMinor(order.totalPrice)),
          redirectUrl: returnUrl,
        });
        return {
          provider: "UZUM",
          url: `${checkoutBase(request, app.config.uzumCheckoutUrl)}?${query.toString()}`,
        };
      }
      if (CLICK_PAYMENT_TYPES.includes(order.paymentType)) {
        const { clickServiceId, clickMerchantId, clickSecretKey } = merchant;
        if (!clickServiceId || !clickMerchantId || !clickSecretKey) throw new AppError("ORDER_NOT_PAYABLE");
        const query = new URLSearchParams({
          service_id: clickServiceId,
          merchant_id: clickMerchantId,
          amount: tiyinToClickAmount(toMinor(order.totalPrice)),
          transaction_param: order.id,
          return_url: returnUrl,
        });
        return {
          provider: "CLICK",
          url: `${checkoutBase(request, app.config.clickCheckoutUrl)}?${query.toString()}`,
        };
      }
      const paymeMerchantId = merchant.paymeMerchantId;
      if (order.paymentType !== "PAYME" || !paymeMerchantId) throw new AppError("ORDER_NOT_PAYABLE");
      const encoded = encodePaymeCheckout({
        merchantId: paymeMerchantId,
        orderId: order.id,
        amount: changeAmount ?? toMinor(order.totalPrice),
        returnUrl,
      });
      return { provider: "PAYME", url: `${checkoutBase(request, app.config.paymeCheckoutUrl)}/${encoded}` };
    },
  );
  app.withTypeProvider<ZodTypeProvider>().get(
    "/payments/v2/checkout/:orderId/return",
    {
      schema: {
        summary: "Whether an order is paid, for the page a pay page returns to (no login)",
        description:
          "Answers only isPaid, for an order of the brand; 404 for an unknown order. The return page " +
          "opens in the phone's browser, where the Telegram or Click customer is not signed in.",
        tags: ["payments"],
        headers: tenantHeadersSchema,
        params: checkoutParamsSchema,
        response: { 200: paymentReturnSchema, ...errorResponses },
      },
    },
    async (request, reply): Promise<PaymentReturn> => {
      const order = await findOrder(db, { merchantId: request.tenant.id, id: request.params.orderId });
      if (!order) throw new AppError("NOT_FOUND");
      void reply.header("cache-control", "no-store");
      return { isPaid: order.isPaid };
    },
  );
}

// Saved cards of the signed-in customer (docs/decisions.md, Saved cards), all owner-only and of the
// request's brand: another customer's or brand's card answers 404.
//   GET    /payments/v1/cards               the customer's cards
//   POST   /payments/v1/cards               add a card: Luhn, then the provider; the code is texted
//   POST   /payments/v1/cards/{id}/code     text a new code (after the provider's wait)
//   POST   /payments/v1/cards/{id}/verify   confirm with the code (the fifth wrong one drops the card)
//   DELETE /payments/v1/cards/{id}          remove the card here and at the provider
//   POST   /payments/v1/cards/{id}/pay      pay a CARD order with the confirmed card
// Adding, confirming and paying need the brand's cardActive switch; listing and removing do not.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiErrorSchema, errorResponses, tenantHeadersSchema } from "#domain/contract/common.ts";
import {
  cardCodeSentSchema,
  cardCreateRequestSchema,
  cardParamsSchema,
  cardPaymentSchema,
  cardPayRequestSchema,
  cardVerifyRequestSchema,
  savedCardListSchema,
  savedCardSchema,
} from "#domain/contract/cards.ts";
import { AppError } from "../../lib/errors.ts";
import type { OrderEvents } from "../../services/orders/events.ts";
import type { CardProvider } from "../../services/payments/card-provider.ts";
import {
  addCard,
  customerCards,
  payWithCard,
  removeCard,
  resendCode,
  verifyCard,
  type CardContext,
} from "../../services/payments/cards.ts";
import { authOf, requireUser } from "../../plugins/auth.ts";
import { getWebSettings } from "../../services/merchant/settings.ts";
import { cardProviderFor } from "../../services/payments/providers.ts";

/** Answers CARDS_UNAVAILABLE for a brand without the provider's credentials (removing still works here). */
const unavailable = async (): Promise<never> => {
  throw new AppError("CARDS_UNAVAILABLE");
};
const NO_PROVIDER: CardProvider = {
  name: "PAYME",
  resendsCode: true,
  createCard: unavailable,
  sendVerifyCode: unavailable,
  verifyCard: unavailable,
  removeCard: async () => undefined,
  createReceipt: unavailable,
  payReceipt: unavailable,
  cancelReceipt: async () => undefined,
};

const cardErrors = {
  ...errorResponses,
  401: apiErrorSchema,
  402: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
  503: apiErrorSchema,
} as const;

export async function cardRoutes(app: FastifyInstance, { events }: { events: OrderEvents }): Promise<void> {
  const db = app.database.db;
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** The request's card context; `active` refuses a brand without cardActive or a provider. */
  async function contextOf(request: FastifyRequest, active: boolean): Promise<CardContext> {
    const { user } = authOf(request);
    const merchant = request.tenant;
    const provider = cardProviderFor(merchant, app);
    if (active) {
      const web = await getWebSettings(db, { merchantId: merchant.id });
      if (!web.cardActive || !provider) throw new AppError("CARDS_UNAVAILABLE");
    }
    return {
      db,
      provider: provider ?? NO_PROVIDER,
      providerOf: (name) => cardProviderFor(merchant, app, name) ?? NO_PROVIDER,
      merchantId: merchant.id,
      userId: user.id,
      now: new Date(),
      log: (message, error) => {
        request.log.warn({ err: error }, message);
      },
    };
  }

  const common = {
    tags: ["payments"],
    security: [{ bearer: [] }],
    headers: tenantHeadersSchema,
  };

  r.get(
    "/payments/v1/cards",
    {
      preHandler: requireUser,
      schema: {
        ...common,
        summary: "The customer's saved cards",
        description: "Masked number, expiry, Uzcard/Humo type and whether the SMS code confirmed it.",
        response: { 200: savedCardListSchema, ...cardErrors },
      },
    },
    async (request) => customerCards(await contextOf(request, false)),
  );

  r.post(
    "/payments/v1/cards",
    {
      preHandler: requireUser,
      schema: {
        ...common,
        summary: "Add a card: Payme tokenises it and texts a confirmation code",
        description:
          "The number must pass the Luhn check (400 CARD_NUMBER_INVALID) and not have expired. The " +
          "number goes to Payme and is never stored; the storefront keeps Payme's token, the masked " +
          "number, the expiry and the type. Answers the card (not yet confirmed), the masked phone the " +
          "code went to and the milliseconds before another code may be asked for. 409 " +
          "CARDS_UNAVAILABLE when the brand's cardActive is off, 409 CARDS_LIMIT with ten cards already.",
        body: cardCreateRequestSchema,
        response: { 201: cardCodeSentSchema, ...cardErrors },
      },
    },
    async (request, reply) => {
      const ctx = await contextOf(request, true);
      return reply.status(201).send(await addCard(ctx, request.body));
    },
  );

  r.post(
    "/payments/v1/cards/:id/code",
    {
      preHandler: requireUser,
      schema: {
        ...common,
        summary: "Text a new confirmation code",
        description: "Only after the wait of the last code (429 CARD_CODE_TOO_SOON before it).",
        params: cardParamsSchema,
        response: { 200: cardCodeSentSchema, ...cardErrors },
      },
    },
    async (request) => resendCode(await contextOf(request, true), request.params.id),
  );

  r.post(
    "/payments/v1/cards/:id/verify",
    {
      preHandler: requireUser,
      schema: {
        ...common,
        summary: "Confirm a card with the SMS code",
        description:
          "A wrong code answers 400 CARD_CODE_WRONG; the fifth wrong code removes the card (409 " +
          "CARD_CODE_ATTEMPTS). The code is passed to Payme and never stored.",
        params: cardParamsSchema,
        body: cardVerifyRequestSchema,
        response: { 200: savedCardSchema, ...cardErrors },
      },
    },
    async (request) => verifyCard(await contextOf(request, true), request.params.id, request.body.code),
  );

  r.delete(
    "/payments/v1/cards/:id",
    {
      preHandler: requireUser,
      schema: {
        ...common,
        summary: "Remove a saved card",
        params: cardParamsSchema,
        response: { 204: z.null().describe("Removed"), ...cardErrors },
      },
    },
    async (request, reply) => {
      await removeCard(await contextOf(request, false), request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.post(
    "/payments/v1/cards/:id/pay",
    {
      preHandler: requireUser,
      schema: {
        ...common,
        summary: "Pay an order of payment type CARD with a confirmed saved card",
        description:
          "Charges the order's total (the server's, in tiyin) through a Payme receipt and marks the " +
          "order paid. Only the customer's own OPEN, unpaid CARD order (409 ORDER_NOT_PAYABLE " +
          "otherwise, 409 ORDER_PAYMENT_IN_PROGRESS while another payment of it is under way); a " +
          "declined card answers 402 CARD_PAYMENT_DECLINED; when Payme fails or times out, 503 " +
          "CARD_PROVIDER_UNAVAILABLE and the order stays unpaid and payable.",
        params: cardParamsSchema,
        body: cardPayRequestSchema,
        response: { 200: cardPaymentSchema, ...cardErrors },
      },
    },
    async (request) => {
      const ctx = await contextOf(request, true);
      const paid = await payWithCard({ ...ctx, events }, request.params.id, request.body.orderId);
      // A Click card payment has a fiscal receipt to submit (issue 40).
      app.fiscal.kick();
      return paid;
    },
  );
}

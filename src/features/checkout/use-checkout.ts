// The checkout page's state and submit in one hook: the form's reducer (use-checkout-form.ts), the
// draft, the slots, the saved cards, the server's quote and the placing of the order. The section
// components only render what it returns, so the rules of the page live in one place.
import { useLingui } from "@lingui/react/macro";
import { useEffect, useMemo, useRef, useState } from "react";
import { navigate } from "wouter/use-browser-location";
import type { WorkHourType } from "../../domain/enums.ts";
import { toMinor } from "../../domain/money.ts";
import {
  isOnlinePayment,
  offeredServiceTypes,
  paymentChannelOfHost,
  paymentPlace,
} from "../../domain/offer.ts";
import { laterSlots, localDay, localTime } from "../../domain/order-time.ts";
import { errorText, type ApiError } from "../../lib/api-client.ts";
import { joinNames } from "../../lib/i18n.ts";
import { useContentLanguage } from "../../lib/use-content-language.ts";
import { pickText } from "../../domain/multilingual.ts";
import { lineProblem } from "../../shared/basket/line-problem.ts";
import { useMenu } from "../../shared/menu/menu-query.ts";
import { queryKeys } from "../../shared/query-keys.ts";
import { useQueryClient } from "@tanstack/react-query";
import { getPlatform } from "../../platform/index.ts";
import { useMainButton } from "../../platform/react.ts";
import { useBasket } from "../../shared/basket/basket.ts";
import { useFormatMinor } from "../../shared/brand/price.tsx";
import { useRequiredTenant } from "../../shared/brand/tenant.ts";
import {
  addressFlowPath,
  useOrderDraft,
  type DraftServiceType,
} from "../../shared/order-draft/order-draft.ts";
import { useSavedCards } from "../../shared/payments/cards.ts";
import { useTableSession } from "../../shared/table/table-session.ts";
import { useBranch } from "./api/get-branch-hours.ts";
import { usePlaceOrder } from "./api/place-order.ts";
import { useChangeOrder } from "./api/change-order.ts";
import { useOrderChange } from "../../shared/order-change/order-change.ts";
import { useOrderQuote } from "./api/quote-order.ts";
import { buildOrderRequest, orderBranchId, type CheckoutDraft } from "./build-order-request.ts";
import { chosenServiceType, useCheckoutForm } from "./use-checkout-form.ts";

/** The later days and times the branch offers for the service, and the ones chosen among them. */
function useSlots(branchId: string | null, workType: WorkHourType, day: string, time: string) {
  const { merchant } = useRequiredTenant();
  const branch = useBranch(branchId);
  const slots = useMemo(
    () =>
      branch.data
        ? // The branch's hours for this service alone, as the server checks them (a service without
          // hours of its own is closed: spec, branch list), never its pickup hours in their place.
          laterSlots(branch.data.workHours, workType, new Date(), merchant.timezone)
        : [],
    [branch.data, workType, merchant.timezone],
  );
  const days = [...new Set(slots.map((s) => s.day))];
  const chosenDay = days.includes(day) ? day : (days[0] ?? "");
  const times = slots.filter((s) => s.day === chosenDay).map((s) => s.time);
  const chosenTime = times.includes(time) ? time : (times[0] ?? "");
  return { slots, days, chosenDay, times, chosenTime };
}

/** The customer's verified saved cards and the one paid with (the picked one, else the first). */
function useCardChoice(merchantId: string, cardActive: boolean) {
  const cards = useSavedCards(merchantId, cardActive);
  const verifiedCards = (cards.data ?? []).filter((c) => c.isVerified);
  const [cardChoice, setCardChoice] = useState<string | null>(null);
  const chosenCard = verifiedCards.find((c) => c.id === cardChoice) ?? verifiedCards[0] ?? null;
  return { cards, verifiedCards, chosenCard, setCardChoice };
}

/** A refusal appears where the customer is looking: scrolled into view (it is also announced). */
function useErrorInView(shownError: string | null) {
  const errorRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (!shownError) return;
    const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    errorRef.current?.scrollIntoView({ block: "center", behavior: reduced ? "auto" : "smooth" });
  }, [shownError]);
  return errorRef;
}

/** Refusals of the order for one of its items (a dish or an option not available at the branch). */
const ITEM_REFUSALS = new Set([
  "PRODUCT_NOT_AVAILABLE",
  "MODIFICATION_NOT_AVAILABLE",
  "MODIFICATION_INVALID",
]);

/**
 * Why the order is refused, in the customer's language: a line the live menu shows unavailable
 * (a dish or an option stopped at the branch) is named from the basket in any of the seven
 * languages; otherwise the server's own words.
 */
function useRefusalText(serviceType: DraftServiceType | null) {
  const { t } = useLingui();
  const basket = useBasket();
  const menu = useMenu();
  const lang = useContentLanguage();
  const held = useOrderChange().change?.held;
  return (error: ApiError): string => {
    if (error.code && ITEM_REFUSALS.has(error.code) && menu.data) {
      const perProduct = new Map<string, number>();
      for (const i of basket.items) perProduct.set(i.productId, (perProduct.get(i.productId) ?? 0) + i.count);
      for (const item of basket.items) {
        const product = menu.data.productById.get(item.productId);
        const problem = lineProblem(
          item,
          product,
          perProduct.get(item.productId) ?? 0,
          serviceType,
          held?.[item.productId],
        );
        const name = pickText(item.name, lang);
        if (problem?.kind === "unavailable")
          return t`${name} is not available now. Remove it from the basket to place the order.`;
        if (problem?.kind === "service")
          return t`${name} is not available for delivery. Choose another way to get the order, or remove it from the basket.`;
        if (problem?.kind === "options") {
          const options = joinNames(problem.names.map((n) => pickText(n, lang)));
          return t`${name} with ${options} is not available now. Remove it from the basket to place the order.`;
        }
      }
    }
    return errorText(error);
  };
}

/** A placed order being changed: the form starts from the order's choices and saves the change. */
function useChangeStart() {
  const { change } = useOrderChange();
  const { merchant } = useRequiredTenant();
  const [changeStart] = useState(() =>
    change
      ? {
          ...(change.atTime
            ? {
                later: true,
                day: localDay(new Date(change.atTime), merchant.timezone),
                time: localTime(new Date(change.atTime), merchant.timezone),
              }
            : {}),
          paymentType: change.paymentType,
          comment: change.comment,
          courierComment: change.courierComment,
          promoInput: change.promoCode ?? "",
          promoCode: change.promoCode ?? "",
          useCashback: change.cashback > 0,
        }
      : undefined,
  );
  return { change, changeStart };
}

export function useCheckout() {
  const { t } = useLingui();
  const { sub, merchant, settings } = useRequiredTenant();
  const basket = useBasket();
  const orderDraft = useOrderDraft();
  const { draft, nearestBranch } = orderDraft;
  const format = useFormatMinor();
  const client = useQueryClient();

  // At a table (its QR code) the order is dine-in at the table's branch, paid as the QR channel allows.
  const table = useTableSession();
  const draftServiceType = table ? "DINE_IN" : draft.serviceType;
  const refusalText = useRefusalText(draftServiceType);
  const placeOfDraft = {
    address: draft.address,
    branch: table ? table.branch : draft.branch,
    nearestBranch,
    table: table ? { id: table.table.id, hallId: table.hall.id } : null,
  };
  // The branch the order goes to: the checkout offers only the payment types it takes.
  const channel = table ? "QR" : paymentChannelOfHost(getPlatform().kind);
  const services = offeredServiceTypes(settings, settings.channelServiceTypes[channel]);
  const branchService = chosenServiceType(services, draftServiceType);
  const branchId = orderBranchId({ ...placeOfDraft, serviceType: branchService });
  const orderBranch = useBranch(branchId);
  const { change, changeStart } = useChangeStart();
  const placeOfPayment = {
    ...paymentPlace(channel, settings.channelPaymentTypes),
    branchMethods: orderBranch.data?.paymentTypes ?? null,
  };
  // A changed order paid on receipt stays so (the server refuses ORDER_CHANGE_TO_ONLINE).
  if (change && !isOnlinePayment(change.paymentType))
    placeOfPayment.methods = placeOfPayment.methods.filter((m) => !isOnlinePayment(m));
  // A paid order's change is paid with its payment type again (ORDER_PAID_KEEPS_PAYMENT).
  if (change?.paid) placeOfPayment.methods = placeOfPayment.methods.filter((m) => m === change.paymentType);
  const form = useCheckoutForm(settings, draftServiceType, placeOfPayment, sub, changeStart);
  const { serviceType, paymentType } = form;
  const later = form.state.later && !table;
  const placeNew = usePlaceOrder({ onPlaced: form.placed });
  const saveChange = useChangeOrder({ onChanged: form.placed });
  const place = change ? saveChange : placeNew;
  const cardChoice = useCardChoice(merchant.id, settings.cardActive);
  const { chosenCard } = cardChoice;
  const needsCard = paymentType === "CARD" && !chosenCard;
  const sending = place.isPending;

  const checkoutDraft: CheckoutDraft = { serviceType, ...placeOfDraft };
  const slots = useSlots(branchId, serviceType, form.state.day, form.state.time);
  const { chosenDay, chosenTime } = slots;

  const { comment, courierComment, promoCode, useCashback, cashbackBalance, receiverName, receiverPhone } =
    form.state;
  const body = buildOrderRequest(checkoutDraft, basket, {
    paymentType,
    later,
    day: chosenDay,
    time: chosenTime,
    comment,
    courierComment,
    promoCode,
    useCashback,
    cashbackBalance,
    receiverName,
    receiverPhone,
    settings,
    orderDevice: window.matchMedia("(min-width: 900px)").matches ? "CLIENT_WEB_DESKTOP" : "CLIENT_WEB_MOBILE",
  });
  const quote = useOrderQuote(later && !chosenTime ? null : body, later, change?.orderId ?? null);
  const [quoteError, quoteData] = quote.data ?? [null, null];
  // The balance comes with each quote; kept so a failed quote does not hide the cashback choice.
  const quoteBalance = quoteData?.cashbackBalance;
  const { setCashbackBalance } = form;
  useEffect(() => {
    if (quoteBalance !== undefined) setCashbackBalance(quoteBalance);
  }, [quoteBalance, setCashbackBalance]);
  // A change keeps its order's promo with no field to edit it: its refusal blocks like any other.
  const promoRefused =
    !change && quoteError && promoCode && quoteError.code?.startsWith("PROMO_") ? quoteError : null;

  const submit = () => {
    if (!body || sending || needsCard) return;
    if (change) saveChange.mutate({ orderId: change.orderId, body, later });
    else placeNew.mutate({ body, later, cardId: paymentType === "CARD" ? (chosenCard?.id ?? null) : null });
  };

  const total = quoteData ? toMinor(quoteData.totals.totalPrice) : null;
  const paidChange = quoteData?.paidChange;
  const submitText = (sum: number | null) =>
    change && paidChange
      ? paidChange.replaces
        ? t`Pay ${format(toMinor(paidChange.amount))} · the earlier payment comes back`
        : t`Pay the difference · ${format(toMinor(paidChange.amount))}`
      : change
        ? sum !== null
          ? t`Save the changes · ${format(sum)}`
          : t`Save the changes`
        : sum !== null
          ? t`Place the order · ${format(sum)}`
          : t`Place the order`;
  const blockingError = quoteError !== null && !promoRefused ? quoteError : null;
  // Why the order cannot be placed, said beside the button that stopped working.
  const hint = blockingError
    ? refusalText(blockingError)
    : later && !chosenTime
      ? t`Choose a time`
      : needsCard
        ? t`Add a card to pay with it`
        : undefined;
  useMainButton(
    body
      ? {
          text: submitText(total),
          onClick: submit,
          progress: sending,
          disabled: sending || (later && !chosenTime) || blockingError !== null || needsCard,
          ...(hint ? { hint } : {}),
        }
      : null,
  );

  // Refused for an item: the menu is read again, so the basket line says which (also without the
  // menu's live stream).
  const refusedCode = blockingError?.code ?? place.error?.code ?? null;
  useEffect(() => {
    if (refusedCode && ITEM_REFUSALS.has(refusedCode))
      void client.invalidateQueries({ queryKey: [...queryKeys.brand(merchant.id), "menu"] });
  }, [client, refusedCode, merchant.id]);

  const errorRef = useErrorInView(blockingError?.code ?? place.error?.code ?? (place.error ? "error" : null));

  const openPlace = () => {
    const path = addressFlowPath({
      serviceType,
      loggedIn: true,
      savedAddresses: 0,
      inMiniApp: getPlatform().kind !== "web",
    });
    navigate(`${path}${path.includes("?") ? "&" : "?"}redirect=%2Fcheckout`);
  };

  return {
    refusalText,
    change,
    form,
    table,
    draft,
    setServiceType: orderDraft.setServiceType,
    later,
    branchId,
    slots,
    ...cardChoice,
    quote,
    quoteData,
    totals: quoteData?.totals,
    promoRefused,
    blockingError,
    place,
    sending,
    submit,
    errorRef,
    openPlace,
  };
}

/** What the checkout's sections render. */
export type Checkout = ReturnType<typeof useCheckout>;

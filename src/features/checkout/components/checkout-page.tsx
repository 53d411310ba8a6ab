import { useLingui } from "@lingui/react/macro";
import { useAtomValue } from "jotai";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { Link } from "wouter";
import { navigate } from "wouter/use-browser-location";
import { useFormatMinor } from "../../../shared/brand/price.tsx";
import type { WorkHourType } from "../../../domain/enums.ts";
import type { StorefrontPaymentType } from "../../../domain/offer.ts";
import type { WorkHoursEntry } from "../../../domain/hours.ts";
import { toMinor } from "../../../domain/money.ts";
import { pickText } from "../../../domain/multilingual.ts";
import { laterSlots } from "../../../domain/order-time.ts";
import { errorText } from "../../../lib/api-client.ts";
import { useBasket, useBasketSummary } from "../../../shared/basket/basket.ts";
import {
  addressFlowPath,
  useOrderDraft,
  type DraftServiceType,
} from "../../../shared/order-draft/order-draft.ts";
import { sessionAtom } from "../../../shared/session/session-atom.ts";
import { useRequiredTenant } from "../../../shared/brand/tenant.ts";
import { useContentLanguage } from "../../../lib/use-content-language.ts";
import { usePageTitle } from "../../../shared/brand/use-page-title.ts";
import { getPlatform } from "../../../platform/index.ts";
import { useSavedCards } from "../../../shared/payments/cards.ts";
import { PaymentIcon } from "./payment-icon.tsx";
import { useMainButton } from "../../../platform/react.ts";
import { useBranch } from "../api/get-branch-hours.ts";
import { usePlaceOrder } from "../api/place-order.ts";
import { useOrderQuote } from "../api/quote-order.ts";
import { buildOrderRequest, orderBranchId } from "../build-order-request.ts";
import { useCheckoutForm } from "../use-checkout-form.ts";
import "./checkout.css";

function hoursFor(workHours: readonly WorkHoursEntry[], type: WorkHourType): WorkHoursEntry[] {
  // The same fallback as the server: a branch without hours of its own for the type uses its pickup hours.
  const own = workHours.find((w) => w.type === type) ?? workHours.find((w) => w.type === "PICK_UP");
  return own ? [{ type, hours: own.hours }] : [];
}

/** /checkout: service, place, time, payment, promo, cashback, notes and the server's totals. */
export function CheckoutPage() {
  const { t } = useLingui();
  const session = useAtomValue(sessionAtom);
  const basket = useBasket();
  usePageTitle(t`Checkout`);
  if (basket.items.length === 0) {
    return (
      <div className="page checkout">
        <h1 className="page__title">{t`Checkout`}</h1>
        <p>{t`Your basket is empty`}</p>
        <Link href="/" className="button-link">
          {t`To the menu`}
        </Link>
      </div>
    );
  }
  if (!session.token || !session.user) {
    return (
      <div className="page checkout">
        <h1 className="page__title">{t`Checkout`}</h1>
        <p>{t`Log in to order and to track your orders.`}</p>
        <Link href="/login?redirect=%2Fcheckout" className="button-link">
          {t`Log in`}
        </Link>
      </div>
    );
  }
  if (!session.user.phone) {
    // Signed in by Telegram without sharing the contact: the courier and the restaurant need a phone,
    // so it is proven by the code login first (the server adds it to this same account).
    return (
      <div className="page checkout">
        <h1 className="page__title">{t`Checkout`}</h1>
        <p>{t`Add your phone number to place the order: the restaurant and the courier will call it if needed.`}</p>
        <Link href="/login?redirect=%2Fcheckout" className="button-link">
          {t`Add a phone number`}
        </Link>
      </div>
    );
  }
  return <CheckoutForm />;
}

function CheckoutForm() {
  const { t } = useLingui();
  const lang = useContentLanguage();
  const { merchant, settings } = useRequiredTenant();
  const basket = useBasket();
  const summary = useBasketSummary();
  const orderDraft = useOrderDraft();
  const { draft, nearestBranch } = orderDraft;
  const format = useFormatMinor();
  const ids = {
    comment: useId(),
    courier: useId(),
    promo: useId(),
    day: useId(),
    time: useId(),
    rName: useId(),
    rPhone: useId(),
  };

  const form = useCheckoutForm(settings, draft.serviceType, {
    inClickMiniApp: getPlatform().kind === "click",
  });
  const { services, payments, serviceType, paymentType } = form;
  const { later, day, time, promoInput, promoCode, useCashback, cashbackBalance } = form.state;
  const { comment, courierComment, receiverName, receiverPhone } = form.state;
  const place = usePlaceOrder({ onPlaced: form.placed });
  const cards = useSavedCards(merchant.id, settings.cardActive);
  const verifiedCards = (cards.data ?? []).filter((c) => c.isVerified);
  const [cardChoice, setCardChoice] = useState<string | null>(null);
  const chosenCard = verifiedCards.find((c) => c.id === cardChoice) ?? verifiedCards[0] ?? null;
  const needsCard = paymentType === "CARD" && !chosenCard;
  const sending = place.isPending;

  const checkoutDraft = { serviceType, address: draft.address, branch: draft.branch, nearestBranch };
  const branchId = orderBranchId(checkoutDraft);
  const branch = useBranch(branchId);
  const workType: WorkHourType = serviceType;
  const slots = useMemo(
    () =>
      branch.data
        ? laterSlots(hoursFor(branch.data.workHours, workType), workType, new Date(), merchant.timezone)
        : [],
    [branch.data, workType, merchant.timezone],
  );
  const days = [...new Set(slots.map((s) => s.day))];
  const chosenDay = days.includes(day) ? day : (days[0] ?? "");
  const times = slots.filter((s) => s.day === chosenDay).map((s) => s.time);
  const chosenTime = times.includes(time) ? time : (times[0] ?? "");

  const address = serviceType === "DELIVERY" ? draft.address : null;

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
  const quote = useOrderQuote(later && !chosenTime ? null : body, later);
  const [quoteError, quoteData] = quote.data ?? [null, null];
  // The balance comes with each quote; kept so a failed quote does not hide the cashback choice.
  const quoteBalance = quoteData?.cashbackBalance;
  const { setCashbackBalance } = form;
  useEffect(() => {
    if (quoteBalance !== undefined) setCashbackBalance(quoteBalance);
  }, [quoteBalance, setCashbackBalance]);
  const promoRefused = quoteError && promoCode && quoteError.code?.startsWith("PROMO_") ? quoteError : null;

  const submit = () => {
    if (!body || sending || needsCard) return;
    place.mutate({ body, later, cardId: paymentType === "CARD" ? (chosenCard?.id ?? null) : null });
  };

  const total = quoteData ? toMinor(quoteData.totals.totalPrice) : null;
  const blockingError = quoteError !== null && !promoRefused ? quoteError : null;
  // Why the order cannot be placed, said beside the button that stopped working.
  const hint = blockingError
    ? errorText(blockingError)
    : later && !chosenTime
      ? t`Choose a time`
      : needsCard
        ? t`Add a card to pay with it`
        : undefined;
  useMainButton(
    body
      ? {
          text: total !== null ? t`Place the order · ${format(total)}` : t`Place the order`,
          onClick: submit,
          progress: sending,
          disabled: sending || (later && !chosenTime) || blockingError !== null || needsCard,
          ...(hint ? { hint } : {}),
        }
      : null,
  );

  // A refusal appears where the customer is looking: scrolled into view (it is also announced).
  const errorRef = useRef<HTMLParagraphElement>(null);
  const shownError = blockingError?.code ?? place.error?.code ?? (place.error ? "error" : null);
  useEffect(() => {
    if (!shownError) return;
    const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    errorRef.current?.scrollIntoView({ block: "center", behavior: reduced ? "auto" : "smooth" });
  }, [shownError]);

  const openPlace = () => {
    const path = addressFlowPath({
      serviceType,
      loggedIn: true,
      savedAddresses: 0,
      inMiniApp: getPlatform().kind !== "web",
    });
    navigate(`${path}${path.includes("?") ? "&" : "?"}redirect=%2Fcheckout`);
  };

  const serviceLabel: Record<DraftServiceType, string> = {
    DELIVERY: t`Delivery`,
    PICK_UP: t`Pickup`,
    DINE_IN: t`Dine-in`,
  };
  const paymentLabel: Record<StorefrontPaymentType, string> = {
    CASH: t`Cash`,
    TERMINAL: t`Card via terminal`,
    PAYME: t`Payme`,
    CLICK: t`Click`,
    CLICK_MINI_APP: t`Click`,
    CARD: t`Card`,
  };
  const totals = quoteData?.totals;

  return (
    <form
      className="page checkout"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      noValidate
    >
      <h1 className="page__title">{t`Checkout`}</h1>

      {services.length > 1 && (
        <fieldset className="checkout__group">
          <legend>{t`How to get it`}</legend>
          <div className="checkout__choices">
            {services.map((s) => (
              <label key={s} className="checkout__choice">
                <input
                  type="radio"
                  name="serviceType"
                  checked={serviceType === s}
                  onChange={() => {
                    orderDraft.setServiceType(s);
                  }}
                />
                {serviceLabel[s]}
              </label>
            ))}
          </div>
        </fieldset>
      )}

      <section className="checkout__group" aria-labelledby="checkout-place">
        <h2 id="checkout-place" className="checkout__heading">
          {serviceType === "DELIVERY" ? t`Delivery address` : t`Branch`}
        </h2>
        <p className="checkout__place" data-testid="checkout-place">
          {serviceType === "DELIVERY"
            ? address
              ? address.description || address.name
              : t`No address chosen`
            : draft.branch
              ? `${pickText(draft.branch.name, lang)}${draft.branch.address ? `, ${pickText(draft.branch.address, lang)}` : ""}`
              : t`No branch chosen`}
        </p>
        <button type="button" className="button-link" onClick={openPlace}>
          {serviceType === "DELIVERY"
            ? address
              ? t`Change the address`
              : t`Choose an address`
            : draft.branch
              ? t`Change the branch`
              : t`Choose a branch`}
        </button>
      </section>

      <fieldset className="checkout__group">
        <legend>{t`When`}</legend>
        <div className="checkout__choices">
          <label className="checkout__choice">
            <input
              type="radio"
              name="when"
              checked={!later}
              onChange={() => {
                form.set({ later: false });
              }}
            />
            {t`As soon as possible`}
          </label>
          <label className="checkout__choice">
            <input
              type="radio"
              name="when"
              checked={later}
              onChange={() => {
                form.set({ later: true });
              }}
            />
            {t`At a set time`}
          </label>
        </div>
        {later &&
          (slots.length === 0 ? (
            <p className="field-error" role="alert">
              {branchId
                ? t`The branch has no open hours in the coming days`
                : t`Choose the address or branch first`}
            </p>
          ) : (
            <div className="checkout__row">
              <label htmlFor={ids.day}>{t`Day`}</label>
              <select
                id={ids.day}
                value={chosenDay}
                onChange={(e) => {
                  form.set({ day: e.target.value });
                }}
              >
                {days.map((d) => (
                  <option key={d} value={d}>
                    {d.split("-").reverse().join(".")}
                  </option>
                ))}
              </select>
              <label htmlFor={ids.time}>{t`Time`}</label>
              <select
                id={ids.time}
                value={chosenTime}
                onChange={(e) => {
                  form.set({ time: e.target.value });
                }}
              >
                {times.map((x) => (
                  <option key={x} value={x}>
                    {x}
                  </option>
                ))}
              </select>
            </div>
          ))}
      </fieldset>

      <fieldset className="checkout__group">
        <legend>{t`Payment`}</legend>
        <div className="checkout__choices">
          {payments.map((p) => (
            <label key={p} className="checkout__choice">
              <input
                type="radio"
                name="paymentType"
                checked={paymentType === p}
                onChange={() => {
                  form.set({ paymentType: p });
                }}
              />
              <PaymentIcon type={p} />
              {paymentLabel[p]}
            </label>
          ))}
        </div>
        {paymentType === "CARD" && (
          <div className="checkout__cards" data-testid="checkout-cards">
            {cards.isPending ? (
              <p className="checkout__place" role="status">{t`Loading your cards…`}</p>
            ) : cards.isError ? (
              <p className="field-error" role="alert">
                {t`Your cards could not be loaded.`}{" "}
                <button type="button" className="button-link" onClick={() => void cards.refetch()}>
                  {t`Try again`}
                </button>
              </p>
            ) : verifiedCards.length === 0 ? (
              <p className="checkout__place">{t`You have no saved cards yet.`}</p>
            ) : (
              <div className="checkout__choices" role="radiogroup" aria-label={t`Pay with the card`}>
                {verifiedCards.map((c) => (
                  <label key={c.id} className="checkout__choice">
                    <input
                      type="radio"
                      name="savedCard"
                      checked={chosenCard?.id === c.id}
                      onChange={() => {
                        setCardChoice(c.id);
                      }}
                    />
                    <span dir="ltr">{c.number}</span>
                    <span className="checkout__card-type">
                      {c.type === "HUMO" ? "Humo" : c.type === "UZCARD" ? "Uzcard" : ""}
                    </span>
                  </label>
                ))}
              </div>
            )}
            <Link href="/profile/cards/create?redirect=%2Fcheckout" className="button-link">
              {t`Add a card`}
            </Link>
          </div>
        )}
      </fieldset>

      {settings.promoActive && (
        <div className="checkout__group">
          <label htmlFor={ids.promo} className="checkout__heading">
            {t`Promo code`}
          </label>
          <div className="checkout__row">
            <input
              id={ids.promo}
              className="checkout__input"
              value={promoInput}
              autoComplete="off"
              onChange={(e) => {
                form.set({ promoInput: e.target.value });
              }}
              aria-invalid={Boolean(promoRefused)}
            />
            <button
              type="button"
              className="button-link"
              onClick={() => {
                form.applyPromo();
              }}
            >
              {t`Apply`}
            </button>
          </div>
          {promoRefused && (
            <p className="field-error" role="alert" data-testid="promo-error">
              {errorText(promoRefused)}
            </p>
          )}
          {promoCode && !promoRefused && totals && totals.promo > 0 && (
            <p className="checkout__ok" role="status" data-testid="promo-applied">
              {t`Promo code ${promoCode} applied: −${format(toMinor(totals.promo))}`}
            </p>
          )}
        </div>
      )}

      {settings.cashbackActive && cashbackBalance > 0 && (
        <label className="checkout__choice checkout__group">
          <input
            type="checkbox"
            checked={useCashback}
            onChange={(e) => {
              form.set({ useCashback: e.target.checked });
            }}
          />
          {t`Pay with cashback (balance ${format(toMinor(cashbackBalance))})`}
        </label>
      )}

      <div className="checkout__group">
        <label htmlFor={ids.comment} className="checkout__heading">
          {t`Comment`}
        </label>
        <textarea
          id={ids.comment}
          className="checkout__input"
          rows={2}
          maxLength={1000}
          value={comment}
          onChange={(e) => {
            form.set({ comment: e.target.value });
          }}
        />
        {serviceType === "DELIVERY" && (
          <>
            <label htmlFor={ids.courier} className="checkout__heading">
              {t`Comment for the courier`}
            </label>
            <textarea
              id={ids.courier}
              className="checkout__input"
              rows={2}
              maxLength={1000}
              value={courierComment}
              onChange={(e) => {
                form.set({ courierComment: e.target.value });
              }}
            />
          </>
        )}
      </div>

      {settings.receiverActive && (
        <fieldset className="checkout__group">
          <legend>{t`Someone else receives it`}</legend>
          <label htmlFor={ids.rName}>{t`Name`}</label>
          <input
            id={ids.rName}
            className="checkout__input"
            value={receiverName}
            onChange={(e) => {
              form.set({ receiverName: e.target.value });
            }}
          />
          <label htmlFor={ids.rPhone}>{t`Phone`}</label>
          <input
            id={ids.rPhone}
            className="checkout__input"
            type="tel"
            value={receiverPhone}
            onChange={(e) => {
              form.set({ receiverPhone: e.target.value });
            }}
          />
        </fieldset>
      )}

      <section className="checkout__group" aria-labelledby="checkout-totals">
        <h2 id="checkout-totals" className="checkout__heading">
          {t`Total`}
        </h2>
        {blockingError && (
          <p className="field-error" role="alert" data-testid="quote-error" ref={errorRef}>
            {errorText(blockingError)}
          </p>
        )}
        <dl className="checkout-totals" data-testid="checkout-totals" aria-busy={quote.isFetching}>
          <div>
            <dt>{t`Products (${summary.count})`}</dt>
            <dd>{format(totals ? toMinor(totals.productPrice) : summary.price)}</dd>
          </div>
          <div>
            <dt>{t`Discounts`}</dt>
            <dd>−{format(totals ? toMinor(totals.productDiscount) : summary.discount)}</dd>
          </div>
          {serviceType === "DELIVERY" && (
            <div>
              <dt>{t`Delivery`}</dt>
              <dd>
                {totals
                  ? format(toMinor(totals.deliveryPrice))
                  : draft.deliveryPrice !== null
                    ? format(toMinor(draft.deliveryPrice))
                    : "—"}
              </dd>
            </div>
          )}
          {totals && totals.servicePrice > 0 && (
            <div>
              <dt>{t`Service fee`}</dt>
              <dd>{format(toMinor(totals.servicePrice))}</dd>
            </div>
          )}
          {totals && totals.promo > 0 && (
            <div>
              <dt>{t`Promo code`}</dt>
              <dd data-testid="totals-promo">−{format(toMinor(totals.promo))}</dd>
            </div>
          )}
          {totals && totals.cashback > 0 && (
            <div>
              <dt>{t`Cashback`}</dt>
              <dd>−{format(toMinor(totals.cashback))}</dd>
            </div>
          )}
          <div className="checkout-totals__total">
            <dt>{t`Total`}</dt>
            <dd data-testid="checkout-total">{totals ? format(toMinor(totals.totalPrice)) : "—"}</dd>
          </div>
        </dl>
        {quoteData && quoteData.cashbackEarned > 0 && (
          <p className="checkout__note">{t`You will earn ${format(toMinor(quoteData.cashbackEarned))} cashback`}</p>
        )}
      </section>

      {place.error && (
        <p
          className="field-error"
          role="alert"
          data-testid="submit-error"
          ref={blockingError ? undefined : errorRef}
        >
          {errorText(place.error)}
        </p>
      )}
      <p className="visually-hidden" aria-live="polite">
        {sending ? t`Sending the order` : ""}
      </p>
    </form>
  );
}

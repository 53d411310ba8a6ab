import { useLingui } from "@lingui/react/macro";
import { useAtomValue } from "jotai";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { Section } from "@telegram-apps/telegram-ui";
import { Link, Redirect } from "wouter";
import { loginHref } from "../../../components/login-prompt.tsx";
import { navigate } from "wouter/use-browser-location";
import { ActionButton } from "../../../components/action-button.tsx";
import { ChoiceRow } from "../../../components/choice-row.tsx";
import { PinIcon, StoreIcon } from "../../../components/icons.tsx";
import { SectionTitle } from "../../../components/list-row.tsx";
import { SelectField, TextAreaField, TextField } from "../../../components/text-field.tsx";
import { useFormatMinor } from "../../../shared/brand/price.tsx";
import type { WorkHourType } from "../../../domain/enums.ts";
import { paymentChannelOfHost, paymentPlace, type StorefrontPaymentType } from "../../../domain/offer.ts";
import { toMinor } from "../../../domain/money.ts";
import { pickText } from "../../../domain/multilingual.ts";
import { laterSlots } from "../../../domain/order-time.ts";
import { errorText } from "../../../lib/api-client.ts";
import { useBasket, useBasketSummary } from "../../../shared/basket/basket.ts";
import { AddressText } from "../../../shared/geo/address-text.tsx";
import {
  addressFlowPath,
  useOrderDraft,
  type DraftServiceType,
} from "../../../shared/order-draft/order-draft.ts";
import { leaveTable, useTableSession } from "../../../shared/table/table-session.ts";
import { sessionAtom } from "../../../shared/session/session-atom.ts";
import { useRequiredTenant } from "../../../shared/brand/tenant.ts";
import { useContentLanguage } from "../../../lib/use-content-language.ts";
import { usePageTitle } from "../../../shared/brand/use-page-title.ts";
import { getPlatform } from "../../../platform/index.ts";
import { notify } from "../../../lib/notify.ts";
import { shareTelegramContact } from "../../../shared/session/host-sign-in.ts";
import { useSavedCards } from "../../../shared/payments/cards.ts";
import { PaymentIcon } from "./payment-icon.tsx";
import { useMainButton } from "../../../platform/react.ts";
import { useBranch } from "../api/get-branch-hours.ts";
import { usePlaceOrder } from "../api/place-order.ts";
import { useOrderQuote } from "../api/quote-order.ts";
import { buildOrderRequest, orderBranchId } from "../build-order-request.ts";
import { useCheckoutForm } from "../use-checkout-form.ts";
import "./checkout.css";

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
        <div className="checkout__state">
          <p>{t`Your basket is empty`}</p>
          <Link href="/" asChild>
            <ActionButton Component="a">{t`To the menu`}</ActionButton>
          </Link>
        </div>
      </div>
    );
  }
  // A guest goes straight to the login form, which returns here: a page with only a "Log in"
  // button in between would be one more tap for nothing.
  if (!session.token || !session.user) return <Redirect to={loginHref("/checkout")} replace />;
  if (!session.user.phone) return <PhoneNeeded />;
  return <CheckoutForm />;
}

/**
 * Signed in by Telegram without a phone: the courier and the restaurant need one, so it is asked
 * for here, where the order needs it, and not when the app opens. Inside Telegram its own popup
 * asks at once (the signed contact puts the phone on this account); declined, or elsewhere, the
 * code login proves it (the server adds it to this same account).
 */
function PhoneNeeded() {
  const { t } = useLingui();
  const { sub, merchant } = useRequiredTenant();
  const host = getPlatform();
  const canShare = host.kind === "telegram" && Boolean(host.initData);
  const [asking, setAsking] = useState(false);
  const asked = useRef(false);

  const share = () => {
    setAsking(true);
    void shareTelegramContact(host, { sub, merchantId: merchant.id }).then((outcome) => {
      setAsking(false);
      if (outcome.status === "failed") notify({ kind: "error", text: errorText(outcome.error) });
    });
  };
  useEffect(() => {
    if (!canShare || asked.current) return;
    asked.current = true;
    share();
    // Asked once when the page opens; the button asks again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [canShare]);

  return (
    <div className="page checkout">
      <h1 className="page__title">{t`Checkout`}</h1>
      <p>{t`Add your phone number to place the order: the restaurant and the courier will call it if needed.`}</p>
      <div className="checkout__state">
        {canShare && (
          <ActionButton onClick={share} disabled={asking}>
            {t`Share my phone number`}
          </ActionButton>
        )}
        <Link href="/login?redirect=%2Fcheckout" className="button-link">
          {canShare ? t`Enter another number` : t`Add a phone number`}
        </Link>
      </div>
    </div>
  );
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
    serviceTitle: useId(),
    whenTitle: useId(),
    paymentTitle: useId(),
    receiverTitle: useId(),
    cardsTitle: useId(),
  };

  // At a table (its QR code) the order is dine-in at the table's branch, paid as the QR channel allows.
  const table = useTableSession();
  const form = useCheckoutForm(
    settings,
    table ? "DINE_IN" : draft.serviceType,
    paymentPlace(table ? "QR" : paymentChannelOfHost(getPlatform().kind), settings.channelPaymentTypes),
  );
  const { services, payments, serviceType, paymentType } = form;
  const { day, time, promoInput, promoCode, useCashback, cashbackBalance } = form.state;
  const later = form.state.later && !table;
  const { comment, courierComment, receiverName, receiverPhone } = form.state;
  const place = usePlaceOrder({ onPlaced: form.placed });
  const cards = useSavedCards(merchant.id, settings.cardActive);
  const verifiedCards = (cards.data ?? []).filter((c) => c.isVerified);
  const [cardChoice, setCardChoice] = useState<string | null>(null);
  const chosenCard = verifiedCards.find((c) => c.id === cardChoice) ?? verifiedCards[0] ?? null;
  const needsCard = paymentType === "CARD" && !chosenCard;
  const sending = place.isPending;

  const checkoutDraft = {
    serviceType,
    address: draft.address,
    branch: table ? table.branch : draft.branch,
    nearestBranch,
    table: table ? { id: table.table.id, hallId: table.hall.id } : null,
  };
  const branchId = orderBranchId(checkoutDraft);
  const branch = useBranch(branchId);
  const workType: WorkHourType = serviceType;
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
    PAYME: t`Pay on Payme's page`,
    CLICK: t`Click`,
    CLICK_MINI_APP: t`Click`,
    UZUM: t`Uzum Bank`,
    CARD: t`Pay with a saved card`,
  };
  const cardTypeName = (type: string | null) =>
    type === "HUMO" ? "Humo" : type === "UZCARD" ? "Uzcard" : "";
  const totals = quoteData?.totals;
  const productDiscount = totals ? toMinor(totals.productDiscount) : summary.discount;

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

      {services.length > 1 && !table && (
        <Section
          className="savat-section"
          role="radiogroup"
          aria-labelledby={ids.serviceTitle}
          header={<SectionTitle id={ids.serviceTitle}>{t`How to get it`}</SectionTitle>}
        >
          {services.map((s) => (
            <ChoiceRow
              key={s}
              name="serviceType"
              checked={serviceType === s}
              onChange={() => {
                orderDraft.setServiceType(s);
              }}
            >
              {serviceLabel[s]}
            </ChoiceRow>
          ))}
        </Section>
      )}

      {table ? (
        <Section
          className="savat-section"
          aria-labelledby="checkout-place"
          header={<SectionTitle id="checkout-place">{t`Dine-in at your table`}</SectionTitle>}
        >
          <div className="checkout-place">
            <span className="checkout-place__icon" aria-hidden="true">
              <StoreIcon />
            </span>
            <p className="checkout-place__text" data-testid="checkout-place">
              {[
                t`Table ${table.table.name}`,
                pickText(table.hall.name, lang),
                pickText(table.branch.name, lang),
              ]
                .filter(Boolean)
                .join(" · ")}
            </p>
            <ActionButton
              kind="secondary"
              size="s"
              onClick={() => {
                leaveTable(merchant.sub);
              }}
            >
              {t`Not at the table?`}
            </ActionButton>
          </div>
        </Section>
      ) : (
        <Section
          className="savat-section"
          aria-labelledby="checkout-place"
          header={
            <SectionTitle id="checkout-place">
              {serviceType === "DELIVERY" ? t`Delivery address` : t`Branch`}
            </SectionTitle>
          }
        >
          <div className="checkout-place">
            <span className="checkout-place__icon" aria-hidden="true">
              {serviceType === "DELIVERY" ? <PinIcon /> : <StoreIcon />}
            </span>
            <p
              className={`checkout-place__text${(serviceType === "DELIVERY" ? address : draft.branch) ? "" : " checkout-place__text--empty"}`}
              data-testid="checkout-place"
            >
              {serviceType === "DELIVERY" ? (
                address ? (
                  <AddressText address={address} className="checkout-place" />
                ) : (
                  t`No address chosen`
                )
              ) : draft.branch ? (
                `${pickText(draft.branch.name, lang)}${draft.branch.address ? `, ${pickText(draft.branch.address, lang)}` : ""}`
              ) : (
                t`No branch chosen`
              )}
            </p>
            <ActionButton kind="secondary" size="s" onClick={openPlace}>
              {serviceType === "DELIVERY"
                ? address
                  ? t`Change the address`
                  : t`Choose an address`
                : draft.branch
                  ? t`Change the branch`
                  : t`Choose a branch`}
            </ActionButton>
          </div>
        </Section>
      )}

      {!table && (
        <Section
          className="savat-section"
          role="radiogroup"
          aria-labelledby={ids.whenTitle}
          header={<SectionTitle id={ids.whenTitle}>{t`When`}</SectionTitle>}
        >
          <ChoiceRow
            name="when"
            checked={!later}
            onChange={() => {
              form.set({ later: false });
            }}
          >
            {t`As soon as possible`}
          </ChoiceRow>
          <ChoiceRow
            name="when"
            checked={later}
            onChange={() => {
              form.set({ later: true });
            }}
          >
            {t`At a set time`}
          </ChoiceRow>
        </Section>
      )}
      {later &&
        (slots.length === 0 ? (
          <p className="field-error checkout__slot-error" role="alert">
            {branchId
              ? t`The branch has no open hours in the coming days`
              : t`Choose the address or branch first`}
          </p>
        ) : (
          <div className="checkout__slots">
            <SelectField
              id={ids.day}
              label={t`Day`}
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
            </SelectField>
            <SelectField
              id={ids.time}
              label={t`Time`}
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
            </SelectField>
          </div>
        ))}

      <Section
        className="savat-section"
        role="radiogroup"
        aria-labelledby={ids.paymentTitle}
        header={<SectionTitle id={ids.paymentTitle}>{t`Payment`}</SectionTitle>}
      >
        {payments.map((p) => (
          <ChoiceRow
            key={p}
            name="paymentType"
            checked={paymentType === p}
            onChange={() => {
              form.set({ paymentType: p });
            }}
          >
            <span className="checkout__payment">
              <PaymentIcon type={p} />
              {p === "CARD" && chosenCard ? (
                // A saved card is named by itself: what the customer pays with, not a second "Card"
                // beside Payme's page (both are card payments).
                <>
                  <span dir="ltr">{chosenCard.number}</span>
                  <span className="checkout__card-type">{cardTypeName(chosenCard.type)}</span>
                </>
              ) : (
                paymentLabel[p]
              )}
            </span>
          </ChoiceRow>
        ))}
      </Section>

      {paymentType === "CARD" && (
        <Section
          className="savat-section checkout__cards"
          data-testid="checkout-cards"
          header={
            verifiedCards.length === 1 ? undefined : (
              <SectionTitle id={ids.cardsTitle}>{t`Pay with the card`}</SectionTitle>
            )
          }
        >
          {cards.isPending ? (
            <p className="checkout__note" role="status">{t`Loading your cards…`}</p>
          ) : cards.isError ? (
            <p className="field-error" role="alert">
              {t`Your cards could not be loaded.`}{" "}
              <button type="button" className="button-link" onClick={() => void cards.refetch()}>
                {t`Try again`}
              </button>
            </p>
          ) : verifiedCards.length === 0 ? (
            <p className="checkout__note">{t`You have no saved cards yet.`}</p>
          ) : verifiedCards.length === 1 ? null : (
            // One card is the payment row itself; several are chosen here.
            <div role="radiogroup" aria-labelledby={ids.cardsTitle}>
              {verifiedCards.map((c) => (
                <ChoiceRow
                  key={c.id}
                  name="savedCard"
                  checked={chosenCard?.id === c.id}
                  onChange={() => {
                    setCardChoice(c.id);
                  }}
                >
                  <span className="checkout__payment">
                    <span dir="ltr">{c.number}</span>
                    <span className="checkout__card-type">{cardTypeName(c.type)}</span>
                  </span>
                </ChoiceRow>
              ))}
            </div>
          )}
          <Link href="/profile/cards/create?redirect=%2Fcheckout" className="button-link checkout__add-card">
            {t`Add a card`}
          </Link>
        </Section>
      )}

      {settings.cashbackActive && cashbackBalance > 0 && (
        <Section className="savat-section">
          <ChoiceRow
            type="checkbox"
            checked={useCashback}
            onChange={(checked) => {
              form.set({ useCashback: checked });
            }}
          >
            {t`Pay with cashback (balance ${format(toMinor(cashbackBalance))})`}
          </ChoiceRow>
        </Section>
      )}

      <Section className="savat-section">
        <div className="checkout__fields">
          {settings.promoActive && (
            <div className="checkout__promo">
              <div className="checkout__promo-row">
                <TextField
                  id={ids.promo}
                  label={t`Promo code`}
                  value={promoInput}
                  autoComplete="off"
                  autoCapitalize="characters"
                  onChange={(e) => {
                    form.set({ promoInput: e.target.value });
                  }}
                  aria-invalid={Boolean(promoRefused)}
                />
                <ActionButton
                  kind="secondary"
                  size="m"
                  className="checkout__apply"
                  onClick={() => {
                    form.applyPromo();
                  }}
                >
                  {t`Apply`}
                </ActionButton>
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
          <TextAreaField
            id={ids.comment}
            label={t`Comment`}
            rows={2}
            maxLength={1000}
            value={comment}
            onChange={(e) => {
              form.set({ comment: e.target.value });
            }}
          />
          {serviceType === "DELIVERY" && (
            <TextAreaField
              id={ids.courier}
              label={t`Comment for the courier`}
              rows={2}
              maxLength={1000}
              value={courierComment}
              onChange={(e) => {
                form.set({ courierComment: e.target.value });
              }}
            />
          )}
        </div>
      </Section>

      {settings.receiverActive && (
        <Section
          className="savat-section"
          role="group"
          aria-labelledby={ids.receiverTitle}
          header={<SectionTitle id={ids.receiverTitle}>{t`Someone else receives it`}</SectionTitle>}
        >
          <div className="checkout__fields">
            <TextField
              id={ids.rName}
              label={t`Name`}
              autoComplete="name"
              value={receiverName}
              onChange={(e) => {
                form.set({ receiverName: e.target.value });
              }}
            />
            <TextField
              id={ids.rPhone}
              label={t`Phone`}
              type="tel"
              dir="ltr"
              autoComplete="tel"
              value={receiverPhone}
              onChange={(e) => {
                form.set({ receiverPhone: e.target.value });
              }}
            />
          </div>
        </Section>
      )}

      <Section
        className="savat-section checkout__totals"
        aria-labelledby="checkout-totals"
        header={<SectionTitle id="checkout-totals">{t`Total`}</SectionTitle>}
      >
        <div className="checkout__totals-body">
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
            {/* A discount line only when there is a discount ("−0" reads like a mistake). */}
            {productDiscount > 0 && (
              <div>
                <dt>{t`Discounts`}</dt>
                <dd>−{format(productDiscount)}</dd>
              </div>
            )}
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
        </div>
      </Section>

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

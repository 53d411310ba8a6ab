import { useLingui } from "@lingui/react/macro";
import { Section } from "@telegram-apps/telegram-ui";
import { useId } from "react";
import { Link } from "wouter";
import { ChoiceRow } from "../../../components/choice-row.tsx";
import { SectionTitle } from "../../../components/list-row.tsx";
import type { StorefrontPaymentType } from "../../../domain/offer.ts";
import type { Checkout } from "../use-checkout.ts";
import { PaymentIcon } from "../../../shared/payments/payment-icon.tsx";
import { usePaymentLooks } from "../../../shared/payments/payment-look.ts";

const cardTypeName = (type: string | null) => (type === "HUMO" ? "Humo" : type === "UZCARD" ? "Uzcard" : "");

/** How to pay, and with a saved card which one. */
export function PaymentSection({ checkout }: { checkout: Checkout }) {
  const { t } = useLingui();
  const paymentTitle = useId();
  const { form, chosenCard } = checkout;
  const { payments, paymentType } = form;
  const lookOf = usePaymentLooks();
  // The storefront's own words, where the brand gave its method no title.
  const paymentLabel: Record<StorefrontPaymentType, string> = {
    CASH: t`Cash`,
    TERMINAL: t`Card via terminal`,
    OTHER: t`Another way, on receipt`,
    PAYME: t`Pay on Payme's page`,
    CLICK: t`Click`,
    CLICK_MINI_APP: t`Click`,
    UZUM: t`Uzum Bank`,
    CARD: t`Pay with a saved card`,
  };
  return (
    <>
      <Section
        className="savat-section"
        role="radiogroup"
        aria-labelledby={paymentTitle}
        header={<SectionTitle id={paymentTitle}>{t`Payment`}</SectionTitle>}
      >
        {payments.map((p) => {
          const look = lookOf(p);
          return (
            <ChoiceRow
              key={p}
              name="paymentType"
              checked={paymentType === p}
              onChange={() => {
                form.set({ paymentType: p });
              }}
            >
              <span className="checkout__payment">
                <PaymentIcon type={p} icon={look.icon} />
                {p === "CARD" && chosenCard ? (
                  // A saved card is named by itself: what the customer pays with, not a second "Card"
                  // beside Payme's page (both are card payments).
                  <>
                    <span dir="ltr">{chosenCard.number}</span>
                    <span className="checkout__card-type">{cardTypeName(chosenCard.type)}</span>
                  </>
                ) : (
                  (look.title ?? paymentLabel[p])
                )}
              </span>
            </ChoiceRow>
          );
        })}
      </Section>
      {paymentType === "CARD" && <CardsSection checkout={checkout} />}
    </>
  );
}

function CardsSection({ checkout }: { checkout: Checkout }) {
  const { t } = useLingui();
  const cardsTitle = useId();
  const { cards, verifiedCards, chosenCard, setCardChoice } = checkout;
  return (
    <Section
      className="savat-section checkout__cards"
      data-testid="checkout-cards"
      header={
        verifiedCards.length === 1 ? undefined : (
          <SectionTitle id={cardsTitle}>{t`Pay with the card`}</SectionTitle>
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
        <div role="radiogroup" aria-labelledby={cardsTitle}>
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
  );
}

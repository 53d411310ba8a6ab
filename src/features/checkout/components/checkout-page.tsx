import { useLingui } from "@lingui/react/macro";
import { useAtomValue } from "jotai";
import { Link, Redirect } from "wouter";
import { ActionButton } from "../../../components/action-button.tsx";
import { loginHref } from "../../../components/login-prompt.tsx";
import { useBasket } from "../../../shared/basket/basket.ts";
import { usePageTitle } from "../../../shared/brand/use-page-title.ts";
import { sessionAtom } from "../../../shared/session/session-atom.ts";
import { ChangeBanner } from "../../../shared/order-change/change-banner.tsx";
import { useCheckout } from "../use-checkout.ts";
import { CashbackSection, NotesSection, ReceiverSection } from "./extras-section.tsx";
import { PaymentSection } from "./payment-section.tsx";
import { PhoneNeeded } from "./phone-needed.tsx";
import { PlaceSection } from "./place-section.tsx";
import { ServiceSection } from "./service-section.tsx";
import { TimeSection } from "./time-section.tsx";
import { SubmitStatus, TotalsSection } from "./totals-section.tsx";
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
        <ChangeBanner />
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

/** The form: its sections in the order the customer decides, all fed by one useCheckout. */
function CheckoutForm() {
  const { t } = useLingui();
  const checkout = useCheckout();
  return (
    <form
      className="page checkout"
      onSubmit={(e) => {
        e.preventDefault();
        checkout.submit();
      }}
      noValidate
    >
      <h1 className="page__title">{t`Checkout`}</h1>
      <ChangeBanner />
      <ServiceSection checkout={checkout} />
      <PlaceSection checkout={checkout} />
      <TimeSection checkout={checkout} />
      <PaymentSection checkout={checkout} />
      <CashbackSection checkout={checkout} />
      <NotesSection checkout={checkout} />
      <ReceiverSection checkout={checkout} />
      <TotalsSection checkout={checkout} />
      <SubmitStatus checkout={checkout} />
    </form>
  );
}

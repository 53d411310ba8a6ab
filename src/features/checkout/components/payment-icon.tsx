import type { ReactNode } from "react";
import type { StorefrontPaymentType } from "../../../domain/offer.ts";

// The mark beside each payment choice at checkout. Decorative: the choice's label names the type.
// The online providers show a wordmark in their colours (public/payments/*.svg, drawn for the
// storefront, not the providers' logo files); cash, terminal and card a line icon. Every mark sits in
// the same 40x24 slot so the labels line up.

function Logo({ file }: { file: "payme" | "click" | "uzum" }) {
  return (
    <img
      className="checkout__payment-logo"
      src={`/payments/${file}.svg`}
      width={40}
      height={24}
      alt=""
      aria-hidden="true"
      decoding="async"
    />
  );
}

function Line({ children }: { children: ReactNode }) {
  return (
    <svg
      className="checkout__payment-line"
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export function PaymentIcon({ type }: { type: StorefrontPaymentType }) {
  switch (type) {
    case "CASH":
      return (
        <Line>
          <rect x="2.5" y="6" width="19" height="12" rx="2" />
          <circle cx="12" cy="12" r="2.6" />
        </Line>
      );
    case "TERMINAL":
      return (
        <Line>
          <rect x="2.5" y="5.5" width="19" height="13" rx="2" />
          <path d="M2.5 9.5h19M6 15h4" />
        </Line>
      );
    case "PAYME":
      return <Logo file="payme" />;
    case "CLICK":
    case "CLICK_MINI_APP":
      return <Logo file="click" />;
    case "UZUM":
      return <Logo file="uzum" />;
    case "CARD":
      return (
        <Line>
          <rect x="2.5" y="5.5" width="19" height="13" rx="2" />
          <rect x="5.5" y="9" width="4" height="3" rx="0.6" />
          <path d="M6 15.5h3M11 15.5h2M15 15.5h3" />
        </Line>
      );
  }
}

import type { ReactNode } from "react";
import type { PaymentType } from "../../domain/enums.ts";
import "./payment-icon.css";

// The mark beside a payment type (the checkout's choices, an order's payment). Decorative: the label
// beside it names the type. The online providers show a wordmark in their colours
// (public/payments/*.svg, drawn for the storefront, not the providers' logo files); cash, terminal,
// card and the brand's other way a line icon; a brand that gave its payment method an icon shows
// that. Every mark sits in the same 40x24 slot so the labels line up.

function Logo({ file }: { file: string }) {
  return (
    <img
      className="payment-mark"
      src={file.includes("/") ? file : `/payments/${file}.svg`}
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
      className="payment-mark payment-mark--line"
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

export function PaymentIcon({ type, icon }: { type: PaymentType; icon?: string | null }) {
  if (icon) return <Logo file={icon} />;
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
    case "PAYNET":
      return <Logo file="paynet" />;
    case "RAHMAT":
      return <Logo file="rahmat" />;
    case "OTHER":
      // A wallet: paid on receipt in the way the brand's method names.
      return (
        <Line>
          <path d="M4 7.5h14.5a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2h-13a2 2 0 0 1-2-2v-11a2 2 0 0 1 2-2H16" />
          <path d="M20.5 12h-4a1.75 1.75 0 0 0 0 3.5h4" />
        </Line>
      );
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

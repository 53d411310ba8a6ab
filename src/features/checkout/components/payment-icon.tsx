import type { ReactNode } from "react";
import type { StorefrontPaymentType } from "../../../domain/offer.ts";

// The mark beside each payment choice at checkout. Decorative: the choice's label names the type.
// The online providers get a badge in their brand colour (not their trademarked logos).

function Badge({ color, letter }: { color: string; letter: string }) {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <rect x="1" y="1" width="22" height="22" rx="6" fill={color} />
      <text
        x="12"
        y="16.5"
        textAnchor="middle"
        fontSize="14"
        fontWeight="700"
        fontFamily="system-ui, sans-serif"
        fill="#fff"
      >
        {letter}
      </text>
    </svg>
  );
}

function Line({ children }: { children: ReactNode }) {
  return (
    <svg
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
      return <Badge color="#00a7a5" letter="p" />;
    case "CLICK":
    case "CLICK_MINI_APP":
      return <Badge color="#0a5bd6" letter="C" />;
    case "UZUM":
      return <Badge color="#7000ff" letter="U" />;
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

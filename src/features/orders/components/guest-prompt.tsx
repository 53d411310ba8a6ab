import { useLingui } from "@lingui/react/macro";
import { Link } from "wouter";
import { ActionButton } from "../../../components/action-button.tsx";

/** What a guest sees on the order screens: log in to order and to track (spec section 6). */
export function GuestPrompt({ redirect }: { redirect: string }) {
  const { t } = useLingui();
  return (
    <div className="orders-empty">
      <p>{t`Log in to order and to track your orders.`}</p>
      <Link href={`/login?redirect=${encodeURIComponent(redirect)}`} asChild>
        <ActionButton Component="a">{t`Log in`}</ActionButton>
      </Link>
    </div>
  );
}

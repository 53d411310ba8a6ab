import { useLingui } from "@lingui/react/macro";
import { Button } from "@telegram-apps/telegram-ui";
import { useId } from "react";
import { Link, useLocation, useSearch } from "wouter";
import "./login-prompt.css";

/** The /login address that returns to `path` afterwards. */
export function loginHref(path: string): string {
  return `/login?redirect=${encodeURIComponent(path)}`;
}

/**
 * The guest prompt (spec section 6): log in to use everything, to order and to track. Links to
 * /login, which brings the customer back here afterwards. `compact` fits inside another screen.
 */
export function LoginPrompt({ reason, compact = false }: { reason?: string; compact?: boolean }) {
  const { t } = useLingui();
  const [location] = useLocation();
  const search = useSearch();
  const titleId = useId();
  const here = `${location}${search ? `?${search}` : ""}`;
  return (
    <section
      className={`login-prompt${compact ? " login-prompt--compact" : ""}`}
      aria-labelledby={titleId}
      data-testid="login-prompt"
    >
      <h2 id={titleId} className="login-prompt__title">
        {t`Log in to order and to track your orders`}
      </h2>
      <p className="login-prompt__text">{reason ?? t`Log in to use all the features of the shop.`}</p>
      <Link href={loginHref(here)} asChild>
        <Button Component="a" mode="filled" size={compact ? "m" : "l"} stretched={!compact}>
          {t`Log in`}
        </Button>
      </Link>
    </section>
  );
}

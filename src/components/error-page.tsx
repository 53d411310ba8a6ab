import { useLingui } from "@lingui/react/macro";
import { Button } from "@telegram-apps/telegram-ui";
import type { ReactNode } from "react";
import { Link } from "wouter";

/**
 * The generic error page (spec section 2): the status code (500 by default), its status message
 * ("Page Not Found" for 404, otherwise "Internal Server Error") and the message.
 */
export function ErrorPage({
  status = 500,
  message,
  action,
}: {
  status?: number;
  message?: string;
  action?: ReactNode;
}) {
  const { t } = useLingui();
  const statusMessage = status === 404 ? t`Page Not Found` : t`Internal Server Error`;
  return (
    <section className="error-page" aria-labelledby="error-page-title">
      <p className="error-page__status" aria-hidden="true">
        {status}
      </p>
      <h1 id="error-page-title" className="error-page__title">
        <span className="visually-hidden">{status} </span>
        {statusMessage}
      </h1>
      {message && <p className="error-page__message">{message}</p>}
      <div className="error-page__actions">
        {action ?? (
          <Button Component={Link} href="/" mode="filled" size="l">
            {t`Go to the home page`}
          </Button>
        )}
      </div>
    </section>
  );
}

export function NotFoundPage({ path }: { path: string }) {
  const { t } = useLingui();
  return <ErrorPage status={404} message={t`Page not found: ${path}`} />;
}

import { useLingui } from "@lingui/react/macro";
import { Button } from "@telegram-apps/telegram-ui";
import { useId } from "react";

/**
 * What a screen shows when its data did not arrive (offline, a timeout, a server error): what
 * happened and a way to try again, in place of a misleading "nothing here" or the browser's error page.
 */
export function LoadFailed({ onRetry, retrying = false }: { onRetry: () => void; retrying?: boolean }) {
  const { t } = useLingui();
  const titleId = useId();
  return (
    <section className="status-screen load-failed" role="alert" aria-labelledby={titleId}>
      <h2 id={titleId} className="status-screen__title">
        {t`This did not load`}
      </h2>
      <p className="status-screen__description">{t`Check your internet connection and try again.`}</p>
      <div className="status-screen__action">
        <Button size="m" loading={retrying} onClick={onRetry}>
          {t`Try again`}
        </Button>
      </div>
    </section>
  );
}

/** True when the request never got an answer or the server failed: worth trying again. */
export function isRetryable(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status !== "number" || status === 0 || status >= 500;
}

import { useLingui } from "@lingui/react/macro";
import { Spinner } from "@telegram-apps/telegram-ui";

/** Shown while a screen's code or data loads. */
export function PageSpinner() {
  const { t } = useLingui();
  return (
    <div className="page__center" role="status" aria-label={t`Loading`}>
      <Spinner size="m" />
    </div>
  );
}

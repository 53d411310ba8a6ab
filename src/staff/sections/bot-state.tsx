// The brand's bot as Telegram and the outbox see it (issue 41), under the bot token in the brand's
// settings: how its updates come in, how the newest set-up went, Telegram's getWebhookInfo (the
// webhook it calls, updates waiting, its last error), and "set up again" once the cause is fixed.
import { useLingui } from "@lingui/react/macro";
import type { BotState } from "../../domain/contract/back-office-brand.ts";
import { currentLocale } from "../../lib/i18n.ts";
import { refusalText, useBotState, useSetUpBotAgain } from "./brand-api.ts";
import { Failed, Loading } from "./section-frame.tsx";

function when(iso: string): string {
  return new Intl.DateTimeFormat(currentLocale() === "kz" ? "kk" : currentLocale(), {
    dateStyle: "medium",
    timeStyle: "short",
  }).format(new Date(iso));
}

export function BotStatePanel({ hasToken }: { hasToken: boolean }) {
  const { t } = useLingui();
  const state = useBotState(hasToken);
  const again = useSetUpBotAgain();
  return (
    <section className="brand-fieldset bot-state" aria-labelledby="bot-state-title" data-testid="bot-state">
      <h2 id="bot-state-title" className="staff-subtitle">{t`The bot with Telegram`}</h2>
      {!hasToken ? (
        <p className="brand-choice__hint">
          {t`No bot token yet. Save the token @BotFather gave you, and Savat sets the bot up: its menu button, commands and descriptions.`}
        </p>
      ) : state.isPending ? (
        <Loading />
      ) : state.isError ? (
        <Failed onRetry={() => void state.refetch()} error={state.error} />
      ) : (
        <>
          <StateRows state={state.data} />
          {again.isError && (
            <p className="staff-note staff-note--warning" role="alert">
              {refusalText(again.error, t`The set-up was not asked for. Try again.`)}
            </p>
          )}
          <div className="bot-state__actions">
            <button
              type="button"
              className="staff-button staff-button--small"
              disabled={again.isPending}
              aria-busy={again.isPending}
              onClick={() => {
                again.mutate();
              }}
            >
              {again.isPending ? t`Asking…` : t`Set up again`}
            </button>
            <button
              type="button"
              className="staff-button staff-button--small"
              disabled={state.isFetching}
              aria-busy={state.isFetching}
              onClick={() => void state.refetch()}
            >
              {t`Check again`}
            </button>
          </div>
        </>
      )}
    </section>
  );
}

function StateRows({ state }: { state: BotState }) {
  const { t } = useLingui();
  const updates =
    state.updates === "webhook"
      ? t`Telegram sends the bot's messages to this server's webhook.`
      : state.updates === "polling"
        ? t`This server asks Telegram for the bot's messages (long polling).`
        : t`This server does not take the bot's messages (TELEGRAM_UPDATES=off).`;
  const setup = state.setup;
  const telegram = state.telegram;
  return (
    <>
      <p className="brand-choice__hint">{updates}</p>
      <div role="status" aria-live="polite">
        {setup === null ? null : setup.state === "PENDING" || setup.state === "SENDING" ? (
          <p className="staff-note" aria-busy="true">{t`Setting the bot up with Telegram…`}</p>
        ) : setup.state === "FAILED" ? (
          <p className="staff-note staff-note--warning">{t`The set-up failed: ${setup.lastError ?? "—"}`}</p>
        ) : (
          <p className="staff-note">{t`Set up with Telegram on ${when(setup.doneAt ?? setup.requestedAt)}.`}</p>
        )}
      </div>
      {telegram === null ? null : telegram.reachable ? (
        <dl className="bot-state__facts">
          <dt>{t`Webhook`}</dt>
          <dd dir="ltr">{telegram.webhookUrl || t`None: the server asks for messages`}</dd>
          <dt>{t`Messages waiting`}</dt>
          <dd>{telegram.pendingUpdateCount}</dd>
          <dt>{t`Telegram's last error`}</dt>
          <dd>
            {telegram.lastErrorMessage
              ? `${telegram.lastErrorAt ? `${when(telegram.lastErrorAt)}: ` : ""}${telegram.lastErrorMessage}`
              : t`None`}
          </dd>
        </dl>
      ) : (
        <p className="staff-note staff-note--warning">{t`Telegram did not answer: ${telegram.error}`}</p>
      )}
    </>
  );
}

// The brand's signed webhooks (issue 38, owner only): the addresses of the brand's own systems that
// hear of orders and menu changes, each with the events it asked for; its secret shown once (made or
// rolled) with a copy button; pause, edit, remove after a confirmation; the delivery log with each
// delivery's state, tries, next try and the receiver's answer, "send again" and a test event.
import { useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import type {
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointWithSecret,
} from "../../domain/contract/back-office-webhooks.ts";
import { WEBHOOK_EVENTS, type WebhookDeliveryState, type WebhookEventType } from "../../domain/webhooks.ts";
import { currentLocale } from "../../lib/i18n.ts";
import { StaffDialog } from "../dialog.tsx";
import { refusalText } from "./brand-api.ts";
import { Empty, Failed, Loading, SectionFrame, Switch } from "./section-frame.tsx";
import type { StaffSectionProps } from "./types.ts";
import {
  useWebhookChange,
  useWebhookDeliveries,
  useWebhookEndpoints,
  useWebhookSend,
} from "./webhooks-api.ts";
import "./brand-sections.css";
import "./webhooks.css";

function useEventNames(): Record<WebhookEventType | "webhook.test", string> {
  const { t } = useLingui();
  return {
    "order.placed": t`Order placed`,
    "order.paid": t`Order paid`,
    "order.status_changed": t`Order status changed`,
    "order.changed": t`Order changed by the customer`,
    "order.cancelled": t`Order cancelled`,
    "order.refunded": t`Order refunded`,
    "menu.changed": t`Menu changed`,
    "webhook.test": t`Test event`,
  };
}

function useStateNames(): Record<WebhookDeliveryState, string> {
  const { t } = useLingui();
  return { PENDING: t`Queued`, SENDING: t`Sending`, DELIVERED: t`Received`, FAILED: t`Failed` };
}

/** A moment as date and time, on the brand's clock. */
function momentOf(iso: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(currentLocale() === "kz" ? "kk" : currentLocale(), {
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(iso));
}

export default function WebhooksSection({ timeZone }: StaffSectionProps) {
  const { t } = useLingui();
  const [editing, setEditing] = useState<WebhookEndpoint | "new" | null>(null);
  const [secret, setSecret] = useState<WebhookEndpointWithSecret | null>(null);
  return (
    <SectionFrame
      title={t`Webhooks`}
      lead={t`Your own systems (accounting, a kitchen screen, a CRM) hear of orders and menu changes at once. Each delivery is signed with the endpoint's secret and retried for a day.`}
      actions={
        <button
          type="button"
          className="staff-button staff-button--primary"
          onClick={() => {
            setEditing("new");
          }}
        >
          {t`New endpoint`}
        </button>
      }
    >
      <Endpoints onEdit={setEditing} onSecret={setSecret} timeZone={timeZone} />
      {editing && (
        <EndpointForm
          endpoint={editing === "new" ? null : editing}
          onClose={() => {
            setEditing(null);
          }}
          onMade={(made) => {
            setEditing(null);
            setSecret(made);
          }}
        />
      )}
      {secret && (
        <SecretDialog
          made={secret}
          onClose={() => {
            setSecret(null);
          }}
        />
      )}
    </SectionFrame>
  );
}

function Endpoints({
  onEdit,
  onSecret,
  timeZone,
}: {
  onEdit: (endpoint: WebhookEndpoint) => void;
  onSecret: (made: WebhookEndpointWithSecret) => void;
  timeZone: string | undefined;
}) {
  const { t } = useLingui();
  const list = useWebhookEndpoints();
  const [refusal, setRefusal] = useState<string | null>(null);
  if (list.isPending) return <Loading />;
  if (list.isError) return <Failed onRetry={() => void list.refetch()} error={list.error} />;
  if (list.data.length === 0)
    return (
      <Empty
        title={t`No webhooks yet`}
        text={t`Add the address of a system that should hear of new orders with “New endpoint”.`}
      />
    );
  return (
    <>
      {refusal && (
        <p className="staff-note staff-note--warning" role="alert">
          {refusal}
        </p>
      )}
      <ul className="staff-list webhook-list" aria-label={t`Webhook endpoints`}>
        {list.data.map((endpoint) => (
          <EndpointRow
            key={endpoint.id}
            endpoint={endpoint}
            onEdit={onEdit}
            onSecret={onSecret}
            onRefused={setRefusal}
            timeZone={timeZone}
          />
        ))}
      </ul>
    </>
  );
}

function EndpointRow({
  endpoint,
  onEdit,
  onSecret,
  onRefused,
  timeZone,
}: {
  endpoint: WebhookEndpoint;
  onEdit: (endpoint: WebhookEndpoint) => void;
  onSecret: (made: WebhookEndpointWithSecret) => void;
  onRefused: (text: string | null) => void;
  timeZone: string | undefined;
}) {
  const { t } = useLingui();
  const names = useEventNames();
  const states = useStateNames();
  const change = useWebhookChange();
  const send = useWebhookSend(endpoint.id);
  const [open, setOpen] = useState(false);
  const logId = useId();
  const failed = (e: unknown) => {
    onRefused(refusalText(e, t`This was not saved. Check your internet connection and try again.`));
  };
  return (
    <li className={`staff-row webhook${endpoint.enabled ? "" : " staff-row--off"}`}>
      <div className="staff-row__main">
        <div className="staff-row__text">
          <span className="staff-row__title webhook__url">
            <bdi dir="ltr">{endpoint.url}</bdi>
          </span>
          <span className="staff-row__meta webhook__events">
            {endpoint.events.map((e) => (
              <span key={e} className="staff-badge staff-badge--muted">
                {names[e]}
              </span>
            ))}
            {!endpoint.enabled && <span className="staff-badge staff-badge--off">{t`Paused`}</span>}
            {endpoint.enabled && endpoint.lastState && (
              <span
                className={`staff-badge webhook-state webhook-state--${endpoint.lastState.toLowerCase()}`}
              >
                {t`Last: ${states[endpoint.lastState]}`}
              </span>
            )}
          </span>
          <span className="webhook__hint">{t`Secret ends in …${endpoint.secretHint}`}</span>
        </div>
        <Switch
          checked={endpoint.enabled}
          label={t`Webhook to ${endpoint.url} is on`}
          disabled={change.isPending}
          onChange={(enabled) => {
            onRefused(null);
            change.mutate({ kind: "update", id: endpoint.id, body: { enabled } }, { onError: failed });
          }}
        />
      </div>
      <div className="webhook__actions">
        <button
          type="button"
          className="staff-button"
          aria-expanded={open}
          aria-controls={logId}
          onClick={() => {
            setOpen((v) => !v);
          }}
        >
          {open ? t`Hide the log` : t`Delivery log`}
        </button>
        <button
          type="button"
          className="staff-button"
          disabled={send.isPending || !endpoint.enabled}
          onClick={() => {
            onRefused(null);
            send.mutate(
              { kind: "test" },
              {
                onSuccess: () => {
                  setOpen(true);
                },
                onError: failed,
              },
            );
          }}
        >
          {t`Send test event`}
        </button>
        <button
          type="button"
          className="staff-button"
          onClick={() => {
            onEdit(endpoint);
          }}
        >
          {t`Edit`}
        </button>
        <button
          type="button"
          className="staff-button"
          disabled={change.isPending}
          onClick={() => {
            onRefused(null);
            change.mutate(
              { kind: "roll", id: endpoint.id },
              {
                onSuccess: (made) => {
                  if (made && "secret" in made) onSecret(made);
                },
                onError: failed,
              },
            );
          }}
        >
          {t`New secret`}
        </button>
        <RemoveEndpoint endpoint={endpoint} onRefused={onRefused} />
      </div>
      {open && (
        <div id={logId}>
          <DeliveryLog endpointId={endpoint.id} timeZone={timeZone} onRefused={onRefused} />
        </div>
      )}
    </li>
  );
}

/** Remove, after a confirmation. */
function RemoveEndpoint({
  endpoint,
  onRefused,
}: {
  endpoint: WebhookEndpoint;
  onRefused: (text: string | null) => void;
}) {
  const { t } = useLingui();
  const change = useWebhookChange();
  const [confirming, setConfirming] = useState(false);
  const failed = (e: unknown) => {
    onRefused(refusalText(e, t`This was not saved. Check your internet connection and try again.`));
  };
  return (
    <>
      {confirming ? (
        <>
          <button
            type="button"
            className="staff-button staff-button--danger"
            disabled={change.isPending}
            onClick={() => {
              onRefused(null);
              change.mutate({ kind: "remove", id: endpoint.id }, { onError: failed });
            }}
          >
            {t`Yes, remove it`}
          </button>
          <button
            type="button"
            className="staff-button"
            onClick={() => {
              setConfirming(false);
            }}
          >
            {t`Cancel`}
          </button>
        </>
      ) : (
        <button
          type="button"
          className="staff-button"
          onClick={() => {
            setConfirming(true);
          }}
        >
          {t`Remove`}
        </button>
      )}
    </>
  );
}

function DeliveryLog({
  endpointId,
  timeZone,
  onRefused,
}: {
  endpointId: string;
  timeZone: string | undefined;
  onRefused: (text: string | null) => void;
}) {
  const { t } = useLingui();
  const names = useEventNames();
  const states = useStateNames();
  const log = useWebhookDeliveries(endpointId);
  const send = useWebhookSend(endpointId);
  if (log.isPending) return <Loading />;
  if (log.isError) return <Failed onRetry={() => void log.refetch()} error={log.error} />;
  if (log.data.length === 0)
    return <Empty title={t`Nothing sent yet`} text={t`Deliveries show here as events happen.`} />;
  const answer = (d: WebhookDelivery) =>
    [d.lastStatus === null ? null : `HTTP ${String(d.lastStatus)}`, d.lastError ?? d.lastResponse]
      .filter(Boolean)
      .join(" · ");
  return (
    <table className="staff-table webhook-log">
      <caption className="visually-hidden">{t`Deliveries, newest first`}</caption>
      <thead>
        <tr>
          <th scope="col">{t`Event`}</th>
          <th scope="col">{t`Status`}</th>
          <th scope="col">{t`Tries`}</th>
          <th scope="col">{t`Next try`}</th>
          <th scope="col">{t`Answer`}</th>
          <th scope="col">
            <span className="visually-hidden">{t`Actions`}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {log.data.map((d) => (
          <tr key={d.id}>
            <td>
              <span className="webhook-log__event">{names[d.type]}</span>
              <span className="webhook-log__when">{momentOf(d.createdDate, timeZone)}</span>
            </td>
            <td>
              <span className={`staff-badge webhook-state webhook-state--${d.state.toLowerCase()}`}>
                {states[d.state]}
              </span>
            </td>
            <td>{d.attempts}</td>
            <td>{d.nextAttemptAt ? momentOf(d.nextAttemptAt, timeZone) : "—"}</td>
            <td className="webhook-log__answer">
              <bdi dir="ltr">{answer(d) || "—"}</bdi>
            </td>
            <td>
              <button
                type="button"
                className="staff-button"
                disabled={send.isPending || d.state === "SENDING"}
                onClick={() => {
                  onRefused(null);
                  send.mutate(
                    { kind: "again", deliveryId: d.id },
                    {
                      onError: (e) => {
                        onRefused(
                          refusalText(
                            e,
                            t`This was not saved. Check your internet connection and try again.`,
                          ),
                        );
                      },
                    },
                  );
                }}
              >
                {t`Send again`}
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function EndpointForm({
  endpoint,
  onClose,
  onMade,
}: {
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
  onMade: (made: WebhookEndpointWithSecret) => void;
}) {
  const { t } = useLingui();
  const id = useId();
  const names = useEventNames();
  const change = useWebhookChange();
  const [url, setUrl] = useState(endpoint?.url ?? "https://");
  const [events, setEvents] = useState<WebhookEventType[]>(endpoint?.events ?? ["order.placed"]);
  const [errors, setErrors] = useState<{ url?: string; events?: string; form?: string }>({});

  const submit = () => {
    const found: typeof errors = {};
    if (!URL.canParse(url.trim()) || !/^https?:\/\//i.test(url.trim()))
      found.url = t`An address like https://example.com/hooks`;
    if (events.length === 0) found.events = t`Choose at least one event.`;
    setErrors(found);
    if (found.url) {
      document.getElementById(`${id}-url`)?.focus();
      return;
    }
    if (found.events) return;
    const onError = (e: unknown) => {
      const text = refusalText(e, t`This was not saved. Check your internet connection and try again.`);
      // The server names the field it refused ("url: ..."): said there.
      setErrors(text.startsWith("url:") ? { url: text.slice(4).trim() } : { form: text });
    };
    if (endpoint)
      change.mutate(
        { kind: "update", id: endpoint.id, body: { url: url.trim(), events } },
        { onSuccess: onClose, onError },
      );
    else
      change.mutate(
        { kind: "create", body: { url: url.trim(), events, enabled: true } },
        {
          onSuccess: (made) => {
            if (made && "secret" in made) onMade(made);
            else onClose();
          },
          onError,
        },
      );
  };

  return (
    <StaffDialog
      title={endpoint ? t`Edit endpoint` : t`New endpoint`}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="staff-button" onClick={onClose}>
            {t`Cancel`}
          </button>
          <button
            type="submit"
            form={`${id}-form`}
            className="staff-button staff-button--primary"
            disabled={change.isPending}
            aria-busy={change.isPending}
          >
            {change.isPending ? t`Saving…` : endpoint ? t`Save` : t`Create`}
          </button>
        </>
      }
    >
      <form
        id={`${id}-form`}
        className="brand-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        {errors.form && (
          <p className="staff-note staff-note--warning" role="alert">
            {errors.form}
          </p>
        )}
        <div className="brand-field">
          <label className="staff-label" htmlFor={`${id}-url`}>
            {t`Address (https)`}
          </label>
          <input
            id={`${id}-url`}
            className="staff-input brand-input"
            dir="ltr"
            type="url"
            inputMode="url"
            autoComplete="off"
            data-autofocus=""
            value={url}
            aria-invalid={errors.url ? true : undefined}
            aria-describedby={errors.url ? `${id}-url-error` : undefined}
            onChange={(e) => {
              setUrl(e.target.value);
            }}
          />
          {errors.url && (
            <p id={`${id}-url-error`} className="staff-error">
              {errors.url}
            </p>
          )}
        </div>
        <fieldset
          className="webhook-events"
          aria-invalid={errors.events ? true : undefined}
          aria-describedby={errors.events ? `${id}-events-error` : undefined}
        >
          <legend className="staff-label">{t`Events to send`}</legend>
          {WEBHOOK_EVENTS.map((event) => (
            <label key={event} className="staff-check">
              <input
                type="checkbox"
                checked={events.includes(event)}
                onChange={(e) => {
                  const on = e.target.checked;
                  setEvents((list) => (on ? [...list, event] : list.filter((x) => x !== event)));
                }}
              />
              {names[event]} <code className="webhook-events__name">{event}</code>
            </label>
          ))}
          {errors.events && (
            <p id={`${id}-events-error`} className="staff-error">
              {errors.events}
            </p>
          )}
        </fieldset>
      </form>
    </StaffDialog>
  );
}

/** The secret, shown this once, with a copy button. */
function SecretDialog({ made, onClose }: { made: WebhookEndpointWithSecret; onClose: () => void }) {
  const { t } = useLingui();
  const [copied, setCopied] = useState<boolean | null>(null);
  return (
    <StaffDialog
      title={t`The endpoint's secret`}
      onClose={onClose}
      footer={
        <button
          type="button"
          className="staff-button staff-button--primary"
          data-autofocus=""
          onClick={onClose}
        >
          {t`I have saved it`}
        </button>
      }
    >
      <p className="staff-note staff-note--warning">
        {t`Copy it now and keep it in the receiving system: it is not shown again. Check each delivery's Savat-Signature header with it.`}
      </p>
      <div className="webhook-secret">
        <code className="webhook-secret__value" dir="ltr" aria-label={t`Secret`}>
          {made.secret}
        </code>
        <button
          type="button"
          className="staff-button"
          onClick={() => {
            navigator.clipboard.writeText(made.secret).then(
              () => {
                setCopied(true);
              },
              () => {
                setCopied(false);
              },
            );
          }}
        >
          {t`Copy`}
        </button>
      </div>
      <p className="webhook-secret__status" role="status">
        {copied === true
          ? t`Copied.`
          : copied === false
            ? t`Could not copy: select the text and copy it.`
            : ""}
      </p>
      <p className="webhook__hint">
        <bdi dir="ltr">{made.endpoint.url}</bdi>
      </p>
    </StaffDialog>
  );
}

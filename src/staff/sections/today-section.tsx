// Today at the branch: open or closed for the day (a holiday), delivery on or off for the day, a
// pause of every service or of delivery for 30 minutes (back on by itself), the hours the
// storefront shows, and the day's totals (orders, revenue paid and what is not paid yet, revenue by
// payment type, time to ready).
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import type { BranchToday } from "../../domain/contract/staff.ts";
import type { WorkHourType } from "../../domain/enums.ts";
import { DEFAULT_TIME_ZONE, PAUSE_MINUTES } from "../../domain/hours.ts";
import { StaffDialog } from "../dialog.tsx";
import { useBranchToday, useSetPause, useSetToday } from "./api.ts";
import { PAYMENT_LABELS, SERVICE_LABELS } from "./labels.ts";
import { ChooseBranch, clockOf, Failed, Loading, moneyOf, SectionFrame, Switch } from "./section-frame.tsx";
import type { StaffSectionProps } from "./types.ts";

export default function TodaySection({ branchId, timeZone = DEFAULT_TIME_ZONE }: StaffSectionProps) {
  const { t } = useLingui();
  return (
    <SectionFrame title={t`Today at the branch`}>
      {branchId === null ? <ChooseBranch /> : <Today branchId={branchId} timeZone={timeZone} />}
    </SectionFrame>
  );
}

/** A day switch or a pause waiting for its confirmation. */
type DayChange = { closed: boolean } | { deliveryOff: boolean } | { pause: WorkHourType[] };

/** The services the branch offers guests at all (a pause of "everything" pauses these). */
function offeredServices(d: BranchToday): WorkHourType[] {
  const services: WorkHourType[] = [];
  if (d.deliveryOffered) services.push("DELIVERY");
  if (d.pickupOffered) services.push("PICK_UP");
  if (d.dineInOffered) services.push("DINE_IN");
  return services;
}

/** Until when all of `services` are paused (the latest end), or null when one of them is not. */
function pausedUntil(d: BranchToday, services: readonly WorkHourType[]): string | null {
  if (services.length === 0) return null;
  let until: string | null = null;
  for (const type of services) {
    const pause = d.paused.find((p) => p.type === type);
    if (!pause) return null;
    if (until === null || pause.until > until) until = pause.until;
  }
  return until;
}

/** "Pause for 30 minutes", or "Paused until 19:40" with "Resume now". */
function PauseControl({
  until,
  timeZone,
  busy,
  pauseLabel,
  onPause,
  onResume,
}: {
  until: string | null;
  timeZone: string;
  busy: boolean;
  pauseLabel: string;
  onPause: () => void;
  onResume: () => void;
}) {
  const { t } = useLingui();
  if (until) {
    const clock = clockOf(until, timeZone);
    return (
      <div className="staff-pause staff-pause--on" data-testid="pause-state">
        <span className="staff-pause__text">
          <span className="staff-pause__dot" aria-hidden="true" />
          {t`Paused until ${clock}`}
        </span>
        <button
          type="button"
          className="staff-button staff-button--primary"
          disabled={busy}
          onClick={onResume}
        >
          {t`Resume now`}
        </button>
      </div>
    );
  }
  return (
    <div className="staff-pause">
      <button type="button" className="staff-button" disabled={busy} onClick={onPause}>
        {pauseLabel}
      </button>
    </div>
  );
}

/** What guests can still order with delivery off: only what is true of this branch today. */
function withoutDelivery(d: BranchToday, closed: boolean): MessageDescriptor {
  if (closed) return msg`Guests cannot order from this branch until tomorrow.`;
  if (d.pickupOffered && d.dineInOffered) return msg`Guests can still pick up or eat in.`;
  if (d.pickupOffered) return msg`Guests can still pick up.`;
  if (d.dineInOffered) return msg`Guests can still eat in.`;
  return msg`Guests cannot order from this branch today.`;
}

/** Asks before a switch or a pause turns guests away. */
function AskDialog({
  asking,
  today: d,
  onBack,
  onConfirm,
}: {
  asking: DayChange;
  today: BranchToday;
  onBack: () => void;
  onConfirm: () => void;
}) {
  const { t, i18n } = useLingui();
  const minutes = PAUSE_MINUTES;
  const pauseOfDelivery = "pause" in asking && asking.pause.length === 1 && asking.pause[0] === "DELIVERY";
  return (
    <StaffDialog
      title={
        "pause" in asking
          ? pauseOfDelivery
            ? t`Pause delivery for ${minutes} minutes?`
            : t`Pause all orders for ${minutes} minutes?`
          : "closed" in asking
            ? t`Close the branch for today?`
            : t`Switch delivery off for today?`
      }
      onClose={onBack}
      footer={
        <>
          <button type="button" className="staff-button" onClick={onBack}>
            {t`Back`}
          </button>
          <button type="button" className="staff-button staff-button--danger-filled" onClick={onConfirm}>
            {"pause" in asking
              ? t({ message: "Pause", context: "a branch's service, for a short while" })
              : "closed" in asking
                ? t`Close for today`
                : t`Switch delivery off`}
          </button>
        </>
      }
    >
      <p className="staff-note">
        {"pause" in asking
          ? pauseOfDelivery
            ? i18n._(withoutDelivery(d, false))
            : t`Guests cannot order from this branch meanwhile.`
          : "closed" in asking
            ? t`Guests cannot order from this branch until tomorrow.`
            : i18n._(withoutDelivery(d, false))}{" "}
        {"pause" in asking
          ? t`It comes back by itself in ${minutes} minutes, or when you resume it.`
          : t`It opens again by itself tomorrow.`}
      </p>
    </StaffDialog>
  );
}

function Today({ branchId, timeZone }: { branchId: string; timeZone: string }) {
  const { t, i18n } = useLingui();
  const today = useBranchToday(branchId);
  const set = useSetToday(branchId);
  const pause = useSetPause(branchId);
  const [asking, setAsking] = useState<DayChange | null>(null);
  if (today.isPending) return <Loading />;
  if (today.isError) return <Failed onRetry={() => void today.refetch()} error={today.error} />;
  const d = today.data;
  const pending = set.isPending ? set.variables : undefined;
  const closed = pending?.closed ?? d.closed;
  const deliveryOff = pending?.deliveryOff ?? d.deliveryOff;
  // Switching something off turns guests away: it is asked first. Switching back on is at once.
  const change = (next: DayChange) => {
    if ("pause" in next || ("closed" in next && next.closed) || ("deliveryOff" in next && next.deliveryOff))
      setAsking(next);
    else set.mutate(next);
  };
  const confirm = (asked: DayChange) => {
    if ("pause" in asked) pause.mutate({ services: asked.pause, paused: true });
    else set.mutate(asked);
  };
  const services = offeredServices(d);
  const allPaused = pausedUntil(d, services);
  const deliveryPaused = pausedUntil(d, ["DELIVERY"]);
  const pauseBusy = pause.isPending || set.isPending;
  const minutes = PAUSE_MINUTES;

  return (
    <div className="staff-today">
      <div className="staff-cards">
        <article className={`staff-card${closed || allPaused ? " staff-card--alert" : ""}`}>
          <div className="staff-card__row">
            <div>
              <h2 className="staff-card__title">
                {closed ? t`Closed for today` : allPaused ? t`Orders paused` : t`Open today`}
              </h2>
              <p className="staff-card__text">
                {closed
                  ? t`Guests cannot order from this branch until tomorrow.`
                  : allPaused
                    ? t`Guests cannot order from this branch until the pause ends; it ends by itself.`
                    : d.openNow
                      ? t`Taking orders now.`
                      : t`Outside working hours now.`}
              </p>
            </div>
            <Switch
              checked={!closed}
              disabled={set.isPending}
              label={t`Branch open today`}
              onChange={(on) => {
                change({ closed: !on });
              }}
            />
          </div>
          {!closed && services.length > 0 ? (
            <PauseControl
              until={allPaused}
              timeZone={timeZone}
              busy={pauseBusy}
              pauseLabel={t`Pause all orders for ${minutes} minutes`}
              onPause={() => {
                change({ pause: services });
              }}
              onResume={() => {
                pause.mutate({ services, paused: false });
              }}
            />
          ) : null}
        </article>
        {d.deliveryOffered && (
          <article
            className={`staff-card${deliveryOff || closed || deliveryPaused ? " staff-card--alert" : ""}`}
            data-testid="delivery-card"
          >
            <div className="staff-card__row">
              <div>
                <h2 className="staff-card__title">
                  {deliveryOff ? t`Delivery off today` : deliveryPaused ? t`Delivery paused` : t`Delivery on`}
                </h2>
                <p className="staff-card__text" data-testid="delivery-today-text">
                  {deliveryOff || closed
                    ? i18n._(withoutDelivery(d, closed))
                    : deliveryPaused
                      ? t`Guests can order delivery again when the pause ends; it ends by itself.`
                      : t`Guests can order delivery.`}
                </p>
              </div>
              <Switch
                checked={!deliveryOff}
                disabled={set.isPending || closed}
                label={t`Delivery today`}
                onChange={(on) => {
                  change({ deliveryOff: !on });
                }}
              />
            </div>
            {!closed && !deliveryOff ? (
              <PauseControl
                until={deliveryPaused}
                timeZone={timeZone}
                busy={pauseBusy}
                pauseLabel={t`Pause delivery for ${minutes} minutes`}
                onPause={() => {
                  change({ pause: ["DELIVERY"] });
                }}
                onResume={() => {
                  pause.mutate({ services: ["DELIVERY"], paused: false });
                }}
              />
            ) : null}
          </article>
        )}
      </div>
      {asking ? (
        <AskDialog
          asking={asking}
          today={d}
          onBack={() => {
            setAsking(null);
          }}
          onConfirm={() => {
            confirm(asking);
            setAsking(null);
          }}
        />
      ) : null}
      {(set.isError || pause.isError) && (
        <p className="staff-inline-error" role="alert">
          {t`The change was not saved. Try again.`}
        </p>
      )}
      <h2 className="staff-subtitle">{t`Hours today`}</h2>
      <dl className="staff-hours">
        {d.hours
          .filter((h) => SERVICE_LABELS[h.type])
          .map((h) => (
            <div key={h.type} className="staff-hours__item">
              <dt>{i18n._(SERVICE_LABELS[h.type] ?? msg`Service`)}</dt>
              <dd dir="ltr">{h.open && h.close ? `${h.open} – ${h.close}` : t`Closed`}</dd>
            </div>
          ))}
      </dl>
      <Totals totals={d.totals} />
    </div>
  );
}

function Totals({ totals }: { totals: BranchToday["totals"] }) {
  const { t, i18n } = useLingui();
  const paymentLabel = (type: string) => {
    const label = PAYMENT_LABELS[type];
    return label ? i18n._(label) : type;
  };
  const minutes = totals.averageReadyMinutes === null ? null : Math.round(totals.averageReadyMinutes);
  return (
    <>
      <h2 className="staff-subtitle">{t`Day totals`}</h2>
      <div className="staff-stats">
        <div className="staff-stat">
          <span className="staff-stat__value">{totals.orders}</span>
          <span className="staff-stat__label">{t`Orders`}</span>
        </div>
        <div className="staff-stat">
          <span className="staff-stat__value">{moneyOf(totals.revenue)}</span>
          <span className="staff-stat__label">{t`Revenue, sum`}</span>
        </div>
        <div className="staff-stat">
          {/* Placed and not paid yet (cash not collected, online not paid): not revenue yet. */}
          <span className="staff-stat__value">{moneyOf(totals.pending)}</span>
          <span className="staff-stat__label">{t`Not paid yet, sum`}</span>
        </div>
        <div className="staff-stat">
          <span className="staff-stat__value">{minutes === null ? "—" : t`${minutes} min`}</span>
          <span className="staff-stat__label">{t`Average time to ready`}</span>
        </div>
        <div className="staff-stat">
          <span className="staff-stat__value">{totals.canceled}</span>
          <span className="staff-stat__label">
            {/* The label of a number of orders ("5 cancelled"), not an order's status. */}
            {t({ message: "Cancelled", context: "count of orders" })}
          </span>
        </div>
      </div>
      {totals.byPaymentType.length > 0 ? (
        <table className="staff-table">
          <caption className="visually-hidden">{t`Revenue by payment type`}</caption>
          <thead>
            <tr>
              <th scope="col">{t`Payment`}</th>
              <th scope="col">{t`Orders`}</th>
              <th scope="col">{t`Revenue, sum`}</th>
            </tr>
          </thead>
          <tbody>
            {totals.byPaymentType.map((p) => (
              <tr key={p.paymentType}>
                <th scope="row">{paymentLabel(p.paymentType)}</th>
                <td>{p.orders}</td>
                <td>{moneyOf(p.revenue)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="staff-state__text">{t`No orders yet today.`}</p>
      )}
    </>
  );
}

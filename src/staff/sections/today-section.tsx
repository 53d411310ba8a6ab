// Today at the branch: open or closed for the day (a holiday), delivery on or off for the day, the
// hours the storefront shows, and the day's totals (orders, revenue paid and what is not paid yet,
// revenue by payment type, time to ready).
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import type { BranchToday } from "../../domain/contract/staff.ts";
import { StaffDialog } from "../dialog.tsx";
import { useBranchToday, useSetToday } from "./api.ts";
import { ChooseBranch, Failed, Loading, moneyOf, SectionFrame, Switch } from "./section-frame.tsx";
import type { StaffSectionProps } from "./types.ts";

const PAYMENT_LABELS: Record<string, MessageDescriptor> = {
  CASH: msg`Cash`,
  TERMINAL: msg`Card at the counter`,
  PAYME: msg`Payme`,
  CLICK: msg`Click`,
  CLICK_MINI_APP: msg`Click`,
  UZUM: msg`Uzum`,
  CARD: msg`Saved card`,
};

const SERVICE_LABELS: Record<string, MessageDescriptor> = {
  DELIVERY: msg`Delivery`,
  PICK_UP: msg`Pickup`,
  DINE_IN: msg`In the hall`,
};

export default function TodaySection({ branchId }: StaffSectionProps) {
  const { t } = useLingui();
  return (
    <SectionFrame title={t`Today at the branch`}>
      {branchId === null ? <ChooseBranch /> : <Today branchId={branchId} />}
    </SectionFrame>
  );
}

/** A day switch waiting for its confirmation. */
type DayChange = { closed: boolean } | { deliveryOff: boolean };

/** What guests can still order with delivery off: only what is true of this branch today. */
function withoutDelivery(d: BranchToday, closed: boolean): MessageDescriptor {
  if (closed) return msg`Guests cannot order from this branch until tomorrow.`;
  if (d.pickupOffered && d.dineInOffered) return msg`Guests can still pick up or eat in.`;
  if (d.pickupOffered) return msg`Guests can still pick up.`;
  if (d.dineInOffered) return msg`Guests can still eat in.`;
  return msg`Guests cannot order from this branch today.`;
}

function Today({ branchId }: { branchId: string }) {
  const { t, i18n } = useLingui();
  const today = useBranchToday(branchId);
  const set = useSetToday(branchId);
  const [asking, setAsking] = useState<DayChange | null>(null);
  if (today.isPending) return <Loading />;
  if (today.isError) return <Failed onRetry={() => void today.refetch()} error={today.error} />;
  const d = today.data;
  const pending = set.isPending ? set.variables : undefined;
  const closed = pending?.closed ?? d.closed;
  const deliveryOff = pending?.deliveryOff ?? d.deliveryOff;
  // Switching something off turns guests away: it is asked first. Switching back on is at once.
  const change = (next: DayChange) => {
    if (("closed" in next && next.closed) || ("deliveryOff" in next && next.deliveryOff)) setAsking(next);
    else set.mutate(next);
  };

  return (
    <div className="staff-today">
      <div className="staff-cards">
        <article className={`staff-card${closed ? " staff-card--alert" : ""}`}>
          <div className="staff-card__row">
            <div>
              <h2 className="staff-card__title">{closed ? t`Closed for today` : t`Open today`}</h2>
              <p className="staff-card__text">
                {closed
                  ? t`Guests cannot order from this branch until tomorrow.`
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
        </article>
        {d.deliveryOffered && (
          <article className={`staff-card${deliveryOff || closed ? " staff-card--alert" : ""}`}>
            <div className="staff-card__row">
              <div>
                <h2 className="staff-card__title">{deliveryOff ? t`Delivery off today` : t`Delivery on`}</h2>
                <p className="staff-card__text" data-testid="delivery-today-text">
                  {deliveryOff || closed ? i18n._(withoutDelivery(d, closed)) : t`Guests can order delivery.`}
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
          </article>
        )}
      </div>
      {asking ? (
        <StaffDialog
          title={"closed" in asking ? t`Close the branch for today?` : t`Switch delivery off for today?`}
          onClose={() => {
            setAsking(null);
          }}
          footer={
            <>
              <button
                type="button"
                className="staff-button"
                onClick={() => {
                  setAsking(null);
                }}
              >
                {t`Back`}
              </button>
              <button
                type="button"
                className="staff-button staff-button--danger-filled"
                onClick={() => {
                  set.mutate(asking);
                  setAsking(null);
                }}
              >
                {"closed" in asking ? t`Close for today` : t`Switch delivery off`}
              </button>
            </>
          }
        >
          <p className="staff-note">
            {"closed" in asking
              ? t`Guests cannot order from this branch until tomorrow.`
              : i18n._(withoutDelivery(d, false))}{" "}
            {t`It opens again by itself tomorrow.`}
          </p>
        </StaffDialog>
      ) : null}
      {set.isError && (
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

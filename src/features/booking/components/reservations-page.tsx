import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Link } from "wouter";
import { ActionButton } from "../../../components/action-button.tsx";
import { LoadFailed } from "../../../components/load-failed.tsx";
import { LoginPrompt } from "../../../components/login-prompt.tsx";
import { PageSpinner } from "../../../components/page-spinner.tsx";
import { UrlSheet, useUrlSheet } from "../../../components/url-sheet.tsx";
import type { ReservationStatus } from "../../../domain/booking.ts";
import type { Reservation } from "../../../domain/contract/reservations.ts";
import { pickText } from "../../../domain/multilingual.ts";
import { notify } from "../../../lib/notify.ts";
import { useContentLanguage } from "../../../lib/use-content-language.ts";
import { useRequiredTenant } from "../../../shared/brand/tenant.ts";
import { usePageTitle } from "../../../shared/brand/use-page-title.ts";
import { useCustomerId } from "../../../shared/session/session-atom.ts";
import { useCancelReservation, useReservations } from "../api/reservations.ts";
import { formatBookingTime } from "./booking-format.ts";
import { CallLink } from "./booking-page.tsx";
import "./booking.css";

export const RESERVATION_STATUS_LABELS: Record<ReservationStatus, MessageDescriptor> = {
  REQUESTED: msg`Awaiting confirmation`,
  CONFIRMED: msg({ message: "Confirmed", context: "reservation" }),
  DECLINED: msg`Declined`,
  CANCELLED: msg({ message: "Cancelled", context: "reservation" }),
  DONE: msg`Visited`,
};

/** /profile/reservations: the customer's table bookings with their status; cancel one ahead of time. */
export function ReservationsPage() {
  const { t } = useLingui();
  usePageTitle(t`My reservations`);
  const userId = useCustomerId();
  return (
    <div className="page booking-page">
      <h1 className="page__title">{t`My reservations`}</h1>
      {userId ? <ReservationList userId={userId} /> : <LoginPrompt reason={t`Log in to book a table`} />}
    </div>
  );
}

function ReservationList({ userId }: { userId: string }) {
  const { t } = useLingui();
  const list = useReservations(userId);
  const [cancelling, setCancelling] = useState<Reservation | null>(null);
  const sheet = useUrlSheet("cancel-reservation");
  const cancel = useCancelReservation(userId);
  if (list.isPending) return <PageSpinner />;
  if (list.isLoadingError)
    return <LoadFailed onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  return (
    <>
      <div className="booking-list__new">
        <Link href="/booking" asChild>
          <ActionButton Component="a" stretched>
            {t`Book a table`}
          </ActionButton>
        </Link>
      </div>
      {list.data.length === 0 ? (
        <p className="booking-empty">{t`No reservations yet`}</p>
      ) : (
        <ul className="booking-list">
          {list.data.map((r) => (
            <ReservationCard
              key={r.id}
              reservation={r}
              onCancel={() => {
                setCancelling(r);
                sheet.open();
              }}
            />
          ))}
        </ul>
      )}
      <UrlSheet name="cancel-reservation" title={t`Are you sure?`}>
        <div className="confirm-sheet">
          <p className="confirm-sheet__text">{t`Cancel the reservation?`}</p>
          <div className="sheet-actions">
            <ActionButton kind="secondary" stretched onClick={sheet.close}>
              {t`No`}
            </ActionButton>
            <ActionButton
              kind="destructive"
              stretched
              loading={cancel.isPending}
              disabled={cancel.isPending || !cancelling}
              onClick={() => {
                if (!cancelling) return;
                cancel.mutate(cancelling.id, {
                  onSuccess: () => {
                    notify({ kind: "success", text: t`The reservation is cancelled` });
                    sheet.close();
                  },
                });
              }}
            >
              {t`Yes`}
            </ActionButton>
          </div>
        </div>
      </UrlSheet>
    </>
  );
}

function ReservationCard({ reservation: r, onCancel }: { reservation: Reservation; onCancel: () => void }) {
  const { t, i18n } = useLingui();
  const lang = useContentLanguage();
  const { merchant } = useRequiredTenant();
  return (
    <li className="booking-card booking-list__item" data-testid="reservation-row">
      <div className="booking-list__head">
        <span className="booking-list__time">{formatBookingTime(r.time, merchant.timezone)}</span>
        <span
          className={`reservation-status reservation-status--${r.status.toLowerCase()}`}
          data-testid="reservation-status"
        >
          {i18n._(RESERVATION_STATUS_LABELS[r.status])}
        </span>
      </div>
      <p className="booking-list__place">
        {pickText(r.branchName, lang)}
        {r.hallName ? ` · ${pickText(r.hallName, lang)}` : ""}
      </p>
      <p className="booking-list__meta">
        {t`Guests`}: {r.guests} · {r.name}
      </p>
      {r.tableName && (r.status === "CONFIRMED" || r.status === "DONE") && (
        <p className="booking-list__table" data-testid="reservation-table">
          {t`Your table: ${r.tableName}`}
        </p>
      )}
      {r.comment && <p className="booking-list__meta">{r.comment}</p>}
      {r.status === "DECLINED" && r.declineReason && (
        <p className="booking-list__reason" data-testid="reservation-decline-reason">
          {t`Reason`}: {r.declineReason}
        </p>
      )}
      <div className="booking-list__actions">
        <CallLink phone={r.bookingPhone} />
        {r.cancellable && (
          <ActionButton kind="destructive" size="s" onClick={onCancel}>
            {t`Cancel the reservation`}
          </ActionButton>
        )}
      </div>
    </li>
  );
}

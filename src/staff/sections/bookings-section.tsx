// The branch's table bookings of a day: requests to confirm or decline (with a reason the guest
// reads), confirmed ones to mark seated.
import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import type { StaffReservation } from "../../domain/contract/reservations.ts";
import { STAFF_TRANSITIONS } from "../../domain/booking.ts";
import { localDate } from "../../domain/hours.ts";
import { displayPhone } from "../../domain/phone.ts";
import { useBookings, useMoveBooking } from "./api.ts";
import { ChooseBranch, clockOf, Empty, Failed, Loading, SectionFrame, textOf } from "./section-frame.tsx";
import type { StaffSectionProps } from "./types.ts";

export default function BookingsSection({ branchId }: StaffSectionProps) {
  const { t } = useLingui();
  const [date, setDate] = useState(() =>
    localDate(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone),
  );
  const dateId = useId();
  return (
    <SectionFrame
      title={t`Bookings`}
      lead={t`Confirm or decline table requests; the guest is told at once.`}
      actions={
        <>
          <label htmlFor={dateId} className="staff-label">
            {t`Day`}
          </label>
          <input
            id={dateId}
            type="date"
            className="staff-input staff-input--date"
            value={date}
            onChange={(e) => {
              if (e.target.value) setDate(e.target.value);
            }}
          />
        </>
      }
    >
      {branchId === null ? <ChooseBranch /> : <Bookings branchId={branchId} date={date} />}
    </SectionFrame>
  );
}

function Bookings({ branchId, date }: { branchId: string; date: string }) {
  const { t } = useLingui();
  const list = useBookings(branchId, date);
  const move = useMoveBooking(branchId);
  if (list.isPending) return <Loading />;
  if (list.isError) return <Failed onRetry={() => void list.refetch()} error={list.error} />;
  const requested = list.data.filter((r) => r.status === "REQUESTED");
  const rest = list.data.filter((r) => r.status !== "REQUESTED");
  if (list.data.length === 0) return <Empty title={t`No bookings on this day`} />;
  return (
    <>
      {move.isError && (
        <p className="staff-inline-error" role="alert">
          {t`The change was not saved. Try again.`}
        </p>
      )}
      {requested.length > 0 && (
        <>
          <h2 className="staff-subtitle">{t`Waiting for an answer (${requested.length})`}</h2>
          <ul className="staff-list staff-list--cards">
            {requested.map((r) => (
              <BookingCard key={r.id} booking={r} move={move} />
            ))}
          </ul>
        </>
      )}
      {rest.length > 0 && (
        <>
          <h2 className="staff-subtitle">{t`Answered`}</h2>
          <ul className="staff-list staff-list--cards">
            {rest.map((r) => (
              <BookingCard key={r.id} booking={r} move={move} />
            ))}
          </ul>
        </>
      )}
    </>
  );
}

function BookingCard({
  booking: r,
  move,
}: {
  booking: StaffReservation;
  move: ReturnType<typeof useMoveBooking>;
}) {
  const { t } = useLingui();
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState("");
  const reasonId = useId();
  const busy = move.isPending && move.variables.id === r.id;
  // Only the moves the shared rule allows from this status are offered.
  const allowed = STAFF_TRANSITIONS[r.status];
  const statusText: Record<StaffReservation["status"], string> = {
    REQUESTED: t`Requested`,
    CONFIRMED: t`Confirmed`,
    DECLINED: t`Declined`,
    CANCELLED: t`Cancelled by the guest`,
    DONE: t`Seated`,
  };
  return (
    <li className={`staff-booking staff-booking--${r.status.toLowerCase()}`}>
      <div className="staff-booking__time">
        <time dateTime={r.time}>{clockOf(r.time)}</time>
        <span className="staff-booking__guests">{t`${plural(r.guests, { one: "# guest", other: "# guests" })}`}</span>
      </div>
      <div className="staff-booking__body">
        <h3 className="staff-booking__name">{r.name}</h3>
        <p className="staff-booking__meta">
          <a href={`tel:${displayPhone(r.phone).tel}`} dir="ltr">
            {displayPhone(r.phone).text}
          </a>
          {r.hallName && <> · {textOf(r.hallName)}</>}
          <span className="staff-badge">{statusText[r.status]}</span>
        </p>
        {r.comment && <p className="staff-booking__comment">{r.comment}</p>}
        {r.declineReason && <p className="staff-booking__comment">{t`Reason: ${r.declineReason}`}</p>}
        {declining && (
          <form
            className="staff-decline"
            onSubmit={(e) => {
              e.preventDefault();
              move.mutate({ id: r.id, status: "DECLINED", reason: reason.trim() || undefined });
            }}
          >
            <label htmlFor={reasonId} className="staff-label">
              {t`Reason for the guest`}
            </label>
            <input
              id={reasonId}
              className="staff-input"
              value={reason}
              maxLength={300}
              autoFocus
              placeholder={t`For example: fully booked that evening`}
              onChange={(e) => {
                setReason(e.target.value);
              }}
            />
            <div className="staff-decline__actions">
              <button type="submit" className="staff-button staff-button--danger" disabled={busy}>
                {t`Decline the booking`}
              </button>
              <button
                type="button"
                className="staff-button"
                onClick={() => {
                  setDeclining(false);
                }}
              >
                {t`Back`}
              </button>
            </div>
          </form>
        )}
      </div>
      {!declining && allowed.length > 0 && (
        <div className="staff-booking__actions">
          {allowed.includes("CONFIRMED") && (
            <button
              type="button"
              className="staff-button staff-button--primary"
              disabled={busy}
              onClick={() => {
                move.mutate({ id: r.id, status: "CONFIRMED" });
              }}
            >
              {t`Confirm`}
            </button>
          )}
          {allowed.includes("DONE") && (
            <button
              type="button"
              className="staff-button staff-button--primary"
              disabled={busy}
              onClick={() => {
                move.mutate({ id: r.id, status: "DONE" });
              }}
            >
              {t`Guests seated`}
            </button>
          )}
          {allowed.includes("DECLINED") && (
            <button
              type="button"
              className="staff-button"
              disabled={busy}
              onClick={() => {
                setDeclining(true);
              }}
            >
              {t`Decline`}
            </button>
          )}
        </div>
      )}
    </li>
  );
}

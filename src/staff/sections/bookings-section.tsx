// The branch's table bookings: on top the inbox of every request still waiting for an answer, from
// today on and whatever day is chosen (of every branch the caller works at under "All branches"),
// the oldest first; below, the chosen day's answered bookings. Staff confirm a request (giving it a
// table of the branch when they choose one), decline it with a reason the guest reads, change the
// table of a confirmed one and mark it seated.
import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import type { StaffReservation } from "../../domain/contract/reservations.ts";
import type { StaffTable } from "../../domain/contract/staff.ts";
import { STAFF_TRANSITIONS } from "../../domain/booking.ts";
import { DEFAULT_TIME_ZONE, localDate } from "../../domain/hours.ts";
import { localMoment } from "../../domain/order-time.ts";
import { displayPhone } from "../../domain/phone.ts";
import { ltr } from "../../lib/format.ts";
import { useAssignTable, useBookingRequests, useBookings, useMoveBooking, useTables } from "./api.ts";
import { clockOf, Empty, Failed, Loading, SectionFrame, textOf } from "./section-frame.tsx";
import type { StaffSectionProps } from "./types.ts";

export default function BookingsSection({ branchId, live, timeZone = DEFAULT_TIME_ZONE }: StaffSectionProps) {
  const { t } = useLingui();
  const [date, setDate] = useState(() => localDate(new Date(), timeZone));
  const dateId = useId();
  return (
    <SectionFrame
      title={t`Bookings`}
      lead={t`Confirm or decline table requests; the guest is told at once.`}
      actions={
        branchId === null ? null : (
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
        )
      }
    >
      <Inbox branchId={branchId} live={live ?? false} timeZone={timeZone} />
      {branchId === null ? (
        <p className="staff-note staff-note--muted">{t`Pick a branch in the branch menu to see a day's bookings.`}</p>
      ) : (
        <DayBookings branchId={branchId} date={date} timeZone={timeZone} />
      )}
    </SectionFrame>
  );
}

/** "Today", "Tomorrow", else the date as digits (no language's month names needed). */
function useDayLabel(timeZone: string): (iso: string) => string {
  const { t } = useLingui();
  const today = localDate(new Date(), timeZone);
  const tomorrow = localDate(
    new Date(localMoment(today, "12:00", timeZone).getTime() + 86_400_000),
    timeZone,
  );
  return (iso: string) => {
    const day = localDate(new Date(iso), timeZone);
    if (day === today) return t`Today`;
    if (day === tomorrow) return t`Tomorrow`;
    const [y, m, d] = day.split("-");
    return ltr(`${d ?? ""}.${m ?? ""}.${y ?? ""}`);
  };
}

function Inbox({ branchId, live, timeZone }: { branchId: string | null; live: boolean; timeZone: string }) {
  const { t } = useLingui();
  const requests = useBookingRequests(branchId, live);
  const move = useMoveBooking();
  const headingId = useId();
  const count = requests.data?.length ?? 0;
  return (
    <section className="staff-inbox" aria-labelledby={headingId} data-testid="booking-inbox">
      <h2 id={headingId} className="staff-subtitle">
        {t`Waiting for an answer`}
        {count > 0 ? <span className="staff-badge staff-badge--count">{count}</span> : null}
      </h2>
      {requests.isPending ? (
        <Loading />
      ) : requests.isError ? (
        <Failed onRetry={() => void requests.refetch()} error={requests.error} />
      ) : count === 0 ? (
        <p className="staff-inbox__empty">{t`No requests are waiting for an answer.`}</p>
      ) : (
        <>
          {move.isError && (
            <p className="staff-inline-error" role="alert">
              {t`The change was not saved. Try again.`}
            </p>
          )}
          <ul className="staff-list staff-list--cards">
            {requests.data.map((r) => (
              <BookingCard
                key={r.id}
                booking={r}
                move={move}
                timeZone={timeZone}
                withDay
                withBranch={branchId === null}
              />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function DayBookings({ branchId, date, timeZone }: { branchId: string; date: string; timeZone: string }) {
  const { t } = useLingui();
  const list = useBookings(branchId, date);
  const move = useMoveBooking();
  if (list.isPending) return <Loading />;
  if (list.isError) return <Failed onRetry={() => void list.refetch()} error={list.error} />;
  // Requests from today on are in the inbox above; a past day's unanswered ones stay here.
  const today = localDate(new Date(), timeZone);
  const shown = list.data.filter((r) => r.status !== "REQUESTED" || date < today);
  return (
    <>
      <h2 className="staff-subtitle">{t`Bookings of the day`}</h2>
      {move.isError && (
        <p className="staff-inline-error" role="alert">
          {t`The change was not saved. Try again.`}
        </p>
      )}
      {shown.length === 0 ? (
        <Empty title={t`No answered bookings on this day`} />
      ) : (
        <ul className="staff-list staff-list--cards" data-testid="day-bookings">
          {shown.map((r) => (
            <BookingCard key={r.id} booking={r} move={move} timeZone={timeZone} />
          ))}
        </ul>
      )}
    </>
  );
}

/** The branch's tables to pick from, grouped by hall; "" = no table. */
function TableChoice({
  branchId,
  value,
  currentName = null,
  onChange,
  disabled,
}: {
  branchId: string;
  value: string;
  /** The name of the table given, should it no longer be among the branch's active ones. */
  currentName?: string | null;
  onChange: (tableId: string) => void;
  disabled: boolean;
}) {
  const { t } = useLingui();
  const id = useId();
  const tables = useTables(branchId);
  const given = { name: currentName };
  const halls = new Map<string, StaffTable[]>();
  for (const table of tables.data ?? []) {
    const hall = textOf(table.hall);
    halls.set(hall, [...(halls.get(hall) ?? []), table]);
  }
  return (
    <span className="staff-table-choice">
      <label htmlFor={id} className="staff-label">
        {t`Table`}
      </label>
      <select
        id={id}
        className="staff-input staff-input--select"
        value={value}
        disabled={disabled || tables.isPending}
        onChange={(e) => {
          onChange(e.target.value);
        }}
      >
        <option value="">{t`No table yet`}</option>
        {value && given.name && !tables.data?.some((table) => table.id === value) ? (
          <option value={value}>{t`Table ${given.name}`}</option>
        ) : null}
        {[...halls].map(([hall, list]) => (
          <optgroup key={hall} label={hall}>
            {list.map((table) => (
              <option key={table.id} value={table.id}>
                {t`Table ${table.name}`} · {t`${plural(table.seats, { one: "# seat", other: "# seats" })}`}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </span>
  );
}

/** The reason the guest reads, asked before a request is declined. */
function DeclineForm({
  busy,
  onDecline,
  onBack,
}: {
  busy: boolean;
  onDecline: (reason: string) => void;
  onBack: () => void;
}) {
  const { t } = useLingui();
  const [reason, setReason] = useState("");
  const reasonId = useId();
  return (
    <form
      className="staff-decline"
      onSubmit={(e) => {
        e.preventDefault();
        if (reason.trim()) onDecline(reason.trim());
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
        required
        placeholder={t`For example: fully booked that evening`}
        onChange={(e) => {
          setReason(e.target.value);
        }}
      />
      <div className="staff-decline__actions">
        <button type="submit" className="staff-button staff-button--danger" disabled={busy}>
          {t`Decline the booking`}
        </button>
        <button type="button" className="staff-button" onClick={onBack}>
          {t`Back`}
        </button>
      </div>
    </form>
  );
}

function BookingCard({
  booking: r,
  move,
  timeZone,
  withDay = false,
  withBranch = false,
}: {
  booking: StaffReservation;
  move: ReturnType<typeof useMoveBooking>;
  timeZone: string;
  /** Show the day too (the inbox spans days). */
  withDay?: boolean;
  /** Show the branch (the inbox of every branch). */
  withBranch?: boolean;
}) {
  const { t } = useLingui();
  const dayLabel = useDayLabel(timeZone);
  const [declining, setDeclining] = useState(false);
  const [table, setTable] = useState("");
  const assign = useAssignTable();
  const busy =
    (move.isPending && move.variables.id === r.id) || (assign.isPending && assign.variables.id === r.id);
  // Only the moves the shared rule allows from this status are offered.
  const allowed = STAFF_TRANSITIONS[r.status];
  const statusText: Record<StaffReservation["status"], string> = {
    REQUESTED: t`Requested`,
    CONFIRMED: t({ message: "Confirmed", context: "reservation" }),
    DECLINED: t`Declined`,
    CANCELLED: t`Cancelled by the guest`,
    DONE: t`Seated`,
  };
  const place = [withBranch ? textOf(r.branchName) : "", r.hallName ? textOf(r.hallName) : ""].filter(
    Boolean,
  );
  return (
    <li
      className={`staff-booking staff-booking--${r.status.toLowerCase()}`}
      data-testid="booking-card"
      aria-label={t`Booking of ${r.name}`}
    >
      <div className="staff-booking__time">
        {withDay ? <span className="staff-booking__day">{dayLabel(r.time)}</span> : null}
        <time dateTime={r.time}>{clockOf(r.time, timeZone)}</time>
        <span className="staff-booking__guests">{t`${plural(r.guests, { one: "# guest", other: "# guests" })}`}</span>
      </div>
      <div className="staff-booking__body">
        <h3 className="staff-booking__name">{r.name}</h3>
        <p className="staff-booking__meta">
          <a href={`tel:${displayPhone(r.phone).tel}`} dir="ltr">
            {displayPhone(r.phone).text}
          </a>
          {place.length > 0 && <> · {place.join(" · ")}</>}
          <span className="staff-badge">{statusText[r.status]}</span>
          {r.tableName ? (
            <span className="staff-badge staff-badge--table" data-testid="booking-table">
              {t`Table ${r.tableName}`}
            </span>
          ) : null}
        </p>
        {r.comment && <p className="staff-booking__comment">{r.comment}</p>}
        {r.declineReason && <p className="staff-booking__comment">{t`Reason: ${r.declineReason}`}</p>}
        {declining && (
          <DeclineForm
            busy={busy}
            onDecline={(reason) => {
              move.mutate({ id: r.id, status: "DECLINED", reason });
            }}
            onBack={() => {
              setDeclining(false);
            }}
          />
        )}
      </div>
      {!declining && allowed.length > 0 && (
        <div className="staff-booking__actions">
          {r.status === "REQUESTED" ? (
            <TableChoice branchId={r.branchId} value={table} onChange={setTable} disabled={busy} />
          ) : r.status === "CONFIRMED" ? (
            <TableChoice
              branchId={r.branchId}
              value={r.tableId ?? ""}
              currentName={r.tableName}
              disabled={busy}
              onChange={(tableId) => {
                assign.mutate({ id: r.id, tableId: tableId || null });
              }}
            />
          ) : null}
          <div className="staff-booking__buttons">
            {allowed.includes("CONFIRMED") && (
              <button
                type="button"
                className="staff-button staff-button--primary"
                disabled={busy}
                onClick={() => {
                  move.mutate({ id: r.id, status: "CONFIRMED", ...(table ? { tableId: table } : {}) });
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
          {assign.isError && assign.variables.id === r.id ? (
            <p className="staff-inline-error" role="alert">
              {t`The table was not saved. Try again.`}
            </p>
          ) : null}
        </div>
      )}
    </li>
  );
}

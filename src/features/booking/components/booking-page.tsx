import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import { useId, useMemo, useState, type ChangeEvent, type SyntheticEvent } from "react";
import { Link } from "wouter";
import { ActionButton } from "../../../components/action-button.tsx";
import { ChoiceRow } from "../../../components/choice-row.tsx";
import { CheckIcon, PhoneIcon } from "../../../components/icons.tsx";
import { LoadFailed } from "../../../components/load-failed.tsx";
import { LoginPrompt } from "../../../components/login-prompt.tsx";
import { PageSpinner } from "../../../components/page-spinner.tsx";
import { PhoneField } from "../../../components/phone-field.tsx";
import { StatusScreen } from "../../../components/status-screen.tsx";
import { SelectField, TextAreaField, TextField } from "../../../components/text-field.tsx";
import { bookingDays } from "../../../domain/booking.ts";
import type { Branch } from "../../../domain/contract/geo.ts";
import type { Reservation } from "../../../domain/contract/reservations.ts";
import { pickText } from "../../../domain/multilingual.ts";
import { formatPhone, parsePhone, phoneCountriesFor } from "../../../domain/phone.ts";
import { useContentLanguage } from "../../../lib/use-content-language.ts";
import { useRequiredTenant } from "../../../shared/brand/tenant.ts";
import { usePageTitle } from "../../../shared/brand/use-page-title.ts";
import { branchesQueryOptions } from "../../../shared/geo/geo-queries.ts";
import { sessionAtom, useCustomerId } from "../../../shared/session/session-atom.ts";
import { useBookingDay, useBookTable } from "../api/reservations.ts";
import { formatBookingTime, useDayLabel } from "./booking-format.ts";
import { joinNames } from "../../../lib/i18n.ts";
import "./booking.css";

/** /booking: choose branch, day, guests, hall and time, leave a name and phone; book (issue 14). */
export function BookingPage() {
  const { t } = useLingui();
  usePageTitle(t`Book a table`);
  const userId = useCustomerId();
  const [booked, setBooked] = useState<Reservation | null>(null);
  return (
    <div className="page booking-page">
      <h1 className="page__title">{t`Book a table`}</h1>
      {!userId ? (
        <LoginPrompt reason={t`Log in to book a table`} />
      ) : booked ? (
        <BookingDone reservation={booked} />
      ) : (
        <BookingForm userId={userId} onBooked={setBooked} />
      )}
    </div>
  );
}

/** The branch's booking phone (or its phone) as a call link. */
export function CallLink({ phone }: { phone: string | null }) {
  const { t } = useLingui();
  if (!phone) return null;
  return (
    <a className="booking-call" href={`tel:${phone}`} data-testid="booking-call">
      <PhoneIcon aria-hidden="true" />
      <span>
        {t`Call the restaurant`}:{" "}
        <span dir="ltr" className="booking-call__number">
          {formatPhone(phone)}
        </span>
      </span>
    </a>
  );
}

function BookingForm({ userId, onBooked }: { userId: string; onBooked: (r: Reservation) => void }) {
  const { t } = useLingui();
  const lang = useContentLanguage();
  const { merchant, settings } = useRequiredTenant();
  const user = useAtomValue(sessionAtom).user;
  const branches = useQuery(branchesQueryOptions(merchant.id));
  const bookable = useMemo(
    () => (branches.data ?? []).filter((b) => b.settings.bookingEnabled),
    [branches.data],
  );
  const days = useMemo(
    () =>
      bookingDays(new Date(), merchant.timezone, {
        slotMinutes: settings.bookingSlotMinutes,
        durationMinutes: settings.bookingDurationMinutes,
        daysAhead: settings.bookingDaysAhead,
      }),
    [merchant.timezone, settings],
  );
  const [chosenBranch, setBranchId] = useState<string | null>(null);
  const [date, setDate] = useState<string>(() => days[0] ?? "");
  const [guests, setGuests] = useState(2);
  const [hallId, setHallId] = useState<string | null>(null);
  const [time, setTime] = useState<string | null>(null);
  const [name, setName] = useState(() => [user?.firstName, user?.lastName].filter(Boolean).join(" "));
  const [phone, setPhone] = useState(() => (user?.phone ? formatPhone(user.phone) : ""));
  const [comment, setComment] = useState("");
  const [errors, setErrors] = useState<{ name?: string; phone?: string; time?: string }>({});
  const book = useBookTable(userId);
  const branch: Branch | undefined = bookable.find((b) => b.id === chosenBranch) ?? bookable[0];
  const day = useBookingDay(userId, branch ? { branchId: branch.id, date, guests, hallId } : null);
  const ids = { branch: useId(), date: useId(), guests: useId(), time: useId(), contact: useId() };
  const dayLabel = useDayLabel(merchant.timezone);

  if (branches.isPending) return <PageSpinner />;
  if (branches.isLoadingError)
    return <LoadFailed onRetry={() => void branches.refetch()} retrying={branches.isFetching} />;
  if (!branch) return <p className="booking-empty">{t`None of the restaurants takes bookings now.`}</p>;

  const maxGuests = day.data?.maxGuests ?? 50;
  const slot = day.data?.slots.find((s) => s.at === time && s.available) ?? null;
  const halls = day.data?.halls ?? [];
  const reset = () => {
    setTime(null);
  };

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (!name.trim()) next.name = t`Enter the guest's name`;
    const parsed = parsePhone(phone, { countries: phoneCountriesFor(merchant.currency) });
    if (!parsed.ok) next.phone = t`Enter a valid phone number`;
    if (!slot) next.time = t`Choose a time`;
    setErrors(next);
    if (Object.keys(next).length > 0 || !slot || !parsed.ok) return;
    book.mutate(
      {
        branchId: branch.id,
        time: slot.at,
        guests,
        hallId,
        name: name.trim(),
        phone: parsed.e164,
        comment: comment.trim() || null,
      },
      {
        onSuccess: (r) => {
          onBooked(r);
          // The answer replaces a long form: start reading it from the top.
          window.scrollTo({ top: 0 });
        },
        onError: () => {
          // The times may have filled meanwhile: show them as they are now.
          void day.refetch();
        },
      },
    );
  };

  return (
    <form className="booking-form" onSubmit={submit} noValidate>
      <section className="booking-card" aria-labelledby={ids.branch}>
        <h2 id={ids.branch} className="booking-card__title">
          {t`Restaurant`}
        </h2>
        {bookable.length > 1 ? (
          <div role="radiogroup" aria-labelledby={ids.branch}>
            {bookable.map((b) => (
              <ChoiceRow
                key={b.id}
                name="branch"
                checked={b.id === branch.id}
                onChange={() => {
                  setBranchId(b.id);
                  setHallId(null);
                  reset();
                }}
              >
                <span className="booking-branch__name">{pickText(b.name, lang)}</span>
                {b.address && <span className="booking-branch__address">{pickText(b.address, lang)}</span>}
              </ChoiceRow>
            ))}
          </div>
        ) : (
          <p className="booking-branch__name">{pickText(branch.name, lang)}</p>
        )}
        <CallLink phone={branch.bookingPhone ?? branch.phone} />
      </section>

      <section className="booking-card" aria-labelledby={ids.date}>
        <h2 id={ids.date} className="booking-card__title">
          {t`Day and guests`}
        </h2>
        <div className="booking-days" role="group" aria-labelledby={ids.date}>
          {days.map((d) => (
            <button
              key={d}
              type="button"
              className="booking-chip"
              aria-pressed={d === date}
              onClick={() => {
                setDate(d);
                reset();
              }}
            >
              {dayLabel(d)}
            </button>
          ))}
        </div>
        <div className="booking-guests">
          <span id={ids.guests}>{t`Guests`}</span>
          <div className="stepper" role="group" aria-labelledby={ids.guests}>
            <button
              type="button"
              className="stepper__button"
              aria-label={t`Fewer guests`}
              disabled={guests <= 1}
              onClick={() => {
                setGuests((g) => Math.max(1, g - 1));
              }}
            >
              −
            </button>
            <output className="stepper__value" aria-live="polite" data-testid="booking-guests">
              {guests}
            </output>
            <button
              type="button"
              className="stepper__button"
              aria-label={t`More guests`}
              disabled={guests >= maxGuests}
              onClick={() => {
                setGuests((g) => Math.min(maxGuests, g + 1));
              }}
            >
              +
            </button>
          </div>
        </div>
        {halls.length > 1 && (
          <SelectField
            label={t`Hall`}
            value={hallId ?? ""}
            onChange={(e: ChangeEvent<HTMLSelectElement>) => {
              setHallId(e.target.value || null);
              reset();
            }}
          >
            <option value="">{t`Any hall`}</option>
            {halls.map((h) => (
              <option key={h.id} value={h.id}>
                {pickText(h.name, lang)}
              </option>
            ))}
          </SelectField>
        )}
      </section>

      <section className="booking-card" aria-labelledby={ids.time}>
        <h2 id={ids.time} className="booking-card__title">
          {t`Time`}
        </h2>
        {day.isPending ? (
          <PageSpinner />
        ) : day.isLoadingError ? (
          <LoadFailed onRetry={() => void day.refetch()} retrying={day.isFetching} />
        ) : day.data.slots.length === 0 ? (
          <p className="booking-empty">{t`No times to book on this day. Choose another day.`}</p>
        ) : (
          <>
            <div
              className="booking-slots"
              role="group"
              aria-labelledby={ids.time}
              aria-busy={day.isFetching}
              data-testid="booking-slots"
            >
              {day.data.slots.map((s) => (
                <button
                  key={s.at}
                  type="button"
                  className="booking-slot"
                  aria-pressed={s.at === time}
                  disabled={!s.available}
                  aria-label={s.available ? s.time : t`${s.time}, no free seats`}
                  onClick={() => {
                    setTime(s.at);
                    setErrors((e) => ({ ...e, time: undefined }));
                  }}
                >
                  <span dir="ltr">{s.time}</span>
                </button>
              ))}
            </div>
            {day.data.slots.every((s) => !s.available) && (
              <p className="booking-hint">{t`No time of this day has enough free seats for so many guests.`}</p>
            )}
          </>
        )}
        {errors.time && (
          <p className="form-field__error" role="alert">
            {errors.time}
          </p>
        )}
      </section>

      <section className="booking-card" aria-labelledby={ids.contact}>
        <h2 id={ids.contact} className="booking-card__title">
          {t`Contact`}
        </h2>
        <TextField
          label={t`Name`}
          name="name"
          autoComplete="name"
          maxLength={100}
          value={name}
          error={errors.name}
          onChange={(e: ChangeEvent<HTMLInputElement>) => {
            setName(e.target.value);
          }}
        />
        <PhoneField value={phone} onChange={setPhone} error={errors.phone} />
        <TextAreaField
          label={t`Comment`}
          name="comment"
          maxLength={500}
          rows={3}
          placeholder={t`A high chair, a birthday, by the window…`}
          value={comment}
          onChange={(e: ChangeEvent<HTMLTextAreaElement>) => {
            setComment(e.target.value);
          }}
        />
      </section>

      <div className="booking-submit">
        {slot && (
          <p className="booking-summary" aria-live="polite">
            {formatBookingTime(slot.at, merchant.timezone)} · {t`Guests`}: {guests}
          </p>
        )}
        <ActionButton type="submit" stretched loading={book.isPending} disabled={book.isPending}>
          {t`Book a table`}
        </ActionButton>
      </div>
    </form>
  );
}

function BookingDone({ reservation }: { reservation: Reservation }) {
  const { t } = useLingui();
  const lang = useContentLanguage();
  const { merchant } = useRequiredTenant();
  const titleId = useId();
  return (
    <div className="booking-done" data-testid="booking-done">
      <StatusScreen
        titleId={titleId}
        visual={<CheckIcon aria-hidden="true" className="booking-done__icon" />}
        title={t`Your table is requested`}
        description={
          <>
            {joinNames([
              pickText(reservation.branchName, lang),
              ...(reservation.hallName ? [pickText(reservation.hallName, lang)] : []),
            ])}{" "}
            · {formatBookingTime(reservation.time, merchant.timezone)} · {t`Guests`}: {reservation.guests}
            <br />
            {t`The restaurant will confirm it; the answer appears in My reservations.`}
          </>
        }
        action={
          <div className="booking-done__actions">
            <Link href="/profile/reservations" asChild>
              <ActionButton Component="a" stretched>
                {t`My reservations`}
              </ActionButton>
            </Link>
            <Link href="/" asChild>
              <ActionButton Component="a" kind="secondary" stretched>
                {t`To the menu`}
              </ActionButton>
            </Link>
          </div>
        }
      />
      <CallLink phone={reservation.bookingPhone} />
    </div>
  );
}

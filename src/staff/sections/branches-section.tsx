// The back office's branches (issue 36): each branch's names, address and point on the map, phone,
// services, week of hours, holidays and the ways to pay it takes, as the storefront's branch list,
// pickup, "closed now" and the checkout read them. A manager bound to branches sees and edits their
// own branches' card only (hours, holidays, services, payment, phone); the rest is shown, not edited.
// The map is the storefront's lazy one (the point is under the fixed pin at its centre); the
// latitude and longitude fields are the same point for the keyboard and screen readers.
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useId, useRef, useState, type Dispatch, type KeyboardEvent, type SetStateAction } from "react";
import {
  BRANCH_SERVICES,
  type BranchDay,
  type BranchHoliday,
  type BranchService,
  type PlaceBranch,
  type PlaceBranchBody,
} from "../../domain/contract/back-office-places.ts";
import type { ContentLanguage, PaymentType, WeekName } from "../../domain/enums.ts";
import { DEFAULT_TIME_ZONE, localDate } from "../../domain/hours.ts";
import { WEEK_NAMES } from "../../domain/enums.ts";
import { parseBranchPhone } from "../../domain/branch-phone.ts";
import { LazyMap } from "../../components/map/lazy-map.tsx";
import type { MapViewHandle } from "../../components/map/types.ts";
import { useMapConfig } from "../../components/map/use-map-config.ts";
import { ApiError } from "../../lib/api-client.ts";
import { currentContentLanguage, currentLocale, LOCALE_LABELS, toLocale } from "../../lib/i18n.ts";
import { StaffDialog } from "../dialog.tsx";
import { useBrandPaymentTypes, usePlaceBranches, useSaveBranch } from "./places-api.ts";
import { Empty, Failed, Loading, SectionFrame, textOf } from "./section-frame.tsx";
import type { StaffSectionProps } from "./types.ts";
import "./places.css";

/** Where a brand without a branch starts: Tashkent, the demo brands' and most brands' city. */
const HOME = { latitude: 41.311081, longitude: 69.240562 };
const TIME = /^(?:(?:[01]\d|2[0-3]):[0-5]\d|24:00)$/;

const PAYMENT_LABELS: Record<PaymentType, MessageDescriptor> = {
  CASH: msg`Cash`,
  TERMINAL: msg`Card at the counter`,
  PAYME: msg`Payme`,
  CLICK: msg`Click`,
  CLICK_MINI_APP: msg`Click`,
  UZUM: msg`Uzum`,
  CARD: msg`Saved card`,
  PAYNET: msg`Paynet`,
  RAHMAT: msg`Rahmat`,
  OTHER: msg`Other`,
};

/** A holiday's date in the console's language ("Friday, 21 March 2031"). */
function holidayName(date: string): string {
  return new Intl.DateTimeFormat(currentLocale() === "kz" ? "kk" : currentLocale(), {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${date}T00:00:00Z`));
}

const languageName = (language: ContentLanguage) => {
  const locale = toLocale(language);
  return locale ? LOCALE_LABELS[locale] : language;
};

/** A weekday's name in the console's language (2024-01-01 was a Monday). */
export function weekdayName(weekName: WeekName): string {
  const day = WEEK_NAMES.indexOf(weekName);
  return new Intl.DateTimeFormat(currentLocale() === "kz" ? "kk" : currentLocale(), {
    weekday: "long",
    timeZone: "UTC",
  }).format(new Date(Date.UTC(2024, 0, 1 + day)));
}

export default function BranchesSection({
  languages = ["uz", "ru", "eng"],
  manages = [],
  timeZone = DEFAULT_TIME_ZONE,
}: StaffSectionProps) {
  const { t } = useLingui();
  const list = usePlaceBranches();
  const [editing, setEditing] = useState<PlaceBranch | "new" | null>(null);
  // A manager bound to branches edits their own branches' card, and adds none.
  const limited = !manages.includes("places");
  return (
    <SectionFrame
      title={t`Branches`}
      lead={t`Address on the map, phone, services, working hours, holidays and ways to pay. Guests see a saved change at once.`}
      actions={
        !limited && (
          <button
            type="button"
            className="staff-button staff-button--primary"
            onClick={() => {
              setEditing("new");
            }}
          >
            {t`Add a branch`}
          </button>
        )
      }
    >
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <Failed onRetry={() => void list.refetch()} error={list.error} />
      ) : list.data.length === 0 ? (
        <Empty title={t`No branches yet`} text={t`Add the first one: guests order from it.`} />
      ) : (
        <ul className="staff-list">
          {list.data.map((b) => (
            <BranchRow
              key={b.id}
              branch={b}
              onEdit={() => {
                setEditing(b);
              }}
            />
          ))}
        </ul>
      )}
      {editing && (
        <BranchEditor
          key={editing === "new" ? "new" : editing.id}
          branch={editing === "new" ? null : editing}
          start={list.data?.[0] ?? HOME}
          languages={languages}
          limited={limited}
          today={localDate(new Date(), timeZone)}
          onClose={() => {
            setEditing(null);
          }}
        />
      )}
    </SectionFrame>
  );
}

function useServiceNames(): Record<BranchService, string> {
  const { t } = useLingui();
  return { DELIVERY: t`Delivery`, PICK_UP: t`Pickup`, DINE_IN: t`Dine-in` };
}

function BranchRow({ branch, onEdit }: { branch: PlaceBranch; onEdit: () => void }) {
  const { t } = useLingui();
  const services = useServiceNames();
  const name = textOf(branch.name);
  const open = branch.hours.filter((d) => !d.closed);
  const nextHoliday = branch.holidays[0] ? holidayName(branch.holidays[0].date) : null;
  return (
    <li className={`staff-row${branch.isActive ? "" : " staff-row--off"}`}>
      <div className="staff-row__main">
        <div className="staff-row__text">
          <span className="staff-row__title">{name}</span>
          <span className="staff-row__meta">
            {textOf(branch.address) && <span>{textOf(branch.address)}</span>}
            {branch.services.map((s) => (
              <span key={s} className="staff-badge">
                {services[s]}
              </span>
            ))}
            {branch.services.length === 0 && (
              <span className="staff-badge staff-badge--muted">{t`No services`}</span>
            )}
            {!branch.isActive && <span className="staff-badge staff-badge--off">{t`Closed to guests`}</span>}
            <span>{t`Open ${open.length} days a week`}</span>
            {nextHoliday && (
              <span className="staff-badge staff-badge--muted">{t`Next holiday: ${nextHoliday}`}</span>
            )}
          </span>
        </div>
        <button type="button" className="staff-button" onClick={onEdit} aria-label={t`Edit ${name}`}>
          {t`Edit`}
        </button>
      </div>
    </li>
  );
}

interface DayValues {
  weekName: WeekName;
  closed: boolean;
  open: string;
  close: string;
}

interface FormValues {
  name: Record<string, string>;
  address: Record<string, string>;
  phone: string;
  latitude: string;
  longitude: string;
  isActive: boolean;
  services: BranchService[];
  hours: DayValues[];
  /** null until the brand's ways to pay are known (a new branch takes all of them). */
  paymentTypes: PaymentType[] | null;
  holidays: BranchHoliday[];
}

function formOf(
  branch: PlaceBranch | null,
  start: { latitude: number; longitude: number },
  languages: readonly ContentLanguage[],
): FormValues {
  const texts = (value: Record<string, string | undefined> | undefined) =>
    Object.fromEntries(languages.map((l) => [l, value?.[l] ?? ""]));
  const days: BranchDay[] =
    branch?.hours ??
    WEEK_NAMES.map((weekName) => ({ weekName, closed: false, open: "10:00", close: "22:00" }));
  return {
    name: texts(branch?.name),
    address: texts(branch?.address),
    phone: branch?.phone ?? "",
    latitude: (branch?.latitude ?? start.latitude).toFixed(6),
    longitude: (branch?.longitude ?? start.longitude).toFixed(6),
    isActive: branch?.isActive ?? true,
    services: branch?.services ?? ["DELIVERY", "PICK_UP"],
    paymentTypes: branch?.paymentTypes ?? null,
    holidays: branch?.holidays ?? [],
    hours: days.map((d) => ({
      weekName: d.weekName,
      closed: d.closed,
      open: d.open ?? "10:00",
      close: d.close ?? "22:00",
    })),
  };
}

type FieldErrors = Partial<Record<string, string>>;

function BranchEditor({
  branch,
  start,
  languages,
  limited,
  today,
  onClose,
}: {
  branch: PlaceBranch | null;
  start: { latitude: number; longitude: number };
  languages: readonly ContentLanguage[];
  /** A manager bound to the branch: its name, address, place and visibility are shown, not edited. */
  limited: boolean;
  /** The brand's local day, "YYYY-MM-DD": holidays are from it on. */
  today: string;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const id = useId();
  const save = useSaveBranch();
  const brandPayments = useBrandPaymentTypes();
  const [values, setValues] = useState(() => formOf(branch, start, languages));
  // A new branch takes every way to pay of the brand until the owner unticks one.
  const paymentTypes = values.paymentTypes ?? brandPayments.data ?? null;
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);

  const validate = (): PlaceBranchBody | null => {
    const found: FieldErrors = {};
    if (Object.values(values.name).every((v) => v.trim() === ""))
      found.name = t`Give the branch a name in at least one language.`;
    if (values.phone.trim() !== "" && parseBranchPhone(values.phone) === null)
      found.phone = t`This is not a phone number. Type it like +998 90 123 45 67.`;
    const latitude = Number(values.latitude.replace(",", "."));
    const longitude = Number(values.longitude.replace(",", "."));
    if (!Number.isFinite(latitude) || Math.abs(latitude) > 90 || values.latitude.trim() === "")
      found.latitude = t`Latitude is a number from -90 to 90.`;
    if (!Number.isFinite(longitude) || Math.abs(longitude) > 180 || values.longitude.trim() === "")
      found.longitude = t`Longitude is a number from -180 to 180.`;
    values.hours.forEach((d) => {
      if (d.closed) return;
      if (!TIME.test(d.open)) found[`open-${d.weekName}`] = t`Type the time as HH:MM, e.g. 09:00.`;
      if (!TIME.test(d.close)) found[`close-${d.weekName}`] = t`Type the time as HH:MM, e.g. 09:00.`;
      else if (d.open === d.close) found[`close-${d.weekName}`] = t`Closing must differ from opening.`;
    });
    if (paymentTypes?.length === 0) found.paymentTypes = t`Choose at least one way to pay.`;
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      document.getElementById(`${id}-${first === "name" ? `name-${languages[0] ?? "uz"}` : first}`)?.focus();
      return null;
    }
    return {
      ...(branch ? { version: branch.version } : {}),
      name: values.name,
      address: values.address,
      phone: values.phone.trim() === "" ? null : values.phone,
      latitude,
      longitude,
      isActive: values.isActive,
      services: values.services,
      // Unknown (the list did not load): the branch keeps what it takes.
      ...(paymentTypes ? { paymentTypes } : {}),
      holidays: values.holidays.filter((h) => h.date >= today),
      hours: values.hours.map((d) => ({
        weekName: d.weekName,
        closed: d.closed,
        open: d.closed ? null : d.open,
        close: d.closed ? null : d.close,
      })),
    };
  };

  const submit = () => {
    setRefusal(null);
    const body = validate();
    if (!body) return;
    save.mutate(
      { id: branch?.id ?? null, body },
      {
        onSuccess: onClose,
        onError: (error) => {
          setRefusal(
            error instanceof ApiError && error.description
              ? error.description[descriptionKey()]
              : t`The change was not saved. Check your internet connection and try again.`,
          );
        },
      },
    );
  };

  return (
    <StaffDialog
      title={branch ? t`Edit ${textOf(branch.name)}` : t`New branch`}
      onClose={onClose}
      wide
      footer={
        <>
          <button type="button" className="staff-button" onClick={onClose}>
            {t`Cancel`}
          </button>
          <button
            type="submit"
            form={`${id}-form`}
            className="staff-button staff-button--primary"
            disabled={save.isPending}
            aria-busy={save.isPending}
          >
            {save.isPending ? t`Saving…` : t`Save`}
          </button>
        </>
      }
    >
      <form
        id={`${id}-form`}
        className="menu-editor__form places-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        {refusal && <Refusal text={refusal} />}
        <NameAddress
          id={id}
          languages={languages}
          values={values}
          setValues={setValues}
          errors={errors}
          disabled={limited}
        />
        {!limited && <PointFields id={id} values={values} setValues={setValues} errors={errors} />}
        <PhoneAndServices id={id} values={values} setValues={setValues} errors={errors} limited={limited} />
        <PaymentTypes
          id={id}
          brand={brandPayments}
          chosen={paymentTypes}
          setValues={setValues}
          error={errors.paymentTypes}
        />
        <HoursTable
          id={id}
          values={values}
          setValues={setValues}
          errors={errors}
          differ={branch?.hoursDiffer ?? false}
        />
        <Holidays id={id} holidays={values.holidays} setValues={setValues} today={today} />
      </form>
    </StaffDialog>
  );
}

function NameAddress({
  id,
  languages,
  values,
  setValues,
  errors,
  disabled,
}: {
  id: string;
  languages: readonly ContentLanguage[];
  values: FormValues;
  setValues: Dispatch<SetStateAction<FormValues>>;
  errors: FieldErrors;
  disabled: boolean;
}) {
  const { t } = useLingui();
  const fieldError = (key: string) =>
    errors[key] ? (
      <p id={`${id}-${key}-error`} className="staff-error">
        {errors[key]}
      </p>
    ) : null;
  return (
    <>
      {disabled && (
        <p className="staff-note staff-note--muted">
          {t`The name, address, place on the map and whether guests see the branch are changed by the brand's owner or a manager of every branch.`}
        </p>
      )}
      <fieldset
        className="menu-editor__texts"
        disabled={disabled}
        aria-describedby={errors.name ? `${id}-name-error` : undefined}
      >
        <legend className="staff-label">{t`Name and address`}</legend>
        {languages.map((language) => (
          <div key={language} className="menu-editor__language" lang={toLocale(language) ?? language}>
            <label className="staff-label" htmlFor={`${id}-name-${language}`}>
              {t`Name (${languageName(language)})`}
            </label>
            <input
              id={`${id}-name-${language}`}
              className="staff-input menu-editor__input"
              value={values.name[language] ?? ""}
              maxLength={200}
              aria-invalid={errors.name ? true : undefined}
              onChange={(e) => {
                setValues((v) => ({ ...v, name: { ...v.name, [language]: e.target.value } }));
              }}
            />
            <label className="staff-label" htmlFor={`${id}-address-${language}`}>
              {t`Address (${languageName(language)})`}
            </label>
            <input
              id={`${id}-address-${language}`}
              className="staff-input menu-editor__input"
              value={values.address[language] ?? ""}
              maxLength={300}
              onChange={(e) => {
                setValues((v) => ({ ...v, address: { ...v.address, [language]: e.target.value } }));
              }}
            />
          </div>
        ))}
        {fieldError("name")}
      </fieldset>
    </>
  );
}

function PointFields({
  id,
  values,
  setValues,
  errors,
}: {
  id: string;
  values: FormValues;
  setValues: Dispatch<SetStateAction<FormValues>>;
  errors: FieldErrors;
}) {
  const { t } = useLingui();
  const map = useMapConfig();
  const mapRef = useRef<MapViewHandle>(null);
  const [initialCenter] = useState(() => ({
    latitude: Number(values.latitude),
    longitude: Number(values.longitude),
  }));
  const fieldError = (key: string) =>
    errors[key] ? (
      <p id={`${id}-${key}-error`} className="staff-error">
        {errors[key]}
      </p>
    ) : null;
  const invalid = (key: string) =>
    errors[key] ? { "aria-invalid": true as const, "aria-describedby": `${id}-${key}-error` } : {};
  return (
    <fieldset className="places-form__point">
      <legend className="staff-label">{t`The branch on the map`}</legend>
      <p className="staff-section__lead">{t`Move the map so that the pin stands on the entrance.`}</p>
      <div className="places-map">
        {map.data ? (
          <LazyMap
            styleUrl={map.data.styleUrl}
            initialCenter={initialCenter}
            initialZoom={15}
            centerPin
            label={t`Map: the branch's place`}
            handleRef={mapRef}
            onMoveEnd={(center, byUser) => {
              if (!byUser) return;
              setValues((v) => ({
                ...v,
                latitude: center.latitude.toFixed(6),
                longitude: center.longitude.toFixed(6),
              }));
            }}
          />
        ) : map.isError ? (
          <Failed onRetry={() => void map.refetch()} />
        ) : (
          <Loading />
        )}
      </div>
      <div className="menu-editor__numbers">
        {(["latitude", "longitude"] as const).map((axis) => (
          <div key={axis}>
            <label className="staff-label" htmlFor={`${id}-${axis}`}>
              {axis === "latitude" ? t`Latitude` : t`Longitude`}
            </label>
            <input
              id={`${id}-${axis}`}
              className="staff-input menu-editor__input"
              inputMode="decimal"
              value={values[axis]}
              {...invalid(axis)}
              onChange={(e) => {
                setValues((v) => ({ ...v, [axis]: e.target.value }));
              }}
              onBlur={() => {
                const point = { latitude: Number(values.latitude), longitude: Number(values.longitude) };
                if (Number.isFinite(point.latitude) && Number.isFinite(point.longitude))
                  mapRef.current?.flyTo(point);
              }}
            />
            {fieldError(axis)}
          </div>
        ))}
      </div>
    </fieldset>
  );
}

function PhoneAndServices({
  id,
  values,
  setValues,
  errors,
  limited,
}: {
  id: string;
  values: FormValues;
  setValues: Dispatch<SetStateAction<FormValues>>;
  errors: FieldErrors;
  limited: boolean;
}) {
  const { t } = useLingui();
  const services = useServiceNames();
  const fieldError = (key: string) =>
    errors[key] ? (
      <p id={`${id}-${key}-error`} className="staff-error">
        {errors[key]}
      </p>
    ) : null;
  const invalid = (key: string) =>
    errors[key] ? { "aria-invalid": true as const, "aria-describedby": `${id}-${key}-error` } : {};
  return (
    <>
      <div>
        <label className="staff-label" htmlFor={`${id}-phone`}>
          {t`Phone`}
        </label>
        <input
          id={`${id}-phone`}
          className="staff-input menu-editor__input"
          type="tel"
          inputMode="tel"
          value={values.phone}
          {...invalid("phone")}
          onChange={(e) => {
            setValues((v) => ({ ...v, phone: e.target.value }));
          }}
        />
        {fieldError("phone")}
      </div>

      <fieldset className="places-form__services">
        <legend className="staff-label">{t`Services`}</legend>
        {BRANCH_SERVICES.map((s) => (
          <label key={s} className="staff-check">
            <input
              type="checkbox"
              checked={values.services.includes(s)}
              onChange={(e) => {
                const on = e.target.checked;
                setValues((v) => ({
                  ...v,
                  services: BRANCH_SERVICES.filter((x) => (x === s ? on : v.services.includes(x))),
                }));
              }}
            />
            {services[s]}
          </label>
        ))}
        <label className="staff-check">
          <input
            type="checkbox"
            checked={values.isActive}
            disabled={limited}
            onChange={(e) => {
              setValues((v) => ({ ...v, isActive: e.target.checked }));
            }}
          />
          {t`Guests see this branch`}
        </label>
      </fieldset>
    </>
  );
}

function HoursTable({
  id,
  values,
  setValues,
  errors,
  differ,
}: {
  id: string;
  values: FormValues;
  setValues: Dispatch<SetStateAction<FormValues>>;
  errors: FieldErrors;
  /** Some service keeps other hours on some days (from the brand file). */
  differ: boolean;
}) {
  const { t } = useLingui();
  const setDay = (weekName: WeekName, change: Partial<DayValues>) => {
    setValues((v) => ({
      ...v,
      hours: v.hours.map((d) => (d.weekName === weekName ? { ...d, ...change } : d)),
    }));
  };
  const fieldError = (key: string) =>
    errors[key] ? (
      <p id={`${id}-${key}-error`} className="staff-error">
        {errors[key]}
      </p>
    ) : null;
  const invalid = (key: string) =>
    errors[key] ? { "aria-invalid": true as const, "aria-describedby": `${id}-${key}-error` } : {};
  return (
    <fieldset>
      <legend className="staff-label">{t`Working hours`}</legend>
      <p className="staff-section__lead">{t`A closing time earlier than the opening one runs past midnight.`}</p>
      {differ && (
        <p className="staff-note staff-note--muted">
          {t`Some services keep their own hours on some days. A day you change here applies to every service; the other days stay as they are.`}
        </p>
      )}
      <table className="staff-table places-hours">
        <thead>
          <tr>
            <th scope="col">{t`Day`}</th>
            <th scope="col">{t`Closed`}</th>
            <th scope="col">{t`Opens`}</th>
            <th scope="col">{t`Closes`}</th>
          </tr>
        </thead>
        <tbody>
          {values.hours.map((d) => {
            const day = weekdayName(d.weekName);
            return (
              <tr key={d.weekName}>
                <th scope="row">{day}</th>
                <td>
                  <input
                    type="checkbox"
                    aria-label={t`${day}: closed`}
                    checked={d.closed}
                    onChange={(e) => {
                      setDay(d.weekName, { closed: e.target.checked });
                    }}
                  />
                </td>
                {(["open", "close"] as const).map((edge) => {
                  const key = `${edge}-${d.weekName}`;
                  return (
                    <td key={edge}>
                      <input
                        id={`${id}-${key}`}
                        className="staff-input places-hours__time"
                        aria-label={edge === "open" ? t`${day}: opens` : t`${day}: closes`}
                        placeholder="09:00"
                        inputMode="numeric"
                        maxLength={5}
                        disabled={d.closed}
                        value={d[edge]}
                        {...invalid(key)}
                        onChange={(e) => {
                          setDay(d.weekName, { [edge]: e.target.value });
                        }}
                      />
                      {fieldError(key)}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </fieldset>
  );
}

function PaymentTypes({
  id,
  brand,
  chosen,
  setValues,
  error,
}: {
  id: string;
  brand: ReturnType<typeof useBrandPaymentTypes>;
  chosen: PaymentType[] | null;
  setValues: Dispatch<SetStateAction<FormValues>>;
  error: string | undefined;
}) {
  const { t, i18n } = useLingui();
  const errorId = `${id}-paymentTypes-error`;
  return (
    <fieldset
      className="places-form__services"
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="staff-label">{t`Ways to pay at this branch`}</legend>
      {brand.isPending ? (
        <Loading />
      ) : brand.isError ? (
        <Failed onRetry={() => void brand.refetch()} error={brand.error} />
      ) : brand.data.length === 0 ? (
        <p className="staff-section__lead">{t`The brand has no ways to pay yet: switch them on in the brand settings.`}</p>
      ) : (
        brand.data.map((type, index) => (
          <label key={type} className="staff-check">
            <input
              id={index === 0 ? `${id}-paymentTypes` : undefined}
              type="checkbox"
              checked={chosen?.includes(type) ?? true}
              onChange={(e) => {
                const on = e.target.checked;
                setValues((v) => {
                  const was = v.paymentTypes ?? brand.data;
                  return {
                    ...v,
                    paymentTypes: brand.data.filter((x) => (x === type ? on : was.includes(x))),
                  };
                });
              }}
            />
            {i18n._(PAYMENT_LABELS[type])}
          </label>
        ))
      )}
      {error && (
        <p id={errorId} className="staff-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function Holidays({
  id,
  holidays,
  setValues,
  today,
}: {
  id: string;
  holidays: readonly BranchHoliday[];
  setValues: Dispatch<SetStateAction<FormValues>>;
  today: string;
}) {
  const { t } = useLingui();
  const [date, setDate] = useState("");
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const dateRef = useRef<HTMLInputElement>(null);
  const ahead = holidays.filter((h) => h.date >= today);
  const errorId = `${id}-holiday-error`;

  const add = () => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) setError(t`Choose the date the branch is closed.`);
    else if (date < today) setError(t`This day has passed: choose today or a later day.`);
    else if (ahead.some((h) => h.date === date)) setError(t`This day is already in the list.`);
    else {
      const day = { date, note: note.trim() === "" ? null : note.trim() };
      setValues((v) => ({
        ...v,
        holidays: [...v.holidays, day].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)),
      }));
      setDate("");
      setNote("");
      setError(null);
      return;
    }
    dateRef.current?.focus();
  };
  const onEnter = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== "Enter") return;
    e.preventDefault();
    add();
  };

  return (
    <fieldset>
      <legend className="staff-label">{t`Holidays`}</legend>
      <p className="staff-section__lead">
        {t`On these days guests cannot order from the branch, as outside its hours. Past days leave the list by themselves.`}
      </p>
      {ahead.length === 0 ? (
        <p className="staff-note staff-note--muted">{t`No holidays ahead.`}</p>
      ) : (
        <ul className="places-holidays" aria-label={t`Holidays ahead`}>
          {ahead.map((h) => {
            const name = holidayName(h.date);
            return (
              <li key={h.date} className="places-holidays__day">
                <span className="places-holidays__date">{name}</span>
                {h.note && <span className="places-holidays__note">{h.note}</span>}
                <button
                  type="button"
                  className="staff-button"
                  aria-label={t`Remove the holiday ${name}`}
                  onClick={() => {
                    setValues((v) => ({ ...v, holidays: v.holidays.filter((x) => x.date !== h.date) }));
                  }}
                >
                  {t`Remove`}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <div className="places-holidays__add">
        <div>
          <label className="staff-label" htmlFor={`${id}-holiday-date`}>
            {t`Closed on`}
          </label>
          <input
            ref={dateRef}
            id={`${id}-holiday-date`}
            className="staff-input"
            type="date"
            min={today}
            value={date}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(e) => {
              setDate(e.target.value);
            }}
            onKeyDown={onEnter}
          />
        </div>
        <div className="places-holidays__note-field">
          <label className="staff-label" htmlFor={`${id}-holiday-note`}>
            {t`Note (optional)`}
          </label>
          <input
            id={`${id}-holiday-note`}
            className="staff-input menu-editor__input"
            maxLength={200}
            value={note}
            onChange={(e) => {
              setNote(e.target.value);
            }}
            onKeyDown={onEnter}
          />
        </div>
        <button type="button" className="staff-button" onClick={add}>
          {t`Add the day`}
        </button>
      </div>
      {error && (
        <p id={errorId} className="staff-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The server's texts come in uz, ru and eng: the console's language, else English. */
export function descriptionKey(): "uz" | "ru" | "eng" {
  const language = currentContentLanguage();
  return language === "uz" || language === "ru" ? language : "eng";
}

/** Why the server refused a save, above the form (which keeps what was typed). */
export function Refusal({ text }: { text: string }) {
  return (
    <div className="staff-note staff-note--warning" role="alert">
      <p className="menu-editor__refusal">{text}</p>
    </div>
  );
}

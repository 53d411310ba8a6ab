// The back office's delivery zones (issue 36): the brand's zones on a map, each with its name, its
// delivery price and minimum order. A zone is drawn on the map (terra-draw, in its own lazy chunk)
// or typed as a list of points, which is also the keyboard's and screen readers' way. A zone that
// crosses itself or covers another zone is refused at once here and, authoritatively, by the server.
import { useLingui } from "@lingui/react/macro";
import { lazy, Suspense, useId, useMemo, useState } from "react";
import type { PlaceZone, PlaceZoneBody } from "../../domain/contract/back-office-places.ts";
import type { ContentLanguage } from "../../domain/enums.ts";
import type { LonLat } from "../../domain/geo.ts";
import { zoneShapeProblem } from "../../domain/zone-shape.ts";
import { useMapConfig } from "../../components/map/use-map-config.ts";
import { ApiError } from "../../lib/api-client.ts";
import { LOCALE_LABELS, toLocale } from "../../lib/i18n.ts";
import { StaffDialog } from "../dialog.tsx";
import { descriptionKey, Refusal } from "./branches-section.tsx";
import { useDeleteZone, usePlaceZones, useSaveZone } from "./places-api.ts";
import { Empty, Failed, Loading, moneyOf, SectionFrame, textOf } from "./section-frame.tsx";
import type { StaffSectionProps } from "./types.ts";
import "./places.css";

const ZoneMap = lazy(() => import("./zone-map.tsx"));

const HOME = { latitude: 41.311081, longitude: 69.240562 };

const languageName = (language: ContentLanguage) => {
  const locale = toLocale(language);
  return locale ? LOCALE_LABELS[locale] : language;
};

/** "latitude, longitude" per line, as people read coordinates. */
function pointsText(ring: readonly LonLat[]): string {
  return ring.map(([lon, lat]) => `${String(lat)}, ${String(lon)}`).join("\n");
}

/** The ring of the points list, or the number of the first line that is not a point. */
function parsePoints(text: string): { ring: LonLat[] } | { badLine: number } {
  const ring: LonLat[] = [];
  const lines = text.split("\n");
  for (const [i, line] of lines.entries()) {
    if (line.trim() === "") continue;
    const parts = line
      .split(/[,;\s]+/)
      .filter(Boolean)
      .map(Number);
    const [lat, lon] = parts;
    if (
      parts.length !== 2 ||
      lat === undefined ||
      lon === undefined ||
      !Number.isFinite(lat) ||
      !Number.isFinite(lon) ||
      Math.abs(lat) > 90 ||
      Math.abs(lon) > 180
    )
      return { badLine: i + 1 };
    ring.push([lon, lat]);
  }
  return { ring };
}

function centreOf(zones: readonly PlaceZone[]) {
  const points = zones.flatMap((z) => z.polygon);
  if (points.length === 0) return HOME;
  const lon = points.reduce((s, p) => s + p[0], 0) / points.length;
  const lat = points.reduce((s, p) => s + p[1], 0) / points.length;
  return { latitude: lat, longitude: lon };
}

export default function ZonesSection({ languages = ["uz", "ru", "eng"] }: StaffSectionProps) {
  const { t } = useLingui();
  const list = usePlaceZones();
  const [editing, setEditing] = useState<PlaceZone | "new" | null>(null);
  return (
    <SectionFrame
      title={t`Delivery zones`}
      lead={t`Where you deliver, at what price and from what order. Guests see a saved zone at once.`}
      actions={
        <button
          type="button"
          className="staff-button staff-button--primary"
          onClick={() => {
            setEditing("new");
          }}
        >
          {t`Add a zone`}
        </button>
      }
    >
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <Failed onRetry={() => void list.refetch()} error={list.error} />
      ) : list.data.length === 0 ? (
        <Empty
          title={t`No delivery zones yet`}
          text={t`Draw the first one: guests outside every zone cannot order delivery.`}
        />
      ) : (
        <ul className="staff-list">
          {list.data.map((z) => (
            <ZoneRow
              key={z.id}
              zone={z}
              onEdit={() => {
                setEditing(z);
              }}
            />
          ))}
        </ul>
      )}
      {editing && list.data && (
        <ZoneEditor
          key={editing === "new" ? "new" : editing.id}
          zone={editing === "new" ? null : editing}
          all={list.data}
          languages={languages}
          onClose={() => {
            setEditing(null);
          }}
        />
      )}
    </SectionFrame>
  );
}

/** The console's words for why a zone cannot be saved (the server's rule, run at once). */
function useShapeMessage(others: readonly PlaceZone[]) {
  const { t } = useLingui();
  return (shape: readonly LonLat[]): string | undefined => {
    const problem = zoneShapeProblem(shape, others);
    if (!problem) return undefined;
    if (problem.code === "TOO_FEW_POINTS") return t`A zone needs at least 3 points.`;
    if (problem.code === "SELF_CROSSING")
      return t`The zone's border crosses itself. Place the points so that no edges cross.`;
    const other = others.find((o) => o.id === problem.zoneId);
    return t`The zone overlaps the zone "${textOf(other?.name)}". Move the borders so that they do not cover each other.`;
  };
}

/** A typed sum of money, or null when it is not one (empty, negative, not a number). */
function money(text: string): number | null {
  const value = Number(text.replace(/\s/g, "").replace(",", "."));
  return text.trim() !== "" && Number.isFinite(value) && value >= 0 ? value : null;
}

function ZoneRow({ zone, onEdit }: { zone: PlaceZone; onEdit: () => void }) {
  const { t } = useLingui();
  const name = textOf(zone.name);
  return (
    <li className="staff-row">
      <div className="staff-row__main">
        <span className="places-swatch" aria-hidden="true" />
        <div className="staff-row__text">
          <span className="staff-row__title">{name}</span>
          <span className="staff-row__meta">
            <span>{t`Delivery ${moneyOf(zone.price)}`}</span>
            {zone.minOrderAmount > 0 && <span>{t`Order from ${moneyOf(zone.minOrderAmount)}`}</span>}
            <span className="staff-badge staff-badge--muted">{t`${zone.polygon.length} points`}</span>
          </span>
        </div>
        <button type="button" className="staff-button" onClick={onEdit} aria-label={t`Edit ${name}`}>
          {t`Edit`}
        </button>
      </div>
    </li>
  );
}

type FieldErrors = Partial<Record<"name" | "points" | "price" | "minOrderAmount", string>>;

function ZoneEditor({
  zone,
  all,
  languages,
  onClose,
}: {
  zone: PlaceZone | null;
  all: readonly PlaceZone[];
  languages: readonly ContentLanguage[];
  onClose: () => void;
}) {
  const { t } = useLingui();
  const id = useId();
  const save = useSaveZone();
  const others = useMemo(() => all.filter((z) => z.id !== zone?.id), [all, zone?.id]);
  const otherRings = useMemo(() => others.map((z) => z.polygon as readonly LonLat[]), [others]);
  const [name, setName] = useState<Record<string, string>>(() =>
    Object.fromEntries(languages.map((l) => [l, zone?.name[l] ?? ""])),
  );
  const [points, setPoints] = useState(() => pointsText(zone?.polygon ?? []));
  const [ring, setRing] = useState<readonly LonLat[]>(() => zone?.polygon ?? []);
  const [price, setPrice] = useState(zone ? String(zone.price) : "");
  const [minOrder, setMinOrder] = useState(zone ? String(zone.minOrderAmount) : "0");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  // Fixed when the editor opens, not from typed points (they would move it with the map's load).
  const [view] = useState(() => ({ center: centreOf(zone ? [zone] : all), zoom: zone ? 11 : 9 }));

  const shapeMessage = useShapeMessage(others);

  const submit = () => {
    setRefusal(null);
    const found: FieldErrors = {};
    if (Object.values(name).every((v) => v.trim() === ""))
      found.name = t`Give the zone a name in at least one language.`;
    const parsed = parsePoints(points);
    let shape: LonLat[] = [];
    if ("badLine" in parsed)
      found.points = t`Line ${parsed.badLine} is not a point: type "latitude, longitude".`;
    else {
      shape = parsed.ring;
      const problem = shapeMessage(shape);
      if (problem) found.points = problem;
    }
    const priceValue = money(price);
    if (priceValue === null) found.price = t`The price is a sum of 0 or more.`;
    const minValue = money(minOrder);
    if (minValue === null) found.minOrderAmount = t`The minimum order is a sum of 0 or more.`;
    setErrors(found);
    const first = (Object.keys(found) as (keyof FieldErrors)[])[0];
    if (first || priceValue === null || minValue === null) {
      document
        .getElementById(`${id}-${first === "name" ? `name-${languages[0] ?? "uz"}` : (first ?? "")}`)
        ?.focus();
      return;
    }
    const body: PlaceZoneBody = {
      ...(zone ? { version: zone.version } : {}),
      name,
      polygon: shape.map(([a, b]) => [a, b]),
      price: priceValue,
      minOrderAmount: minValue,
    };
    save.mutate(
      { id: zone?.id ?? null, body },
      {
        onSuccess: onClose,
        onError: (error) => {
          const text =
            error instanceof ApiError && error.description
              ? error.description[descriptionKey()]
              : t`The change was not saved. Check your internet connection and try again.`;
          if (
            error instanceof ApiError &&
            (error.code === "ZONE_SELF_CROSSING" || error.code === "ZONE_OVERLAP")
          )
            setErrors((e) => ({ ...e, points: text }));
          else setRefusal(text);
        },
      },
    );
  };

  return (
    <StaffDialog
      title={zone ? t`Edit ${textOf(zone.name)}` : t`New delivery zone`}
      onClose={onClose}
      wide
      footer={
        <>
          {zone && <DeleteZone zone={zone} onDone={onClose} onRefusal={setRefusal} />}
          <SaveButtons form={`${id}-form`} pending={save.isPending} onCancel={onClose} />
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
        <NameFields
          id={id}
          languages={languages}
          name={name}
          error={errors.name}
          onChange={(language, text) => {
            setName((n) => ({ ...n, [language]: text }));
          }}
        />
        <div className="menu-editor__numbers">
          <MoneyField
            id={`${id}-price`}
            label={t`Delivery price`}
            value={price}
            error={errors.price}
            onChange={setPrice}
          />
          <MoneyField
            id={`${id}-minOrderAmount`}
            label={t`Minimum order`}
            value={minOrder}
            error={errors.minOrderAmount}
            onChange={setMinOrder}
          />
        </div>
        <ZoneBorder
          id={id}
          view={view}
          others={otherRings}
          ring={ring}
          points={points}
          error={errors.points}
          onPoints={setPoints}
          onRing={setRing}
          onDrawn={(drawn) => {
            setRing(drawn);
            setPoints(pointsText(drawn));
            const problem = shapeMessage(drawn);
            setErrors((e) => {
              const { points: _points, ...rest } = e;
              return problem ? { ...rest, points: problem } : rest;
            });
          }}
        />
      </form>
    </StaffDialog>
  );
}

function NameFields({
  id,
  languages,
  name,
  error,
  onChange,
}: {
  id: string;
  languages: readonly ContentLanguage[];
  name: Record<string, string>;
  error: string | undefined;
  onChange: (language: string, text: string) => void;
}) {
  const { t } = useLingui();
  return (
    <fieldset className="menu-editor__texts">
      <legend className="staff-label">{t`Name`}</legend>
      {languages.map((language) => (
        <div key={language} className="menu-editor__language" lang={toLocale(language) ?? language}>
          <label className="staff-label" htmlFor={`${id}-name-${language}`}>
            {t`Name (${languageName(language)})`}
          </label>
          <input
            id={`${id}-name-${language}`}
            className="staff-input menu-editor__input"
            value={name[language] ?? ""}
            maxLength={200}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-name-error` : undefined}
            onChange={(e) => {
              onChange(language, e.target.value);
            }}
          />
        </div>
      ))}
      {error && (
        <p id={`${id}-name-error`} className="staff-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function ZoneBorder({
  id,
  view,
  others,
  ring,
  points,
  error,
  onPoints,
  onRing,
  onDrawn,
}: {
  id: string;
  view: { center: { latitude: number; longitude: number }; zoom: number };
  others: readonly (readonly LonLat[])[];
  ring: readonly LonLat[];
  points: string;
  error: string | undefined;
  onPoints: (text: string) => void;
  onRing: (ring: LonLat[]) => void;
  onDrawn: (ring: LonLat[]) => void;
}) {
  const { t } = useLingui();
  const map = useMapConfig();
  return (
    <fieldset className="places-form__zone">
      <legend className="staff-label">{t`The zone's border`}</legend>
      <p className="staff-section__lead">
        {t`Click on the map to place the border's points; click the first point again to close the zone. Drawing again replaces it.`}
      </p>
      <div className="places-map places-map--zone">
        {map.data ? (
          <Suspense fallback={<Loading />}>
            <ZoneMap
              styleUrl={map.data.styleUrl}
              center={view.center}
              zoom={view.zoom}
              others={others}
              ring={ring}
              label={t`Map: draw the zone`}
              onDrawn={onDrawn}
            />
          </Suspense>
        ) : map.isError ? (
          <Failed onRetry={() => void map.refetch()} />
        ) : (
          <Loading />
        )}
      </div>
      <label className="staff-label" htmlFor={`${id}-points`}>
        {t`Points of the border, one "latitude, longitude" a line`}
      </label>
      <textarea
        id={`${id}-points`}
        className="staff-textarea places-form__points"
        rows={6}
        spellCheck={false}
        value={points}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-points-error` : undefined}
        onChange={(e) => {
          onPoints(e.target.value);
        }}
        onBlur={() => {
          const parsed = parsePoints(points);
          if ("ring" in parsed) onRing(parsed.ring);
        }}
      />
      {error && (
        <p id={`${id}-points-error`} className="staff-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function MoneyField({
  id,
  label,
  value,
  error,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <div>
      <label className="staff-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="staff-input menu-editor__input"
        inputMode="decimal"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => {
          onChange(e.target.value);
        }}
      />
      {error && (
        <p id={`${id}-error`} className="staff-error">
          {error}
        </p>
      )}
    </div>
  );
}

function DeleteZone({
  zone,
  onDone,
  onRefusal,
}: {
  zone: PlaceZone;
  onDone: () => void;
  onRefusal: (text: string) => void;
}) {
  const { t } = useLingui();
  const remove = useDeleteZone();
  return (
    <button
      type="button"
      className="staff-button staff-button--danger places-form__delete"
      disabled={remove.isPending}
      onClick={() => {
        remove.mutate(zone, {
          onSuccess: onDone,
          onError: (error) => {
            onRefusal(
              error instanceof ApiError && error.description
                ? error.description[descriptionKey()]
                : t`The zone was not deleted. Check your internet connection and try again.`,
            );
          },
        });
      }}
    >
      {t`Delete the zone`}
    </button>
  );
}

/** Cancel and Save of a dialog's form. */
export function SaveButtons({
  form,
  pending,
  onCancel,
}: {
  form: string;
  pending: boolean;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  return (
    <>
      <button type="button" className="staff-button" onClick={onCancel}>
        {t`Cancel`}
      </button>
      <button
        type="submit"
        form={form}
        className="staff-button staff-button--primary"
        disabled={pending}
        aria-busy={pending}
      >
        {pending ? t`Saving…` : t`Save`}
      </button>
    </>
  );
}

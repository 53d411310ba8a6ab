import { SelectField } from "../../../components/text-field.tsx";
import { useLingui } from "@lingui/react/macro";
import { Button } from "@telegram-apps/telegram-ui";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { Link, useLocation } from "wouter";
import { LazyMap } from "../../../components/map/lazy-map.tsx";
import type { MapViewHandle } from "../../../components/map/types.ts";
import { useMapConfig } from "../../../components/map/use-map-config.ts";
import { LoadFailed } from "../../../components/load-failed.tsx";
import { PageSpinner } from "../../../components/page-spinner.tsx";
import { UrlSheet, useUrlSheet } from "../../../components/url-sheet.tsx";
import type { Branch } from "../../../domain/contract/geo.ts";
import { HOLIDAY, opensAllDay, pausedUntil, workHoursOn, type TodayHours } from "../../../domain/hours.ts";
import { pickText } from "../../../domain/multilingual.ts";
import { branchesQueryOptions, citiesQueryOptions, initialCity } from "../../../shared/geo/geo-queries.ts";
import { toDraftBranch, useOrderDraft } from "../../../shared/order-draft/order-draft.ts";
import { useRequiredTenant } from "../../../shared/brand/tenant.ts";
import { useContentLanguage } from "../../../lib/use-content-language.ts";
import { getPlatform } from "../../../platform/index.ts";
import { usePageTitle } from "../../../shared/brand/use-page-title.ts";
import "./branches.css";

/** Branch map zoom and the delay before fitting the bounds (spec section 9). */
const BRANCH_MAP_ZOOM = 10;
const FIT_BOUNDS_DELAY_MS = 500;

export type BranchesMode = "list" | "map" | "pickup" | "dine-in";

interface Row {
  branch: Branch;
  hours: TodayHours;
  closed: boolean;
  /** Staff paused the service for a short while: "HH:mm" on the brand's clock it comes back at. */
  pausedTill: string | null;
}

/** "19:40": a moment on the brand's clock. */
function clockIn(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-GB", {
    timeZone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(date);
}

/** Where the page returns after a choice: the `redirect` parameter (a local path), else the menu. */
function redirectTarget(): string {
  const value = new URLSearchParams(window.location.search).get("redirect");
  return value?.startsWith("/") && !value.startsWith("//") ? value : "/";
}

function HoursText({ hours, pausedTill = null }: { hours: TodayHours; pausedTill?: string | null }) {
  const { t } = useLingui();
  if (hours === HOLIDAY) return <>{t`holiday`}</>;
  if (pausedTill) return <>{t`Not taking orders until ${pausedTill}`}</>;
  return <>{opensAllDay(hours) ? t`Open 24 hours` : `${hours.open} - ${hours.close}`}</>;
}

function BranchDetails({ row, busy, onSelect }: { row: Row; busy: boolean; onSelect: () => void }) {
  const { t } = useLingui();
  const language = useContentLanguage();
  const { branch } = row;
  const address = pickText(branch.address, language);
  return (
    <div className="branch-details">
      <dl>
        <dt>{t`Working hours`}</dt>
        <dd>
          <HoursText hours={row.hours} pausedTill={row.pausedTill} />
        </dd>
        {branch.phone && (
          <>
            <dt>{t`Phone number`}</dt>
            <dd>
              <a href={`tel:${branch.phone.replace(/[^\d+]/g, "")}`}>{branch.phone}</a>
            </dd>
          </>
        )}
        {address && (
          <>
            <dt>{t`Address`}</dt>
            <dd>{address}</dd>
          </>
        )}
      </dl>
      {row.closed && !row.pausedTill && <p className="branch-details__closed">{t`Today is a holiday`}</p>}
      <Button mode="filled" size="l" stretched disabled={row.closed || busy} onClick={onSelect}>
        {t`Select`}
      </Button>
    </div>
  );
}

/**
 * Branches (spec overlay 2): a list with today's hours and the address, or a map with markers; a
 * city dropdown with more than one city; branches closed today dimmed and not selectable; a details
 * drawer with the select button. /branches and /branches/map show them; /address/pickup and
 * /address/pickup2 choose the order's pickup or dine-in branch.
 */
export function BranchesPage({ mode }: { mode: BranchesMode }) {
  const { t } = useLingui();
  const language = useContentLanguage();
  const [, navigate] = useLocation();
  const { merchant } = useRequiredTenant();
  const { draft, setBranch, setCity } = useOrderDraft();
  const branches = useQuery(branchesQueryOptions(merchant.id));
  const cities = useQuery(citiesQueryOptions(merchant.id));
  const mapConfig = useMapConfig();
  const picker = mode === "pickup" || mode === "dine-in";
  const serviceType = mode === "dine-in" ? "DINE_IN" : "PICK_UP";
  usePageTitle(t`Branches`);

  const params = new URLSearchParams(window.location.search);
  const [pickerView, setPickerView] = useState<"list" | "map">(params.get("view") === "map" ? "map" : "list");
  const view = mode === "map" ? "map" : mode === "list" ? "list" : pickerView;

  const cityList = cities.data ?? [];
  const [cityId, setCityId] = useState<string | null>(null);
  const city = initialCity(cityList, cityId ?? draft.cityId ?? draft.branch?.cityId ?? null);

  // "Today" is the merchant's local day (../shared/decisions.md).
  const now = new Date();
  const rows: Row[] = useMemo(
    () =>
      (branches.data ?? [])
        .filter((b) => (serviceType === "DINE_IN" ? b.settings.dineInEnabled : b.settings.pickupEnabled))
        .filter((b) => !city || b.cityId === null || b.cityId === city.id)
        .map((branch) => {
          const hours = workHoursOn(branch.workHours, serviceType, now, merchant.timezone);
          // Paused by staff: not chosen meanwhile, as a branch closed for the day.
          const paused = pausedUntil(branch.workHours, serviceType, now);
          return {
            branch,
            hours,
            closed: hours === HOLIDAY || paused !== null,
            pausedTill: paused ? clockIn(paused, merchant.timezone) : null,
          };
        }),
    // `now` changes every render; the day only matters when the data or the city change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [branches.data, city?.id, serviceType, merchant.timezone],
  );

  // On opening: the order's branch, else the main one, else the first (spec section 4); never a closed one.
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const defaultRow =
    rows.find((r) => r.branch.id === draft.branch?.id && !r.closed) ??
    rows.find((r) => r.branch.isMain && !r.closed) ??
    rows.find((r) => !r.closed);
  const selected =
    rows.find((r) => r.branch.id === selectedId) ?? (selectedId === null ? defaultRow : undefined);

  const details = useUrlSheet("branch");
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const detailsRow = rows.find((r) => r.branch.id === detailsId) ?? null;

  const open = (row: Row) => {
    if (!row.closed) setSelectedId(row.branch.id);
    setDetailsId(row.branch.id);
    details.open();
  };

  const choose = (row: Row | undefined) => {
    if (!row || row.closed) return;
    setBranch(toDraftBranch(row.branch), serviceType);
    if (row.branch.cityId) setCity(row.branch.cityId);
    // Selecting closes both drawers (spec section 4).
    navigate(redirectTarget(), { replace: picker });
  };

  const mapRef = useRef<MapViewHandle>(null);
  useEffect(() => {
    if (view !== "map" || rows.length === 0) return;
    const timer = setTimeout(() => {
      mapRef.current?.fitBounds(rows.map((r) => r.branch));
    }, FIT_BOUNDS_DELAY_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [view, rows]);

  const toggle =
    mode === "list" || mode === "map" ? (
      <nav className="branches__toggle" aria-label={t`View`}>
        <Link href="/branches" aria-current={view === "list" ? "page" : undefined}>
          {t`List`}
        </Link>
        <Link href="/branches/map" aria-current={view === "map" ? "page" : undefined}>
          {t`Map`}
        </Link>
      </nav>
    ) : (
      <div className="branches__toggle" role="group" aria-label={t`View`}>
        <button
          type="button"
          aria-pressed={view === "list"}
          onClick={() => {
            setPickerView("list");
          }}
        >
          {t`List`}
        </button>
        <button
          type="button"
          aria-pressed={view === "map"}
          onClick={() => {
            setPickerView("map");
          }}
        >
          {t`Map`}
        </button>
      </div>
    );

  const centre = city ?? rows[0]?.branch ?? merchant;

  return (
    <div className={`page branches ${picker ? "branches--picker" : ""}`}>
      <div className="branches__head">
        {picker && !getPlatform().backButton.native && (
          <button
            type="button"
            className="branches__back"
            aria-label={t`Back`}
            onClick={() => {
              if (window.history.length > 1) window.history.back();
              else navigate(redirectTarget());
            }}
          >
            <span className="mirror-rtl">‹</span>
          </button>
        )}
        <h1 className="page__title">{picker ? t`Choose a branch` : t`Branches`}</h1>
      </div>
      {toggle}
      {cityList.length > 1 && (
        <SelectField
          label={t`City`}
          className="branches__city"
          value={city?.id ?? ""}
          onChange={(e) => {
            setCityId(e.target.value);
            setCity(e.target.value);
            setSelectedId(null);
          }}
        >
          {cityList.map((c) => (
            <option key={c.id} value={c.id}>
              {pickText(c.name, language) || pickText(c.name, "ru")}
            </option>
          ))}
        </SelectField>
      )}

      {branches.isPending ? (
        <PageSpinner />
      ) : branches.isLoadingError ? (
        <LoadFailed onRetry={() => void branches.refetch()} retrying={branches.isFetching} />
      ) : rows.length === 0 ? (
        <p className="branches__empty">{t`Nothing found`}</p>
      ) : view === "list" ? (
        <ul className="branches__list" aria-label={t`Branches`}>
          {rows.map((row) => {
            const isSelected = picker && selected?.branch.id === row.branch.id;
            return (
              <li key={row.branch.id}>
                <button
                  type="button"
                  className={`branch-row ${row.closed ? "branch-row--closed" : ""} ${isSelected ? "branch-row--selected" : ""}`}
                  aria-disabled={row.closed ? "true" : undefined}
                  aria-pressed={picker ? isSelected : undefined}
                  onClick={() => {
                    open(row);
                  }}
                >
                  <span className="branch-row__name">{pickText(row.branch.name, language)}</span>
                  <span className="branch-row__hours">
                    <HoursText hours={row.hours} pausedTill={row.pausedTill} />
                  </span>
                  <span className="branch-row__address">{pickText(row.branch.address, language)}</span>
                </button>
              </li>
            );
          })}
        </ul>
      ) : mapConfig.data ? (
        <div className="branches__map">
          <LazyMap
            styleUrl={mapConfig.data.styleUrl}
            initialCenter={{ latitude: centre.latitude, longitude: centre.longitude }}
            initialZoom={BRANCH_MAP_ZOOM}
            label={t`Branches on the map`}
            handleRef={mapRef}
            markers={rows.map((row) => ({
              id: row.branch.id,
              latitude: row.branch.latitude,
              longitude: row.branch.longitude,
              label: pickText(row.branch.name, language),
              tone: row.closed
                ? "muted"
                : selected?.branch.id === row.branch.id && picker
                  ? "selected"
                  : "branch",
              onSelect: () => {
                open(row);
              },
            }))}
          />
        </div>
      ) : (
        <PageSpinner />
      )}

      {picker && (
        <div className="branches__select">
          <Button
            mode="filled"
            size="l"
            stretched
            disabled={!selected || branches.isFetching}
            onClick={() => {
              choose(selected);
            }}
          >
            {selected ? t`Select ${pickText(selected.branch.name, language)}` : t`Select`}
          </Button>
        </div>
      )}

      <UrlSheet name="branch" title={detailsRow ? pickText(detailsRow.branch.name, language) : t`Branch`}>
        {detailsRow && (
          <BranchDetails
            row={detailsRow}
            busy={branches.isFetching}
            onSelect={() => {
              choose(detailsRow);
            }}
          />
        )}
      </UrlSheet>
    </div>
  );
}

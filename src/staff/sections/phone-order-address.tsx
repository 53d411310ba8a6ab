// A new delivery address on the phone-order screen: the operator types the street the caller says,
// picks the place the geocoder finds, moves the map until its pin stands on the caller's house (a
// street's search result is often its middle) and types the house; the quote then says whether the
// brand delivers there and at what price. The map is the storefront's lazy one.
import { useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import { flushSync } from "react-dom";
import { LazyMap } from "../../components/map/lazy-map.tsx";
import { useMapConfig } from "../../components/map/use-map-config.ts";
import type { NominatimPlace } from "../../domain/contract/geo.ts";
import { searchPlaces } from "./phone-order-api.ts";
import "./places.css";

/** A place found and the house the caller said. */
export interface PickedPlace {
  name: string;
  latitude: number;
  longitude: number;
  house: string;
  /**
   * The operator's drag is still gliding to a stop: the point is not known yet, and an order placed
   * meanwhile waits for it (Ctrl+Enter comes fast after a drag).
   */
  moving?: boolean;
}

/** The place's street as people say it (the geocoder's first part of its name). */
function placeName(p: NominatimPlace): string {
  return p.address?.road ?? p.name ?? p.display_name.split(",")[0] ?? p.display_name;
}

export function AddressSearch({
  value,
  onPick,
}: {
  value: PickedPlace | null;
  onPick: (place: PickedPlace | null) => void;
}) {
  const { t } = useLingui();
  const [text, setText] = useState("");
  const [found, setFound] = useState<NominatimPlace[] | null>(null);
  const [busy, setBusy] = useState(false);
  /** Each place taken from the list: the map starts over there. */
  const [picks, setPicks] = useState(0);
  const ids = { search: useId(), house: useId() };
  const search = async () => {
    if (!text.trim()) return;
    setBusy(true);
    setFound(await searchPlaces(text.trim()));
    setBusy(false);
  };
  return (
    <div className="phone-address">
      <label htmlFor={ids.search} className="staff-label">
        {t`Another address`}
      </label>
      <div className="phone-order__row">
        <input
          id={ids.search}
          type="search"
          className="staff-input"
          placeholder={t`Street, then Enter`}
          value={text}
          autoComplete="off"
          onChange={(e) => {
            setText(e.target.value);
          }}
          onKeyDown={(e) => {
            if (e.key === "Enter" && !e.ctrlKey && !e.metaKey) {
              e.preventDefault();
              void search();
            }
          }}
        />
        <button type="button" className="staff-button" onClick={() => void search()} disabled={busy}>
          {t`Search`}
        </button>
      </div>
      {found?.length === 0 && <p className="staff-note">{t`Nothing found: try the street's other name.`}</p>}
      {found && found.length > 0 && (
        <ul className="phone-address__found" aria-label={t`Places found`}>
          {found.slice(0, 5).map((p) => (
            <li key={`${p.lat},${p.lon}`}>
              <button
                type="button"
                className="phone-menu__match"
                onClick={() => {
                  onPick({
                    name: placeName(p),
                    latitude: Number(p.lat),
                    longitude: Number(p.lon),
                    house: "",
                  });
                  setFound(null);
                  setPicks((n) => n + 1);
                }}
              >
                {p.display_name}
              </button>
            </li>
          ))}
        </ul>
      )}
      {value && (
        <div className="phone-address__picked">
          <p className="phone-order__who">{value.name}</p>
          <PinMap
            key={picks}
            place={value}
            // Rendered at once, not when React next gets to it: a Ctrl+Enter right after the map
            // stops must see where it stopped.
            onMoveStart={() => {
              flushSync(() => {
                onPick({ ...value, moving: true });
              });
            }}
            onMoveEnd={(point) => {
              flushSync(() => {
                onPick({ ...value, ...point, moving: false });
              });
            }}
          />
          <label htmlFor={ids.house} className="staff-label">
            {t`House`}
          </label>
          <input
            id={ids.house}
            className="staff-input"
            value={value.house}
            onChange={(e) => {
              onPick({ ...value, house: e.target.value });
            }}
          />
        </div>
      )}
    </div>
  );
}

/** The picked place under the map's fixed pin; moving the map moves the point (and the quote). */
function PinMap({
  place,
  onMoveStart,
  onMoveEnd,
}: {
  place: PickedPlace;
  onMoveStart: () => void;
  /** Where the user's move stopped (null: the move was the code's). */
  onMoveEnd: (point: { latitude: number; longitude: number } | null) => void;
}) {
  const { t } = useLingui();
  const map = useMapConfig();
  const [start] = useState(() => ({ latitude: place.latitude, longitude: place.longitude }));
  if (!map.data) return null;
  return (
    <>
      <p className="staff-note">{t`Move the map so that the pin stands on the caller's house.`}</p>
      <div className="places-map">
        <LazyMap
          styleUrl={map.data.styleUrl}
          initialCenter={start}
          initialZoom={16}
          centerPin
          label={t`Map: the delivery address`}
          // Called for the user's moves only.
          onMoveStart={onMoveStart}
          onMoveEnd={(center, byUser) => {
            onMoveEnd(
              byUser
                ? {
                    latitude: Number(center.latitude.toFixed(6)),
                    longitude: Number(center.longitude.toFixed(6)),
                  }
                : null,
            );
          }}
        />
      </div>
    </>
  );
}

import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { ButtonRow } from "../../../components/list-row.tsx";
import { UrlSheet, useUrlSheet } from "../../../components/url-sheet.tsx";
import { searchAddressQueryOptions } from "../api/search-address.ts";
import { inPageScript, placeOf, type ResolvedPlace } from "../api/reverse-geocode.ts";
import { useRequiredTenant } from "../../../shared/brand/tenant.ts";
import { streetAndHouse } from "../../../domain/address.ts";
import { joinNames } from "../../../lib/i18n.ts";

/** Remote search debounce and input focus delay (spec section 9). */
const DEBOUNCE_MS = 300;
const FOCUS_DELAY_MS = 500;

export interface SearchChoice {
  name: string;
  description: string;
  latitude: number;
  longitude: number;
  /** The street and house of the chosen result itself (the picker shows them, not a neighbour's). */
  place: ResolvedPlace;
}

function SearchBody({ onChoose }: { onChoose: (choice: SearchChoice) => void }) {
  const { t } = useLingui();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState("");
  const [query, setQuery] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => {
      setQuery(text.trim());
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [text]);
  useEffect(() => {
    const timer = setTimeout(() => inputRef.current?.focus(), FOCUS_DELAY_MS);
    return () => {
      clearTimeout(timer);
    };
  }, []);
  const { merchant } = useRequiredTenant();
  const results = useQuery(searchAddressQueryOptions(merchant.id, query));

  return (
    <div className="address-search">
      <div className="address-search__field">
        <label htmlFor={inputId} className="visually-hidden">
          {t`Search address`}
        </label>
        <input
          id={inputId}
          ref={inputRef}
          type="search"
          value={text}
          placeholder={t`Street, house number`}
          autoComplete="off"
          onChange={(e) => {
            setText(e.target.value);
          }}
        />
        {text && (
          <button
            type="button"
            className="address-search__clear"
            aria-label={t`Clear`}
            onClick={() => {
              setText("");
              inputRef.current?.focus();
            }}
          >
            ×
          </button>
        )}
      </div>
      {results.isFetching && <p className="address-search__hint">{t`Searching…`}</p>}
      {query.length >= 2 && results.isSuccess && results.data.length === 0 && !results.isFetching && (
        <p className="address-search__hint">{t`Nothing found`}</p>
      )}
      {(results.data ?? []).some((place) => !inPageScript(place.display_name)) && (
        <p className="address-search__hint" data-testid="search-name-fallback">
          {t`Street names are not available in your language here: shown as named locally`}
        </p>
      )}
      <ul className="address-search__results" aria-label={t`Search results`}>
        {(results.data ?? []).map((place) => {
          const a = place.address;
          const name =
            place.name ||
            streetAndHouse(
              { streetName: a?.road ?? a?.residential ?? a?.neighbourhood, houseNumber: a?.house_number },
              joinNames,
            ) ||
            place.display_name;
          return (
            <li key={`${String(place.place_id ?? "")}-${place.lat}-${place.lon}`}>
              <ButtonRow
                label={name}
                onClick={() => {
                  const found = placeOf(place);
                  onChoose({
                    name,
                    description: place.display_name,
                    latitude: Number(place.lat),
                    longitude: Number(place.lon),
                    place: {
                      streetName: found?.streetName || name,
                      houseNumber: found?.houseNumber ?? "",
                      description: place.display_name,
                    },
                  });
                }}
              >
                {place.display_name}
              </ButtonRow>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** The search drawer of the address picker. */
export function AddressSearchSheet({ onChoose }: { onChoose: (choice: SearchChoice) => void }) {
  const { t } = useLingui();
  const { isOpen } = useUrlSheet("address-search");
  return (
    <UrlSheet name="address-search" title={t`Search address`}>
      {isOpen && <SearchBody onChoose={onChoose} />}
    </UrlSheet>
  );
}

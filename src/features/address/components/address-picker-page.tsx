import { SelectField } from "../../../components/text-field.tsx";
import { useLingui } from "@lingui/react/macro";
import { Button } from "@telegram-apps/telegram-ui";
import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useLocation } from "wouter";
import { LazyMap } from "../../../components/map/lazy-map.tsx";
import type { MapViewHandle } from "../../../components/map/types.ts";
import { useMapConfig } from "../../../components/map/use-map-config.ts";
import { useUrlSheet } from "../../../components/url-sheet.tsx";
import {
  findRegion,
  findSameLocation,
  hasCoordinates,
  roundPoint,
  sameLocation,
  type LatLon,
} from "../../../domain/geo.ts";
import { streetAndHouse } from "../../../domain/address.ts";
import { pickText } from "../../../domain/multilingual.ts";
import { citiesQueryOptions, initialCity, regionsQueryOptions } from "../../../shared/geo/geo-queries.ts";
import { notify } from "../../../lib/notify.ts";
import { joinNames } from "../../../lib/i18n.ts";
import { getPlatform } from "../../../platform/index.ts";
import {
  TEMPORARY_ADDRESS_PREFIX,
  useOrderDraft,
  type DraftAddress,
} from "../../../shared/order-draft/order-draft.ts";
import { useRequiredTenant } from "../../../shared/brand/tenant.ts";
import { useContentLanguage } from "../../../lib/use-content-language.ts";
import { usePageTitle } from "../../../shared/brand/use-page-title.ts";
import { inPageScript, reverseGeocode, type ResolvedPlace } from "../api/reverse-geocode.ts";
import { redirectTarget, toDraftAddress, useSavedAddresses } from "../saved-addresses.ts";
import { AddressDetailsSheet } from "./address-details-sheet.tsx";
import { AddressSearchSheet, type SearchChoice } from "./address-search-sheet.tsx";
import "./address.css";

/** Address picker zoom (spec section 9). */
export const PICKER_ZOOM = 14;

interface Resolved extends ResolvedPlace {
  point: LatLon;
  /** A saved address at this point (within 0.000099 degrees), or null. */
  savedId: string | null;
  name: string;
  /** The saved address's street and house were typed by the customer. */
  typed?: boolean | undefined;
}

/**
 * The delivery-address picker (spec section 2, overlay 1): a draggable map with a centre pin, the
 * street and house of the centre, the delivery zones and the out-of-zone rule, a city dropdown,
 * search and the address details. `mode` "profile" only adds the address to the saved list.
 * Where no geocoder answers (none configured in production, or it failed) the customer places the
 * pin and types the street and house in the details drawer: never a street the server made up.
 */
export function AddressPickerPage({ mode = "order" }: { mode?: "order" | "profile" }) {
  const { t } = useLingui();
  const language = useContentLanguage();
  const [, navigate] = useLocation();
  const { merchant, settings } = useRequiredTenant();
  const { draft, setCity } = useOrderDraft();
  const saved = useSavedAddresses();
  const validate = settings.shouldValidateDeliveryArea;
  const cities = useQuery(citiesQueryOptions(merchant.id));
  const regions = useQuery({ ...regionsQueryOptions(merchant.id), enabled: validate });
  const mapConfig = useMapConfig();
  // Known with the map configuration: without address search there is nothing to ask first.
  const searchAvailable = mapConfig.data?.addressSearch !== false;
  usePageTitle(t`Delivery address`);

  const mapRef = useRef<MapViewHandle>(null);
  const cityList = cities.data ?? [];
  const [cityId, setCityId] = useState<string | null>(draft.cityId);
  const city = initialCity(cityList, cityId ?? draft.address?.cityId ?? null);

  // Opening sets the centre to the stored address when it has coordinates (spec section 4).
  const [start] = useState<LatLon | null>(() =>
    hasCoordinates(draft.address) ? roundPoint(draft.address) : null,
  );
  const initialCenter: LatLon =
    start ?? (city ? { latitude: city.latitude, longitude: city.longitude } : merchant);

  const [center, setCenter] = useState<LatLon>(() => roundPoint(initialCenter));
  const [resolved, setResolved] = useState<Resolved | null>(null);
  const [resolving, setResolving] = useState(false);
  const [dragging, setDragging] = useState(false);
  /** The last reverse geocoding failed: the customer types the street and house. */
  const [geocoderFailed, setGeocoderFailed] = useState(false);
  const requestRef = useRef<AbortController | null>(null);
  const savedRef = useRef(saved.addresses);
  useEffect(() => {
    savedRef.current = saved.addresses;
  }, [saved.addresses]);
  const searchAvailableRef = useRef(searchAvailable);
  // A layout effect: it runs before the map's own effects of the same commit, so a map that is ready
  // at once (the settings arrived with it) never asks a geocoder the brand does not have.
  useLayoutEffect(() => {
    searchAvailableRef.current = searchAvailable;
  }, [searchAvailable]);

  /** The point last looked up (or matched to a saved address). */
  const askedRef = useRef<LatLon | null>(null);
  const resolve = useCallback(async (point: LatLon) => {
    requestRef.current?.abort();
    askedRef.current = point;
    const match = findSameLocation(savedRef.current, point);
    if (match) {
      // A tapped point first matches a saved address (spec section 4).
      const d = toDraftAddress(match);
      setResolved({ ...d, point, savedId: match.id, name: d.name });
      setResolving(false);
      return;
    }
    if (!searchAvailableRef.current) {
      setResolved(null);
      setResolving(false);
      return;
    }
    const controller = new AbortController();
    requestRef.current = controller;
    setResolving(true);
    const result = await reverseGeocode(point, controller.signal);
    if (controller.signal.aborted || result.kind === "aborted") return;
    setGeocoderFailed(result.kind === "unavailable");
    setResolved(result.kind === "place" ? { ...result.place, point, savedId: null, name: "" } : null);
    setResolving(false);
  }, []);

  useEffect(
    () => () => {
      requestRef.current?.abort();
    },
    [],
  );

  // A chosen search result names the place until the customer moves the map away from it: the
  // reverse geocoder would answer the nearest house it knows, maybe on another street.
  const choiceRef = useRef<LatLon | null>(null);
  const [searchName, setSearchName] = useState<SearchChoice | null>(null);

  const onMoveEnd = useCallback(
    (next: LatLon) => {
      setDragging(false);
      const point = roundPoint(next);
      setCenter(point);
      const chosen = choiceRef.current;
      if (chosen && sameLocation(chosen, point)) return;
      // A resize ends a "move" that went nowhere: the text under the map (a name-language note shown
      // or hidden while looking up) changes the map's height. Asking again would hide and show that
      // text again, resize again and ask forever.
      const asked = askedRef.current;
      if (!chosen && asked?.latitude === point.latitude && asked.longitude === point.longitude) return;
      choiceRef.current = null;
      setSearchName(null);
      void resolve(point);
    },
    [resolve],
  );

  const inZone = !validate || findRegion(regions.data ?? [], center) !== undefined;
  const zoneKnown = !validate || regions.isFetched;
  const outOfZone = zoneKnown && !inZone;
  const street = resolved && !resolving && !dragging ? resolved.streetName : "";
  // No geocoder answers here: the pin is the customer's, and so are the street and house.
  const typing = !resolved && (!searchAvailable || geocoderFailed);
  const canSave = zoneKnown && inZone && (street !== "" || (typing && !resolving && !dragging));

  const locate = useCallback(() => {
    if (!("geolocation" in navigator)) {
      notify({ kind: "warning", text: t`Please allow location detection!` });
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => {
        mapRef.current?.flyTo(
          { latitude: position.coords.latitude, longitude: position.coords.longitude },
          PICKER_ZOOM,
        );
      },
      () => {
        notify({ kind: "warning", text: t`Please allow location detection!` });
      },
      { enableHighAccuracy: true, timeout: 10_000, maximumAge: 60_000 },
    );
  }, [t]);

  const askLocation = new URLSearchParams(window.location.search).get("locate") === "1";
  const onReady = useCallback(() => {
    void resolve(roundPoint(initialCenter));
    if (askLocation) locate();
    // Once, when the map has loaded.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const changeCity = (id: string) => {
    const next = cityList.find((c) => c.id === id);
    if (!next) return;
    setCityId(id);
    if (mode === "order") setCity(id);
    // The address resets to the city centre and is re-geocoded (spec section 4).
    mapRef.current?.flyTo({ latitude: next.latitude, longitude: next.longitude }, PICKER_ZOOM);
  };

  const search = useUrlSheet("address-search");
  const details = useUrlSheet("address-details");

  const onSearchChoice = (choice: SearchChoice) => {
    const point = roundPoint(choice);
    requestRef.current?.abort();
    askedRef.current = null;
    choiceRef.current = point;
    setSearchName(choice);
    setResolved({ ...choice.place, point, savedId: null, name: "" });
    setResolving(false);
    search.close();
    mapRef.current?.flyTo({ latitude: choice.latitude, longitude: choice.longitude }, PICKER_ZOOM);
  };

  const back = () => {
    if (window.history.length > 1) window.history.back();
    else navigate(redirectTarget(mode === "profile" ? "/profile/address" : "/"));
  };

  const temporaryId = `${TEMPORARY_ADDRESS_PREFIX}${String(center.latitude)},${String(center.longitude)}`;
  const pending: DraftAddress | null = resolved
    ? {
        id: resolved.savedId ?? temporaryId,
        name: resolved.name || searchName?.name || "",
        streetName: resolved.streetName,
        houseNumber: resolved.houseNumber,
        description: searchName?.description ?? resolved.description,
        comment: "",
        latitude: center.latitude,
        longitude: center.longitude,
        cityId: city?.id ?? null,
        floor: "",
        office: "",
        entrance: "",
        domophone: "",
        typed: resolved.typed ?? false,
      }
    : typing
      ? {
          id: temporaryId,
          name: "",
          streetName: "",
          houseNumber: "",
          description: "",
          comment: "",
          latitude: center.latitude,
          longitude: center.longitude,
          cityId: city?.id ?? null,
          floor: "",
          office: "",
          entrance: "",
          domophone: "",
          typed: true,
        }
      : null;

  const styleUrl = mapConfig.data?.styleUrl;
  const citiesSettled = cities.isFetched || cities.isError;

  return (
    <div className="address-picker">
      <div className="address-picker__map">
        {styleUrl && citiesSettled ? (
          <LazyMap
            styleUrl={styleUrl}
            initialCenter={initialCenter}
            initialZoom={PICKER_ZOOM}
            regions={validate ? (regions.data ?? []) : []}
            centerPin
            showZoom={false}
            label={t`Map: move it to put the pin on your address`}
            handleRef={mapRef}
            onReady={onReady}
            onMoveStart={() => {
              setDragging(true);
            }}
            onMoveEnd={onMoveEnd}
          />
        ) : (
          <div className="savat-map" data-map-state="loading" />
        )}
      </div>

      {/* Where the host draws its own Back (Telegram), a second arrow would only compete with it. */}
      {!getPlatform().backButton.native && (
        <button type="button" className="map-fab map-fab--back" onClick={back} aria-label={t`Back`}>
          <svg className="mirror-rtl" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path
              d="M15 5l-7 7 7 7"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
        </button>
      )}
      {searchAvailable && (
        <button
          type="button"
          className="map-fab map-fab--search"
          onClick={search.open}
          aria-label={t`Search address`}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M16 16l4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      )}
      <div className="map-zoom" role="group" aria-label={t`Zoom`}>
        <button
          type="button"
          className="map-fab"
          onClick={() => mapRef.current?.zoomBy(1)}
          aria-label={t`Zoom in`}
        >
          +
        </button>
        <button
          type="button"
          className="map-fab"
          onClick={() => mapRef.current?.zoomBy(-1)}
          aria-label={t`Zoom out`}
        >
          −
        </button>
      </div>

      <section className="address-picker__panel" aria-labelledby="address-picker-title">
        <button
          type="button"
          className="map-fab map-fab--locate"
          onClick={locate}
          aria-label={t`My location`}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <circle cx="12" cy="12" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
            <path
              d="M12 2v4M12 18v4M2 12h4M18 12h4"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
        </button>
        <h1 id="address-picker-title" className="address-picker__title">
          {mode === "profile" ? t`New address` : t`Delivery address`}
        </h1>
        {cityList.length > 1 && (
          <SelectField
            label={t`City`}
            className="address-picker__city"
            value={city?.id ?? ""}
            onChange={(e) => {
              changeCity(e.target.value);
            }}
          >
            {cityList.map((c) => (
              <option key={c.id} value={c.id}>
                {/* City labels fall back to Russian (spec section 2). */}
                {pickText(c.name, language) || pickText(c.name, "ru")}
              </option>
            ))}
          </SelectField>
        )}
        <p className="address-picker__street" role="status" aria-live="polite" data-testid="picker-street">
          {resolving || (dragging && !typing)
            ? t`Finding the address…`
            : street
              ? streetAndHouse({ streetName: street, houseNumber: resolved?.houseNumber }, joinNames)
              : typing
                ? t`Address search is unavailable: place the pin on your building and type the street and house`
                : t`Move the map to your address`}
        </p>
        {street && !resolving && !dragging && !inPageScript(street) && (
          <p className="address-picker__fallback" data-testid="picker-name-fallback">
            {t`Street names are not available in your language here: shown as named locally`}
          </p>
        )}
        {outOfZone && (
          <p className="address-picker__out" role="alert">
            {t`Out of Service zone`}
          </p>
        )}
        <Button
          mode="filled"
          size="l"
          stretched
          disabled={!canSave}
          onClick={() => {
            details.open();
          }}
        >
          {t`Save`}
        </Button>
      </section>

      <AddressSearchSheet onChoose={onSearchChoice} />
      <AddressDetailsSheet
        mode={mode}
        address={pending}
        onSaved={() => {
          navigate(redirectTarget(mode === "profile" ? "/profile/address" : "/"), { replace: true });
        }}
      />
    </div>
  );
}

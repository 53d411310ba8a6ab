// The MapLibre map (react-map-gl/maplibre). This module and MapLibre are one lazy chunk: import it
// only through ./lazy-map.tsx, so a page without a map never downloads them.
import "maplibre-gl/dist/maplibre-gl.css";
import * as maplibregl from "maplibre-gl";
import workerUrl from "maplibre-gl/dist/maplibre-gl-worker.mjs?url";
import { useLingui } from "@lingui/react/macro";
import { useCallback, useImperativeHandle, useMemo, useRef, useState } from "react";
import {
  AttributionControl,
  Layer,
  Map as MapLibreMap,
  Marker,
  NavigationControl,
  Source,
  type MapRef,
} from "react-map-gl/maplibre";
import { boundsOf, ringsOf, type LatLon } from "../../domain/geo.ts";
import type { MapViewProps } from "./types.ts";

// MapLibre computes its worker URL relative to its own file, which does not exist after bundling
// (in the built app the worker is an emitted asset of its own): point it at the emitted worker instead.
maplibregl.setWorkerUrl(workerUrl);

/** Centre animation of the address picker and the branch map (spec section 9). */
export const MOVE_ANIMATION_MS = 500;
const ZONE_STROKE = "#006efc";

export default function MapView({
  styleUrl,
  initialCenter,
  initialZoom,
  regions = [],
  markers = [],
  centerPin = false,
  showZoom = true,
  label,
  onMoveStart,
  onMoveEnd,
  onReady,
  handleRef,
  className,
  onFail,
}: MapViewProps & {
  /** The map could not load its style (LazyMap shows its notice). */
  onFail?: () => void;
}) {
  const { t } = useLingui();
  const mapRef = useRef<MapRef>(null);
  const loaded = useRef(false);
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");
  const [zonesDrawn, setZonesDrawn] = useState(false);
  const [zoom, setZoom] = useState(initialZoom);

  useImperativeHandle(
    handleRef,
    () => ({
      flyTo(point: LatLon, zoom?: number) {
        mapRef.current?.flyTo({
          center: [point.longitude, point.latitude],
          ...(zoom === undefined ? {} : { zoom }),
          duration: MOVE_ANIMATION_MS,
        });
      },
      fitBounds(points) {
        const bounds = boundsOf(points);
        if (!bounds) return;
        // More room at the top: a pin's caption stands above it, and the zoom buttons are top right.
        mapRef.current?.fitBounds(bounds, {
          padding: { top: 80, right: 64, bottom: 48, left: 48 },
          maxZoom: 14,
          duration: MOVE_ANIMATION_MS,
        });
      },
      getCenter() {
        const c = mapRef.current?.getCenter();
        return c ? { latitude: c.lat, longitude: c.lng } : null;
      },
      shows(point: LatLon) {
        return mapRef.current?.getBounds().contains([point.longitude, point.latitude]) ?? false;
      },
      zoomBy(delta: number) {
        const map = mapRef.current;
        if (map) map.zoomTo(map.getZoom() + delta, { duration: MOVE_ANIMATION_MS });
      },
    }),
    [],
  );

  const zones = useMemo(
    () => ({
      type: "FeatureCollection" as const,
      features: regions.map((r) => ({
        type: "Feature" as const,
        id: r.id,
        properties: { id: r.id },
        geometry: {
          type: "Polygon" as const,
          coordinates: ringsOf(r.polygon).map((ring) => ring.map(([lon, lat]) => [lon, lat])),
        },
      })),
    }),
    [regions],
  );

  const handleIdle = useCallback(() => {
    const map = mapRef.current;
    setZonesDrawn(Boolean(map?.getLayer("zones-line")) && regions.length > 0);
  }, [regions.length]);

  return (
    <div
      className={`savat-map ${className ?? ""}`}
      role="region"
      aria-label={label}
      data-map-state={state}
      data-zones-drawn={zonesDrawn ? "true" : "false"}
      data-zoom={Math.round(zoom)}
    >
      <MapLibreMap
        ref={mapRef}
        mapLib={maplibregl}
        mapStyle={styleUrl}
        initialViewState={{
          latitude: initialCenter.latitude,
          longitude: initialCenter.longitude,
          zoom: initialZoom,
        }}
        style={{ width: "100%", height: "100%" }}
        // Beyond 2x the extra pixels are not visible on a phone but cost every frame (and the
        // software renderer of headless browsers).
        pixelRatio={Math.min(window.devicePixelRatio || 1, 2)}
        dragRotate={false}
        touchPitch={false}
        pitchWithRotate={false}
        attributionControl={false}
        // MapLibre's own labels (its canvas is a region named "Map") in the customer's language.
        locale={{
          "Map.Title": t`Map`,
          "Marker.Title": t`Map marker`,
          "NavigationControl.ZoomIn": t`Zoom in`,
          "NavigationControl.ZoomOut": t`Zoom out`,
          "AttributionControl.ToggleAttribution": t`Map data sources`,
        }}
        onLoad={() => {
          loaded.current = true;
          setState("ready");
          onReady?.();
        }}
        onError={() => {
          // A failing tile or style request: the map keeps what it has; only a map that never
          // loaded says so.
          if (loaded.current) return;
          setState("failed");
          onFail?.();
        }}
        onIdle={handleIdle}
        onMoveStart={(e) => {
          if (e.originalEvent) onMoveStart?.();
        }}
        onMoveEnd={(e) => {
          setZoom(e.viewState.zoom);
          onMoveEnd?.(
            { latitude: e.viewState.latitude, longitude: e.viewState.longitude },
            Boolean(e.originalEvent),
          );
        }}
      >
        <AttributionControl compact position="bottom-left" />
        {showZoom && <NavigationControl position="top-right" showCompass={false} />}
        {regions.length > 0 && (
          <Source id="zones" type="geojson" data={zones}>
            <Layer id="zones-fill" type="fill" paint={{ "fill-color": ZONE_STROKE, "fill-opacity": 0.12 }} />
            <Layer id="zones-line" type="line" paint={{ "line-color": ZONE_STROKE, "line-width": 4 }} />
          </Source>
        )}
        {markers.map((m) => (
          <Marker key={m.id} latitude={m.latitude} longitude={m.longitude} anchor="bottom">
            {/* Every pin is a button, so it is reached and named by keyboard and screen readers. */}
            <button
              type="button"
              className="savat-map__pin-button"
              aria-label={m.label}
              title={m.label}
              data-marker={m.id}
              onClick={(event) => {
                event.stopPropagation();
                if (m.onSelect) m.onSelect();
                else
                  mapRef.current?.flyTo({
                    center: [m.longitude, m.latitude],
                    duration: MOVE_ANIMATION_MS,
                  });
              }}
            >
              {m.caption && (
                <span className="savat-map__caption" aria-hidden="true">
                  {m.label}
                </span>
              )}
              <span className={`savat-map__marker savat-map__marker--${m.tone ?? "branch"}`} />
            </button>
          </Marker>
        ))}
      </MapLibreMap>
      {centerPin && <span className="savat-map__pin" aria-hidden="true" />}
    </div>
  );
}

// The delivery zone drawing map of the back office (issue 36): MapLibre with terra-draw's polygon
// mode. Its own lazy chunk (with MapLibre and terra-draw): only the zones section loads it, never
// the storefront. Clicks on the map add points; clicking the first point (or a double click) closes
// the zone. The brand's other zones are drawn beside it, so an overlap is seen before it is refused.
import "maplibre-gl/dist/maplibre-gl.css";
import * as maplibregl from "maplibre-gl";
import workerUrl from "maplibre-gl/dist/maplibre-gl-worker.mjs?url";
import { useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import { TerraDraw, TerraDrawPolygonMode } from "terra-draw";
import { TerraDrawMapLibreGLAdapter } from "terra-draw-maplibre-gl-adapter";
import type { LonLat } from "../../domain/geo.ts";
import { openRing } from "../../domain/zone-shape.ts";

// The worker URL of the bundled MapLibre (see src/components/map/map-view.tsx).
maplibregl.setWorkerUrl(workerUrl);

export interface ZoneMapProps {
  styleUrl: string;
  center: { latitude: number; longitude: number };
  /** A new zone starts wide (the whole city and around it), an edited one close. */
  zoom: number;
  /** The brand's other zones, shown and not editable. */
  others: readonly (readonly LonLat[])[];
  /** The zone as it stands (the points list's or the last drawing's). */
  ring: readonly LonLat[];
  onDrawn: (ring: LonLat[]) => void;
  label: string;
}

const same = (a: readonly LonLat[], b: readonly LonLat[]) =>
  a.length === b.length &&
  a.every((p, i) => {
    const q = b[i];
    return q !== undefined && p[0] === q[0] && p[1] === q[1];
  });

export default function ZoneMap({ styleUrl, center, zoom, others, ring, onDrawn, label }: ZoneMapProps) {
  const { t } = useLingui();
  const container = useRef<HTMLDivElement>(null);
  const drawRef = useRef<TerraDraw | null>(null);
  const mapRef = useRef<maplibregl.Map | null>(null);
  const drawn = useRef<readonly LonLat[]>([]);
  const onDrawnRef = useRef(onDrawn);
  useEffect(() => {
    onDrawnRef.current = onDrawn;
  }, [onDrawn]);
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");

  useEffect(() => {
    if (!container.current) return;
    const map = new maplibregl.Map({
      container: container.current,
      style: styleUrl,
      center: [center.longitude, center.latitude],
      zoom,
      dragRotate: false,
      pitchWithRotate: false,
      attributionControl: { compact: true },
      // A double click closes the zone: it must not zoom the map as well.
      doubleClickZoom: false,
      pixelRatio: Math.min(window.devicePixelRatio || 1, 2),
    });
    mapRef.current = map;
    map.addControl(new maplibregl.NavigationControl({ showCompass: false }), "top-right");
    map.on("error", () => {
      setState((s) => (s === "loading" ? "failed" : s));
    });
    map.on("load", () => {
      const draw = new TerraDraw({
        adapter: new TerraDrawMapLibreGLAdapter({ map }),
        modes: [
          new TerraDrawPolygonMode({
            styles: { fillColor: "#006efc", outlineColor: "#006efc", outlineWidth: 3, fillOpacity: 0.2 },
          }),
        ],
      });
      draw.start();
      draw.setMode("polygon");
      draw.on("finish", (id) => {
        const feature = draw.getSnapshotFeature(id);
        if (feature?.geometry.type !== "Polygon") return;
        // One zone at a time: a new drawing replaces the previous one.
        const stale = draw
          .getSnapshot()
          .filter((f) => f.id !== id)
          .map((f) => f.id)
          .filter((x): x is string | number => x !== undefined);
        if (stale.length > 0) draw.removeFeatures(stale);
        const points = openRing(
          (feature.geometry.coordinates[0] ?? []).map(([lon, lat]): LonLat => [
            Number(Number(lon).toFixed(6)),
            Number(Number(lat).toFixed(6)),
          ]),
        );
        drawn.current = points;
        onDrawnRef.current(points);
      });
      drawRef.current = draw;
      setState("ready");
    });
    return () => {
      drawRef.current?.stop();
      drawRef.current = null;
      map.remove();
      mapRef.current = null;
    };
    // The map is made once per editor; the centre is only where it starts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [styleUrl]);

  // The other zones, as a plain layer under the drawing.
  useEffect(() => {
    const map = mapRef.current;
    if (state !== "ready" || !map) return;
    const data = {
      type: "FeatureCollection" as const,
      features: others
        .filter((r) => r.length >= 3)
        .map((r) => ({
          type: "Feature" as const,
          properties: {},
          geometry: {
            type: "Polygon" as const,
            coordinates: [[...r, r[0]].map((p) => [p?.[0] ?? 0, p?.[1] ?? 0])],
          },
        })),
    };
    const source = map.getSource("other-zones");
    if (source && "setData" in source) void (source as maplibregl.GeoJSONSource).setData(data);
    else {
      map.addSource("other-zones", { type: "geojson", data });
      map.addLayer({
        id: "other-zones-fill",
        type: "fill",
        source: "other-zones",
        paint: { "fill-color": "#7a7f87", "fill-opacity": 0.15 },
      });
      map.addLayer({
        id: "other-zones-line",
        type: "line",
        source: "other-zones",
        paint: { "line-color": "#7a7f87", "line-width": 2, "line-dasharray": [2, 2] },
      });
    }
  }, [state, others]);

  // A ring typed in the points list (or the zone opened) is shown as the drawing.
  useEffect(() => {
    const draw = drawRef.current;
    if (state !== "ready" || !draw || same(ring, drawn.current)) return;
    drawn.current = ring;
    draw.clear();
    const points = openRing(ring);
    if (points.length < 3) return;
    draw.addFeatures([
      {
        type: "Feature",
        properties: { mode: "polygon" },
        geometry: {
          type: "Polygon",
          coordinates: [[...points, points[0] as LonLat].map(([a, b]) => [a, b])],
        },
      },
    ]);
  }, [state, ring]);

  return (
    <div className="places-zone-map" data-map-state={state}>
      <div ref={container} className="places-zone-map__canvas" role="region" aria-label={label} />
      {state === "failed" && (
        <p className="staff-note staff-note--warning places-zone-map__notice" role="alert">
          {t`The map did not load. The zone's points can still be typed in the list.`}
        </p>
      )}
    </div>
  );
}

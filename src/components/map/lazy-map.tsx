import { lazy, Suspense } from "react";
import { PageSpinner } from "../page-spinner.tsx";
import type { MapViewProps } from "./types.ts";
import "./map.css";

// The one door to the map: MapLibre (~300 KB gzip plus its worker) loads only when a map is shown.
const MapView = lazy(() => import("./map-view.tsx"));

/** Starts downloading the map early (e.g. on a tap that will open one). */
export function preloadMap(): void {
  void import("./map-view.tsx");
}

export function LazyMap(props: MapViewProps) {
  return (
    <Suspense
      fallback={
        <div className={`savat-map ${props.className ?? ""}`} data-map-state="loading">
          <PageSpinner />
        </div>
      }
    >
      <MapView {...props} />
    </Suspense>
  );
}

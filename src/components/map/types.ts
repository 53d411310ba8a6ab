import type { LatLon, Polygon } from "../../domain/geo.ts";

// The props of the lazy map (./map-view.tsx). Kept apart so screens can type their props without
// pulling MapLibre into their chunk.

export interface MapViewHandle {
  /** Moves the centre with the spec's 500 ms animation. */
  flyTo(point: LatLon, zoom?: number): void;
  /** Fits the view around points (branch map). */
  fitBounds(points: readonly LatLon[]): void;
  getCenter(): LatLon | null;
  zoomBy(delta: number): void;
  /** Whether the point is in view (false before the map has loaded). */
  shows(point: LatLon): boolean;
}

export type MarkerTone = "branch" | "selected" | "muted" | "courier" | "address";

export interface MapMarker {
  id: string;
  latitude: number;
  longitude: number;
  /** Accessible name of the marker (and its tooltip). */
  label: string;
  tone?: MarkerTone;
  /** Shows the label beside the pin ("Courier"), not only to assistive technology. */
  caption?: boolean;
  /** What choosing the pin does; without it, choosing it centres the map on it. */
  onSelect?: () => void;
}

export interface MapRegion {
  id: string;
  polygon: Polygon;
}

export interface MapViewProps {
  styleUrl: string;
  initialCenter: LatLon;
  initialZoom: number;
  /** Delivery regions drawn as the spec says: #006efc stroke, width 4, translucent fill. */
  regions?: readonly MapRegion[];
  markers?: readonly MapMarker[];
  /** A fixed pin at the centre (address picker). */
  centerPin?: boolean;
  /** Zoom buttons at the right. */
  showZoom?: boolean;
  /** Names the map for assistive technology. */
  label: string;
  onMoveStart?: () => void;
  /** After every move; `byUser` is false for moves the code started (flyTo, fitBounds). */
  onMoveEnd?: (center: LatLon, byUser: boolean) => void;
  onReady?: () => void;
  handleRef?: React.Ref<MapViewHandle>;
  className?: string;
}

// Pure geography rules shared by the client and the server (spec sections 3-5 and 9): delivery
// polygons, distances, saved-address matching and coordinate rounding.

/** A point as the storefront carries it. */
export interface LatLon {
  latitude: number;
  longitude: number;
}

/** A vertex as the API stores polygons: [longitude, latitude] (GeoJSON order). */
export type LonLat = readonly [number, number];
/** A closed or open ring of vertices; the closing vertex may be omitted. */
export type Ring = readonly LonLat[];
/** One ring, or an outer ring followed by holes (GeoJSON Polygon). */
export type Polygon = Ring | readonly Ring[];

/** A delivery region as far as the rules need it. */
export interface RegionLike {
  polygon: Polygon;
  /** Lower first when regions overlap. */
  priority?: number;
}

/** Two points closer than this on both axes are the same place (spec section 9). */
export const LOCATION_MATCH_TOLERANCE = 0.000099;
/** Decimals kept of a map centre (spec section 9). */
export const COORDINATE_DECIMALS = 6;

const EARTH_RADIUS_M = 6_371_008.8;

function isRingList(polygon: Polygon): polygon is readonly Ring[] {
  const first = polygon[0];
  return first !== undefined && Array.isArray(first[0]);
}

/** The rings of a polygon: [outer, ...holes]. */
export function ringsOf(polygon: Polygon): readonly Ring[] {
  return isRingList(polygon) ? polygon : [polygon];
}

/** Swaps [longitude, latitude] into {latitude, longitude} for display (spec "Delivery region"). */
export function toLatLon([longitude, latitude]: LonLat): LatLon {
  return { latitude, longitude };
}

// On an edge (within ~1 cm): counts as inside, so a point on a shared border is served by one region.
const EDGE_EPSILON = 1e-7;

function onSegment(px: number, py: number, a: LonLat, b: LonLat): boolean {
  const [ax, ay] = a;
  const [bx, by] = b;
  const cross = (bx - ax) * (py - ay) - (by - ay) * (px - ax);
  const length = Math.hypot(bx - ax, by - ay);
  if (length === 0) return Math.hypot(px - ax, py - ay) <= EDGE_EPSILON;
  if (Math.abs(cross) / length > EDGE_EPSILON) return false;
  const dot = (px - ax) * (bx - ax) + (py - ay) * (by - ay);
  return dot >= -EDGE_EPSILON && dot <= length * length + EDGE_EPSILON;
}

/** "inside", "edge" or "outside" of one ring (even-odd ray casting on [lon, lat]). */
function ringPosition(ring: Ring, x: number, y: number): "inside" | "edge" | "outside" {
  const n = ring.length;
  if (n < 3) return "outside";
  let inside = false;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const a = ring[i] as LonLat;
    const b = ring[j] as LonLat;
    if (onSegment(x, y, a, b)) return "edge";
    const [xi, yi] = a;
    const [xj, yj] = b;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside ? "inside" : "outside";
}

/**
 * Whether a point lies in a delivery polygon given as [longitude, latitude] pairs: the point's
 * {latitude, longitude} is swapped to the polygon's order. Edges count as inside; holes as outside
 * (a hole's edge still counts as inside, the border belongs to the region).
 */
export function pointInRegion(polygon: Polygon, point: LatLon): boolean {
  const [outer, ...holes] = ringsOf(polygon);
  if (!outer) return false;
  const x = point.longitude;
  const y = point.latitude;
  if (!Number.isFinite(x) || !Number.isFinite(y)) return false;
  if (ringPosition(outer, x, y) === "outside") return false;
  return holes.every((hole) => ringPosition(hole, x, y) !== "inside");
}

/** The region containing the point: the lowest priority first, then the given order; undefined outside all. */
export function findRegion<R extends RegionLike>(regions: readonly R[], point: LatLon): R | undefined {
  const ordered = regions
    .map((region, index) => ({ region, index }))
    .sort((a, b) => (a.region.priority ?? 0) - (b.region.priority ?? 0) || a.index - b.index);
  return ordered.find(({ region }) => pointInRegion(region.polygon, point))?.region;
}

/** Great-circle distance in metres (haversine). */
export function distance(a: LatLon, b: LatLon): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Whether two points are the same place: within 0.000099 degrees on both axes (spec section 4). */
export function sameLocation(a: LatLon, b: LatLon): boolean {
  // The float slack keeps exactly 0.000099 apart a match despite binary rounding.
  const limit = LOCATION_MATCH_TOLERANCE + 1e-12;
  return Math.abs(a.latitude - b.latitude) <= limit && Math.abs(a.longitude - b.longitude) <= limit;
}

/** A coordinate rounded to 6 decimals (about 11 cm), as the address picker keeps its centre. */
export function roundCoordinate(value: number): number {
  const factor = 10 ** COORDINATE_DECIMALS;
  const rounded = Math.round(Math.abs(value) * factor) / factor;
  return value < 0 ? -rounded : rounded;
}

/** A point with both coordinates rounded. */
export function roundPoint(point: LatLon): LatLon {
  return { latitude: roundCoordinate(point.latitude), longitude: roundCoordinate(point.longitude) };
}

/** The first item whose location matches the point (saved-address lookup of the address picker). */
export function findSameLocation<T extends LatLon>(items: readonly T[], point: LatLon): T | undefined {
  return items.find((item) => sameLocation(item, point));
}

/** Whether a value is a usable coordinate pair. */
export function hasCoordinates(value: Partial<LatLon> | null | undefined): value is LatLon {
  return (
    typeof value?.latitude === "number" &&
    typeof value.longitude === "number" &&
    Number.isFinite(value.latitude) &&
    Number.isFinite(value.longitude) &&
    Math.abs(value.latitude) <= 90 &&
    Math.abs(value.longitude) <= 180
  );
}

/** The [south-west, north-east] corners around points, as [[lon, lat], [lon, lat]]. */
export function boundsOf(points: readonly LatLon[]): [[number, number], [number, number]] | null {
  if (points.length === 0) return null;
  let minLat = Infinity;
  let minLon = Infinity;
  let maxLat = -Infinity;
  let maxLon = -Infinity;
  for (const p of points) {
    minLat = Math.min(minLat, p.latitude);
    maxLat = Math.max(maxLat, p.latitude);
    minLon = Math.min(minLon, p.longitude);
    maxLon = Math.max(maxLon, p.longitude);
  }
  return [
    [minLon, minLat],
    [maxLon, maxLat],
  ];
}

// Whether a delivery zone drawn in the back office may be saved (issue 36): a ring of at least three
// distinct points that does not cross itself and does not cover another zone of the brand. One rule
// for the server (authoritative) and the console (feedback while drawing). Geometry by turf, whose
// polygon clipping handles the edge cases a hand-written check would miss.
import { area } from "@turf/area";
import { polygon as turfPolygon } from "@turf/helpers";
import { intersect } from "@turf/intersect";
import { kinks } from "@turf/kinks";
import { featureCollection } from "@turf/helpers";
import type { LonLat } from "./geo.ts";

/**
 * Zones may share a border (a street between two zones) and a drawn border is never exact, so an
 * overlap smaller than this (square metres, about a 10 x 10 m corner) is not counted as one.
 */
export const OVERLAP_TOLERANCE_M2 = 100;

export type ZoneShapeProblem =
  { code: "TOO_FEW_POINTS" } | { code: "SELF_CROSSING" } | { code: "OVERLAP"; zoneId: string };

/** The ring without a repeated closing point and without consecutive duplicates. */
export function openRing(ring: readonly LonLat[]): LonLat[] {
  const points = ring.filter((p, i) => {
    const prev = ring[i - 1];
    return !prev || prev[0] !== p[0] || prev[1] !== p[1];
  });
  const first = points[0];
  const last = points[points.length - 1];
  if (points.length > 1 && first && last && first[0] === last[0] && first[1] === last[1]) points.pop();
  return points;
}

function closed(ring: readonly LonLat[]): [number, number][] {
  const open = openRing(ring).map(([lon, lat]): [number, number] => [lon, lat]);
  const first = open[0];
  return first ? [...open, [first[0], first[1]]] : open;
}

/**
 * The first reason the zone cannot be saved, or null. `others` are the brand's other zones (the
 * zone being edited left out).
 */
export function zoneShapeProblem(
  ring: readonly LonLat[],
  others: readonly { id: string; polygon: readonly LonLat[] }[],
): ZoneShapeProblem | null {
  if (openRing(ring).length < 3) return { code: "TOO_FEW_POINTS" };
  const shape = turfPolygon([closed(ring)]);
  if (kinks(shape).features.length > 0) return { code: "SELF_CROSSING" };
  for (const other of others) {
    if (openRing(other.polygon).length < 3) continue;
    const otherShape = turfPolygon([closed(other.polygon)]);
    // A stored zone that crosses itself (imported before this rule) cannot be clipped reliably.
    if (kinks(otherShape).features.length > 0) continue;
    const common = intersect(featureCollection([shape, otherShape]));
    if (common && area(common) > OVERLAP_TOLERANCE_M2) return { code: "OVERLAP", zoneId: other.id };
  }
  return null;
}

import { describe, expect, it } from "vitest";
import {
  boundsOf,
  distance,
  findRegion,
  findSameLocation,
  hasCoordinates,
  pointInRegion,
  roundCoordinate,
  roundPoint,
  sameLocation,
  toLatLon,
  type Ring,
} from "./geo.ts";

// A 2 x 2 degree square around Tashkent in the API's [longitude, latitude] order.
const square: Ring = [
  [68, 40],
  [70, 40],
  [70, 42],
  [68, 42],
  [68, 40],
];
const hole: Ring = [
  [68.5, 40.5],
  [69.5, 40.5],
  [69.5, 41.5],
  [68.5, 41.5],
];

describe("pointInRegion", () => {
  it("swaps [lon, lat] vertices against a {latitude, longitude} point", () => {
    // Tashkent (41.31 N, 69.24 E) is inside; the same numbers swapped (69.24 N, 41.31 E) are not.
    expect(pointInRegion(square, { latitude: 41.31, longitude: 69.24 })).toBe(true);
    const tall: Ring = [
      [69, 41],
      [69.5, 41],
      [69.5, 41.6],
      [69, 41.6],
    ];
    expect(pointInRegion(tall, { latitude: 41.31, longitude: 69.24 })).toBe(true);
    expect(pointInRegion(tall, { latitude: 69.24, longitude: 41.31 })).toBe(false);
  });

  it("counts vertices and edges as inside and a hair beyond them as outside", () => {
    expect(pointInRegion(square, { latitude: 40, longitude: 68 })).toBe(true);
    expect(pointInRegion(square, { latitude: 41, longitude: 70 })).toBe(true);
    expect(pointInRegion(square, { latitude: 42, longitude: 69 })).toBe(true);
    expect(pointInRegion(square, { latitude: 41, longitude: 70.000001 })).toBe(false);
    expect(pointInRegion(square, { latitude: 39.999999, longitude: 69 })).toBe(false);
  });

  it("works with or without the closing vertex", () => {
    const open = square.slice(0, 4);
    expect(pointInRegion(open, { latitude: 41, longitude: 69 })).toBe(true);
    expect(pointInRegion(open, { latitude: 43, longitude: 69 })).toBe(false);
  });

  it("treats holes as outside but their border as inside", () => {
    const withHole = [square, hole];
    expect(pointInRegion(withHole, { latitude: 41, longitude: 69 })).toBe(false);
    expect(pointInRegion(withHole, { latitude: 40.2, longitude: 69 })).toBe(true);
    expect(pointInRegion(withHole, { latitude: 40.5, longitude: 69 })).toBe(true);
  });

  it("handles concave polygons", () => {
    // A "U": the notch between the arms is outside.
    const u: Ring = [
      [0, 0],
      [3, 0],
      [3, 3],
      [2, 3],
      [2, 1],
      [1, 1],
      [1, 3],
      [0, 3],
    ];
    expect(pointInRegion(u, { latitude: 2, longitude: 1.5 })).toBe(false);
    expect(pointInRegion(u, { latitude: 2, longitude: 0.5 })).toBe(true);
    expect(pointInRegion(u, { latitude: 0.5, longitude: 1.5 })).toBe(true);
  });

  it("is false for degenerate polygons and non-finite points", () => {
    expect(pointInRegion([], { latitude: 0, longitude: 0 })).toBe(false);
    expect(
      pointInRegion(
        [
          [0, 0],
          [1, 1],
        ],
        { latitude: 0.5, longitude: 0.5 },
      ),
    ).toBe(false);
    expect(pointInRegion(square, { latitude: Number.NaN, longitude: 69 })).toBe(false);
  });
});

describe("findRegion", () => {
  const centre = { id: "centre", priority: 10, polygon: hole };
  const city = { id: "city", priority: 5, polygon: square };
  const far = {
    id: "far",
    polygon: [
      [10, 10],
      [11, 10],
      [11, 11],
    ] as Ring,
  };

  it("returns the region containing the point among many", () => {
    const many = Array.from({ length: 200 }, (_, i) => ({
      id: `r${i}`,
      polygon: [
        [i, 0],
        [i + 1, 0],
        [i + 1, 1],
        [i, 1],
      ] as Ring,
    }));
    expect(findRegion(many, { latitude: 0.5, longitude: 150.5 })?.id).toBe("r150");
    expect(findRegion(many, { latitude: 5, longitude: 150.5 })).toBeUndefined();
  });

  it("prefers the lowest priority where regions overlap, then the given order", () => {
    expect(findRegion([centre, city, far], { latitude: 41, longitude: 69 })?.id).toBe("city");
    const samePriority = [
      { id: "a", polygon: square },
      { id: "b", polygon: square },
    ];
    expect(findRegion(samePriority, { latitude: 41, longitude: 69 })?.id).toBe("a");
  });

  it("is undefined outside every region", () => {
    expect(findRegion([centre, city, far], { latitude: 0, longitude: 0 })).toBeUndefined();
    expect(findRegion<{ polygon: Ring }>([], { latitude: 41, longitude: 69 })).toBeUndefined();
  });
});

describe("distance, matching and rounding", () => {
  it("measures great-circle distance in metres", () => {
    const tashkent = { latitude: 41.311081, longitude: 69.240562 };
    const samarkand = { latitude: 39.654167, longitude: 66.959722 };
    expect(distance(tashkent, tashkent)).toBe(0);
    expect(distance(tashkent, samarkand) / 1000).toBeCloseTo(266.6, 0);
    expect(distance({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 1 })).toBeCloseTo(111_195, -1);
  });

  it("matches saved addresses within 0.000099 degrees on both axes", () => {
    const saved = { latitude: 41.3, longitude: 69.2 };
    expect(sameLocation(saved, { latitude: 41.300099, longitude: 69.200099 })).toBe(true);
    expect(sameLocation(saved, { latitude: 41.29991, longitude: 69.2 })).toBe(true);
    expect(sameLocation(saved, { latitude: 41.3001, longitude: 69.2 })).toBe(false);
    expect(sameLocation(saved, { latitude: 41.3, longitude: 69.2002 })).toBe(false);
    const list = [
      { id: "a", latitude: 1, longitude: 1 },
      { id: "b", ...saved },
    ];
    expect(findSameLocation(list, { latitude: 41.30005, longitude: 69.19995 })?.id).toBe("b");
    expect(findSameLocation(list, { latitude: 2, longitude: 2 })).toBeUndefined();
  });

  it("rounds centres to 6 decimals, symmetrically around zero", () => {
    expect(roundCoordinate(41.3110814999)).toBe(41.311081);
    expect(roundCoordinate(69.2405625)).toBe(69.240563);
    expect(roundCoordinate(-69.2405625)).toBe(-69.240563);
    expect(roundCoordinate(1.0000005)).toBe(1.000001);
    expect(roundPoint({ latitude: 1.23456789, longitude: 2.3456789 })).toEqual({
      latitude: 1.234568,
      longitude: 2.345679,
    });
  });

  it("swaps vertices for display, checks coordinates and bounds points", () => {
    expect(toLatLon([69.2, 41.3])).toEqual({ latitude: 41.3, longitude: 69.2 });
    expect(hasCoordinates({ latitude: 41, longitude: 69 })).toBe(true);
    expect(hasCoordinates({ latitude: 41 })).toBe(false);
    expect(hasCoordinates({ latitude: 91, longitude: 0 })).toBe(false);
    expect(hasCoordinates(null)).toBe(false);
    expect(
      boundsOf([
        { latitude: 1, longitude: 5 },
        { latitude: 3, longitude: 2 },
      ]),
    ).toEqual([
      [2, 1],
      [5, 3],
    ]);
    expect(boundsOf([])).toBeNull();
  });
});

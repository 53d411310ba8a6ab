import { describe, expect, it } from "vitest";
import type { LonLat } from "./geo.ts";
import { zoneShapeProblem } from "./zone-shape.ts";

const square = (lon: number, lat: number, size = 0.02): LonLat[] => [
  [lon, lat],
  [lon + size, lat],
  [lon + size, lat + size],
  [lon, lat + size],
];

describe("whether a drawn delivery zone may be saved", () => {
  it("takes a simple ring, closed or not", () => {
    expect(zoneShapeProblem(square(69, 41), [])).toBeNull();
    expect(zoneShapeProblem([...square(69, 41), [69, 41]], [])).toBeNull();
  });

  it("refuses fewer than three distinct points", () => {
    expect(
      zoneShapeProblem(
        [
          [69, 41],
          [69, 41],
          [69.1, 41],
        ],
        [],
      ),
    ).toEqual({ code: "TOO_FEW_POINTS" });
  });

  it("refuses a border that crosses itself (a bow tie)", () => {
    const bowtie: LonLat[] = [
      [69, 41],
      [69.02, 41.02],
      [69.02, 41],
      [69, 41.02],
    ];
    expect(zoneShapeProblem(bowtie, [])).toEqual({ code: "SELF_CROSSING" });
  });

  it("refuses a zone covering another, naming it, and takes one that only shares a border", () => {
    const others = [{ id: "centre", polygon: square(69, 41) }];
    expect(zoneShapeProblem(square(69.01, 41.01), others)).toEqual({ code: "OVERLAP", zoneId: "centre" });
    // Wholly inside another zone is an overlap too.
    expect(zoneShapeProblem(square(69.005, 41.005, 0.005), others)).toEqual({
      code: "OVERLAP",
      zoneId: "centre",
    });
    expect(zoneShapeProblem(square(69.02, 41), others)).toBeNull();
  });
});

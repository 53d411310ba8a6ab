import { describe, expect, it } from "vitest";
import { courierMoves, judgePosition, latestKeptPosition, type CourierOrderState } from "./courier-app.ts";

const now = new Date("2026-11-28T12:00:00Z");
const at = (secondsAgo: number) => new Date(now.getTime() - secondsAgo * 1000);
const tashkent = { latitude: 41.3, longitude: 69.24, at: at(30) };

describe("a courier's positions", () => {
  it("keeps a fresh nearby fix and drops one from the future, a stale one and a jump of 100 km", () => {
    expect(judgePosition({ latitude: 41.301, longitude: 69.241, at: at(5) }, tashkent, now)).toBe("KEPT");
    expect(judgePosition({ latitude: 41.301, longitude: 69.241, at: at(-120) }, tashkent, now)).toBe(
      "FUTURE",
    );
    expect(judgePosition({ latitude: 41.301, longitude: 69.241, at: at(600) }, null, now)).toBe("STALE");
    expect(judgePosition({ latitude: 41.301, longitude: 69.241, at: at(40) }, tashkent, now)).toBe("STALE");
    expect(judgePosition({ latitude: 39.65, longitude: 66.96, at: at(5) }, tashkent, now)).toBe("JUMP");
  });

  it("keeps the newest good fix of a batch, whatever order it came in", () => {
    const batch = [
      { latitude: 41.303, longitude: 69.243, at: at(2) },
      { latitude: 41.302, longitude: 69.242, at: at(10) },
      { latitude: 39.65, longitude: 66.96, at: at(1) },
    ];
    expect(latestKeptPosition(batch, tashkent, now)).toEqual({ kept: batch[0], dropped: 1 });
  });
});

describe("a courier's moves", () => {
  const order = (o: Partial<CourierOrderState>): CourierOrderState => ({
    status: "DONE",
    serviceType: "DELIVERY",
    courierStatus: null,
    mine: false,
    offered: false,
    ...o,
  });
  it("follow the board's transitions: accept, then pick up, arrive, deliver", () => {
    expect(courierMoves(order({ offered: true }))).toEqual(["ACCEPT"]);
    expect(courierMoves(order({ mine: true, status: "ATTACHED", courierStatus: "PERFORMER_FOUND" }))).toEqual(
      ["ACCEPT"],
    );
    expect(courierMoves(order({ mine: true, status: "ATTACHED", courierStatus: "ACCEPTED" }))).toEqual([
      "PICK_UP",
    ]);
    expect(
      courierMoves(order({ mine: true, status: "ON_WAY", courierStatus: "PERFORMER_PICKUPED" })),
    ).toEqual(["ARRIVE", "DELIVER"]);
    expect(courierMoves(order({ mine: true, status: "DELIVERED" }))).toEqual([]);
    expect(courierMoves(order({ status: "ON_WAY" }))).toEqual([]);
  });
});

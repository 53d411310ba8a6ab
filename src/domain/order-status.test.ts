import { describe, expect, it } from "vitest";
import { ORDER_STATUSES, SERVICE_TYPES, type OrderStatus } from "./enums.ts";
import {
  ACTIVE_ORDER_STATUSES,
  ARCHIVE_ORDER_STATUSES,
  canTransition,
  customerCanCancel,
  earnsCashbackOn,
  happyNextStatus,
  happyPath,
  isActiveStatus,
  nextStatuses,
} from "./order-status.ts";

describe("order statuses", () => {
  it("splits every status into exactly one of active and archive", () => {
    const all = [...ACTIVE_ORDER_STATUSES, ...ARCHIVE_ORDER_STATUSES].sort();
    expect(all).toEqual([...ORDER_STATUSES].sort());
    expect(isActiveStatus("ON_WAY")).toBe(true);
    expect(isActiveStatus("DELIVERED")).toBe(false);
  });

  it("walks a delivery through the courier steps and a pickup straight from DONE to CLOSED", () => {
    expect(happyPath("DELIVERY")).toEqual([
      "CREATED",
      "ACCEPTED",
      "COOKING",
      "DONE",
      "ATTACHED",
      "ON_WAY",
      "DELIVERED",
      "CLOSED",
    ]);
    for (const type of SERVICE_TYPES) {
      const path = happyPath(type);
      for (let i = 1; i < path.length; i++) {
        expect(canTransition(path[i - 1] as OrderStatus, path[i] as OrderStatus, type)).toBe(true);
      }
    }
    expect(canTransition("DONE", "CLOSED", "PICK_UP")).toBe(true);
    expect(canTransition("DONE", "CLOSED", "DINE_IN")).toBe(true);
    expect(canTransition("DONE", "ATTACHED", "PICK_UP")).toBe(false);
    expect(canTransition("DONE", "CLOSED", "DELIVERY")).toBe(false);
  });

  it("takes the simulator's next step from the transitions: a timed order comes due, an unpaid one waits", () => {
    expect(happyPath("PICK_UP")).toEqual(["CREATED", "ACCEPTED", "COOKING", "DONE", "CLOSED"]);
    expect(happyNextStatus("AT_TIME", "DELIVERY")).toBe("CREATED");
    expect(happyNextStatus("OPEN", "DELIVERY")).toBeUndefined();
    expect(happyNextStatus("CLOSED", "DELIVERY")).toBeUndefined();
    expect(happyNextStatus("CANCELED", "PICK_UP")).toBeUndefined();
    for (const type of SERVICE_TYPES) {
      for (const s of ORDER_STATUSES) {
        const next = happyNextStatus(s, type);
        if (next) expect(canTransition(s, next, type)).toBe(true);
      }
    }
  });

  it("refuses skipping steps, going back and leaving a final status", () => {
    expect(canTransition("CREATED", "DONE", "DELIVERY")).toBe(false);
    expect(canTransition("COOKING", "ACCEPTED", "DELIVERY")).toBe(false);
    expect(canTransition("ON_WAY", "CLOSED", "DELIVERY")).toBe(false);
    for (const final of ARCHIVE_ORDER_STATUSES) {
      const next = nextStatuses(final, "DELIVERY");
      expect(next.includes("CANCELED")).toBe(false);
    }
    expect(nextStatuses("CLOSED", "DELIVERY")).toEqual([]);
    expect(nextStatuses("CANCELED", "PICK_UP")).toEqual([]);
    expect(nextStatuses("DELIVERED", "DELIVERY")).toEqual(["CLOSED"]);
  });

  it("lets staff cancel every order that is not final", () => {
    for (const s of ACTIVE_ORDER_STATUSES) expect(canTransition(s, "CANCELED", "DELIVERY")).toBe(true);
  });

  it("lets the customer cancel only OPEN, CREATED and AT_TIME orders where the merchant allows it", () => {
    const allowed = ORDER_STATUSES.filter((s) => customerCanCancel(s, true));
    expect(allowed.sort()).toEqual(["AT_TIME", "CREATED", "OPEN"]);
    expect(ORDER_STATUSES.some((s) => customerCanCancel(s, false))).toBe(false);
  });

  it("earns cashback once: on DELIVERED, or on CLOSED when not delivered before", () => {
    expect(earnsCashbackOn("ON_WAY", "DELIVERED")).toBe(true);
    expect(earnsCashbackOn("DELIVERED", "CLOSED")).toBe(false);
    expect(earnsCashbackOn("DONE", "CLOSED")).toBe(true);
    expect(earnsCashbackOn("CREATED", "CANCELED")).toBe(false);
  });
});

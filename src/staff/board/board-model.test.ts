import { describe, expect, it } from "vitest";
import { ORDER_STATUSES, SERVICE_TYPES } from "../../domain/enums.ts";
import { canTransition } from "../../domain/order-status.ts";
import { canCancel, cancelRefunds, columnOf, forwardMoves, groupByColumn, nextMove } from "./board-model.ts";

const order = (over: Partial<Parameters<typeof nextMove>[0]> = {}): Parameters<typeof nextMove>[0] => ({
  status: "CREATED",
  serviceType: "DELIVERY",
  courierId: null,
  isPaid: false,
  paymentType: "CASH",
  ...over,
});

describe("the order board's columns and moves", () => {
  it("puts every status in one of the six columns, unpaid and later orders with the new ones", () => {
    expect(columnOf("OPEN")).toBe("new");
    expect(columnOf("AT_TIME")).toBe("new");
    expect(columnOf("CREATED")).toBe("new");
    expect(columnOf("DONE")).toBe("ready");
    expect(columnOf("ATTACHED")).toBe("onTheWay");
    expect(columnOf("ON_WAY")).toBe("onTheWay");
    expect(columnOf("CANCELED")).toBe("done");
  });

  it("never offers a move the domain forbids, for any status and service type", () => {
    for (const status of ORDER_STATUSES)
      for (const serviceType of SERVICE_TYPES)
        for (const courierId of [null, "c1"])
          for (const move of forwardMoves(order({ status, serviceType, courierId, isPaid: true }))) {
            const to = move.kind === "status" ? move.to : "ATTACHED";
            expect(canTransition(status, to, serviceType), `${status} -> ${to} (${serviceType})`).toBe(true);
          }
  });

  it("walks a delivery to the door: a ready order without a courier asks for one first", () => {
    expect(nextMove(order({ status: "CREATED" }))).toEqual({ kind: "status", to: "ACCEPTED" });
    expect(nextMove(order({ status: "COOKING" }))).toEqual({ kind: "status", to: "DONE" });
    expect(nextMove(order({ status: "DONE" }))).toEqual({ kind: "courier" });
    expect(nextMove(order({ status: "DONE", courierId: "c1" }))).toEqual({ kind: "status", to: "ATTACHED" });
    expect(nextMove(order({ status: "ATTACHED", courierId: "c1" }))).toEqual({
      kind: "status",
      to: "ON_WAY",
    });
    expect(nextMove(order({ status: "ON_WAY" }))).toEqual({ kind: "status", to: "DELIVERED" });
  });

  it("closes a ready pickup, takes a later order into the kitchen and leaves an unpaid online one alone", () => {
    expect(nextMove(order({ status: "DONE", serviceType: "PICK_UP" }))).toEqual({
      kind: "status",
      to: "CLOSED",
    });
    expect(nextMove(order({ status: "AT_TIME" }))).toEqual({ kind: "status", to: "ACCEPTED" });
    expect(nextMove(order({ status: "OPEN", paymentType: "PAYME" }))).toBeUndefined();
    expect(nextMove(order({ status: "CLOSED" }))).toBeUndefined();
  });

  it("offers cancelling until the order is final, and says when it refunds", () => {
    expect(canCancel(order({ status: "ON_WAY" }))).toBe(true);
    expect(canCancel(order({ status: "DELIVERED" }))).toBe(false);
    expect(cancelRefunds(order({ isPaid: true, paymentType: "PAYME" }))).toBe(true);
    expect(cancelRefunds(order({ isPaid: true, paymentType: "CASH" }))).toBe(false);
  });

  it("orders each working column oldest first and the done column newest first", () => {
    const at = (status: "CREATED" | "CLOSED", created: string, modified: string) => ({
      status,
      createdDate: created,
      lastModifiedDate: modified,
    });
    const grouped = groupByColumn([
      at("CREATED", "2026-01-01T10:05:00Z", "2026-01-01T10:05:00Z"),
      at("CREATED", "2026-01-01T10:00:00Z", "2026-01-01T10:00:00Z"),
      at("CLOSED", "2026-01-01T09:00:00Z", "2026-01-01T11:00:00Z"),
      at("CLOSED", "2026-01-01T09:30:00Z", "2026-01-01T12:00:00Z"),
    ]);
    expect(grouped.new.map((o) => o.createdDate)).toEqual(["2026-01-01T10:00:00Z", "2026-01-01T10:05:00Z"]);
    expect(grouped.done.map((o) => o.lastModifiedDate)).toEqual([
      "2026-01-01T12:00:00Z",
      "2026-01-01T11:00:00Z",
    ]);
  });
});

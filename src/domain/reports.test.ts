import { describe, expect, it } from "vitest";
import { reportCsv, summarizeOrders, validPeriod, type ReportOrder } from "./reports.ts";

const TZ = "Asia/Tashkent";
const at = (iso: string) => new Date(iso);

function order(over: Partial<ReportOrder>): ReportOrder {
  return {
    createdDate: at("2026-11-20T10:00:00+05:00"),
    branchId: "b1",
    serviceType: "PICK_UP",
    paymentType: "CASH",
    channel: "TELEGRAM_BOT",
    status: "CLOSED",
    isPaid: true,
    totalPrice: 50_000,
    readyAt: null,
    deliveredAt: null,
    estimatedTo: null,
    ...over,
  };
}

describe("the back office's report of a period", () => {
  it("counts an order on the brand's local day, not the UTC one, and lists quiet days with zero", () => {
    const report = summarizeOrders(
      [
        // 23:30 in Tashkent on the 20th is 18:30 UTC the same day; 00:30 on the 21st is the 20th in UTC.
        order({ createdDate: at("2026-11-20T23:30:00+05:00") }),
        order({ createdDate: at("2026-11-21T00:30:00+05:00"), totalPrice: 20_000 }),
      ],
      { from: "2026-11-19", to: "2026-11-22", timeZone: TZ },
    );
    expect(report.days).toEqual([
      { key: "2026-11-19", orders: 0, revenue: 0 },
      { key: "2026-11-20", orders: 1, revenue: 50_000 },
      { key: "2026-11-21", orders: 1, revenue: 20_000 },
      { key: "2026-11-22", orders: 0, revenue: 0 },
    ]);
  });

  it("leaves cancelled orders out of the sums and unpaid ones out of the revenue", () => {
    const report = summarizeOrders(
      [
        order({ status: "CANCELED", totalPrice: 99_000 }),
        order({ isPaid: false, status: "OPEN", totalPrice: 30_000, paymentType: "PAYME" }),
        order({ totalPrice: 40_000 }),
        order({ totalPrice: 60_000, paymentType: "PAYME", serviceType: "DELIVERY", branchId: "b2" }),
      ],
      { from: "2026-11-20", to: "2026-11-20", timeZone: TZ },
    );
    expect(report).toMatchObject({ orders: 3, canceled: 1, revenue: 100_000, averageCheck: 50_000 });
    expect(report.byPayment).toEqual([
      { key: "PAYME", orders: 2, revenue: 60_000 },
      { key: "CASH", orders: 1, revenue: 40_000 },
    ]);
    expect(report.byBranch.map((r) => r.key)).toEqual(["b2", "b1"]);
    expect(report.byService).toContainEqual({ key: "DELIVERY", orders: 1, revenue: 60_000 });
  });

  it("averages the time to ready and to the door, and counts late ones against their promise", () => {
    const placed = "2026-11-20T12:00:00+05:00";
    const report = summarizeOrders(
      [
        // Ready in 20 minutes, promised by 25: on time.
        order({
          createdDate: at(placed),
          readyAt: at("2026-11-20T12:20:00+05:00"),
          estimatedTo: at("2026-11-20T12:25:00+05:00"),
        }),
        // Ready in 10, delivered in 50, promised by 45: late (a delivery keeps it at the door).
        order({
          createdDate: at(placed),
          serviceType: "DELIVERY",
          readyAt: at("2026-11-20T12:10:00+05:00"),
          deliveredAt: at("2026-11-20T12:50:00+05:00"),
          estimatedTo: at("2026-11-20T12:45:00+05:00"),
        }),
        // Handed over at the counter 30 minutes in: not a delivery's time.
        order({
          createdDate: at(placed),
          readyAt: at("2026-11-20T12:15:00+05:00"),
          deliveredAt: at("2026-11-20T12:30:00+05:00"),
        }),
        // Not finished yet: neither late nor on time.
        order({ createdDate: at(placed), estimatedTo: at("2026-11-20T12:05:00+05:00") }),
      ],
      { from: "2026-11-20", to: "2026-11-20", timeZone: TZ },
    );
    expect(report.averageReadyMinutes).toBe(15);
    expect(report.averageDeliveryMinutes).toBe(50);
    expect(report.lateShare).toBe(0.5);
  });

  it("says nothing rather than zero where nothing was measured", () => {
    const report = summarizeOrders([], { from: "2026-11-20", to: "2026-11-21", timeZone: TZ });
    expect(report).toMatchObject({
      orders: 0,
      averageCheck: null,
      averageReadyMinutes: null,
      averageDeliveryMinutes: null,
      lateShare: null,
    });
  });

  it("takes periods of real days in order, a quarter at most", () => {
    expect(validPeriod("2026-11-01", "2026-11-30")).toBe(true);
    expect(validPeriod("2026-11-30", "2026-11-01")).toBe(false);
    expect(validPeriod("2026-01-01", "2026-12-31")).toBe(false);
    expect(validPeriod("2026-02-30x", "2026-03-01")).toBe(false);
  });

  it("writes CSV a spreadsheet opens as it is: quoted names, no formulas, two decimals", () => {
    const report = summarizeOrders([order({ branchId: "b1" })], {
      from: "2026-11-20",
      to: "2026-11-20",
      timeZone: TZ,
    });
    const csv = reportCsv(report, {
      columns: ["Part", "Name", "Orders", "Revenue"],
      sections: { day: "Day", branch: "Branch", service: "Service", payment: "Payment", channel: "Channel" },
      label: (section, key) => (section === "branch" ? '=HYPERLINK("x"), "Chilonzor"' : key),
    });
    const lines = csv.trimEnd().split("\r\n");
    expect(lines[0]).toBe("Part,Name,Orders,Revenue");
    expect(lines[1]).toBe("Day,2026-11-20,1,50000.00");
    expect(lines[2]).toBe(`Branch,"'=HYPERLINK(""x""), ""Chilonzor""",1,50000.00`);
    expect(lines).toHaveLength(6);
  });
});

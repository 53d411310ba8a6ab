// The back office's reports (issue 42): orders and revenue of a period by local day, branch, service
// type, payment type and channel, with the average time to ready and to delivery and the share of
// orders that missed their promised window. One rule for the server's figures and the console's CSV.
import { localDay } from "./order-time.ts";

/** The longest period one report covers, in days (a quarter): longer ones are refused. */
export const REPORT_MAX_DAYS = 92;

/** One order as a report reads it. */
export interface ReportOrder {
  createdDate: Date;
  branchId: string | null;
  serviceType: string;
  paymentType: string;
  /** Where it was placed (the order's device); null for old orders. */
  channel: string | null;
  status: string;
  isPaid: boolean;
  totalPrice: number;
  readyAt: Date | null;
  deliveredAt: Date | null;
  /** The end of the window promised at placement. */
  estimatedTo: Date | null;
}

/** Orders (cancelled ones left out) and what was paid of them, for one day, branch, type... */
export interface ReportRow {
  key: string;
  orders: number;
  revenue: number;
}

export interface OrderReport {
  from: string;
  to: string;
  orders: number;
  canceled: number;
  /** What was paid of the period's orders that were not cancelled. */
  revenue: number;
  /** Revenue over paid orders; null with none. */
  averageCheck: number | null;
  /** Minutes from placing to ready, over the orders that got there; null with none. */
  averageReadyMinutes: number | null;
  /** Minutes from placing to the door, over delivered deliveries; null with none. */
  averageDeliveryMinutes: number | null;
  /** Orders finished after their promised window, over the finished orders that had one (0..1). */
  lateShare: number | null;
  /** Every day of the period, the quiet ones included, so a chart has no gaps. */
  days: ReportRow[];
  byBranch: ReportRow[];
  byService: ReportRow[];
  byPayment: ReportRow[];
  byChannel: ReportRow[];
}

const cents = (n: number) => Math.round(n * 100) / 100;
const minutes = (total: number, n: number) => (n > 0 ? Math.round(total / n / 6_000) / 10 : null);

/** The days from `from` to `to` ("YYYY-MM-DD"), both included. */
export function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  const end = Date.parse(`${to}T00:00:00Z`);
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= end && out.length <= REPORT_MAX_DAYS; t += 86_400_000) {
    out.push(new Date(t).toISOString().slice(0, 10));
  }
  return out;
}

/** The day after `day`. */
export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** Whether a period is one the reports take: real days, in order, at most REPORT_MAX_DAYS long. */
export function validPeriod(from: string, to: string): boolean {
  const a = Date.parse(`${from}T00:00:00Z`);
  const b = Date.parse(`${to}T00:00:00Z`);
  if (Number.isNaN(a) || Number.isNaN(b) || b < a) return false;
  return (b - a) / 86_400_000 + 1 <= REPORT_MAX_DAYS;
}

function tally(map: Map<string, ReportRow>, key: string, order: ReportOrder): void {
  const row = map.get(key) ?? { key, orders: 0, revenue: 0 };
  row.orders += 1;
  if (order.isPaid) row.revenue = cents(row.revenue + order.totalPrice);
  map.set(key, row);
}

const biggestFirst = (rows: Iterable<ReportRow>) =>
  [...rows].sort((a, b) => b.revenue - a.revenue || b.orders - a.orders || a.key.localeCompare(b.key));

/**
 * The report of the orders placed from `from` to `to` (local days of `timeZone`, both included).
 * Orders outside the period are left out, so the caller may over-fetch at the edges.
 */
export function summarizeOrders(
  list: readonly ReportOrder[],
  { from, to, timeZone }: { from: string; to: string; timeZone: string },
): OrderReport {
  const days = new Map(daysOf(from, to).map((day) => [day, { key: day, orders: 0, revenue: 0 }]));
  const byBranch = new Map<string, ReportRow>();
  const byService = new Map<string, ReportRow>();
  const byPayment = new Map<string, ReportRow>();
  const byChannel = new Map<string, ReportRow>();
  let orders = 0;
  let canceled = 0;
  let revenue = 0;
  let paid = 0;
  let readyMs = 0;
  let ready = 0;
  let deliveryMs = 0;
  let delivered = 0;
  let late = 0;
  let promised = 0;
  for (const order of list) {
    const day = days.get(localDay(order.createdDate, timeZone));
    if (!day) continue;
    if (order.status === "CANCELED") {
      canceled += 1;
      continue;
    }
    orders += 1;
    tally(days, day.key, order);
    tally(byBranch, order.branchId ?? "", order);
    tally(byService, order.serviceType, order);
    tally(byPayment, order.paymentType, order);
    tally(byChannel, order.channel ?? "", order);
    if (order.isPaid) {
      revenue = cents(revenue + order.totalPrice);
      paid += 1;
    }
    if (order.readyAt) {
      readyMs += order.readyAt.getTime() - order.createdDate.getTime();
      ready += 1;
    }
    // A closed pickup order gets a delivered time too (handed over): only deliveries count here.
    if (order.deliveredAt && order.serviceType === "DELIVERY") {
      deliveryMs += order.deliveredAt.getTime() - order.createdDate.getTime();
      delivered += 1;
    }
    // A delivery keeps its promise at the door, the rest when ready.
    const finished = order.serviceType === "DELIVERY" ? order.deliveredAt : order.readyAt;
    if (finished && order.estimatedTo) {
      promised += 1;
      if (finished > order.estimatedTo) late += 1;
    }
  }
  return {
    from,
    to,
    orders,
    canceled,
    revenue,
    averageCheck: paid > 0 ? cents(revenue / paid) : null,
    averageReadyMinutes: minutes(readyMs, ready),
    averageDeliveryMinutes: minutes(deliveryMs, delivered),
    lateShare: promised > 0 ? Math.round((late / promised) * 1000) / 1000 : null,
    days: [...days.values()],
    byBranch: biggestFirst(byBranch.values()),
    byService: biggestFirst(byService.values()),
    byPayment: biggestFirst(byPayment.values()),
    byChannel: biggestFirst(byChannel.values()),
  };
}

/** A CSV field: quoted when it holds a separator, a quote or a line break; a formula-looking text defused. */
function field(value: string | number): string {
  let text = String(value);
  // A spreadsheet runs a cell that starts with = + - @ as a formula (CSV injection).
  if (typeof value === "string" && /^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",;\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export type ReportSection = "day" | "branch" | "service" | "payment" | "channel";

/**
 * The report as CSV for a spreadsheet: one row per day, branch, service, payment and channel under
 * a header, in the console's words: `sections` names each part, `label` a key as the console shows it
 * (a branch's name, a payment type's title).
 */
export function reportCsv(
  report: OrderReport,
  words: {
    columns: readonly [section: string, name: string, orders: string, revenue: string];
    sections: Record<ReportSection, string>;
    label: (section: ReportSection, key: string) => string;
  },
): string {
  const parts: [ReportSection, ReportRow[]][] = [
    ["day", report.days],
    ["branch", report.byBranch],
    ["service", report.byService],
    ["payment", report.byPayment],
    ["channel", report.byChannel],
  ];
  const lines = [words.columns.map(field).join(",")];
  for (const [section, rows] of parts) {
    for (const row of rows) {
      const cells = [words.sections[section], words.label(section, row.key)].map(field);
      lines.push([...cells, String(row.orders), row.revenue.toFixed(2)].join(","));
    }
  }
  return `${lines.join("\r\n")}\r\n`;
}

// Reports (issue 42): the orders and revenue of a period, by day (a chart), branch, service, payment
// and channel, with the times to ready and to the door and the share of late orders; the figures as
// CSV for a spreadsheet. Of the branch chosen in the shell, or of all the caller sees.
import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import type { OrderReportAnswer } from "../../domain/contract/reports.ts";
import { DEFAULT_TIME_ZONE } from "../../domain/hours.ts";
import { pickText } from "../../domain/multilingual.ts";
import { localDay } from "../../domain/order-time.ts";
import {
  REPORT_MAX_DAYS,
  reportCsv,
  validPeriod,
  type ReportRow,
  type ReportSection,
} from "../../domain/reports.ts";
import { useContentLanguage } from "../../lib/use-content-language.ts";
import { useOrderReport } from "./api.ts";
import { CHANNEL_LABELS, PAYMENT_LABELS, SERVICE_LABELS } from "./labels.ts";
import { Failed, Loading, moneyOf, saveFile, SectionFrame } from "./section-frame.tsx";
import type { StaffSectionProps } from "./types.ts";
import "./reports.css";

/** `day` moved by `n` days ("YYYY-MM-DD"). */
function shift(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** "28.11" for a chart's axis. */
const shortDay = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}`;

export default function ReportsSection({
  branchId,
  branches = [],
  timeZone = DEFAULT_TIME_ZONE,
}: StaffSectionProps) {
  const { t } = useLingui();
  const today = localDay(new Date(), timeZone);
  const [period, setPeriod] = useState({ from: shift(today, -6), to: today });
  const fromId = useId();
  const toId = useId();
  const valid = validPeriod(period.from, period.to);
  const presets = [
    { label: t`Last 7 days`, from: shift(today, -6), to: today },
    { label: t`Last 30 days`, from: shift(today, -29), to: today },
    { label: t`This month`, from: `${today.slice(0, 8)}01`, to: today },
  ];
  const days = REPORT_MAX_DAYS;
  return (
    <SectionFrame
      title={t`Reports`}
      lead={
        branchId === null
          ? t`Orders and revenue of every branch you see. Choose a branch in the branch menu for one.`
          : t`Orders and revenue of the branch chosen in the branch menu.`
      }
    >
      <div className="staff-report__period" role="group" aria-label={t`Period`}>
        <label htmlFor={fromId}>{t`From`}</label>
        <input
          id={fromId}
          type="date"
          className="staff-input staff-input--date"
          value={period.from}
          max={today}
          onChange={(e) => {
            setPeriod((p) => ({ ...p, from: e.target.value }));
          }}
        />
        <label htmlFor={toId}>{t`To`}</label>
        <input
          id={toId}
          type="date"
          className="staff-input staff-input--date"
          value={period.to}
          max={today}
          onChange={(e) => {
            setPeriod((p) => ({ ...p, to: e.target.value }));
          }}
        />
        {presets.map((p) => (
          <button
            key={p.label}
            type="button"
            className="staff-button"
            aria-pressed={period.from === p.from && period.to === p.to}
            onClick={() => {
              setPeriod({ from: p.from, to: p.to });
            }}
          >
            {p.label}
          </button>
        ))}
      </div>
      {valid ? (
        <Report period={period} branchId={branchId} branches={branches} />
      ) : (
        <p className="staff-inline-error" role="alert">
          {t`Choose a period of at most ${days} days whose first day is not after its last.`}
        </p>
      )}
    </SectionFrame>
  );
}

function Report({
  period,
  branchId,
  branches,
}: {
  period: { from: string; to: string };
  branchId: string | null;
  branches: NonNullable<StaffSectionProps["branches"]>;
}) {
  const { t, i18n } = useLingui();
  const language = useContentLanguage();
  const report = useOrderReport(period, branchId);
  if (report.isPending) return <Loading />;
  if (report.isError) return <Failed onRetry={() => void report.refetch()} error={report.error} />;
  const r = report.data;
  const named = (labels: Record<string, MessageDescriptor>, key: string) => {
    const label = labels[key];
    return label ? i18n._(label) : key;
  };
  const label = (section: ReportSection, key: string): string => {
    switch (section) {
      case "day":
        return key;
      case "branch": {
        const branch = branches.find((b) => b.id === key);
        return branch ? pickText(branch.name, language) : t`A deleted branch`;
      }
      case "service":
        return named(SERVICE_LABELS, key);
      case "payment":
        return named(PAYMENT_LABELS, key);
      case "channel":
        return named(CHANNEL_LABELS, key);
    }
  };
  const download = () => {
    const csv = reportCsv(r, {
      columns: [t`Part`, t`Name`, t`Orders`, t`Revenue, sum`],
      sections: {
        day: t`Day`,
        branch: t`Branch`,
        service: t`Service`,
        payment: t`Payment`,
        channel: t`Channel`,
      },
      label,
    });
    // A byte order mark, so a spreadsheet reads the Cyrillic and Arabic names as UTF-8.
    saveFile(new Blob([`\uFEFF${csv}`], { type: "text/csv;charset=utf-8" }), `report-${r.from}-${r.to}.csv`);
  };
  const minutesOf = (value: number | null) => {
    if (value === null) return "—";
    const minutes = Math.round(value);
    return t`${minutes} min`;
  };
  const late = r.lateShare === null ? "—" : `${String(Math.round(r.lateShare * 100))}%`;
  return (
    <div className="staff-report" aria-busy={report.isFetching} data-testid="order-report">
      <div className="staff-stats">
        <Stat value={String(r.orders)} label={t`Orders`} />
        <Stat value={moneyOf(r.revenue)} label={t`Revenue, sum`} />
        <Stat value={r.averageCheck === null ? "—" : moneyOf(r.averageCheck)} label={t`Average check, sum`} />
        <Stat value={String(r.canceled)} label={t({ message: "Cancelled", context: "count of orders" })} />
        <Stat value={minutesOf(r.averageReadyMinutes)} label={t`Average time to ready`} />
        <Stat value={minutesOf(r.averageDeliveryMinutes)} label={t`Average time to the door`} />
        <Stat value={late} label={t`Later than promised`} />
      </div>
      <div className="staff-report__head">
        <h2 className="staff-subtitle">{t`Revenue by day`}</h2>
        <button type="button" className="staff-button" onClick={download} disabled={r.orders === 0}>
          {t`Download CSV`}
        </button>
      </div>
      {r.orders === 0 ? (
        <p className="staff-state__text">{t`No orders in this period.`}</p>
      ) : (
        <>
          <DayChart days={r.days} />
          <Breakdown title={t`By branch`} rows={r.byBranch} name={(k) => label("branch", k)} />
          <Breakdown title={t`By service`} rows={r.byService} name={(k) => label("service", k)} />
          <Breakdown title={t`By payment`} rows={r.byPayment} name={(k) => label("payment", k)} />
          <Breakdown title={t`By channel`} rows={r.byChannel} name={(k) => label("channel", k)} />
          <Breakdown title={t`By day`} rows={r.days} name={(k) => label("day", k)} />
        </>
      )}
    </div>
  );
}

function Stat({ value, label }: { value: string; label: string }) {
  return (
    <div className="staff-stat">
      <span className="staff-stat__value">{value}</span>
      <span className="staff-stat__label">{label}</span>
    </div>
  );
}

/** Bars of each day's revenue; the table "By day" below says the same to a screen reader. */
function DayChart({ days }: { days: OrderReportAnswer["days"] }) {
  const top = Math.max(1, ...days.map((d) => d.revenue));
  // Every day labelled up to two weeks; beyond, every seventh.
  const every = days.length > 14 ? 7 : 1;
  return (
    <div className="staff-report__chart" aria-hidden="true" data-testid="report-chart">
      {days.map((d, i) => (
        <div key={d.key} className="staff-report__bar" title={`${d.key}: ${moneyOf(d.revenue)}`}>
          <span className="staff-report__fill" style={{ blockSize: `${String((d.revenue / top) * 100)}%` }} />
          <span className="staff-report__day">{i % every === 0 ? shortDay(d.key) : ""}</span>
        </div>
      ))}
    </div>
  );
}

function Breakdown({
  title,
  rows,
  name,
}: {
  title: string;
  rows: ReportRow[];
  name: (key: string) => string;
}) {
  const { t } = useLingui();
  if (rows.length === 0) return null;
  return (
    <table className="staff-table staff-report__table">
      <caption>{title}</caption>
      <thead>
        <tr>
          <th scope="col">{title}</th>
          <th scope="col">{t`Orders`}</th>
          <th scope="col">{t`Revenue, sum`}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row">{name(row.key)}</th>
            <td>{row.orders}</td>
            <td>{moneyOf(row.revenue)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

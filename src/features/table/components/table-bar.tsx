import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import type { WaiterCall } from "../../../domain/contract/tables.ts";
import type { WaiterCallReason } from "../../../domain/waiter-calls.ts";
import { pickText } from "../../../domain/multilingual.ts";
import { ActionButton } from "../../../components/action-button.tsx";
import { StoreIcon } from "../../../components/icons.tsx";
import { useContentLanguage } from "../../../lib/use-content-language.ts";
import { useRequiredTenant } from "../../../shared/brand/tenant.ts";
import { leaveTable, useTableSession, type StoredTable } from "../../../shared/table/table-session.ts";
import { useCallWaiter, useTableCallStream, useTableCalls } from "../api/waiter-calls.ts";
import "./table-bar.css";

/** The table the customer orders to, with the waiter's buttons; nothing when not at a table. */
export function TableBar() {
  const table = useTableSession();
  if (!table) return null;
  return <AtTable table={table} />;
}

function AtTable({ table }: { table: StoredTable }) {
  const { t } = useLingui();
  const lang = useContentLanguage();
  const { merchant } = useRequiredTenant();
  const calls = useTableCalls(table.code);
  const call = useCallWaiter(table.code);
  useTableCallStream(table.code);
  // A served call is worth saying only to whoever saw it open here, not to the next guests.
  const [seenOpen, setSeenOpen] = useState<ReadonlySet<string>>(() => new Set());
  const data = calls.data;
  const openIds = (data ?? []).filter((c) => c.status !== "CLOSED").map((c) => c.id);
  // Adjusted while rendering (React's pattern for state derived from props), not in an effect.
  if (!openIds.every((id) => seenOpen.has(id))) setSeenOpen(new Set([...seenOpen, ...openIds]));
  const latest = (reason: WaiterCallReason): WaiterCall | undefined =>
    (data ?? []).find((c) => c.reason === reason && (c.status !== "CLOSED" || seenOpen.has(c.id)));

  const stateText = (c: WaiterCall | undefined): string | null => {
    if (!c) return null;
    if (c.reason === "CALL") {
      if (c.status === "OPEN") return t`Waiter called. Waiting for the staff…`;
      if (c.status === "ACKNOWLEDGED") return t`Waiter is coming`;
      return t`The waiter has been here`;
    }
    if (c.status === "OPEN") return t`Bill asked for. Waiting for the staff…`;
    if (c.status === "ACKNOWLEDGED") return t`The bill is on its way`;
    return t`The bill has been brought`;
  };
  const waiter = latest("CALL");
  const bill = latest("BILL");
  const lines = [stateText(waiter), stateText(bill)].filter((s): s is string => s !== null);
  const open = (c: WaiterCall | undefined) => c !== undefined && c.status !== "CLOSED";
  const place = [pickText(table.hall.name, lang), pickText(table.branch.name, lang)]
    .filter(Boolean)
    .join(" · ");

  return (
    <section className="table-bar" aria-labelledby="table-bar-title" data-testid="table-bar">
      <div className="table-bar__head">
        <span className="table-bar__icon" aria-hidden="true">
          <StoreIcon />
        </span>
        <p className="table-bar__place">
          <strong id="table-bar-title">{t`Table ${table.table.name}`}</strong>
          {place && <span> · {place}</span>}
        </p>
      </div>
      <div className="table-bar__actions">
        <ActionButton
          kind="secondary"
          size="s"
          disabled={call.isPending || open(waiter)}
          onClick={() => {
            call.mutate("CALL");
          }}
        >
          {t`Call waiter`}
        </ActionButton>
        <ActionButton
          kind="secondary"
          size="s"
          disabled={call.isPending || open(bill)}
          onClick={() => {
            call.mutate("BILL");
          }}
        >
          {t`Bring the bill`}
        </ActionButton>
      </div>
      <div className="table-bar__status" role="status" aria-live="polite" data-testid="table-bar-status">
        {lines.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </div>
      <button
        type="button"
        className="table-bar__leave"
        onClick={() => {
          leaveTable(merchant.sub);
        }}
      >
        {t`Not at the table?`}
      </button>
    </section>
  );
}

// Waiter calls of the branch, or of every branch under "All branches", oldest first: a guest calling
// a waiter or asking for the bill. They arrive on the staff stream (a 5 s poll while it is down).
// "On my way" tells the guest at once; "Done" closes the call.
import { useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import type { WaiterCall } from "../../domain/contract/tables.ts";
import { consoleNow } from "../board/format.ts";
import { useMoveCall, useWaiterCalls } from "./api.ts";
import { clockOf, Empty, Failed, Loading, SectionFrame, textOf } from "./section-frame.tsx";
import type { StaffSectionProps } from "./types.ts";

export default function WaiterCallsSection({ branchId, live = false }: StaffSectionProps) {
  const { t } = useLingui();
  return (
    <SectionFrame title={t`Waiter calls`} lead={t`Guests at the tables waiting for a waiter or the bill.`}>
      <Calls branchId={branchId} live={live} />
    </SectionFrame>
  );
}

/** Minutes since a moment by the server's clock (the board's), refreshed every 30 s. */
function useMinutesSince(iso: string): number {
  const [now, setNow] = useState(consoleNow);
  useEffect(() => {
    const timer = setInterval(() => {
      setNow(consoleNow());
    }, 30_000);
    return () => {
      clearInterval(timer);
    };
  }, []);
  return Math.max(0, Math.floor((now - new Date(iso).getTime()) / 60_000));
}

function Calls({ branchId, live }: { branchId: string | null; live: boolean }) {
  const { t } = useLingui();
  const calls = useWaiterCalls(branchId, live);
  const move = useMoveCall();
  if (calls.isPending) return <Loading />;
  if (calls.isError) return <Failed onRetry={() => void calls.refetch()} error={calls.error} />;
  const open = calls.data.filter((c) => c.status !== "CLOSED");
  return (
    <>
      <p className="visually-hidden" aria-live="polite">
        {t`Open calls: ${open.length}`}
      </p>
      {open.length === 0 ? (
        <Empty title={t`No calls`} text={t`New calls appear here within seconds.`} />
      ) : (
        <ul className="staff-list staff-list--cards" aria-label={t`Open calls`}>
          {open.map((c) => (
            <CallCard
              key={c.id}
              call={c}
              showBranch={branchId === null}
              busy={move.isPending && move.variables.id === c.id}
              onMove={(to) => {
                move.mutate({ id: c.id, to });
              }}
            />
          ))}
        </ul>
      )}
      {move.isError && (
        <p className="staff-inline-error" role="alert">
          {t`The change was not saved. Try again.`}
        </p>
      )}
    </>
  );
}

function CallCard({
  call,
  showBranch,
  busy,
  onMove,
}: {
  call: WaiterCall;
  /** Under "All branches": whose table it is. */
  showBranch: boolean;
  busy: boolean;
  onMove: (to: "acknowledge" | "close") => void;
}) {
  const { t } = useLingui();
  const minutes = useMinutesSince(call.createdDate);
  const table = call.tableName;
  const acknowledged = call.status === "ACKNOWLEDGED";
  return (
    <li
      className={`staff-call${acknowledged ? " staff-call--ack" : ""}${call.reason === "BILL" ? " staff-call--bill" : ""}`}
    >
      <div className="staff-call__table" aria-hidden="true">
        {table}
      </div>
      <div className="staff-call__body">
        <h2 className="staff-call__title">
          {call.reason === "BILL" ? t`Table ${table} asks for the bill` : t`Table ${table} calls a waiter`}
        </h2>
        <p className="staff-call__meta">
          {showBranch ? <span className="staff-call__branch">{textOf(call.branchName)} · </span> : null}
          {textOf(call.hallName)} · <time dateTime={call.createdDate}>{clockOf(call.createdDate)}</time> ·{" "}
          {minutes === 0 ? t`just now` : t`${minutes} min ago`}
          {acknowledged && <span className="staff-badge">{t`Waiter on the way`}</span>}
        </p>
      </div>
      <div className="staff-call__actions">
        {!acknowledged && (
          <button
            type="button"
            className="staff-button staff-button--primary"
            disabled={busy}
            onClick={() => {
              onMove("acknowledge");
            }}
          >
            {t`On my way`}
          </button>
        )}
        <button
          type="button"
          className="staff-button"
          disabled={busy}
          onClick={() => {
            onMove("close");
          }}
        >
          {t`Done`}
        </button>
      </div>
    </li>
  );
}

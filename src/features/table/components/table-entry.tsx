import { useLingui } from "@lingui/react/macro";
import { useEffect } from "react";
import { errorText } from "../../../lib/api-client.ts";
import { notify } from "../../../lib/notify.ts";
import { getPlatform } from "../../../platform/index.ts";
import { useRequiredTenant } from "../../../shared/brand/tenant.ts";
import {
  enterTable,
  getTableSession,
  leaveTable,
  tableCodeFromLaunch,
} from "../../../shared/table/table-session.ts";
import { resolveTable } from "../api/resolve-table.ts";

/**
 * Mounted once for a resolved brand: a launch by a table's QR code (`?table=<code>` on the web,
 * `startapp=table_<code>` in Telegram) starts a table session; a stored one is checked again, so a
 * table switched off or a branch that closed ends it. A refusal is said and the normal menu stays.
 */
export function TableEntry() {
  const { t } = useLingui();
  const { merchant } = useRequiredTenant();
  const sub = merchant.sub;
  useEffect(() => {
    const launched = tableCodeFromLaunch(window.location.search, getPlatform().startParam);
    if (launched && new URLSearchParams(window.location.search).has("table")) {
      // The code leaves the address bar: a shared or reloaded link is not a new scan.
      const url = new URL(window.location.href);
      url.searchParams.delete("table");
      window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
    }
    const stored = getTableSession(sub);
    const code = launched ?? stored?.code ?? null;
    if (!code) return;
    let cancelled = false;
    void resolveTable(code).then(([error, table]) => {
      if (cancelled) return;
      if (table) {
        if (launched || stored?.code !== table.code) enterTable(sub, table);
        return;
      }
      if (error.status === 0) return; // offline: the stored table stays until the next check
      leaveTable(sub);
      notify({
        kind: "error",
        title: launched ? t`This table's QR code does not work` : t`Your table session has ended`,
        text: errorText(error),
        duration: 8000,
      });
    });
    return () => {
      cancelled = true;
    };
  }, [sub, t]);
  return null;
}

// The branch's tables and their printable QR sheet: six cards per A4 page, each with the table's QR
// code and links, opened in a new tab to print or save as PDF.
import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { tableQrFileBase } from "../../domain/file-names.ts";
import { pickText } from "../../domain/multilingual.ts";
import { currentLocale } from "../../lib/i18n.ts";
import { fetchQrSheet, useTables } from "./api.ts";
import { ChooseBranch, Empty, Failed, Loading, SectionFrame, textOf } from "./section-frame.tsx";
import type { StaffSectionProps } from "./types.ts";

export default function TablesSection({ branchId, brandSub, branches }: StaffSectionProps) {
  const { t } = useLingui();
  const branch = branches?.find((b) => b.id === branchId);
  return (
    <SectionFrame title={t`Tables`} lead={t`Each table's QR code opens the menu at that table.`}>
      {branchId === null ? (
        <ChooseBranch />
      ) : (
        <Tables
          branchId={branchId}
          // Named by the brand and the branch ("table-qr-plov-beshyogoch.html"), as the server's own.
          fileName={`${tableQrFileBase(brandSub ?? "", branch ? pickText(branch.name, "uz") : "", branchId)}.html`}
        />
      )}
    </SectionFrame>
  );
}

function Tables({ branchId, fileName }: { branchId: string; fileName: string }) {
  const { t } = useLingui();
  const tables = useTables(branchId);
  const [state, setState] = useState<"idle" | "busy" | "failed">("idle");
  if (tables.isPending) return <Loading />;
  if (tables.isError) return <Failed onRetry={() => void tables.refetch()} error={tables.error} />;
  if (tables.data.length === 0)
    return (
      <Empty
        title={t`No tables at this branch`}
        text={t`Tables appear here once the brand adds them to a hall.`}
      />
    );

  const download = async () => {
    setState("busy");
    try {
      const html = await fetchQrSheet(branchId, currentLocale());
      const url = URL.createObjectURL(new Blob([html], { type: "text/html" }));
      const link = document.createElement("a");
      link.href = url;
      link.download = fileName;
      link.target = "_blank";
      link.rel = "noopener";
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => {
        URL.revokeObjectURL(url);
      }, 60_000);
      setState("idle");
    } catch {
      setState("failed");
    }
  };

  const byHall = new Map<string, typeof tables.data>();
  for (const table of tables.data) {
    const hall = textOf(table.hall);
    byHall.set(hall, [...(byHall.get(hall) ?? []), table]);
  }
  const pages = Math.ceil(tables.data.length / 6);

  return (
    <>
      <div className="staff-card staff-card--wide">
        <div className="staff-card__row">
          <div>
            <h2 className="staff-card__title">{t`QR sheet of all tables`}</h2>
            <p className="staff-card__text">{t`${plural(tables.data.length, { one: "# table", other: "# tables" })} on ${plural(pages, { one: "# A4 page", other: "# A4 pages" })}, ready to print.`}</p>
          </div>
          <button
            type="button"
            className="staff-button staff-button--primary"
            disabled={state === "busy"}
            aria-busy={state === "busy"}
            onClick={() => void download()}
          >
            {state === "busy" ? t`Preparing…` : t`Download QR sheet`}
          </button>
        </div>
        {state === "failed" && (
          <p className="staff-inline-error" role="alert">
            {t`The sheet did not download. Try again.`}
          </p>
        )}
      </div>
      {[...byHall].map(([hall, list]) => (
        <section key={hall} aria-label={hall}>
          <h2 className="staff-subtitle">{hall}</h2>
          <ul className="staff-tables">
            {list.map((table) => (
              <li key={table.id} className="staff-tables__item">
                <span className="staff-tables__name">{table.name}</span>
                <span className="staff-tables__seats">{t`${plural(table.seats, { one: "# seat", other: "# seats" })}`}</span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}

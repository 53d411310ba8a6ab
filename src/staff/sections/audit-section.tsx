// The back office's log (issue 36): who changed what and when, newest first, with each changed
// field's old and new value; found by a person's or a dish's name.
import { useLingui } from "@lingui/react/macro";
import { useDeferredValue, useId, useMemo, useState } from "react";
import type { AuditEntry } from "../../domain/contract/back-office.ts";
import { foldText } from "../../domain/menu.ts";
import { currentLocale } from "../../lib/i18n.ts";
import { useAudit } from "./api.ts";
import { brandEntityName, brandFieldNames } from "./brand-audit.ts";
import { Empty, Failed, Loading, moneyOf, personName, SectionFrame, textOf } from "./section-frame.tsx";
import type { StaffSectionProps } from "./types.ts";

export default function AuditSection(_props: StaffSectionProps) {
  const { t } = useLingui();
  const [query, setQuery] = useState("");
  const searchId = useId();
  return (
    <SectionFrame
      title={t`Change log`}
      lead={t`Who changed what in the back office, and when.`}
      actions={
        <>
          <label htmlFor={searchId} className="visually-hidden">
            {t`Find by person or dish`}
          </label>
          <input
            id={searchId}
            type="search"
            className="staff-input"
            placeholder={t`Find by person or dish`}
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
            }}
          />
        </>
      }
    >
      <Entries query={query} />
    </SectionFrame>
  );
}

function Entries({ query }: { query: string }) {
  const { t } = useLingui();
  const log = useAudit();
  const deferred = useDeferredValue(query);
  const shown = useMemo(() => {
    const words = foldText(deferred).split(/\s+/).filter(Boolean);
    return (log.data ?? []).filter((e) => {
      const text = foldText([e.by ?? "", textOf(e.entityName)].join(" "));
      return words.every((w) => text.includes(w));
    });
  }, [log.data, deferred]);
  if (log.isPending) return <Loading />;
  if (log.isError) return <Failed onRetry={() => void log.refetch()} error={log.error} />;
  if (log.data.length === 0)
    return (
      <Empty title={t`Nothing changed yet`} text={t`Every change saved in the back office is listed here.`} />
    );
  if (shown.length === 0) return <Empty title={t`Nothing found`} text={t`Try another word.`} />;
  return (
    <ol className="staff-list audit-log" aria-label={t`Changes, newest first`}>
      {shown.map((entry) => (
        <Entry key={entry.id} entry={entry} />
      ))}
    </ol>
  );
}

function Entry({ entry }: { entry: AuditEntry }) {
  const { t, i18n } = useLingui();
  const brandEntity = brandEntityName(entry);
  const when = new Intl.DateTimeFormat(currentLocale() === "kz" ? "kk" : currentLocale(), {
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
  }).format(new Date(entry.at));
  const fieldName: Record<string, string> = {
    name: t`Name`,
    description: t`Description`,
    costPrice: t`Price`,
    discount: t`Discount`,
    active: t`Seen by guests`,
    ...Object.fromEntries(Object.entries(brandFieldNames).map(([k, d]) => [k, i18n._(d)])),
  };
  const show = (field: string, value: unknown): string => {
    if (field === "costPrice" && typeof value === "number") return moneyOf(value);
    if (field === "discount" && typeof value === "number") return `${String(value)}%`;
    if (field === "active") return value ? t`yes` : t`no`;
    if (typeof value === "boolean") return value ? t`yes` : t`no`;
    if (Array.isArray(value)) return value.length === 0 ? "—" : value.map(String).join(", ");
    if (value && typeof value === "object") return textOf(value) || "—";
    return typeof value === "string" || typeof value === "number" ? String(value) : "—";
  };
  return (
    <li className="staff-row audit-log__entry">
      <div className="audit-log__head">
        <time dateTime={entry.at} className="audit-log__time">
          {when}
        </time>
        <span className="audit-log__who">
          {entry.by === null ? t`A former employee` : personName(entry.by)}
        </span>
        <span className="audit-log__what">
          {textOf(entry.entityName) || (brandEntity ? i18n._(brandEntity) : "") || t`A deleted dish`}
        </span>
      </div>
      <ul className="audit-log__changes">
        {Object.keys(entry.after).map((field) => (
          <li key={field}>
            <span className="audit-log__field">{fieldName[field] ?? field}:</span>{" "}
            <del>{show(field, entry.before[field])}</del> → <ins>{show(field, entry.after[field])}</ins>
          </li>
        ))}
      </ul>
    </li>
  );
}

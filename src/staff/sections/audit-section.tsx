// The back office's log (issue 36): who changed what and when, newest first, with each changed
// field's old and new value; found by a person's or a dish's name.
import { useLingui } from "@lingui/react/macro";
import { useDeferredValue, useId, useMemo, useState } from "react";
import type { AuditEntry } from "../../domain/contract/back-office.ts";
import { foldText } from "../../domain/menu.ts";
import { currentLocale } from "../../lib/i18n.ts";
import { fetchBrandFile, useAudit } from "./api.ts";
import { brandEntityName, brandFieldNames } from "./brand-audit.ts";
import {
  Empty,
  Failed,
  Loading,
  moneyOf,
  personName,
  saveFile,
  SectionFrame,
  textOf,
} from "./section-frame.tsx";
import type { StaffSectionProps } from "./types.ts";

export default function AuditSection({ manages = [], brandSub = "brand", branches = [] }: StaffSectionProps) {
  const { t } = useLingui();
  const [query, setQuery] = useState("");
  const searchId = useId();
  return (
    <SectionFrame
      title={t`Change log`}
      lead={t`Who changed what in the back office, and when.`}
      actions={
        <>
          {manages.includes("brand-file") && <BrandFileButton sub={brandSub} />}
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
      <Entries query={query} branches={branches} />
    </SectionFrame>
  );
}

/**
 * The brand as a file: what `npm run import` takes, to keep or to move the brand to another
 * deployment. Secrets are not in it (the server leaves them out).
 */
function BrandFileButton({ sub }: { sub: string }) {
  const { t } = useLingui();
  const [state, setState] = useState<"idle" | "busy" | "failed">("idle");
  const download = async () => {
    setState("busy");
    try {
      const file = await fetchBrandFile();
      const blob = new Blob([`${JSON.stringify(file, null, 2)}\n`], { type: "application/json" });
      saveFile(blob, `${sub}-brand-${new Date().toISOString().slice(0, 10)}.json`);
      setState("idle");
    } catch {
      setState("failed");
    }
  };
  return (
    <>
      <button
        type="button"
        className="staff-button"
        aria-busy={state === "busy"}
        disabled={state === "busy"}
        title={t`Everything but the secrets: payment keys and the bot token are entered again after an import.`}
        onClick={() => void download()}
      >
        {state === "busy" ? t`Preparing the file…` : t`Download the brand file`}
      </button>
      {state === "failed" && (
        <span role="alert" className="staff-inline-error">
          {t`The file could not be prepared. Try again.`}
        </span>
      )}
    </>
  );
}

type Branches = NonNullable<StaffSectionProps["branches"]>;

/** The fields the log shows as sums of the brand's currency. */
const MONEY_FIELDS = new Set([
  "costPrice",
  "price",
  "minOrderAmount",
  "feeAmount",
  "feeFreeThreshold",
  "minimalDeliveryPrice",
  "maxOrderAmount",
]);

function Entries({ query, branches }: { query: string; branches: Branches }) {
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
        <Entry key={entry.id} entry={entry} branches={branches} />
      ))}
    </ol>
  );
}

/** The page's name in the console, by its kind (the log keeps the kind, not a title). */
function usePageNames(): Record<string, string> {
  const { t } = useLingui();
  return {
    ABOUT_COMPANY: t`About us`,
    TERMS: t`Public offer`,
    PRIVACY_POLICY: t`Privacy policy`,
    extra: t`Extra page 1`,
    extra2: t`Extra page 2`,
    extr3: t`Extra page 3`,
  };
}

/** What the entry is about: the dish's name, the vacancy's position, the page's name. */
function useSubject(entry: AuditEntry): string {
  const { t, i18n } = useLingui();
  const pages = usePageNames();
  const side = Object.keys(entry.after).length > 0 ? entry.after : entry.before;
  if (entry.entity === "page") return pages[String(side.kind)] ?? t`A page`;
  if (entry.entity === "vacancy") return textOf(side.position as Record<string, string>) || t`A vacancy`;
  if (textOf(entry.entityName)) return textOf(entry.entityName);
  const brandEntity = brandEntityName(entry);
  if (brandEntity) return i18n._(brandEntity);
  if (entry.entity === "category") return t`A category`;
  if (entry.entity === "modifier-group") return t`A group of options`;
  if (entry.entity === "picture") return t`A picture`;
  if (entry.entity === "zone") return t`A deleted zone`;
  if (entry.entity === "branch") return t`A deleted branch`;
  return t`A deleted dish`;
}

function Entry({ entry, branches }: { entry: AuditEntry; branches: Branches }) {
  const { t, i18n } = useLingui();
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
    title: t`Title`,
    body: t`Text`,
    position: t`Position`,
    requirements: t`Requirements`,
    responsible: t`Contact person`,
    phone: t`Phone`,
    telegram: t`Telegram`,
    salary: t`Salary`,
    branchId: t`Branch`,
    isActive: t`Seen by guests`,
    address: t`Address`,
    latitude: t`Latitude`,
    longitude: t`Longitude`,
    services: t`Services`,
    hours: t`Working hours`,
    polygon: t`The zone's border`,
    price: t`Delivery price`,
    minOrderAmount: t`Minimum order`,
    image: t`Picture`,
    categoryId: t`Category`,
    mxicCode: t`IKPU code`,
    src: t`Picture`,
    order: t`Order`,
    ...Object.fromEntries(Object.entries(brandFieldNames).map(([k, d]) => [k, i18n._(d)])),
  };
  const subject = useSubject(entry);
  const action: Record<string, string> = { create: t`added`, delete: t`removed` };
  // The fields that changed; what only names the entry (a page's kind, an unchanged position) is not a change.
  const fields = [...new Set([...Object.keys(entry.before), ...Object.keys(entry.after)])].filter(
    (field) => field !== "kind" && JSON.stringify(entry.before[field]) !== JSON.stringify(entry.after[field]),
  );
  // A page's text may run to pages: the log shows its start.
  const clip = (text: string) => (text.length > 160 ? `${text.slice(0, 160)}…` : text);
  const show = (field: string, value: unknown): string => clip(plain(field, value));
  const plain = (field: string, value: unknown): string => {
    if (MONEY_FIELDS.has(field) && typeof value === "number") return moneyOf(value);
    // A week of hours, a list of services or a zone's points: too long for one line of the log.
    if (Array.isArray(value)) return value.length === 0 ? "—" : t`changed`;
    if (field === "discount" && typeof value === "number") return `${String(value)}%`;
    if (field === "active" || field === "isActive") return value ? t`yes` : t`no`;
    if (field === "salary" && typeof value === "number") return moneyOf(value);
    if (value === undefined || value === null) return "—";
    if (field === "branchId") return textOf(branches.find((b) => b.id === value)?.name) || t`another branch`;
    if (typeof value === "boolean") return value ? t`yes` : t`no`;
    if (typeof value === "object") return textOf(value) || "—";
    return typeof value === "string" || typeof value === "number" ? String(value) : "—";
  };
  return (
    <li className="staff-row audit-log__entry">
      <div className="audit-log__head">
        <time dateTime={entry.at} className="audit-log__time">
          {when}
        </time>
        <span className="audit-log__who">
          {entry.by !== null
            ? personName(entry.by)
            : entry.entity === "menu"
              ? t`Savat, on its schedule`
              : t`A former employee`}
        </span>
        <span className="audit-log__what">
          {subject}
          {action[entry.action] && (
            <span className="staff-badge staff-badge--muted">{action[entry.action]}</span>
          )}
        </span>
      </div>
      <ul className="audit-log__changes">
        {fields.map((field) => (
          <li key={field}>
            <span className="audit-log__field">{fieldName[field] ?? field}:</span>{" "}
            <del>{show(field, entry.before[field])}</del> → <ins>{show(field, entry.after[field])}</ins>
          </li>
        ))}
      </ul>
    </li>
  );
}

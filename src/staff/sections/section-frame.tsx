// What every section of the console shares: its heading, and the states before its content (no
// branch chosen, loading, failed, nothing yet), announced to screen readers.
import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { pickText, type Multilingual } from "../../domain/multilingual.ts";
import { ApiError } from "../../lib/api-client.ts";
import { formatPhone } from "../../domain/phone.ts";
import { formatNumberUnbroken, ltr } from "../../lib/format.ts";
import { currentContentLanguage, currentLocale } from "../../lib/i18n.ts";
import { clockTime } from "../board/format.ts";
import "./sections.css";

export function SectionFrame({
  title,
  lead,
  actions,
  children,
}: {
  title: string;
  lead?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="staff-section" aria-labelledby="staff-section-title">
      <header className="staff-section__head">
        <div>
          <h1 id="staff-section-title" className="staff-section__title">
            {title}
          </h1>
          {lead && <p className="staff-section__lead">{lead}</p>}
        </div>
        {actions && <div className="staff-section__actions">{actions}</div>}
      </header>
      {children}
    </section>
  );
}

/** A section that needs one branch while "all my branches" is chosen. */
export function ChooseBranch() {
  const { t } = useLingui();
  return (
    <div className="staff-state" role="status">
      <p className="staff-state__title">{t`Choose a branch`}</p>
      <p className="staff-state__text">{t`This section works on one branch at a time. Pick it in the branch menu.`}</p>
    </div>
  );
}

export function Loading({ label }: { label?: string }) {
  const { t } = useLingui();
  return (
    <div className="staff-state" role="status" aria-live="polite" aria-busy="true">
      <span className="staff-spinner" aria-hidden="true" />
      <p className="staff-state__text">{label ?? t`Loading…`}</p>
    </div>
  );
}

/** Not loaded: the branch is not the caller's (403), else most likely the connection. */
export function Failed({ onRetry, error }: { onRetry: () => void; error?: unknown }) {
  const { t } = useLingui();
  if (error instanceof ApiError && error.code === "STAFF_BRANCH_FORBIDDEN")
    return (
      <div className="staff-state staff-state--error" role="alert">
        <p className="staff-state__title">{t`You do not work at this branch`}</p>
        <p className="staff-state__text">{t`Pick one of your branches in the branch menu.`}</p>
      </div>
    );
  return (
    <div className="staff-state staff-state--error" role="alert">
      <p className="staff-state__title">{t`This did not load`}</p>
      <p className="staff-state__text">{t`Check your internet connection and try again.`}</p>
      <button type="button" className="staff-button" onClick={onRetry}>
        {t`Try again`}
      </button>
    </div>
  );
}

export function Empty({ title, text }: { title: string; text?: string }) {
  return (
    <div className="staff-state" role="status">
      <p className="staff-state__title">{title}</p>
      {text && <p className="staff-state__text">{text}</p>}
    </div>
  );
}

/** A person as the change log names them: their name, or their phone (formatted) when they have none. */
export function personName(by: string): string {
  return by.startsWith("+") ? ltr(formatPhone(by)) : by;
}

/** A brand text in the console's language. */
export function textOf(value: Multilingual | null | undefined): string {
  return value ? pickText(value, currentContentLanguage()) : "";
}

/**
 * A time of day, "14:05", in the console's language: on the brand's clock (the board's), or on the
 * time zone given.
 */
export function clockOf(iso: string, timeZone?: string): string {
  if (!timeZone) return clockTime(iso);
  return new Intl.DateTimeFormat(currentLocale() === "kz" ? "kk" : currentLocale(), {
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone,
  }).format(new Date(iso));
}

/**
 * A sum of money with grouped digits, by the storefront's own rule (spaces between groups): the
 * browsers' number data has no Uzbek, which gave "38,000" in uz.
 */
export function moneyOf(value: number): string {
  // No-break spaces: a narrow tile never wraps "51 000" into "51" over "000".
  return formatNumberUnbroken(Math.round(value));
}

/** An on/off switch with its label, announced as a switch. */
export function Switch({
  checked,
  onChange,
  label,
  description,
  disabled = false,
}: {
  checked: boolean;
  onChange: (next: boolean) => void;
  label: string;
  description?: string | undefined;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      aria-description={description}
      disabled={disabled}
      className="staff-switch"
      onClick={() => {
        onChange(!checked);
      }}
    >
      <span className="staff-switch__track" aria-hidden="true">
        <span className="staff-switch__thumb" />
      </span>
    </button>
  );
}

/** Saves `blob` as a file named `name` through the browser's download (no server round trip). */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 10_000);
}

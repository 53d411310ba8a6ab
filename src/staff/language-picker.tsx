import { useLingui } from "@lingui/react/macro";
import { useId } from "react";
import { currentLocale, isLocale, LOCALE_LABELS, LOCALES, switchLocale } from "../lib/i18n.ts";

/** The console's language (the storefront's catalogs and its lang cookie). */
export function LanguagePicker() {
  const { t, i18n } = useLingui();
  const id = useId();
  const value = isLocale(i18n.locale) ? i18n.locale : currentLocale();
  return (
    <span className="staff-select">
      <label htmlFor={id} className="visually-hidden">
        {t`Language`}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => {
          if (isLocale(event.target.value)) void switchLocale(event.target.value);
        }}
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l === "kz" ? "kk" : l}>
            {LOCALE_LABELS[l]}
          </option>
        ))}
      </select>
    </span>
  );
}

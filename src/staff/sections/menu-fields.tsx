// The menu builder's shared fields: a name in each of the brand's languages (missing ones flagged),
// used by the category, dish and menu group dialogs; a refused save said above a form.
import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import type { ContentLanguage } from "../../domain/enums.ts";
import { ApiError } from "../../lib/api-client.ts";
import { currentContentLanguage, LOCALE_LABELS, toLocale } from "../../lib/i18n.ts";

export const languageName = (language: ContentLanguage) => {
  const locale = toLocale(language);
  return locale ? LOCALE_LABELS[locale] : language;
};

export function NameFields({
  id,
  languages,
  values,
  error,
  onChange,
}: {
  id: string;
  languages: readonly ContentLanguage[];
  values: Record<string, string>;
  error: string | null;
  onChange: (language: string, text: string) => void;
}) {
  const { t } = useLingui();
  return (
    <fieldset className="menu-editor__texts" aria-describedby={error ? `${id}-name-error` : undefined}>
      <legend className="staff-label">{t`Name in each language`}</legend>
      {languages.map((language, index) => (
        <div key={language} className="menu-builder__language" lang={toLocale(language) ?? language}>
          <label className="staff-label" htmlFor={`${id}-name-${language}`}>
            {t`Name (${languageName(language)})`}
            {!values[language]?.trim() && (
              <span className="staff-badge staff-badge--muted">{t`missing`}</span>
            )}
          </label>
          <input
            id={`${id}-name-${language}`}
            className="staff-input"
            value={values[language] ?? ""}
            maxLength={200}
            data-autofocus={index === 0 ? true : undefined}
            aria-invalid={error ? true : undefined}
            onChange={(e) => {
              onChange(language, e.target.value);
            }}
          />
        </div>
      ))}
      {error && (
        <p id={`${id}-name-error`} className="staff-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

export const textsFor = (value: Record<string, string | undefined>, languages: readonly ContentLanguage[]) =>
  Object.fromEntries(languages.map((l) => [l, value[l] ?? ""]));

/** The server's texts come in uz, ru and eng: the console's language, else English. */
export function refusalText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError) || !error.description) return fallback;
  const language = currentContentLanguage();
  return error.description[language === "uz" || language === "ru" ? language : "eng"];
}

const isConflict = (error: unknown) => error instanceof ApiError && error.code === "EDIT_CONFLICT";

/**
 * A refused save, said above the form. A save over someone else's newer one (409 EDIT_CONFLICT) names
 * who and when and offers their version: the form keeps what was typed until that button is pressed.
 */
export function Refusal({ error, onReload }: { error: unknown; onReload: () => Promise<void> }) {
  const { t } = useLingui();
  const [reloading, setReloading] = useState(false);
  return (
    <div className="staff-note staff-note--warning" role="alert">
      <p className="menu-editor__refusal">
        {refusalText(error, t`The change was not saved. Check your internet connection and try again.`)}
      </p>
      {isConflict(error) && (
        <button
          type="button"
          className="staff-button"
          disabled={reloading}
          onClick={() => {
            setReloading(true);
            void onReload().finally(() => {
              setReloading(false);
            });
          }}
        >
          {t`Reload their version`}
        </button>
      )}
    </div>
  );
}

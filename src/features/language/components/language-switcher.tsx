import { useLingui } from "@lingui/react/macro";
import { Section } from "@telegram-apps/telegram-ui";
import { useState } from "react";
import { CheckIcon, GlobeIcon } from "../../../components/icons.tsx";
import { ButtonRow } from "../../../components/list-row.tsx";
import { UrlSheet, useUrlSheet } from "../../../components/url-sheet.tsx";
import { htmlLang, isLocale, isRtl, LOCALE_LABELS, switchLocale, type Locale } from "../../../lib/i18n.ts";

export const LANGUAGE_SHEET = "language";

/**
 * The header's language control: a button naming the current language that opens a sheet with
 * the brand's languages, each written in its own name. The choice is kept in the lang cookie.
 */
export function LanguageSwitcher({ locales }: { locales: readonly Locale[] }) {
  const { t, i18n } = useLingui();
  const sheet = useUrlSheet(LANGUAGE_SHEET);
  const [pending, setPending] = useState<Locale | null>(null);
  const current: Locale = isLocale(i18n.locale) ? i18n.locale : "ru";
  const label = LOCALE_LABELS[current];
  if (locales.length < 2) return null;

  const choose = (locale: Locale) => {
    if (locale === current) {
      sheet.close();
      return;
    }
    setPending(locale);
    switchLocale(locale)
      .then(() => {
        sheet.close();
      })
      .catch((error: unknown) => {
        console.error(error);
      })
      .finally(() => {
        setPending(null);
      });
  };

  return (
    <>
      <button
        type="button"
        className="header-button"
        onClick={sheet.open}
        aria-haspopup="dialog"
        aria-expanded={sheet.isOpen}
      >
        <GlobeIcon />
        {/* Named by the hidden text; the code beside the globe repeats its language in short (a
            name given by aria-label would have to contain the visible "EN", WCAG 2.5.3). */}
        <span className="visually-hidden">{t`Language: ${label}`}</span>
        <span className="header-button__text" aria-hidden="true">
          {current.toUpperCase()}
        </span>
      </button>
      <UrlSheet name={LANGUAGE_SHEET} title={t`Language`}>
        <Section>
          {locales.map((locale) => {
            const selected = locale === current;
            return (
              <ButtonRow
                key={locale}
                lang={htmlLang(locale)}
                dir={isRtl(locale) ? "rtl" : "ltr"}
                aria-current={selected ? "true" : undefined}
                disabled={pending !== null}
                onClick={() => {
                  choose(locale);
                }}
                after={selected ? <CheckIcon className="sheet-option__check" /> : null}
              >
                {LOCALE_LABELS[locale]}
              </ButtonRow>
            );
          })}
        </Section>
      </UrlSheet>
    </>
  );
}

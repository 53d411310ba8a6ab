// The brand's news (issue 36, owners and managers bound to no branch): a form to publish one to every
// customer of the brand (a title and a text in Uzbek, Russian and English at least, the brand's other
// languages optional; an optional picture), and what was published, newest first, with how many
// customers have read each. A published item cannot be taken back here: it may already be read.
import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import type { ContentLanguage } from "../../domain/enums.ts";
import { ApiError } from "../../lib/api-client.ts";
import { currentLocale, LOCALE_LABELS, toLocale } from "../../lib/i18n.ts";
import { imageVariantUrl } from "../../lib/product-image.ts";
import { PictureField } from "../picture-field.tsx";
import { refusalText } from "./brand-api.ts";
import { usePublishedNews, usePublishNews } from "./news-api.ts";
import { Empty, Failed, Loading, SectionFrame, textOf } from "./section-frame.tsx";
import type { StaffSectionProps } from "./types.ts";
import "./brand-sections.css";
import "./news.css";

/** The languages every news item carries (the API's rule); the brand's others are optional. */
const REQUIRED: readonly ContentLanguage[] = ["uz", "ru", "eng"];

const languageName = (language: ContentLanguage) => {
  const locale = toLocale(language);
  return locale ? LOCALE_LABELS[locale] : language;
};

export default function NewsSection({ languages = REQUIRED }: StaffSectionProps) {
  const { t } = useLingui();
  const all = [...REQUIRED, ...languages.filter((l) => !REQUIRED.includes(l))];
  return (
    <SectionFrame
      title={t`News`}
      lead={t`News goes to every customer of the brand, under the bell of the storefront, while notifications are switched on in the brand settings. It is not sent to Telegram.`}
    >
      <NewsForm languages={all} />
      <h3 className="news__heading">{t`Published`}</h3>
      <NewsList />
    </SectionFrame>
  );
}

type Field = "title" | "body" | "image" | "form";

function NewsForm({ languages }: { languages: readonly ContentLanguage[] }) {
  const { t } = useLingui();
  const id = useId();
  const publish = usePublishNews();
  const empty = () => Object.fromEntries(languages.map((l) => [l, ""]));
  const [title, setTitle] = useState<Record<string, string>>(empty);
  const [body, setBody] = useState<Record<string, string>>(empty);
  const [image, setImage] = useState<string | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [done, setDone] = useState(false);

  const filled = (text: Record<string, string>) =>
    Object.fromEntries(Object.entries(text).flatMap(([l, v]) => (v.trim() ? [[l, v.trim()]] : [])));
  const submit = () => {
    setDone(false);
    const found: Partial<Record<Field, string>> = {};
    const lacking = (text: Record<string, string>) =>
      REQUIRED.filter((l) => !text[l]?.trim())
        .map(languageName)
        .join(", ");
    if (lacking(title)) found.title = t`Write the title in ${lacking(title)}.`;
    if (lacking(body)) found.body = t`Write the text in ${lacking(body)}.`;
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      const language = REQUIRED.find((l) => !(first === "title" ? title : body)[l]?.trim());
      document.getElementById(`${id}-${first}-${language ?? "uz"}`)?.focus();
      return;
    }
    publish.mutate(
      {
        title: filled(title) as { uz: string; ru: string; eng: string },
        body: filled(body) as { uz: string; ru: string; eng: string },
        image,
      },
      {
        onSuccess: () => {
          setTitle(empty());
          setBody(empty());
          setImage(null);
          setDone(true);
        },
        onError: (e) => {
          const text = refusalText(
            e,
            t`This was not published. Check your internet connection and try again.`,
          );
          const field = e instanceof ApiError && e.code === "IMAGE_HOST_NOT_ALLOWED" ? "image" : "form";
          setErrors({ [field]: text });
        },
      },
    );
  };
  const described = (field: Field) =>
    errors[field] ? { "aria-invalid": true, "aria-describedby": `${id}-${field}-error` } : {};
  const errorOf = (field: Field) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className="staff-error">
        {errors[field]}
      </p>
    ) : null;

  return (
    <form
      className="menu-editor__form news__form"
      aria-label={t`New news item`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {errors.form && (
        <p className="staff-note staff-note--warning" role="alert">
          {errors.form}
        </p>
      )}
      {languages.map((language) => {
        const required = REQUIRED.includes(language);
        return (
          <div key={language} className="menu-editor__language" lang={toLocale(language) ?? language}>
            <label className="staff-label" htmlFor={`${id}-title-${language}`}>
              {t`Title (${languageName(language)})`}
              {!required && <span className="staff-badge staff-badge--muted">{t`optional`}</span>}
            </label>
            <input
              id={`${id}-title-${language}`}
              className="staff-input menu-editor__input"
              value={title[language] ?? ""}
              maxLength={120}
              required={required}
              {...(required ? described("title") : {})}
              onChange={(e) => {
                setTitle((v) => ({ ...v, [language]: e.target.value }));
              }}
            />
            <label className="staff-label" htmlFor={`${id}-body-${language}`}>
              {t`Text (${languageName(language)})`}
            </label>
            <textarea
              id={`${id}-body-${language}`}
              className="staff-textarea"
              rows={3}
              maxLength={2000}
              value={body[language] ?? ""}
              required={required}
              {...(required ? described("body") : {})}
              onChange={(e) => {
                setBody((v) => ({ ...v, [language]: e.target.value }));
              }}
            />
          </div>
        );
      })}
      {errorOf("title")}
      {errorOf("body")}
      <PictureField
        label={t`Picture (optional)`}
        value={image}
        onChange={setImage}
        width={640}
        height={320}
      />
      {errorOf("image")}
      <div className="news__actions">
        <button
          type="submit"
          className="staff-button staff-button--primary"
          disabled={publish.isPending}
          aria-busy={publish.isPending}
        >
          {publish.isPending ? t`Publishing…` : t`Publish to every customer`}
        </button>
        {done && (
          <p className="staff-note" role="status">
            {t`Published. Customers see it under the bell.`}
          </p>
        )}
      </div>
    </form>
  );
}

function NewsList() {
  const { t } = useLingui();
  const list = usePublishedNews();
  if (list.isPending) return <Loading />;
  if (list.isError) return <Failed onRetry={() => void list.refetch()} error={list.error} />;
  if (list.data.length === 0)
    return <Empty title={t`No news yet`} text={t`What you publish above is listed here.`} />;
  const locale = currentLocale();
  const date = new Intl.DateTimeFormat(locale === "kz" ? "kk" : locale, {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  });
  return (
    <ol className="staff-list" aria-label={t`Published news, newest first`}>
      {list.data.map((n) => (
        <li key={n.id} className="staff-row">
          <div className="staff-row__main news-row">
            {n.image && (
              <img
                className="news-row__picture"
                src={imageVariantUrl(n.image, { w: 160, h: 160 }) ?? n.image}
                alt=""
                width={64}
                height={64}
              />
            )}
            <div className="staff-row__text">
              <span className="staff-row__title" dir="auto">
                {textOf(n.title)}
              </span>
              <span className="news-row__body" dir="auto">
                {textOf(n.body)}
              </span>
              <span className="staff-row__meta brand-member__meta">
                <time dateTime={n.createdDate}>{date.format(new Date(n.createdDate))}</time>
                <span>{t`${plural(n.reads, { one: "Read by # customer", other: "Read by # customers" })}`}</span>
                {n.fromFile && (
                  <span className="staff-badge staff-badge--muted">{t`From the brand file`}</span>
                )}
              </span>
            </div>
          </div>
        </li>
      ))}
    </ol>
  );
}

// The brand's news (issue 36, owners and managers bound to no branch): a form to publish one to every
// customer of the brand (a title and a text in Uzbek, Russian and English at least, the brand's other
// languages optional; an optional picture), and what was published, newest first, with how many
// customers have read each. A published item can be corrected (the same form, in a dialog) or taken
// back from every customer's bell, after a question that says how many have read it.
import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import type { PublishedNews } from "../../domain/contract/notifications.ts";
import type { ContentLanguage } from "../../domain/enums.ts";
import { ApiError } from "../../lib/api-client.ts";
import { currentLocale, LOCALE_LABELS, toLocale } from "../../lib/i18n.ts";
import { imageVariantUrl } from "../../lib/product-image.ts";
import { StaffDialog } from "../dialog.tsx";
import { PictureField } from "../picture-field.tsx";
import { refusalText } from "./brand-api.ts";
import { useEditNews, usePublishedNews, usePublishNews, useWithdrawNews } from "./news-api.ts";
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
      <NewsList languages={all} />
    </SectionFrame>
  );
}

type Field = "title" | "body" | "image" | "form";

/** The form to publish a news item, or (with `editing`) to correct a published one. */
function NewsForm({
  languages,
  editing,
  onSaved,
}: {
  languages: readonly ContentLanguage[];
  editing?: PublishedNews;
  onSaved?: () => void;
}) {
  const { t } = useLingui();
  const id = useId();
  const publishNews = usePublishNews();
  const editNews = useEditNews();
  const publish = editing ? editNews : publishNews;
  const empty = () => Object.fromEntries(languages.map((l) => [l, ""]));
  const [title, setTitle] = useState<Record<string, string>>(() => ({ ...empty(), ...editing?.title }));
  const [body, setBody] = useState<Record<string, string>>(() => ({ ...empty(), ...editing?.body }));
  const [image, setImage] = useState<string | null>(editing?.image ?? null);
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
    const news = {
      title: filled(title) as { uz: string; ru: string; eng: string },
      body: filled(body) as { uz: string; ru: string; eng: string },
      image,
    };
    const handlers = {
      onSuccess: () => {
        if (onSaved) {
          onSaved();
          return;
        }
        setTitle(empty());
        setBody(empty());
        setImage(null);
        setDone(true);
      },
      onError: (e: unknown) => {
        const text = editing
          ? refusalText(e, t`This was not saved. Check your internet connection and try again.`)
          : refusalText(e, t`This was not published. Check your internet connection and try again.`);
        const field = e instanceof ApiError && e.code === "IMAGE_HOST_NOT_ALLOWED" ? "image" : "form";
        setErrors({ [field]: text });
      },
    };
    if (editing) editNews.mutate({ id: editing.id, body: news }, handlers);
    else publishNews.mutate(news, handlers);
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
      aria-label={editing ? t`Correct the news item` : t`New news item`}
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
      {languages.map((language) => (
        <LanguageFields
          key={language}
          id={id}
          language={language}
          title={title[language] ?? ""}
          body={body[language] ?? ""}
          described={described}
          onTitle={(value) => {
            setTitle((v) => ({ ...v, [language]: value }));
          }}
          onBody={(value) => {
            setBody((v) => ({ ...v, [language]: value }));
          }}
        />
      ))}
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
          {editing
            ? publish.isPending
              ? t`Saving…`
              : t`Save the correction`
            : publish.isPending
              ? t`Publishing…`
              : t`Publish to every customer`}
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

/** The title and text of a news item in one language. */
function LanguageFields({
  id,
  language,
  title,
  body,
  described,
  onTitle,
  onBody,
}: {
  id: string;
  language: ContentLanguage;
  title: string;
  body: string;
  described: (field: Field) => object;
  onTitle: (value: string) => void;
  onBody: (value: string) => void;
}) {
  const { t } = useLingui();
  const required = REQUIRED.includes(language);
  return (
    <div className="menu-editor__language" lang={toLocale(language) ?? language}>
      <label className="staff-label" htmlFor={`${id}-title-${language}`}>
        {t`Title (${languageName(language)})`}
        {!required && <span className="staff-badge staff-badge--muted">{t`optional`}</span>}
      </label>
      <input
        id={`${id}-title-${language}`}
        className="staff-input menu-editor__input"
        value={title}
        maxLength={120}
        required={required}
        {...(required ? described("title") : {})}
        onChange={(e) => {
          onTitle(e.target.value);
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
        value={body}
        required={required}
        {...(required ? described("body") : {})}
        onChange={(e) => {
          onBody(e.target.value);
        }}
      />
    </div>
  );
}

function NewsList({ languages }: { languages: readonly ContentLanguage[] }) {
  const { t } = useLingui();
  const list = usePublishedNews();
  const [editing, setEditing] = useState<PublishedNews | null>(null);
  const [withdrawing, setWithdrawing] = useState<PublishedNews | null>(null);
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
          <div className="brand-row__actions">
            <button
              type="button"
              className="staff-button"
              aria-label={`${t`Correct`}: ${textOf(n.title)}`}
              onClick={() => {
                setEditing(n);
              }}
            >
              {t`Correct`}
            </button>
            <button
              type="button"
              className="staff-button staff-button--danger"
              aria-label={`${t`Take back`}: ${textOf(n.title)}`}
              onClick={() => {
                setWithdrawing(n);
              }}
            >
              {t`Take back`}
            </button>
          </div>
        </li>
      ))}
      {editing && (
        <StaffDialog
          title={t`Correct the news item`}
          wide
          onClose={() => {
            setEditing(null);
          }}
        >
          <NewsForm
            languages={languages}
            editing={editing}
            onSaved={() => {
              setEditing(null);
            }}
          />
        </StaffDialog>
      )}
      {withdrawing && (
        <WithdrawDialog
          news={withdrawing}
          onClose={() => {
            setWithdrawing(null);
          }}
        />
      )}
    </ol>
  );
}

/** Asks before a news item leaves every customer's bell, saying how many have read it. */
function WithdrawDialog({ news, onClose }: { news: PublishedNews; onClose: () => void }) {
  const { t } = useLingui();
  const withdraw = useWithdrawNews();
  const [refusal, setRefusal] = useState<string | null>(null);
  return (
    <StaffDialog
      title={t`Take the news item back?`}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="staff-button" onClick={onClose} data-autofocus>
            {t`Keep it`}
          </button>
          <button
            type="button"
            className="staff-button staff-button--danger-filled"
            disabled={withdraw.isPending}
            aria-busy={withdraw.isPending}
            onClick={() => {
              setRefusal(null);
              withdraw.mutate(news.id, {
                onSuccess: onClose,
                onError: (e) => {
                  setRefusal(
                    refusalText(e, t`This was not taken back. Check your internet connection and try again.`),
                  );
                },
              });
            }}
          >
            {t`Take it back`}
          </button>
        </>
      }
    >
      <p dir="auto">
        <strong>{textOf(news.title)}</strong>
      </p>
      <p>
        {t`It leaves the bell of every customer. ${plural(news.reads, { one: "# customer has read it already.", other: "# customers have read it already." })}`}
      </p>
      {refusal && (
        <p className="staff-note staff-note--warning" role="alert">
          {refusal}
        </p>
      )}
    </StaffDialog>
  );
}

// The brand's banners (issue 36, owners and managers bound to no branch): the home page's strip, each
// shown as a phone shows it (12:5), hidden ones marked; add or edit one in a dialog (a title in each
// of the brand's languages, the missing ones flagged; a picture; exactly one target: a dish, a
// category, a promo code or an https link), move it up or down, remove it after a confirmation. A
// refused save is said at its field, and what was typed stays in the form.
import { useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import {
  isHttpsUrl,
  type EditorBanner,
  type EditorBannerBody,
} from "../../domain/contract/back-office-banners.ts";
import type { ContentLanguage } from "../../domain/enums.ts";
import { DEFAULT_TIME_ZONE } from "../../domain/hours.ts";
import { localDay, localMoment } from "../../domain/order-time.ts";
import { ApiError } from "../../lib/api-client.ts";
import { LOCALE_LABELS, toLocale } from "../../lib/i18n.ts";
import { imageVariantUrl } from "../../lib/product-image.ts";
import { StaffDialog } from "../dialog.tsx";
import { PictureField } from "../picture-field.tsx";
import { useEditorProducts } from "./api.ts";
import { useBannerChange, useBannerPromoCodes, useBanners } from "./banners-api.ts";
import { refusalText } from "./brand-api.ts";
import { useCategories } from "./menu-builder-api.ts";
import { Empty, Failed, Loading, SectionFrame, textOf } from "./section-frame.tsx";
import type { StaffSectionProps } from "./types.ts";
import "./brand-sections.css";
import "./banners.css";

type TargetKind = "product" | "category" | "promo" | "link";

const languageName = (language: ContentLanguage) => {
  const locale = toLocale(language);
  return locale ? LOCALE_LABELS[locale] : language;
};

/** The day after a local day ("YYYY-MM-DD"): a banner's last day ends when it begins. */
function nextDay(day: string): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** A banner's first and last day shown, in the brand's time zone ("" for none). */
function daysOf(banner: EditorBanner | null, timeZone: string) {
  return {
    first: banner?.startDate ? localDay(new Date(banner.startDate), timeZone) : "",
    // The end is the first moment it is no longer shown: its last day is the day before.
    last: banner?.endDate ? localDay(new Date(Date.parse(banner.endDate) - 1), timeZone) : "",
  };
}

export default function BannersSection({
  languages = ["uz", "ru", "eng"],
  manages = [],
  timeZone = DEFAULT_TIME_ZONE,
}: StaffSectionProps) {
  const { t } = useLingui();
  const [editing, setEditing] = useState<EditorBanner | "new" | null>(null);
  return (
    <SectionFrame
      title={t`Banners`}
      lead={t`The pictures at the top of the storefront's menu, in this order. A saved change is on the storefront at once.`}
      actions={
        <button
          type="button"
          className="staff-button staff-button--primary"
          onClick={() => {
            setEditing("new");
          }}
        >
          {t`New banner`}
        </button>
      }
    >
      <BannerList languages={languages} timeZone={timeZone} onEdit={setEditing} />
      {editing && (
        <BannerDialog
          banner={editing === "new" ? null : editing}
          languages={languages}
          promos={manages.includes("promos")}
          timeZone={timeZone}
          onClose={() => {
            setEditing(null);
          }}
        />
      )}
    </SectionFrame>
  );
}

function BannerList({
  languages,
  timeZone,
  onEdit,
}: {
  languages: readonly ContentLanguage[];
  timeZone: string;
  onEdit: (banner: EditorBanner) => void;
}) {
  const { t } = useLingui();
  const list = useBanners();
  const change = useBannerChange();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  if (list.isPending) return <Loading />;
  if (list.isError) return <Failed onRetry={() => void list.refetch()} error={list.error} />;
  if (list.data.length === 0)
    return <Empty title={t`No banners yet`} text={t`Add the first one with “New banner”.`} />;
  const failed = (e: unknown) => {
    setRefusal(refusalText(e, t`This was not saved. Check your internet connection and try again.`));
  };
  const move = (index: number, by: -1 | 1) => {
    const ids = list.data.map((b) => b.id);
    const [moved] = ids.splice(index, 1);
    if (!moved) return;
    ids.splice(index + by, 0, moved);
    setRefusal(null);
    change.mutate({ kind: "order", ids }, { onError: failed });
  };
  return (
    <>
      {refusal && (
        <p className="staff-note staff-note--warning" role="alert">
          {refusal}
        </p>
      )}
      <ol className="staff-list" aria-label={t`Banners`}>
        {list.data.map((b, index) => {
          const title = textOf(b.title) || t`Untitled`;
          const missing = languages.filter((l) => !b.title[l]?.trim());
          return (
            <li key={b.id} className={`staff-row${b.isActive ? "" : " staff-row--off"}`}>
              <div className="staff-row__main banner-row">
                <img
                  className="banner-row__picture"
                  src={imageVariantUrl(b.image, { w: 480, h: 200 }) ?? b.image}
                  alt=""
                  width={240}
                  height={100}
                />
                <div className="staff-row__text">
                  <span className="staff-row__title">{title}</span>
                  <span className="staff-row__meta brand-member__meta">
                    <span>
                      <TargetText banner={b} />
                    </span>
                    {!b.isActive && <span className="staff-badge staff-badge--off">{t`Hidden`}</span>}
                    <BannerDates banner={b} timeZone={timeZone} />
                    {missing.length > 0 && (
                      <span className="staff-badge staff-badge--muted">
                        {t`No title in ${missing.map(languageName).join(", ")}`}
                      </span>
                    )}
                  </span>
                </div>
                <div className="banner-row__actions">
                  <button
                    type="button"
                    className="staff-button"
                    aria-label={t`Move ${title} up`}
                    disabled={index === 0 || change.isPending}
                    onClick={() => {
                      move(index, -1);
                    }}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="staff-button"
                    aria-label={t`Move ${title} down`}
                    disabled={index === list.data.length - 1 || change.isPending}
                    onClick={() => {
                      move(index, 1);
                    }}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className="staff-button"
                    onClick={() => {
                      onEdit(b);
                    }}
                  >
                    {t`Edit`}
                  </button>
                  {confirming === b.id ? (
                    <>
                      <button
                        type="button"
                        className="staff-button staff-button--danger"
                        disabled={change.isPending}
                        onClick={() => {
                          setRefusal(null);
                          change.mutate(
                            { kind: "remove", id: b.id },
                            {
                              onSuccess: () => {
                                setConfirming(null);
                              },
                              onError: failed,
                            },
                          );
                        }}
                      >
                        {t`Yes, remove it`}
                      </button>
                      <button
                        type="button"
                        className="staff-button"
                        onClick={() => {
                          setConfirming(null);
                        }}
                      >
                        {t`Cancel`}
                      </button>
                    </>
                  ) : (
                    <button
                      type="button"
                      className="staff-button"
                      onClick={() => {
                        setConfirming(b.id);
                      }}
                    >
                      {t`Remove`}
                    </button>
                  )}
                </div>
              </div>
            </li>
          );
        })}
      </ol>
    </>
  );
}

/** What a banner opens, said in its row. */
function TargetText({ banner: b }: { banner: EditorBanner }) {
  const { t } = useLingui();
  if (b.productId) return t`Opens a dish`;
  if (b.categoryId) return t`Opens a category`;
  if (b.promoCode) return t`Copies the promo code ${b.promoCode}`;
  if (b.link) return t`Opens ${b.link}`;
  return t`Opens nothing`;
}

/** When a banner is shown, said only when dates limit it; one outside them is marked off. */
function BannerDates({ banner: b, timeZone }: { banner: EditorBanner; timeZone: string }) {
  const { t, i18n } = useLingui();
  const [now] = useState(() => Date.now());
  const format = new Intl.DateTimeFormat(i18n.locale, {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone,
  });
  const day = (ms: number) => format.format(new Date(ms));
  // The end is the first moment it is gone: its last day is the moment before.
  const end = b.endDate ? Date.parse(b.endDate) : null;
  const start = b.startDate ? Date.parse(b.startDate) : null;
  let text: string;
  let off = true;
  if (end !== null && end <= now) text = t`Ended ${day(end - 1)}`;
  else if (start !== null && start > now) text = t`Starts ${day(start)}`;
  else if (end !== null) {
    text = t`Until ${day(end - 1)}`;
    off = false;
  } else return null;
  return <span className={`staff-badge${off ? " staff-badge--off" : ""}`}>{text}</span>;
}

function FieldError({
  id,
  field,
  errors,
}: {
  id: string;
  field: Field;
  errors: Partial<Record<Field, string>>;
}) {
  return errors[field] ? (
    <p id={`${id}-${field}-error`} className="staff-error">
      {errors[field]}
    </p>
  ) : null;
}

/** The banner's first and last day, typed as dates of the brand's calendar. */
function DateFields({
  id,
  days,
  errors,
  onChange,
}: {
  id: string;
  days: { first: string; last: string };
  errors: Partial<Record<Field, string>>;
  onChange: (days: { first: string; last: string }) => void;
}) {
  const { t } = useLingui();
  const fields = [
    ["startDate", "first", t`First day`],
    ["endDate", "last", t`Last day`],
  ] as const;
  return (
    <fieldset className="menu-editor__texts">
      <legend className="staff-label">{t`Dates shown (optional, the brand's days)`}</legend>
      <div className="menu-editor__numbers">
        {fields.map(([field, key, label]) => (
          <div key={field} className="brand-field">
            <label className="staff-label" htmlFor={`${id}-${field}`}>
              {label}
            </label>
            <input
              id={`${id}-${field}`}
              type="date"
              className="staff-input brand-input"
              value={days[key]}
              aria-invalid={errors[field] ? true : undefined}
              aria-describedby={errors[field] ? `${id}-${field}-error` : undefined}
              onChange={(e) => {
                onChange({ ...days, [key]: e.target.value });
              }}
            />
            <FieldError id={id} field={field} errors={errors} />
          </div>
        ))}
      </div>
    </fieldset>
  );
}

/** The dates the server takes: a day left as opened keeps its exact moment (an import's 10:00). */
function datesOf(
  days: { first: string; last: string },
  opened: { first: string; last: string },
  banner: EditorBanner | null,
  timeZone: string,
) {
  const moment = (day: string) => localMoment(day, "00:00", timeZone).toISOString();
  return {
    startDate:
      days.first === opened.first ? (banner?.startDate ?? null) : days.first ? moment(days.first) : null,
    endDate:
      days.last === opened.last ? (banner?.endDate ?? null) : days.last ? moment(nextDay(days.last)) : null,
  };
}

type Field = "title" | "image" | "target" | "startDate" | "endDate" | "form";

/** The field the server named in its refusal ("body.link: ..."), so it is said there. */
function refusedField(error: unknown): Field {
  const detail = error instanceof ApiError ? (error.description?.eng ?? "") : "";
  if (/title/.test(detail)) return "title";
  if (/image/.test(detail)) return "image";
  if (/target|productId|categoryId|promoCode|link/.test(detail)) return "target";
  if (/endDate/.test(detail)) return "endDate";
  if (/startDate/.test(detail)) return "startDate";
  return "form";
}

function BannerDialog({
  banner,
  languages,
  promos,
  timeZone,
  onClose,
}: {
  banner: EditorBanner | null;
  languages: readonly ContentLanguage[];
  /** The caller may list the promo codes (the owner): offer them; else the code is typed. */
  promos: boolean;
  timeZone: string;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const id = useId();
  const change = useBannerChange();
  const opened = daysOf(banner, timeZone);
  const [days, setDays] = useState(opened);
  const [title, setTitle] = useState<Record<string, string>>(
    Object.fromEntries(languages.map((l) => [l, banner?.title[l] ?? ""])),
  );
  const [image, setImage] = useState<string | null>(banner?.image ?? null);
  const [kind, setKind] = useState<TargetKind>(
    banner?.categoryId ? "category" : banner?.promoCode ? "promo" : banner?.link ? "link" : "product",
  );
  const [target, setTarget] = useState({
    product: banner?.productId ?? "",
    category: banner?.categoryId ?? "",
    promo: banner?.promoCode ?? "",
    link: banner?.link ?? "",
  });
  const [isActive, setIsActive] = useState(banner?.isActive ?? true);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const submit = () => {
    const found: Partial<Record<Field, string>> = {};
    if (!Object.values(title).some((v) => v.trim() !== ""))
      found.title = t`Give a title in at least one language.`;
    if (!image) found.image = t`Choose a picture.`;
    const value = target[kind].trim();
    if (value === "") found.target = t`Choose what the banner opens.`;
    else if (kind === "link" && !isHttpsUrl(value)) found.target = t`A full address starting with https://`;
    if (days.first && days.last && days.last < days.first) found.endDate = t`Not before the first day.`;
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first || !image) {
      document.getElementById(`${id}-${first ?? "title"}`)?.focus();
      return;
    }
    const body: EditorBannerBody = {
      ...(banner ? { version: banner.version } : {}),
      title,
      image,
      productId: kind === "product" ? value : null,
      categoryId: kind === "category" ? value : null,
      promoCode: kind === "promo" ? value : null,
      link: kind === "link" ? value : null,
      isActive,
      ...datesOf(days, opened, banner, timeZone),
    };
    change.mutate(
      { kind: "save", id: banner?.id ?? null, body },
      {
        onSuccess: onClose,
        onError: (e) => {
          setErrors({
            [refusedField(e)]: refusalText(
              e,
              t`This was not saved. Check your internet connection and try again.`,
            ),
          });
        },
      },
    );
  };
  return (
    <StaffDialog
      wide
      title={banner ? t`Edit the banner` : t`New banner`}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="staff-button" onClick={onClose}>
            {t`Cancel`}
          </button>
          <button
            type="submit"
            form={`${id}-form`}
            className="staff-button staff-button--primary"
            disabled={change.isPending}
            aria-busy={change.isPending}
          >
            {change.isPending ? t`Saving…` : t`Save`}
          </button>
        </>
      }
    >
      <form
        id={`${id}-form`}
        className="menu-editor__form"
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
        <TitleFields
          id={id}
          languages={languages}
          title={title}
          error={errors.title}
          onChange={(language, value) => {
            setTitle((v) => ({ ...v, [language]: value }));
          }}
        />
        <div id={`${id}-image`} tabIndex={-1}>
          <PictureField label={t`Picture`} value={image} onChange={setImage} width={1200} height={500} />
        </div>
        <FieldError id={id} field="image" errors={errors} />
        <TargetField
          id={id}
          kind={kind}
          promos={promos}
          value={target[kind]}
          error={errors.target}
          onKind={setKind}
          onValue={(value) => {
            setTarget((v) => ({ ...v, [kind]: value }));
          }}
        />
        <label className="staff-check">
          <input
            type="checkbox"
            checked={isActive}
            onChange={(e) => {
              setIsActive(e.target.checked);
            }}
          />
          {t`Shown on the storefront`}
        </label>
        <DateFields id={id} days={days} errors={errors} onChange={setDays} />
      </form>
    </StaffDialog>
  );
}

/** What the banner opens: one of the brand's dishes or categories, a promo code or an https link. */
function TargetField({
  id,
  kind,
  promos: mayListPromos,
  value,
  error,
  onKind,
  onValue,
}: {
  id: string;
  kind: TargetKind;
  promos: boolean;
  value: string;
  error: string | undefined;
  onKind: (kind: TargetKind) => void;
  onValue: (value: string) => void;
}) {
  const { t } = useLingui();
  const dishes = useEditorProducts();
  const categories = useCategories();
  // The promo codes are the owner's: a manager types the code.
  const promos = useBannerPromoCodes(mayListPromos && kind === "promo");
  const targetKinds: { kind: TargetKind; label: string }[] = [
    { kind: "product", label: t`A dish` },
    { kind: "category", label: t`A category` },
    { kind: "promo", label: t`A promo code` },
    { kind: "link", label: t`A link` },
  ];
  return (
    <fieldset
      className="banner-target"
      {...(error ? { "aria-invalid": true, "aria-describedby": `${id}-target-error` } : {})}
    >
      <legend className="staff-label">{t`When tapped, the banner opens`}</legend>
      <div className="banner-target__kinds">
        {targetKinds.map((k) => (
          <label key={k.kind} className="staff-check">
            <input
              type="radio"
              name={`${id}-kind`}
              checked={kind === k.kind}
              onChange={() => {
                onKind(k.kind);
              }}
            />
            {k.label}
          </label>
        ))}
      </div>
      {kind === "product" || kind === "category" ? (
        <select
          id={`${id}-target`}
          className="staff-input menu-editor__input"
          aria-label={kind === "product" ? t`The dish` : t`The category`}
          value={value}
          onChange={(e) => {
            onValue(e.target.value);
          }}
        >
          <option value="">{kind === "product" ? t`Choose a dish` : t`Choose a category`}</option>
          {kind === "product"
            ? (dishes.data ?? []).map((d) => (
                <option key={d.id} value={d.id}>
                  {textOf(d.categoryName)} · {textOf(d.name)}
                </option>
              ))
            : (categories.data ?? []).map((c) => (
                <option key={c.id} value={c.id}>
                  {textOf(c.name)}
                </option>
              ))}
        </select>
      ) : (
        <input
          id={`${id}-target`}
          className="staff-input menu-editor__input"
          aria-label={kind === "promo" ? t`The promo code` : t`The link`}
          dir="ltr"
          autoComplete="off"
          list={kind === "promo" ? `${id}-promos` : undefined}
          inputMode={kind === "link" ? "url" : undefined}
          placeholder={kind === "link" ? "https://" : undefined}
          value={value}
          onChange={(e) => {
            onValue(e.target.value);
          }}
        />
      )}
      {kind === "promo" && (
        <datalist id={`${id}-promos`}>
          {(promos.data ?? []).map((p) => (
            <option key={p.id} value={p.code} />
          ))}
        </datalist>
      )}
      {error && (
        <p id={`${id}-target-error`} className="staff-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The title in each of the brand's languages, the missing ones flagged. */
function TitleFields({
  id,
  languages,
  title,
  error,
  onChange,
}: {
  id: string;
  languages: readonly ContentLanguage[];
  title: Record<string, string>;
  error: string | undefined;
  onChange: (language: ContentLanguage, value: string) => void;
}) {
  const { t } = useLingui();
  return (
    <>
      {languages.map((language, index) => (
        <div key={language} className="menu-editor__language" lang={toLocale(language) ?? language}>
          <label className="staff-label" htmlFor={index === 0 ? `${id}-title` : `${id}-title-${language}`}>
            {t`Title (${languageName(language)})`}
            {!title[language]?.trim() && <span className="staff-badge staff-badge--muted">{t`missing`}</span>}
          </label>
          <input
            id={index === 0 ? `${id}-title` : `${id}-title-${language}`}
            className="staff-input menu-editor__input"
            value={title[language] ?? ""}
            maxLength={200}
            {...(index === 0 ? { "data-autofocus": "" } : {})}
            {...(error ? { "aria-invalid": true, "aria-describedby": `${id}-title-error` } : {})}
            onChange={(e) => {
              onChange(language, e.target.value);
            }}
          />
        </div>
      ))}
      {error && (
        <p id={`${id}-title-error`} className="staff-error">
          {error}
        </p>
      )}
    </>
  );
}

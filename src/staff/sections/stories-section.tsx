// The brand's stories (issue 36, owners and managers bound to no branch): the round previews under the
// storefront's header, in this order, hidden ones marked; add or edit one in a dialog (a title in each
// of the brand's languages, the missing ones flagged; the round picture; 1-20 slides, each a picture
// or a short clip shown as the phone's viewer shows it, with its seconds on screen), move it up or
// down, hide or show it, remove it after a confirmation. A refused save is said at its field, and what
// was typed stays in the form. The switch that shows stories at all stays in the brand settings.
import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import {
  SLIDE_SECONDS,
  STORY_SLIDES_MAX,
  type EditorStory,
  type EditorStoryBody,
  type EditorStorySlide,
} from "../../domain/contract/back-office-stories.ts";
import type { ContentLanguage } from "../../domain/enums.ts";
import { ApiError } from "../../lib/api-client.ts";
import { LOCALE_LABELS, toLocale } from "../../lib/i18n.ts";
import { imageVariantUrl } from "../../lib/product-image.ts";
import { StaffDialog } from "../dialog.tsx";
import { PictureField } from "../picture-field.tsx";
import { SlideMediaField } from "../slide-media-field.tsx";
import { useEditorProducts } from "./api.ts";
import { refusalText } from "./brand-api.ts";
import { Empty, Failed, Loading, SectionFrame, textOf } from "./section-frame.tsx";
import { useStories, useStoryChange } from "./stories-api.ts";
import type { StaffSectionProps } from "./types.ts";
import "./brand-sections.css";
import "./banners.css";
import "./stories.css";

const languageName = (language: ContentLanguage) => {
  const locale = toLocale(language);
  return locale ? LOCALE_LABELS[locale] : language;
};

/** The round picture a story shows (an imported story may have none: its first slide's). */
function previewOf(story: EditorStory): string | null {
  const first = story.slides[0];
  return story.preview ?? first?.poster ?? (first?.type === "IMAGE" ? first.url : null);
}

/** What the form sends for a story as it is, with `changes`. */
function bodyOf(story: EditorStory, changes: Partial<EditorStoryBody>): EditorStoryBody {
  return {
    version: story.version,
    title: story.title,
    preview: previewOf(story) ?? "",
    slides: story.slides,
    isActive: story.isActive,
    ...changes,
  };
}

export default function StoriesSection({ languages = ["uz", "ru", "eng"] }: StaffSectionProps) {
  const { t } = useLingui();
  const [editing, setEditing] = useState<EditorStory | "new" | null>(null);
  return (
    <SectionFrame
      title={t`Stories`}
      lead={t`The round pictures under the storefront's header, in this order; each opens its slides, pictures or short clips. A saved change is on the storefront at once. Stories show while they are switched on in the brand settings.`}
      actions={
        <button
          type="button"
          className="staff-button staff-button--primary"
          onClick={() => {
            setEditing("new");
          }}
        >
          {t`New story`}
        </button>
      }
    >
      <StoryList languages={languages} onEdit={setEditing} />
      {editing && (
        <StoryDialog
          story={editing === "new" ? null : editing}
          languages={languages}
          onClose={() => {
            setEditing(null);
          }}
        />
      )}
    </SectionFrame>
  );
}

function StoryList({
  languages,
  onEdit,
}: {
  languages: readonly ContentLanguage[];
  onEdit: (story: EditorStory) => void;
}) {
  const { t } = useLingui();
  const list = useStories();
  const change = useStoryChange();
  const [refusal, setRefusal] = useState<string | null>(null);
  if (list.isPending) return <Loading />;
  if (list.isError) return <Failed onRetry={() => void list.refetch()} error={list.error} />;
  if (list.data.length === 0)
    return <Empty title={t`No stories yet`} text={t`Add the first one with “New story”.`} />;
  const failed = (e: unknown) => {
    setRefusal(refusalText(e, t`This was not saved. Check your internet connection and try again.`));
  };
  const move = (index: number, by: -1 | 1) => {
    const ids = list.data.map((s) => s.id);
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
      <ol className="staff-list" aria-label={t`Stories`}>
        {list.data.map((s, index) => {
          const title = textOf(s.title) || t`Untitled`;
          const missing = languages.filter((l) => !s.title[l]?.trim());
          const clips = s.slides.filter((slide) => slide.type === "VIDEO").length;
          const preview = previewOf(s);
          return (
            <li key={s.id} className={`staff-row${s.isActive ? "" : " staff-row--off"}`}>
              <div className="staff-row__main banner-row">
                {preview ? (
                  <img
                    className="story-row__preview"
                    src={imageVariantUrl(preview, { w: 160, h: 160 }) ?? preview}
                    alt=""
                    width={64}
                    height={64}
                  />
                ) : (
                  <span className="story-row__preview" aria-hidden="true" />
                )}
                <div className="staff-row__text">
                  <span className="staff-row__title" dir="auto">
                    {title}
                  </span>
                  <span className="staff-row__meta brand-member__meta">
                    <span>
                      {t`${plural(s.slides.length, { one: "# slide", other: "# slides" })}`}
                      {clips > 0 && ` · ${t`${plural(clips, { one: "# clip", other: "# clips" })}`}`}
                    </span>
                    {!s.isActive && <span className="staff-badge staff-badge--off">{t`Hidden`}</span>}
                    {missing.length > 0 && (
                      <span className="staff-badge staff-badge--muted">
                        {t`No title in ${missing.map(languageName).join(", ")}`}
                      </span>
                    )}
                  </span>
                </div>
                <StoryActions
                  story={s}
                  title={title}
                  first={index === 0}
                  last={index === list.data.length - 1}
                  onMove={(by) => {
                    move(index, by);
                  }}
                  onEdit={onEdit}
                  onRefused={setRefusal}
                />
              </div>
            </li>
          );
        })}
      </ol>
    </>
  );
}

/** A story's buttons in the list: move, edit, hide or show, remove after a confirmation. */
function StoryActions({
  story,
  title,
  first,
  last,
  onMove,
  onEdit,
  onRefused,
}: {
  story: EditorStory;
  title: string;
  first: boolean;
  last: boolean;
  onMove: (by: -1 | 1) => void;
  onEdit: (story: EditorStory) => void;
  onRefused: (text: string | null) => void;
}) {
  const { t } = useLingui();
  const change = useStoryChange();
  const [confirming, setConfirming] = useState(false);
  const preview = previewOf(story);
  const failed = (e: unknown) => {
    onRefused(refusalText(e, t`This was not saved. Check your internet connection and try again.`));
  };
  return (
    <div className="banner-row__actions">
      <button
        type="button"
        className="staff-button"
        aria-label={t`Move ${title} up`}
        disabled={first || change.isPending}
        onClick={() => {
          onMove(-1);
        }}
      >
        ↑
      </button>
      <button
        type="button"
        className="staff-button"
        aria-label={t`Move ${title} down`}
        disabled={last || change.isPending}
        onClick={() => {
          onMove(1);
        }}
      >
        ↓
      </button>
      <button
        type="button"
        className="staff-button"
        onClick={() => {
          onEdit(story);
        }}
      >
        {t`Edit`}
      </button>
      <button
        type="button"
        className="staff-button"
        disabled={change.isPending || !preview}
        aria-label={story.isActive ? t`Hide ${title}` : t`Show ${title}`}
        onClick={() => {
          onRefused(null);
          change.mutate(
            { kind: "save", id: story.id, body: bodyOf(story, { isActive: !story.isActive }) },
            { onError: failed },
          );
        }}
      >
        {story.isActive ? t`Hide` : t`Show`}
      </button>
      {confirming ? (
        <>
          <button
            type="button"
            className="staff-button staff-button--danger"
            disabled={change.isPending}
            onClick={() => {
              onRefused(null);
              change.mutate(
                { kind: "remove", id: story.id },
                {
                  onSuccess: () => {
                    setConfirming(false);
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
              setConfirming(false);
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
            setConfirming(true);
          }}
        >
          {t`Remove`}
        </button>
      )}
    </div>
  );
}

type Field = "title" | "preview" | "slides" | "form" | `slide-${string}`;

/** The field the server named in its refusal ("body.slides[1].url: ..."), so it is said there. */
/** The story's title in each of the brand's languages, the missing ones flagged. */
function TitleFields({
  id,
  languages,
  title,
  invalid,
  onChange,
}: {
  id: string;
  languages: readonly ContentLanguage[];
  title: Record<string, string>;
  invalid: boolean;
  onChange: (language: ContentLanguage, value: string) => void;
}) {
  const { t } = useLingui();
  return languages.map((language, index) => (
    <div key={language} className="menu-editor__language" lang={toLocale(language) ?? language}>
      <label className="staff-label" htmlFor={index === 0 ? `${id}-title` : `${id}-title-${language}`}>
        {t`Title (${languageName(language)})`}
        {!title[language]?.trim() && <span className="staff-badge staff-badge--muted">{t`missing`}</span>}
      </label>
      <input
        id={index === 0 ? `${id}-title` : `${id}-title-${language}`}
        className="staff-input menu-editor__input"
        value={title[language] ?? ""}
        maxLength={80}
        {...(index === 0 ? { "data-autofocus": "" } : {})}
        {...(invalid ? { "aria-invalid": true, "aria-describedby": `${id}-title-error` } : {})}
        onChange={(e) => {
          onChange(language, e.target.value);
        }}
      />
    </div>
  ));
}

function refusedField(error: unknown): Field {
  const detail = error instanceof ApiError ? (error.description?.eng ?? "") : "";
  const slide = /slides\[(\d+)\]/.exec(detail);
  if (slide) return `slide-${slide[1] ?? "0"}`;
  if (/title/.test(detail)) return "title";
  if (/preview/.test(detail)) return "preview";
  if (/slides/.test(detail)) return "slides";
  return "form";
}

/** A slide as the form holds it: a key of its own, so moving slides keeps their fields. */
type FormSlide = EditorStorySlide & { key: number };

let nextKey = 0;
const keyed = (slide: EditorStorySlide): FormSlide => ({ ...slide, key: (nextKey += 1) });

function StoryDialog({
  story,
  languages,
  onClose,
}: {
  story: EditorStory | null;
  languages: readonly ContentLanguage[];
  onClose: () => void;
}) {
  const { t } = useLingui();
  const id = useId();
  const change = useStoryChange();
  const [title, setTitle] = useState<Record<string, string>>(
    Object.fromEntries(languages.map((l) => [l, story?.title[l] ?? ""])),
  );
  const [preview, setPreview] = useState<string | null>(story ? previewOf(story) : null);
  const [slides, setSlides] = useState<FormSlide[]>(() => (story?.slides ?? []).map(keyed));
  const [isActive, setIsActive] = useState(story?.isActive ?? true);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const submit = () => {
    const found: Partial<Record<Field, string>> = {};
    if (!Object.values(title).some((v) => v.trim() !== ""))
      found.title = t`Give a title in at least one language.`;
    if (!preview) found.preview = t`Choose the round picture.`;
    if (slides.length === 0) found.slides = t`Add at least one slide.`;
    slides.forEach((s, i) => {
      if (s.url === "")
        found[`slide-${String(i)}`] = s.type === "VIDEO" ? t`Choose a clip.` : t`Choose a picture.`;
      else if (!(s.duration >= SLIDE_SECONDS.min && s.duration <= SLIDE_SECONDS.max))
        found[`slide-${String(i)}`] = t`From 1 to 60 seconds.`;
    });
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first || !preview) {
      document.getElementById(`${id}-${first ?? "title"}`)?.focus();
      return;
    }
    const body: EditorStoryBody = {
      ...(story ? { version: story.version } : {}),
      title,
      preview,
      slides: slides.map(({ key: _key, ...slide }) => slide),
      isActive,
    };
    change.mutate(
      { kind: "save", id: story?.id ?? null, body },
      {
        onSuccess: onClose,
        onError: (e) => {
          const text = refusalText(e, t`This was not saved. Check your internet connection and try again.`);
          setErrors({ [refusedField(e)]: text });
        },
      },
    );
  };

  // A slide's file arrived or its seconds changed: what was said about it no longer holds.
  const forget = (field: Field) => {
    setErrors(({ [field]: _said, ...rest }) => rest);
  };
  const errorOf = (field: Field) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className="staff-error">
        {errors[field]}
      </p>
    ) : null;
  return (
    <StaffDialog
      wide
      title={story ? t`Edit the story` : t`New story`}
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
          invalid={Boolean(errors.title)}
          onChange={(language, value) => {
            setTitle((v) => ({ ...v, [language]: value }));
          }}
        />
        {errorOf("title")}
        <div id={`${id}-preview`} tabIndex={-1}>
          <PictureField
            label={t`Round picture`}
            value={preview}
            onChange={setPreview}
            width={160}
            height={160}
          />
        </div>
        {errorOf("preview")}

        <SlidesField
          formId={id}
          languages={languages}
          slides={slides}
          setSlides={setSlides}
          errors={errors}
          onEdited={forget}
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
      </form>
    </StaffDialog>
  );
}

/** The story's slides in the form: each editable in place, moved or removed; pictures and clips added. */
function SlidesField({
  formId,
  languages,
  slides,
  setSlides,
  errors,
  onEdited,
}: {
  formId: string;
  languages: readonly ContentLanguage[];
  slides: FormSlide[];
  setSlides: (update: (list: FormSlide[]) => FormSlide[]) => void;
  errors: Partial<Record<Field, string>>;
  onEdited: (field: Field) => void;
}) {
  const { t } = useLingui();
  const setSlide = (index: number, changes: Partial<EditorStorySlide>) => {
    setSlides((list) => list.map((s, i) => (i === index ? { ...s, ...changes } : s)));
  };
  const add = (type: "IMAGE" | "VIDEO") => {
    setSlides((list) => [
      ...list,
      keyed({
        type,
        url: "",
        poster: null,
        duration: type === "VIDEO" ? 15 : SLIDE_SECONDS.default,
        button: null,
      }),
    ]);
  };
  const moveSlide = (index: number, by: -1 | 1) => {
    setSlides((list) => {
      const next = [...list];
      const [moved] = next.splice(index, 1);
      if (moved) next.splice(index + by, 0, moved);
      return next;
    });
  };

  return (
    <fieldset className="story-slides" id={`${formId}-slides`} tabIndex={-1}>
      <legend className="staff-label">{t`Slides, in the order they play`}</legend>
      {slides.length > 0 && (
        <ol className="story-slides__list">
          {slides.map((s, i) => (
            <SlideEditor
              key={s.key}
              formId={formId}
              languages={languages}
              slide={s}
              index={i}
              count={slides.length}
              error={errors[`slide-${String(i)}`]}
              onChange={(changes) => {
                setSlide(i, changes);
                onEdited(`slide-${String(i)}`);
              }}
              onMove={(by) => {
                moveSlide(i, by);
              }}
              onRemove={() => {
                setSlides((list) => list.filter((_, j) => j !== i));
              }}
            />
          ))}
        </ol>
      )}
      <div className="picture-field__buttons">
        <button
          type="button"
          className="staff-button"
          disabled={slides.length >= STORY_SLIDES_MAX}
          onClick={() => {
            add("IMAGE");
          }}
        >
          {t`Add a picture slide`}
        </button>
        <button
          type="button"
          className="staff-button"
          disabled={slides.length >= STORY_SLIDES_MAX}
          onClick={() => {
            add("VIDEO");
          }}
        >
          {t`Add a clip slide`}
        </button>
      </div>
      {errors.slides && (
        <p id={`${formId}-slides-error`} className="staff-error">
          {errors.slides}
        </p>
      )}
    </fieldset>
  );
}

/** One slide in the story's form: its picture or clip as a phone shows it, its seconds, its place. */
function SlideEditor({
  formId,
  languages,
  slide,
  index,
  count,
  error,
  onChange,
  onMove,
  onRemove,
}: {
  formId: string;
  languages: readonly ContentLanguage[];
  slide: EditorStorySlide;
  index: number;
  count: number;
  error: string | undefined;
  onChange: (changes: Partial<EditorStorySlide>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { t } = useLingui();
  const n = index + 1;
  const kind = slide.type === "VIDEO" ? t`Clip` : t`Picture`;
  const field = `slide-${String(index)}`;
  return (
    <li className="story-slide">
      <div className="story-slide__head">
        <span className="story-slide__name">{t`Slide ${n}: ${kind}`}</span>
        <div className="banner-row__actions">
          <button
            type="button"
            className="staff-button"
            aria-label={t`Move slide ${n} up`}
            disabled={index === 0}
            onClick={() => {
              onMove(-1);
            }}
          >
            ↑
          </button>
          <button
            type="button"
            className="staff-button"
            aria-label={t`Move slide ${n} down`}
            disabled={index === count - 1}
            onClick={() => {
              onMove(1);
            }}
          >
            ↓
          </button>
          <button
            type="button"
            className="staff-button"
            aria-label={t`Remove slide ${n}`}
            onClick={() => {
              onRemove();
            }}
          >
            {t`Remove`}
          </button>
        </div>
      </div>
      <div id={`${formId}-${field}`} tabIndex={-1} className="story-slide__body">
        <SlideMediaField
          label={slide.type === "VIDEO" ? t`Clip of slide ${n}` : t`Picture of slide ${n}`}
          kind={slide.type}
          value={slide.url}
          describedBy={error ? `${formId}-${field}-error` : undefined}
          onChange={(url) => {
            onChange({ url });
          }}
        />
        {slide.type === "VIDEO" && (
          <PictureField
            label={t`Still shown until the clip plays (optional)`}
            value={slide.poster}
            onChange={(poster) => {
              onChange({ poster });
            }}
            width={240}
            height={480}
          />
        )}
        <div className="story-slide__seconds">
          <label className="staff-label" htmlFor={`${formId}-${field}-seconds`}>
            {slide.type === "VIDEO" ? t`Seconds on screen at most` : t`Seconds on screen`}
          </label>
          <input
            id={`${formId}-${field}-seconds`}
            className="staff-input"
            type="number"
            inputMode="numeric"
            min={SLIDE_SECONDS.min}
            max={SLIDE_SECONDS.max}
            value={Number.isNaN(slide.duration) ? "" : slide.duration}
            onChange={(e) => {
              onChange({ duration: e.target.valueAsNumber });
            }}
          />
        </div>
        <SlideButtonField
          id={`${formId}-${field}-button`}
          n={n}
          languages={languages}
          button={slide.button}
          onChange={(button) => {
            onChange({ button });
          }}
        />
      </div>
      {error && (
        <p id={`${formId}-${field}-error`} className="staff-error">
          {error}
        </p>
      )}
    </li>
  );
}

type SlideButton = NonNullable<EditorStorySlide["button"]>;

/**
 * A slide's optional button: its label in the brand's languages, and what it opens, a dish of the
 * brand or an https page. The server checks the same (one target, an https link, a dish of the brand).
 */
function SlideButtonField({
  id,
  n,
  languages,
  button,
  onChange,
}: {
  id: string;
  n: number;
  languages: readonly ContentLanguage[];
  button: SlideButton | null;
  onChange: (button: SlideButton | null) => void;
}) {
  const { t } = useLingui();
  const products = useEditorProducts();
  if (!button)
    return (
      <button
        type="button"
        className="staff-button story-slide__add-button"
        onClick={() => {
          onChange({ label: {}, productId: null, link: null });
        }}
      >
        {t`Add a button to slide ${n}`}
      </button>
    );
  const opensDish = button.link === null;
  return (
    <fieldset className="brand-fieldset story-slide__button">
      <legend className="staff-label">{t`Button of slide ${n}`}</legend>
      {languages.map((language) => (
        <div key={language} className="brand-field" lang={toLocale(language) ?? language}>
          <label className="staff-label" htmlFor={`${id}-label-${language}`}>
            {t`Label (${languageName(language)})`}
          </label>
          <input
            id={`${id}-label-${language}`}
            className="staff-input"
            maxLength={60}
            value={button.label[language] ?? ""}
            onChange={(e) => {
              onChange({ ...button, label: { ...button.label, [language]: e.target.value } });
            }}
          />
        </div>
      ))}
      <div role="radiogroup" aria-label={t`What the button of slide ${n} opens`} className="brand-field">
        <label className="staff-check">
          <input
            type="radio"
            name={`${id}-target`}
            checked={opensDish}
            onChange={() => {
              onChange({ ...button, link: null, productId: button.productId ?? null });
            }}
          />
          <span>{t`A dish`}</span>
        </label>
        <label className="staff-check">
          <input
            type="radio"
            name={`${id}-target`}
            checked={!opensDish}
            onChange={() => {
              onChange({ ...button, productId: null, link: "" });
            }}
          />
          <span>{t`A page (https)`}</span>
        </label>
      </div>
      {opensDish ? (
        <div className="brand-field">
          <label className="staff-label" htmlFor={`${id}-dish`}>
            {t`Dish`}
          </label>
          <select
            id={`${id}-dish`}
            className="staff-input"
            value={button.productId ?? ""}
            onChange={(e) => {
              onChange({ ...button, productId: e.target.value || null });
            }}
          >
            <option value="">{products.isPending ? t`Loading…` : t`Choose a dish`}</option>
            {(products.data ?? []).map((p) => (
              <option key={p.id} value={p.id}>
                {textOf(p.name)}
              </option>
            ))}
          </select>
        </div>
      ) : (
        <div className="brand-field">
          <label className="staff-label" htmlFor={`${id}-link`}>
            {t`Page address`}
          </label>
          <input
            id={`${id}-link`}
            className="staff-input"
            type="url"
            inputMode="url"
            placeholder="https://"
            value={button.link ?? ""}
            onChange={(e) => {
              onChange({ ...button, link: e.target.value });
            }}
          />
        </div>
      )}
      <div>
        <button
          type="button"
          className="staff-button"
          onClick={() => {
            onChange(null);
          }}
        >
          {t`Remove the button`}
        </button>
      </div>
    </fieldset>
  );
}

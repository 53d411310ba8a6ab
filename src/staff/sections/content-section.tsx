// The back office's content (issue 36): the brand's pages (about us, the public offer, the privacy
// policy and three extra pages) and its vacancies. Page texts are Markdown (src/lib/rich-text.tsx)
// and vacancies plain text, in each of the brand's languages, the missing ones flagged; a save is on the storefront at its next read; a save over
// someone else's newer one is refused with who and when, and what was typed stays in the form.
import { useLingui } from "@lingui/react/macro";
import { useId, useState, type ReactNode } from "react";
import type {
  EditorPage,
  EditorVacancy,
  EditorVacancyBody,
  PageKind,
} from "../../domain/contract/back-office-content.ts";
import { isExtraPage } from "../../domain/contract/back-office-content.ts";
import type { ContentLanguage } from "../../domain/enums.ts";
import { parsePhone } from "../../domain/phone.ts";
import { ApiError } from "../../lib/api-client.ts";
import { currentContentLanguage, LOCALE_LABELS, toLocale } from "../../lib/i18n.ts";
import { StaffDialog } from "../dialog.tsx";
import { RichTextField } from "../rich-text-field.tsx";
import { usePages, useRemoveVacancy, useSavePage, useSaveVacancy, useVacancies } from "./content-api.ts";
import { Empty, Failed, Loading, moneyOf, SectionFrame, textOf } from "./section-frame.tsx";
import type { StaffSectionProps } from "./types.ts";

type Texts = Record<string, string>;
type Branches = NonNullable<StaffSectionProps["branches"]>;

const languageName = (language: ContentLanguage) => {
  const locale = toLocale(language);
  return locale ? LOCALE_LABELS[locale] : language;
};

const missingIn = (text: Record<string, string | undefined>, languages: readonly ContentLanguage[]) =>
  languages.filter((l) => !text[l]?.trim());

const textsFor = (value: Record<string, string | undefined> | null, languages: readonly ContentLanguage[]) =>
  Object.fromEntries(languages.map((l) => [l, value?.[l] ?? ""]));

/** The server's texts come in uz, ru and eng: the console's language, else English. */
function refusalText(error: unknown, fallback: string): { text: string; conflict: boolean } {
  const language = currentContentLanguage();
  const key = language === "uz" || language === "ru" ? language : "eng";
  if (error instanceof ApiError && error.description) {
    return { text: error.description[key], conflict: error.code === "EDIT_CONFLICT" };
  }
  return { text: fallback, conflict: false };
}

export default function ContentSection({
  languages = ["uz", "ru", "eng"],
  branches = [],
}: StaffSectionProps) {
  const { t } = useLingui();
  const [tab, setTab] = useState<"pages" | "vacancies">("pages");
  const tabsId = useId();
  const tabs = [
    { id: "pages", label: t`Pages` },
    { id: "vacancies", label: t`Vacancies` },
  ] as const;
  return (
    <SectionFrame
      title={t`Content`}
      lead={t`The brand's pages and vacancies, in each of its languages. A saved change is on the storefront at once.`}
    >
      <div role="tablist" aria-label={t`Content`} className="content-editor__tabs">
        {tabs.map((item) => (
          <button
            key={item.id}
            id={`${tabsId}-${item.id}`}
            type="button"
            role="tab"
            aria-selected={tab === item.id}
            aria-controls={`${tabsId}-${item.id}-panel`}
            tabIndex={tab === item.id ? 0 : -1}
            className="content-editor__tab"
            onClick={() => {
              setTab(item.id);
            }}
            onKeyDown={(e) => {
              if (e.key !== "ArrowRight" && e.key !== "ArrowLeft") return;
              const next = tab === "pages" ? "vacancies" : "pages";
              setTab(next);
              document.getElementById(`${tabsId}-${next}`)?.focus();
            }}
          >
            {item.label}
          </button>
        ))}
      </div>
      <div id={`${tabsId}-${tab}-panel`} role="tabpanel" aria-labelledby={`${tabsId}-${tab}`}>
        {tab === "pages" ? (
          <PageList languages={languages} />
        ) : (
          <VacancyList languages={languages} branches={branches} />
        )}
      </div>
    </SectionFrame>
  );
}

function usePageName(): (kind: PageKind) => string {
  const { t } = useLingui();
  const names: Record<PageKind, string> = {
    ABOUT_COMPANY: t`About us`,
    TERMS: t`Public offer`,
    PRIVACY_POLICY: t`Privacy policy`,
    extra: t`Extra page 1`,
    extra2: t`Extra page 2`,
    extr3: t`Extra page 3`,
  };
  return (kind) => names[kind];
}

function PageList({ languages }: { languages: readonly ContentLanguage[] }) {
  const { t } = useLingui();
  const pages = usePages();
  const pageName = usePageName();
  const [editing, setEditing] = useState<PageKind | null>(null);
  if (pages.isPending) return <Loading />;
  if (pages.isError) return <Failed onRetry={() => void pages.refetch()} error={pages.error} />;
  const open = pages.data.find((p) => p.kind === editing);
  return (
    <>
      <ul className="staff-list">
        {pages.data.map((page) => {
          const published = page.savedAt !== null;
          const missing = published ? missingIn(page.body, languages) : [];
          const name = pageName(page.kind);
          const shownTitle = page.title ? textOf(page.title) : "";
          return (
            <li key={page.kind} className="staff-row">
              <div className="staff-row__main">
                <div className="staff-row__text">
                  <span className="staff-row__title">
                    {name}
                    {shownTitle && <span className="content-editor__subtitle"> · {shownTitle}</span>}
                  </span>
                  <span className="staff-row__meta">
                    {published ? (
                      <span className="staff-badge">{t`Published`}</span>
                    ) : (
                      <span className="staff-badge staff-badge--off">{t`Not published`}</span>
                    )}
                    {missing.length > 0 && (
                      <span className="staff-badge staff-badge--muted">
                        {t`No text in ${missing.map(languageName).join(", ")}`}
                      </span>
                    )}
                  </span>
                </div>
                <button
                  type="button"
                  className="staff-button"
                  aria-label={t`Edit ${name}`}
                  onClick={() => {
                    setEditing(page.kind);
                  }}
                >
                  {t`Edit`}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      {open && (
        <PageEditor
          key={open.kind}
          page={open}
          name={pageName(open.kind)}
          languages={languages}
          onClose={() => {
            setEditing(null);
          }}
          onReload={async () => (await pages.refetch()).data?.find((p) => p.kind === open.kind)}
        />
      )}
    </>
  );
}

function Refusal({
  refusal,
  onReload,
}: {
  refusal: { text: string; conflict: boolean };
  onReload: () => void;
}) {
  const { t } = useLingui();
  return (
    <div className="staff-note staff-note--warning" role="alert">
      <p className="menu-editor__refusal">{refusal.text}</p>
      {refusal.conflict && (
        <button type="button" className="staff-button" onClick={onReload}>
          {t`Reload their version`}
        </button>
      )}
    </div>
  );
}

function SaveFooter({
  formId,
  busy,
  onClose,
  extra,
}: {
  formId: string;
  busy: boolean;
  onClose: () => void;
  extra?: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <>
      {extra}
      <button type="button" className="staff-button" onClick={onClose}>
        {t`Cancel`}
      </button>
      <button
        type="submit"
        form={formId}
        className="staff-button staff-button--primary"
        disabled={busy}
        aria-busy={busy}
      >
        {busy ? t`Saving…` : t`Save`}
      </button>
    </>
  );
}

function PageEditor({
  page,
  name,
  languages,
  onClose,
  onReload,
}: {
  page: EditorPage;
  name: string;
  languages: readonly ContentLanguage[];
  onClose: () => void;
  onReload: () => Promise<EditorPage | undefined>;
}) {
  const { t } = useLingui();
  const id = useId();
  const save = useSavePage();
  const extra = isExtraPage(page.kind);
  const [base, setBase] = useState(page);
  const [title, setTitle] = useState<Texts>(() => textsFor(page.title, languages));
  const [body, setBody] = useState<Texts>(() => textsFor(page.body, languages));
  const [titleError, setTitleError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<{ text: string; conflict: boolean } | null>(null);

  const submit = () => {
    setRefusal(null);
    const hasBody = Object.values(body).some((v) => v.trim() !== "");
    if (extra && hasBody && Object.values(title).every((v) => v.trim() === "")) {
      setTitleError(t`Give the page a title in at least one language.`);
      document.getElementById(`${id}-title-${languages[0] ?? "uz"}`)?.focus();
      return;
    }
    setTitleError(null);
    save.mutate(
      { kind: page.kind, body: { savedAt: base.savedAt, body, ...(extra ? { title } : {}) } },
      {
        onSuccess: onClose,
        onError: (error) => {
          setRefusal(
            refusalText(error, t`The change was not saved. Check your internet connection and try again.`),
          );
        },
      },
    );
  };

  const reload = async () => {
    const latest = await onReload();
    if (!latest) return;
    setBase(latest);
    setTitle(textsFor(latest.title, languages));
    setBody(textsFor(latest.body, languages));
    setRefusal(null);
  };

  return (
    <StaffDialog
      title={t`Edit ${name}`}
      onClose={onClose}
      wide
      footer={<SaveFooter formId={`${id}-form`} busy={save.isPending} onClose={onClose} />}
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
        {refusal && <Refusal refusal={refusal} onReload={() => void reload()} />}
        <p className="staff-hint">{t`Format with the buttons above each text (or Markdown: **bold**, _italic_, # heading, - list); an empty line starts a new paragraph. Empty in every language, the page is taken down.`}</p>
        {languages.map((language) => (
          <div key={language} className="menu-editor__language" lang={toLocale(language) ?? language}>
            {extra && (
              <>
                <label className="staff-label" htmlFor={`${id}-title-${language}`}>
                  {t`Title (${languageName(language)})`}
                  {!title[language]?.trim() && (
                    <span className="staff-badge staff-badge--muted">{t`missing`}</span>
                  )}
                </label>
                <input
                  id={`${id}-title-${language}`}
                  className="staff-input menu-editor__input"
                  value={title[language] ?? ""}
                  maxLength={200}
                  aria-invalid={titleError ? true : undefined}
                  aria-describedby={titleError ? `${id}-title-error` : undefined}
                  onChange={(e) => {
                    setTitle((v) => ({ ...v, [language]: e.target.value }));
                  }}
                />
              </>
            )}
            <label className="staff-label" htmlFor={`${id}-body-${language}`}>
              {t`Text (${languageName(language)})`}
              {!body[language]?.trim() && (
                <span className="staff-badge staff-badge--muted">{t`missing`}</span>
              )}
            </label>
            <RichTextField
              id={`${id}-body-${language}`}
              label={t`Text (${languageName(language)})`}
              maxLength={20_000}
              value={body[language] ?? ""}
              onChange={(text) => {
                setBody((v) => ({ ...v, [language]: text }));
              }}
            />
          </div>
        ))}
        {titleError && (
          <p id={`${id}-title-error`} className="staff-error">
            {titleError}
          </p>
        )}
      </form>
    </StaffDialog>
  );
}

function VacancyList({ languages, branches }: { languages: readonly ContentLanguage[]; branches: Branches }) {
  const { t } = useLingui();
  const list = useVacancies();
  const [editing, setEditing] = useState<string | null>(null);
  const branchName = (id: string | null) => (id ? textOf(branches.find((b) => b.id === id)?.name) : "");
  if (list.isPending) return <Loading />;
  if (list.isError) return <Failed onRetry={() => void list.refetch()} error={list.error} />;
  const open = editing === "new" ? null : list.data.find((v) => v.id === editing);
  return (
    <>
      <div className="content-editor__bar">
        <button
          type="button"
          className="staff-button staff-button--primary"
          onClick={() => {
            setEditing("new");
          }}
        >
          {t`Add a vacancy`}
        </button>
      </div>
      {list.data.length === 0 ? (
        <Empty
          title={t`No vacancies`}
          text={t`A vacancy you add is listed on the storefront's Vacancies page.`}
        />
      ) : (
        <ul className="staff-list">
          {list.data.map((v) => {
            const position = textOf(v.position);
            const missing = missingIn(v.position, languages);
            return (
              <li key={v.id} className={`staff-row${v.isActive ? "" : " staff-row--off"}`}>
                <div className="staff-row__main">
                  <div className="staff-row__text">
                    <span className="staff-row__title">{position}</span>
                    <span className="staff-row__meta">
                      <span>{v.salary === null ? t`Salary negotiable` : moneyOf(v.salary)}</span>
                      {v.branchId && <span>{branchName(v.branchId)}</span>}
                      {!v.isActive && (
                        <span className="staff-badge staff-badge--off">{t`Hidden from guests`}</span>
                      )}
                      {missing.length > 0 && (
                        <span className="staff-badge staff-badge--muted">
                          {t`No name in ${missing.map(languageName).join(", ")}`}
                        </span>
                      )}
                    </span>
                  </div>
                  <button
                    type="button"
                    className="staff-button"
                    aria-label={t`Edit ${position}`}
                    onClick={() => {
                      setEditing(v.id);
                    }}
                  >
                    {t`Edit`}
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {editing !== null && (
        <VacancyEditor
          key={editing}
          vacancy={open ?? null}
          languages={languages}
          branches={branches}
          onClose={() => {
            setEditing(null);
          }}
          onReload={async () => (await list.refetch()).data?.find((v) => v.id === editing)}
        />
      )}
    </>
  );
}

interface VacancyForm {
  position: Texts;
  requirements: Texts;
  responsible: string;
  phone: string;
  telegram: string;
  salary: string;
  branchId: string;
  isActive: boolean;
}

function vacancyForm(v: EditorVacancy | null, languages: readonly ContentLanguage[]): VacancyForm {
  return {
    position: textsFor(v?.position ?? null, languages),
    requirements: textsFor(v?.requirements ?? null, languages),
    responsible: v?.responsible ?? "",
    phone: v?.phone ?? "",
    telegram: v?.telegram ?? "",
    salary: v?.salary === null || v === null ? "" : String(v.salary),
    branchId: v?.branchId ?? "",
    isActive: v?.isActive ?? true,
  };
}

type VacancyErrors = Partial<Record<"position" | "phone" | "telegram" | "salary", string>>;

function VacancyEditor({
  vacancy,
  languages,
  branches,
  onClose,
  onReload,
}: {
  vacancy: EditorVacancy | null;
  languages: readonly ContentLanguage[];
  branches: Branches;
  onClose: () => void;
  onReload: () => Promise<EditorVacancy | undefined>;
}) {
  const { t } = useLingui();
  const id = useId();
  const save = useSaveVacancy();
  const remove = useRemoveVacancy();
  const [base, setBase] = useState(vacancy);
  const [values, setValues] = useState(() => vacancyForm(vacancy, languages));
  const [errors, setErrors] = useState<VacancyErrors>({});
  const [refusal, setRefusal] = useState<{ text: string; conflict: boolean } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const set = <K extends keyof VacancyForm>(field: K, value: VacancyForm[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
  };

  const validate = useVacancyCheck(values, base);

  const submit = () => {
    const { body, found } = validate();
    setErrors(found);
    setRefusal(null);
    if (!body) {
      const first = Object.keys(found)[0];
      document
        .getElementById(`${id}-${first === "position" ? `position-${languages[0] ?? "uz"}` : (first ?? "")}`)
        ?.focus();
      return;
    }
    save.mutate(
      { id: base?.id ?? null, body },
      {
        onSuccess: onClose,
        onError: (error) => {
          setRefusal(
            refusalText(error, t`The change was not saved. Check your internet connection and try again.`),
          );
        },
      },
    );
  };

  const reload = async () => {
    const latest = await onReload();
    if (!latest) return;
    setBase(latest);
    setValues(vacancyForm(latest, languages));
    setErrors({});
    setRefusal(null);
  };

  const title = base ? t`Edit ${textOf(base.position)}` : t`A new vacancy`;
  return (
    <StaffDialog
      title={title}
      onClose={onClose}
      wide
      footer={
        <SaveFooter
          formId={`${id}-form`}
          busy={save.isPending}
          onClose={onClose}
          extra={
            base && (
              <RemoveButton
                confirming={confirming}
                busy={remove.isPending}
                onAsk={() => {
                  setConfirming(true);
                }}
                onRemove={() => {
                  remove.mutate(base.id, {
                    onSuccess: onClose,
                    onError: (error) => {
                      setRefusal(refusalText(error, t`The vacancy was not removed. Try again.`));
                    },
                  });
                }}
              />
            )
          }
        />
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
        {refusal && <Refusal refusal={refusal} onReload={() => void reload()} />}
        <VacancyTexts
          id={id}
          languages={languages}
          values={values}
          error={errors.position}
          onChange={(field, text) => {
            set(field, text);
          }}
        />
        <VacancyLines
          id={id}
          values={values}
          errors={errors}
          branches={branches}
          onChange={(field, value) => {
            set(field, value);
          }}
        />
        <label className="staff-check menu-editor__active">
          <input
            type="checkbox"
            checked={values.isActive}
            onChange={(e) => {
              set("isActive", e.target.checked);
            }}
          />
          {t`Guests see this vacancy`}
        </label>
      </form>
    </StaffDialog>
  );
}

function VacancyTexts({
  id,
  languages,
  values,
  error,
  onChange,
}: {
  id: string;
  languages: readonly ContentLanguage[];
  values: VacancyForm;
  error: string | undefined;
  onChange: (field: "position" | "requirements", text: Texts) => void;
}) {
  const { t } = useLingui();
  return (
    <fieldset className="menu-editor__texts" aria-describedby={error ? `${id}-position-error` : undefined}>
      <legend className="staff-label">{t`Position and requirements`}</legend>
      {languages.map((language) => (
        <div key={language} className="menu-editor__language" lang={toLocale(language) ?? language}>
          <label className="staff-label" htmlFor={`${id}-position-${language}`}>
            {t`Position (${languageName(language)})`}
            {!values.position[language]?.trim() && (
              <span className="staff-badge staff-badge--muted">{t`missing`}</span>
            )}
          </label>
          <input
            id={`${id}-position-${language}`}
            className="staff-input menu-editor__input"
            value={values.position[language] ?? ""}
            maxLength={200}
            aria-invalid={error ? true : undefined}
            onChange={(e) => {
              onChange("position", { ...values.position, [language]: e.target.value });
            }}
          />
          <label className="staff-label" htmlFor={`${id}-requirements-${language}`}>
            {t`Requirements (${languageName(language)})`}
          </label>
          <textarea
            id={`${id}-requirements-${language}`}
            className="staff-textarea"
            rows={3}
            maxLength={4000}
            value={values.requirements[language] ?? ""}
            onChange={(e) => {
              onChange("requirements", { ...values.requirements, [language]: e.target.value });
            }}
          />
        </div>
      ))}
      {error && (
        <p id={`${id}-position-error`} className="staff-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function RemoveButton({
  confirming,
  busy,
  onAsk,
  onRemove,
}: {
  confirming: boolean;
  busy: boolean;
  onAsk: () => void;
  onRemove: () => void;
}) {
  const { t } = useLingui();
  return confirming ? (
    <button type="button" className="staff-button staff-button--danger" disabled={busy} onClick={onRemove}>
      {t`Yes, remove it`}
    </button>
  ) : (
    <button type="button" className="staff-button" onClick={onAsk}>
      {t`Remove`}
    </button>
  );
}

function VacancyLines({
  id,
  values,
  errors,
  branches,
  onChange,
}: {
  id: string;
  values: VacancyForm;
  errors: VacancyErrors;
  branches: Branches;
  onChange: (field: "responsible" | "phone" | "telegram" | "salary" | "branchId", value: string) => void;
}) {
  const { t } = useLingui();
  const line = (
    field: "responsible" | "phone" | "telegram" | "salary",
    label: string,
    inputMode?: "tel" | "numeric",
  ) => {
    const error = field === "responsible" ? undefined : errors[field];
    return (
      <div>
        <label className="staff-label" htmlFor={`${id}-${field}`}>
          {label}
        </label>
        <input
          id={`${id}-${field}`}
          className="staff-input menu-editor__input"
          value={values[field]}
          maxLength={120}
          inputMode={inputMode}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-${field}-error` : undefined}
          onChange={(e) => {
            onChange(field, e.target.value);
          }}
        />
        {error && (
          <p id={`${id}-${field}-error`} className="staff-error">
            {error}
          </p>
        )}
      </div>
    );
  };

  return (
    <div className="content-editor__lines">
      {line("salary", t`Salary a month (empty: negotiable)`, "numeric")}
      {line("responsible", t`Contact person`)}
      {line("phone", t`Phone`, "tel")}
      {line("telegram", t`Telegram username`)}
      <div>
        <label className="staff-label" htmlFor={`${id}-branch`}>
          {t`Branch`}
        </label>
        <select
          id={`${id}-branch`}
          className="staff-input menu-editor__input"
          value={values.branchId}
          onChange={(e) => {
            onChange("branchId", e.target.value);
          }}
        >
          <option value="">{t`Any branch`}</option>
          {branches.map((b) => (
            <option key={b.id} value={b.id}>
              {textOf(b.name)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

/** The form's check before it is sent: a message at each wrong field, else the body to send. */
function useVacancyCheck(values: VacancyForm, base: EditorVacancy | null) {
  const { t } = useLingui();
  return (): { body: EditorVacancyBody | null; found: VacancyErrors } => {
    const found: VacancyErrors = {};
    if (Object.values(values.position).every((v) => v.trim() === ""))
      found.position = t`Name the position in at least one language.`;
    if (values.phone.trim() !== "" && !parsePhone(values.phone).ok)
      found.phone = t`Type a phone like +998 90 123 45 67.`;
    const telegram = values.telegram.trim().replace(/^@/, "");
    if (telegram !== "" && !/^[A-Za-z][A-Za-z0-9_]{4,31}$/.test(telegram))
      found.telegram = t`A Telegram username: 5 to 32 letters, digits or _.`;
    const salary = Number(values.salary.replace(/\s/g, "").replace(",", "."));
    if (values.salary.trim() !== "" && (!Number.isFinite(salary) || salary < 0))
      found.salary = t`The salary is a sum of 0 or more, or empty for negotiable.`;
    if (Object.keys(found).length > 0) return { body: null, found };
    return {
      body: {
        ...(base ? { savedAt: base.savedAt } : {}),
        position: values.position,
        requirements: values.requirements,
        responsible: values.responsible,
        phone: values.phone.trim() === "" ? null : values.phone,
        telegram,
        salary: values.salary.trim() === "" ? null : salary,
        branchId: values.branchId === "" ? null : values.branchId,
        isActive: values.isActive,
      },
      found,
    };
  };
}

// The back office's menu (issue 36): the brand's products by category, each opened in an editor
// for its names and descriptions in every language of the brand, its price, discount and whether
// guests see it. A save reaches the storefront at once; a save over someone else's newer one is
// refused with who and when, and what was typed stays in the form.
import { useLingui } from "@lingui/react/macro";
import { useDeferredValue, useId, useMemo, useState } from "react";
import type { EditorProduct, EditorProductBody } from "../../domain/contract/back-office.ts";
import type { ContentLanguage } from "../../domain/enums.ts";
import { foldText } from "../../domain/menu.ts";
import { ApiError } from "../../lib/api-client.ts";
import { currentContentLanguage, LOCALE_LABELS, toLocale } from "../../lib/i18n.ts";
import { StaffDialog } from "../dialog.tsx";
import { useEditorProducts, useSaveProduct } from "./api.ts";
import { Empty, Failed, Loading, moneyOf, personName, SectionFrame, textOf } from "./section-frame.tsx";
import type { StaffSectionProps } from "./types.ts";

const languageName = (language: ContentLanguage) => {
  const locale = toLocale(language);
  return locale ? LOCALE_LABELS[locale] : language;
};

/** The brand's languages a text is still missing. */
function missingIn(text: Record<string, string | undefined>, languages: readonly ContentLanguage[]) {
  return languages.filter((l) => !text[l]?.trim());
}

export default function MenuSection({ languages = ["uz", "ru", "eng"] }: StaffSectionProps) {
  const { t } = useLingui();
  const [query, setQuery] = useState("");
  const searchId = useId();
  return (
    <SectionFrame
      title={t`Menu`}
      lead={t`Names, prices and what guests see. A saved change is on the storefront at once.`}
      actions={
        <>
          <label htmlFor={searchId} className="visually-hidden">
            {t`Find a dish`}
          </label>
          <input
            id={searchId}
            type="search"
            className="staff-input"
            placeholder={t`Find a dish`}
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
            }}
          />
        </>
      }
    >
      <ProductList query={query} languages={languages} />
    </SectionFrame>
  );
}

function ProductList({ query, languages }: { query: string; languages: readonly ContentLanguage[] }) {
  const { t } = useLingui();
  const list = useEditorProducts();
  const [editing, setEditing] = useState<string | null>(null);
  const deferred = useDeferredValue(query);
  const groups = useMemo(() => {
    const words = foldText(deferred).split(/\s+/).filter(Boolean);
    const byCategory = new Map<string, { name: string; products: EditorProduct[] }>();
    for (const p of list.data ?? []) {
      const text = foldText([textOf(p.name), textOf(p.categoryName)].join(" "));
      if (!words.every((w) => text.includes(w))) continue;
      const group = byCategory.get(p.categoryId) ?? { name: textOf(p.categoryName), products: [] };
      group.products.push(p);
      byCategory.set(p.categoryId, group);
    }
    return [...byCategory.entries()];
  }, [list.data, deferred]);

  if (list.isPending) return <Loading />;
  if (list.isError) return <Failed onRetry={() => void list.refetch()} error={list.error} />;
  if (list.data.length === 0)
    return <Empty title={t`The menu is empty`} text={t`Products appear here once the menu has them.`} />;
  if (groups.length === 0) return <Empty title={t`Nothing found`} text={t`Try another word.`} />;
  const open = list.data.find((p) => p.id === editing);
  return (
    <>
      {groups.map(([categoryId, group]) => (
        <section key={categoryId} className="menu-editor__group" aria-label={group.name}>
          <h2 className="staff-subtitle">{group.name}</h2>
          <ul className="staff-list">
            {group.products.map((p) => (
              <ProductRow
                key={p.id}
                product={p}
                languages={languages}
                onEdit={() => {
                  setEditing(p.id);
                }}
              />
            ))}
          </ul>
        </section>
      ))}
      {open && (
        <ProductEditor
          key={open.id}
          product={open}
          languages={languages}
          onClose={() => {
            setEditing(null);
          }}
          onReload={async () => {
            const latest = await list.refetch();
            return latest.data?.find((p) => p.id === open.id);
          }}
        />
      )}
    </>
  );
}

function ProductRow({
  product,
  languages,
  onEdit,
}: {
  product: EditorProduct;
  languages: readonly ContentLanguage[];
  onEdit: () => void;
}) {
  const { t } = useLingui();
  const name = textOf(product.name);
  const missing = missingIn(product.name, languages);
  return (
    <li className={`staff-row${product.active ? "" : " staff-row--off"}`}>
      <div className="staff-row__main">
        {product.image ? (
          <img
            className="staff-row__image"
            src={product.image}
            alt=""
            loading="lazy"
            width={48}
            height={48}
          />
        ) : (
          <span className="staff-row__image staff-row__image--none" aria-hidden="true" />
        )}
        <div className="staff-row__text">
          <span className="staff-row__title">{name}</span>
          <span className="staff-row__meta">
            <span className="menu-editor__price">{moneyOf(product.costPrice)}</span>
            {product.discount > 0 && <span className="staff-badge">{t`−${product.discount}%`}</span>}
            {!product.active && <span className="staff-badge staff-badge--off">{t`Hidden from guests`}</span>}
            {missing.length > 0 && (
              <span className="staff-badge staff-badge--muted">
                {t`No name in ${missing.map(languageName).join(", ")}`}
              </span>
            )}
            {product.lastChangedBy && (
              <span className="menu-editor__by">{t`Last changed by ${personName(product.lastChangedBy)}`}</span>
            )}
          </span>
        </div>
        <button type="button" className="staff-button" onClick={onEdit} aria-label={t`Edit ${name}`}>
          {t`Edit`}
        </button>
      </div>
    </li>
  );
}

interface FormValues {
  name: Record<string, string>;
  description: Record<string, string>;
  costPrice: string;
  discount: string;
  active: boolean;
}

function formOf(product: EditorProduct, languages: readonly ContentLanguage[]): FormValues {
  const texts = (value: Record<string, string | undefined>) =>
    Object.fromEntries(languages.map((l) => [l, value[l] ?? ""]));
  return {
    name: texts(product.name),
    description: texts(product.description),
    costPrice: String(product.costPrice),
    discount: String(product.discount),
    active: product.active,
  };
}

type FieldErrors = Partial<Record<"name" | "costPrice" | "discount", string>>;

function ProductEditor({
  product,
  languages,
  onClose,
  onReload,
}: {
  product: EditorProduct;
  languages: readonly ContentLanguage[];
  onClose: () => void;
  onReload: () => Promise<EditorProduct | undefined>;
}) {
  const { t } = useLingui();
  const id = useId();
  const save = useSaveProduct();
  const [base, setBase] = useState(product);
  const [values, setValues] = useState(() => formOf(product, languages));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<{ text: string; conflict: boolean } | null>(null);

  const validate = (): { body: EditorProductBody | null; errors: FieldErrors } => {
    const found: FieldErrors = {};
    if (Object.values(values.name).every((v) => v.trim() === ""))
      found.name = t`Give the dish a name in at least one language.`;
    const price = Number(values.costPrice.replace(/\s/g, "").replace(",", "."));
    if (values.costPrice.trim() === "" || !Number.isFinite(price) || price < 0)
      found.costPrice = t`The price is a sum of 0 or more.`;
    const discount = Number(values.discount.trim() || "0");
    if (!Number.isInteger(discount) || discount < 0 || discount > 100)
      found.discount = t`The discount is a whole percent from 0 to 100.`;
    if (Object.keys(found).length > 0) return { body: null, errors: found };
    return {
      body: {
        version: base.version,
        name: values.name,
        description: values.description,
        costPrice: price,
        discount,
        active: values.active,
      },
      errors: found,
    };
  };

  const submit = () => {
    const { body, errors: found } = validate();
    setErrors(found);
    setRefusal(null);
    if (!body) {
      const first = Object.keys(found)[0];
      document
        .getElementById(`${id}-${first === "name" ? `name-${languages[0] ?? "uz"}` : (first ?? "")}`)
        ?.focus();
      return;
    }
    save.mutate(
      { id: product.id, body },
      {
        onSuccess: (saved) => {
          setBase(saved);
          onClose();
        },
        onError: (error) => {
          const text =
            error instanceof ApiError && error.description
              ? error.description[descriptionKey()]
              : t`The change was not saved. Check your internet connection and try again.`;
          setRefusal({ text, conflict: error instanceof ApiError && error.code === "EDIT_CONFLICT" });
        },
      },
    );
  };

  // "Reload" shows the other person's saved values (the form takes them, at their version).
  const reload = async () => {
    const latest = await onReload();
    if (!latest) return;
    setBase(latest);
    setValues(formOf(latest, languages));
    setErrors({});
    setRefusal(null);
  };

  const setText = (field: "name" | "description", language: string, text: string) => {
    setValues((v) => ({ ...v, [field]: { ...v[field], [language]: text } }));
  };

  return (
    <StaffDialog
      title={t`Edit ${textOf(product.name)}`}
      onClose={onClose}
      wide
      footer={
        <>
          <button type="button" className="staff-button" onClick={onClose}>
            {t`Cancel`}
          </button>
          <button
            type="submit"
            form={`${id}-form`}
            className="staff-button staff-button--primary"
            disabled={save.isPending}
            aria-busy={save.isPending}
          >
            {save.isPending ? t`Saving…` : t`Save`}
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
        {refusal && (
          <div className="staff-note staff-note--warning" role="alert">
            <p className="menu-editor__refusal">{refusal.text}</p>
            {refusal.conflict && (
              <button type="button" className="staff-button" onClick={() => void reload()}>
                {t`Reload their version`}
              </button>
            )}
          </div>
        )}
        <TextFields id={id} languages={languages} values={values} error={errors.name} onChange={setText} />
        <NumberFields
          id={id}
          values={values}
          errors={errors}
          onChange={(field, value) => {
            setValues((v) => ({ ...v, [field]: value }));
          }}
        />
        <label className="staff-check menu-editor__active">
          <input
            type="checkbox"
            checked={values.active}
            onChange={(e) => {
              setValues((v) => ({ ...v, active: e.target.checked }));
            }}
          />
          {t`Guests see this dish`}
        </label>
      </form>
    </StaffDialog>
  );
}

function TextFields({
  id,
  languages,
  values,
  error,
  onChange,
}: {
  id: string;
  languages: readonly ContentLanguage[];
  values: FormValues;
  error: string | undefined;
  onChange: (field: "name" | "description", language: string, text: string) => void;
}) {
  const { t } = useLingui();
  return (
    <fieldset className="menu-editor__texts" aria-describedby={error ? `${id}-name-error` : undefined}>
      <legend className="staff-label">{t`Name and description`}</legend>
      {languages.map((language) => (
        <div key={language} className="menu-editor__language" lang={toLocale(language) ?? language}>
          <label className="staff-label" htmlFor={`${id}-name-${language}`}>
            {t`Name (${languageName(language)})`}
            {!values.name[language]?.trim() && (
              <span className="staff-badge staff-badge--muted">{t`missing`}</span>
            )}
          </label>
          <input
            id={`${id}-name-${language}`}
            className="staff-input menu-editor__input"
            value={values.name[language] ?? ""}
            maxLength={200}
            aria-invalid={error ? true : undefined}
            onChange={(e) => {
              onChange("name", language, e.target.value);
            }}
          />
          <label className="staff-label" htmlFor={`${id}-description-${language}`}>
            {t`Description (${languageName(language)})`}
          </label>
          <textarea
            id={`${id}-description-${language}`}
            className="staff-textarea"
            rows={2}
            maxLength={2000}
            value={values.description[language] ?? ""}
            onChange={(e) => {
              onChange("description", language, e.target.value);
            }}
          />
        </div>
      ))}
      {error && (
        <p id={`${id}-name-error`} className="staff-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function NumberFields({
  id,
  values,
  errors,
  onChange,
}: {
  id: string;
  values: FormValues;
  errors: FieldErrors;
  onChange: (field: "costPrice" | "discount", value: string) => void;
}) {
  const { t } = useLingui();
  const errorId = (field: keyof FieldErrors) => (errors[field] ? `${id}-${field}-error` : undefined);
  return (
    <div className="menu-editor__numbers">
      <div>
        <label className="staff-label" htmlFor={`${id}-costPrice`}>
          {t`Price`}
        </label>
        <input
          id={`${id}-costPrice`}
          className="staff-input menu-editor__input"
          inputMode="decimal"
          value={values.costPrice}
          aria-invalid={errors.costPrice ? true : undefined}
          aria-describedby={errorId("costPrice")}
          onChange={(e) => {
            onChange("costPrice", e.target.value);
          }}
        />
        {errors.costPrice && (
          <p id={`${id}-costPrice-error`} className="staff-error">
            {errors.costPrice}
          </p>
        )}
      </div>
      <div>
        <label className="staff-label" htmlFor={`${id}-discount`}>
          {t`Discount, %`}
        </label>
        <input
          id={`${id}-discount`}
          className="staff-input menu-editor__input"
          inputMode="numeric"
          value={values.discount}
          aria-invalid={errors.discount ? true : undefined}
          aria-describedby={errorId("discount")}
          onChange={(e) => {
            onChange("discount", e.target.value);
          }}
        />
        {errors.discount && (
          <p id={`${id}-discount-error`} className="staff-error">
            {errors.discount}
          </p>
        )}
      </div>
    </div>
  );
}

/** The server's texts come in uz, ru and eng: the console's language, else English. */
function descriptionKey(): "uz" | "ru" | "eng" {
  const language = currentContentLanguage();
  return language === "uz" || language === "ru" ? language : "eng";
}

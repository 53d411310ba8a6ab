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
            {!product.deliveryEnabled && <span className="staff-badge">{t`Not for delivery`}</span>}
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
  deliveryEnabled: boolean;
  eatsPrice: string;
  enabledEats: boolean;
  expressPrice: string;
  enabledExpress: boolean;
}

/** The third-party channels a dish may be sold on at its own price (spec: eatsPrice, expressPrice). */
const CHANNELS = [
  { price: "eatsPrice", on: "enabledEats", name: "Yandex Eats" },
  { price: "expressPrice", on: "enabledExpress", name: "Express 24" },
] as const;

function formOf(product: EditorProduct, languages: readonly ContentLanguage[]): FormValues {
  const texts = (value: Record<string, string | undefined>) =>
    Object.fromEntries(languages.map((l) => [l, value[l] ?? ""]));
  return {
    name: texts(product.name),
    description: texts(product.description),
    costPrice: String(product.costPrice),
    discount: String(product.discount),
    active: product.active,
    deliveryEnabled: product.deliveryEnabled,
    eatsPrice: product.eatsPrice === null ? "" : String(product.eatsPrice),
    enabledEats: product.enabledEats,
    expressPrice: product.expressPrice === null ? "" : String(product.expressPrice),
    enabledExpress: product.enabledExpress,
  };
}

type FieldErrors = Partial<Record<"name" | "costPrice" | "discount" | "eatsPrice" | "expressPrice", string>>;

/** A sum as typed ("35 000", "12,5"): a number of 0 or more with at most 2 decimals, else NaN. */
function sumOf(text: string): number {
  const n = Number(text.replace(/\s/g, "").replace(",", "."));
  return text.trim() !== "" && Number.isFinite(n) && n >= 0 && Math.abs(Math.round(n * 100) - n * 100) < 1e-6
    ? n
    : Number.NaN;
}

/** What a wrong field of the dish says. */
function useEditorMessages() {
  const { t } = useLingui();
  return {
    name: t`Give the dish a name in at least one language.`,
    costPrice: t`The price is a sum of 0 or more.`,
    discount: t`The discount is a whole percent from 0 to 100.`,
    channelPrice: t`The price is a sum of 0 or more, with at most 2 decimals.`,
    eatsMissing: t`Give the price on Yandex Eats to sell the dish there.`,
    expressMissing: t`Give the price on Express 24 to sell the dish there.`,
  };
}

/** The form's wrong fields, or the body the server takes. */
function validateProduct(
  values: FormValues,
  version: number,
  messages: ReturnType<typeof useEditorMessages>,
): { body: EditorProductBody | null; errors: FieldErrors } {
  const found: FieldErrors = {};
  if (Object.values(values.name).every((v) => v.trim() === "")) found.name = messages.name;
  const price = Number(values.costPrice.replace(/\s/g, "").replace(",", "."));
  if (values.costPrice.trim() === "" || !Number.isFinite(price) || price < 0)
    found.costPrice = messages.costPrice;
  const discount = Number(values.discount.trim() || "0");
  if (!Number.isInteger(discount) || discount < 0 || discount > 100) found.discount = messages.discount;
  // A channel's price may stay empty while the dish is not sold there.
  const channelPrice = (field: "eatsPrice" | "expressPrice", on: boolean, missing: string) => {
    if (values[field].trim() === "") {
      if (on) found[field] = missing;
      return null;
    }
    const n = sumOf(values[field]);
    if (Number.isNaN(n)) found[field] = messages.channelPrice;
    return n;
  };
  const eatsPrice = channelPrice("eatsPrice", values.enabledEats, messages.eatsMissing);
  const expressPrice = channelPrice("expressPrice", values.enabledExpress, messages.expressMissing);
  if (Object.keys(found).length > 0) return { body: null, errors: found };
  return {
    body: {
      version,
      name: values.name,
      description: values.description,
      costPrice: price,
      discount,
      active: values.active,
      deliveryEnabled: values.deliveryEnabled,
      eatsPrice,
      enabledEats: values.enabledEats,
      expressPrice,
      enabledExpress: values.enabledExpress,
    },
    errors: found,
  };
}

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
  const messages = useEditorMessages();

  const submit = () => {
    const { body, errors: found } = validateProduct(values, base.version, messages);
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
          // A price the server refused is said at its field.
          const field =
            error instanceof ApiError
              ? /body\.(eatsPrice|expressPrice)/.exec(error.description?.eng ?? "")
              : null;
          if (field?.[1] === "eatsPrice" || field?.[1] === "expressPrice") {
            setErrors({ [field[1]]: text });
            return;
          }
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
        <label className="staff-check">
          <input
            type="checkbox"
            checked={values.deliveryEnabled}
            onChange={(e) => {
              setValues((v) => ({ ...v, deliveryEnabled: e.target.checked }));
            }}
          />
          {t`Sold for delivery (pickup and dine-in always sell it)`}
        </label>
        <ChannelFields
          id={id}
          values={values}
          errors={errors}
          onChange={(patch) => {
            setValues((v) => ({ ...v, ...patch }));
          }}
        />
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

/**
 * The dish's own price on each delivery app (Yandex Eats, Express 24) and whether it is sold there.
 * The storefront never charges these: its guests pay the price above.
 */
function ChannelFields({
  id,
  values,
  errors,
  onChange,
}: {
  id: string;
  values: FormValues;
  errors: FieldErrors;
  onChange: (patch: Partial<FormValues>) => void;
}) {
  const { t } = useLingui();
  return (
    <fieldset className="menu-editor__texts" aria-describedby={`${id}-channels-note`}>
      <legend className="staff-label">{t`Prices on delivery apps`}</legend>
      <p id={`${id}-channels-note`} className="staff-row__meta">
        {t`What the dish costs when ordered through these apps. Guests of this storefront pay the price above.`}
      </p>
      <div className="menu-editor__numbers">
        {CHANNELS.map((c) => (
          <div key={c.price}>
            <label className="staff-check">
              <input
                type="checkbox"
                checked={values[c.on]}
                onChange={(e) => {
                  onChange({ [c.on]: e.target.checked });
                }}
              />
              {t`Sold on ${c.name}`}
            </label>
            <label className="staff-label" htmlFor={`${id}-${c.price}`}>
              {t`Price on ${c.name}`}
            </label>
            <input
              id={`${id}-${c.price}`}
              className="staff-input menu-editor__input"
              inputMode="decimal"
              value={values[c.price]}
              aria-invalid={errors[c.price] ? true : undefined}
              aria-describedby={errors[c.price] ? `${id}-${c.price}-error` : undefined}
              onChange={(e) => {
                onChange({ [c.price]: e.target.value });
              }}
            />
            {errors[c.price] && (
              <p id={`${id}-${c.price}-error`} className="staff-error">
                {errors[c.price]}
              </p>
            )}
          </div>
        ))}
      </div>
    </fieldset>
  );
}

/** The server's texts come in uz, ru and eng: the console's language, else English. */
function descriptionKey(): "uz" | "ru" | "eng" {
  const language = currentContentLanguage();
  return language === "uz" || language === "ru" ? language : "eng";
}

// The back office's menu builder (issue 36): the brand's categories and the dishes in each, put in
// order by dragging or by keyboard (a handle, Space, the arrows, Space; announced to screen readers),
// created with their names in every language of the brand (missing ones flagged), a picture, prices
// and the IKPU code; a dish's modifier groups. Deleting keeps orders' history. Every save reaches the
// storefront at once; a refusal is said at the field and the form keeps what was typed.
import { useLingui } from "@lingui/react/macro";
import { useId, useState, type ReactNode } from "react";
import type { EditorCategory, EditorModifierGroup } from "../../domain/contract/back-office-menu.ts";
import type { EditorProduct } from "../../domain/contract/back-office.ts";
import type { CategoryViewType, ContentLanguage } from "../../domain/enums.ts";
import { ApiError } from "../../lib/api-client.ts";
import { toLocale } from "../../lib/i18n.ts";
import { StaffDialog } from "../dialog.tsx";
import { PictureField } from "../picture-field.tsx";
import { useEditorProducts } from "./api.ts";
import { useCategories, useMenuChange, useModifierGroups } from "./menu-builder-api.ts";
import { Empty, Failed, Loading, moneyOf, SectionFrame, textOf } from "./section-frame.tsx";
import type { StaffSectionProps } from "./types.ts";
import { languageName, NameFields, Refusal, refusalText, textsFor } from "./menu-fields.tsx";
import { MenuGroupsDialog } from "./menu-groups.tsx";
import { SortableList } from "./sortable-list.tsx";
import { useMenuGroups } from "./menu-groups-api.ts";
import "./menu-builder.css";

const missingIn = (text: Record<string, string | undefined>, languages: readonly ContentLanguage[]) =>
  languages.filter((l) => !text[l]?.trim());

/** Which field a server refusal names ("body.costPrice: ..."), so it is said there. */
function refusedField(error: unknown): string | null {
  if (!(error instanceof ApiError) || !error.description) return null;
  return /body\.(\w+)/.exec(error.description.eng)?.[1] ?? null;
}

const toNumber = (text: string) => Number(text.replace(/\s/g, "").replace(",", "."));

type Dialog =
  | { kind: "category"; category: EditorCategory | null }
  | { kind: "delete-category"; category: EditorCategory }
  | { kind: "product"; categoryId: string }
  | { kind: "place"; product: EditorProduct }
  | { kind: "delete-product"; product: EditorProduct }
  | { kind: "groups"; product: EditorProduct }
  | { kind: "menu-groups" };

export default function MenuBuilderSection({ languages = ["uz", "ru", "eng"] }: StaffSectionProps) {
  const { t } = useLingui();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const categories = useCategories();
  const products = useEditorProducts();
  const close = () => {
    setDialog(null);
  };

  let body: ReactNode;
  if (categories.isPending || products.isPending) body = <Loading />;
  else if (categories.isError || products.isError)
    body = (
      <Failed
        onRetry={() => {
          void categories.refetch();
          void products.refetch();
        }}
        error={categories.error ?? products.error}
      />
    );
  else if (categories.data.length === 0)
    body = <Empty title={t`No categories yet`} text={t`Create the first category, then add dishes to it.`} />;
  else {
    const current = categories.data.find((c) => c.id === chosen) ?? categories.data[0];
    body = (
      <div className="menu-builder">
        <CategoryList
          categories={categories.data}
          languages={languages}
          chosen={current?.id ?? null}
          onChoose={setChosen}
          onEdit={(category) => {
            setDialog({ kind: "category", category });
          }}
          onDelete={(category) => {
            setDialog({ kind: "delete-category", category });
          }}
        />
        {current && (
          <ProductPanel
            category={current}
            products={products.data.filter((p) => p.categoryId === current.id)}
            languages={languages}
            onDialog={setDialog}
          />
        )}
      </div>
    );
  }

  return (
    <SectionFrame
      title={t`Categories and dishes`}
      lead={t`Build the menu: categories, dishes, pictures and options. Drag a handle, or focus it and use Space and the arrow keys, to change the order.`}
      actions={
        <>
          <button
            type="button"
            className="staff-button"
            onClick={() => {
              setDialog({ kind: "menu-groups" });
            }}
          >
            {t`Menu groups`}
          </button>
          <button
            type="button"
            className="staff-button staff-button--primary"
            onClick={() => {
              setDialog({ kind: "category", category: null });
            }}
          >
            {t`New category`}
          </button>
        </>
      }
    >
      {body}
      {dialog?.kind === "category" && (
        <CategoryDialog
          category={dialog.category}
          languages={languages}
          onClose={close}
          onSaved={setChosen}
        />
      )}
      {dialog?.kind === "delete-category" && (
        <ConfirmDelete
          title={t`Delete ${textOf(dialog.category.name)}?`}
          text={
            dialog.category.productCount > 0
              ? t`Its ${dialog.category.productCount} dishes are deleted with it. Guests no longer see them; past orders keep them.`
              : t`Guests no longer see it; past orders keep it.`
          }
          change={{ kind: "delete-category", id: dialog.category.id }}
          onClose={close}
        />
      )}
      {dialog?.kind === "product" && categories.data && (
        <ProductDialog
          categoryId={dialog.categoryId}
          categories={categories.data}
          languages={languages}
          onClose={close}
        />
      )}
      {dialog?.kind === "place" && categories.data && (
        <PlaceDialog product={dialog.product} categories={categories.data} onClose={close} />
      )}
      {dialog?.kind === "delete-product" && (
        <ConfirmDelete
          title={t`Delete ${textOf(dialog.product.name)}?`}
          text={t`Guests no longer see it; past orders keep it.`}
          change={{ kind: "delete-product", id: dialog.product.id }}
          onClose={close}
        />
      )}
      {dialog?.kind === "groups" && (
        <ModifierGroupsDialog product={dialog.product} languages={languages} onClose={close} />
      )}
      {dialog?.kind === "menu-groups" && <MenuGroupsDialog languages={languages} onClose={close} />}
    </SectionFrame>
  );
}

function Thumb({ src }: { src: string | null }) {
  return src ? (
    <img className="staff-row__image" src={src} alt="" loading="lazy" width={48} height={48} />
  ) : (
    <span className="staff-row__image staff-row__image--none" aria-hidden="true" />
  );
}

// -------------------------------------------------------------------------------------------------
// Categories

function CategoryList({
  categories,
  languages,
  chosen,
  onChoose,
  onEdit,
  onDelete,
}: {
  categories: EditorCategory[];
  languages: readonly ContentLanguage[];
  chosen: string | null;
  onChoose: (id: string) => void;
  onEdit: (category: EditorCategory) => void;
  onDelete: (category: EditorCategory) => void;
}) {
  const { t } = useLingui();
  const change = useMenuChange();
  return (
    <section className="menu-builder__column" aria-labelledby="menu-builder-categories">
      <h2 id="menu-builder-categories" className="staff-subtitle">
        {t`Categories`}
      </h2>
      {change.isError && (
        <p className="staff-error" role="alert">
          {refusalText(change.error, t`The new order was not saved. Try again.`)}
        </p>
      )}
      <SortableList
        items={categories}
        label={t`Categories, in the menu's order`}
        nameOf={(c) => textOf(c.name)}
        onOrder={(ids) => {
          change.mutate({ kind: "order-categories", ids });
        }}
        render={(c, handle) => {
          const missing = missingIn(c.name, languages);
          return (
            <div className={`staff-row__main${c.id === chosen ? " menu-builder__chosen" : ""}`}>
              {handle}
              <Thumb src={c.image} />
              <button
                type="button"
                className="menu-builder__open"
                aria-pressed={c.id === chosen}
                onClick={() => {
                  onChoose(c.id);
                }}
              >
                <span className="staff-row__title">{textOf(c.name)}</span>
                <span className="staff-row__meta">
                  <span>{t`${c.productCount} dishes`}</span>
                  {!c.isActive && (
                    <span className="staff-badge staff-badge--off">{t`Hidden from guests`}</span>
                  )}
                  {missing.length > 0 && (
                    <span className="staff-badge staff-badge--muted">
                      {t`No name in ${missing.map(languageName).join(", ")}`}
                    </span>
                  )}
                </span>
              </button>
              <button
                type="button"
                className="staff-button staff-button--small"
                aria-label={t`Edit ${textOf(c.name)}`}
                onClick={() => {
                  onEdit(c);
                }}
              >
                {t`Edit`}
              </button>
              <button
                type="button"
                className="staff-button staff-button--small"
                aria-label={t`Delete ${textOf(c.name)}`}
                onClick={() => {
                  onDelete(c);
                }}
              >
                {t`Delete`}
              </button>
            </div>
          );
        }}
      />
    </section>
  );
}

function CategoryDialog({
  category,
  languages,
  onClose,
  onSaved,
}: {
  category: EditorCategory | null;
  languages: readonly ContentLanguage[];
  onClose: () => void;
  onSaved: (id: string) => void;
}) {
  const { t } = useLingui();
  const id = useId();
  const change = useMenuChange();
  const list = useCategories();
  const [version, setVersion] = useState(category?.version ?? 1);
  const [name, setName] = useState(() => textsFor(category?.name ?? {}, languages));
  const [image, setImage] = useState<string | null>(category?.image ?? null);
  const [isActive, setActive] = useState(category?.isActive ?? true);
  const [viewType, setViewType] = useState<CategoryViewType>(category?.viewType ?? "MEDIUM");
  const groups = useMenuGroups();
  // "": none; undefined (a new category, nothing chosen): where the menu's first category is.
  const [groupId, setGroupId] = useState<string | undefined>(category ? (category.groupId ?? "") : undefined);
  const [nameError, setNameError] = useState<string | null>(null);
  // The other person's saved category replaces what was typed, at their version.
  const reload = async () => {
    const latest = (await list.refetch()).data?.find((c) => c.id === category?.id);
    if (!latest) return;
    setVersion(latest.version);
    setName(textsFor(latest.name, languages));
    setImage(latest.image);
    setActive(latest.isActive);
    setViewType(latest.viewType);
    setGroupId(latest.groupId ?? "");
    setNameError(null);
    change.reset();
  };
  const submit = () => {
    if (Object.values(name).every((v) => !v.trim())) {
      setNameError(t`Give the category a name in at least one language.`);
      document.getElementById(`${id}-name-${languages[0] ?? "uz"}`)?.focus();
      return;
    }
    setNameError(null);
    const body = {
      name,
      image,
      isActive,
      viewType,
      ...(groupId === undefined ? {} : { groupId: groupId === "" ? null : groupId }),
    };
    change.mutate(
      category
        ? { kind: "save-category", id: category.id, body: { ...body, version } }
        : { kind: "create-category", body },
      {
        onSuccess: (saved) => {
          onSaved((saved as EditorCategory).id);
          onClose();
        },
      },
    );
  };
  return (
    <StaffDialog
      title={category ? t`Edit ${textOf(category.name)}` : t`New category`}
      onClose={onClose}
      wide
      footer={<Footer formId={`${id}-form`} pending={change.isPending} onClose={onClose} />}
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
        {change.isError && <Refusal error={change.error} onReload={reload} />}
        <NameFields
          id={id}
          languages={languages}
          values={name}
          error={nameError}
          onChange={(language, text) => {
            setName((v) => ({ ...v, [language]: text }));
          }}
        />
        <PictureField label={t`Category picture`} value={image} onChange={setImage} />
        <div className="menu-builder__field">
          <label className="staff-label" htmlFor={`${id}-viewType`}>
            {t`Dish cards on the storefront`}
          </label>
          <select
            id={`${id}-viewType`}
            className="staff-input staff-input--select"
            value={viewType}
            onChange={(e) => {
              setViewType(e.target.value as CategoryViewType);
            }}
          >
            <option value="BIG">{t`Large, one per row`}</option>
            <option value="MEDIUM">{t`Medium, two per row`}</option>
            <option value="SMALL">{t`Small, in a list`}</option>
          </select>
        </div>
        {groups.data && groups.data.length > 0 && (
          <div className="menu-builder__field">
            <label className="staff-label" htmlFor={`${id}-group`}>
              {t`Menu group`}
            </label>
            <select
              id={`${id}-group`}
              className="staff-input staff-input--select"
              value={groupId ?? ""}
              onChange={(e) => {
                setGroupId(e.target.value);
              }}
            >
              {groupId === undefined && <option value="">{t`Where the menu's first category is`}</option>}
              {groupId !== undefined && <option value="">{t`No group`}</option>}
              {groups.data.map((g) => (
                <option key={g.id} value={g.id}>
                  {textOf(g.name)}
                </option>
              ))}
            </select>
          </div>
        )}
        <label className="staff-check">
          <input
            type="checkbox"
            checked={isActive}
            onChange={(e) => {
              setActive(e.target.checked);
            }}
          />
          {t`Guests see this category`}
        </label>
      </form>
    </StaffDialog>
  );
}

function Footer({ formId, pending, onClose }: { formId: string; pending: boolean; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <>
      <button type="button" className="staff-button" onClick={onClose}>
        {t`Cancel`}
      </button>
      <button
        type="submit"
        form={formId}
        className="staff-button staff-button--primary"
        disabled={pending}
        aria-busy={pending}
      >
        {pending ? t`Saving…` : t`Save`}
      </button>
    </>
  );
}

function ConfirmDelete({
  title,
  text,
  change: what,
  onClose,
}: {
  title: string;
  text: string;
  change: { kind: "delete-category" | "delete-product"; id: string };
  onClose: () => void;
}) {
  const { t } = useLingui();
  const change = useMenuChange();
  return (
    <StaffDialog
      title={title}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="staff-button" onClick={onClose}>
            {t`Cancel`}
          </button>
          <button
            type="button"
            className="staff-button staff-button--danger"
            disabled={change.isPending}
            onClick={() => {
              change.mutate(what, { onSuccess: onClose });
            }}
          >
            {t`Delete`}
          </button>
        </>
      }
    >
      <p>{text}</p>
      {change.isError && (
        <p className="staff-error" role="alert">
          {refusalText(change.error, t`This was not deleted. Try again.`)}
        </p>
      )}
    </StaffDialog>
  );
}

// -------------------------------------------------------------------------------------------------
// Products

function ProductPanel({
  category,
  products,
  languages,
  onDialog,
}: {
  category: EditorCategory;
  products: EditorProduct[];
  languages: readonly ContentLanguage[];
  onDialog: (dialog: Dialog) => void;
}) {
  const { t } = useLingui();
  const change = useMenuChange();
  const name = textOf(category.name);
  return (
    <section className="menu-builder__column" aria-labelledby="menu-builder-products">
      <div className="menu-builder__head">
        <h2 id="menu-builder-products" className="staff-subtitle">
          {t`Dishes in ${name}`}
        </h2>
        <button
          type="button"
          className="staff-button"
          onClick={() => {
            onDialog({ kind: "product", categoryId: category.id });
          }}
        >
          {t`New dish`}
        </button>
      </div>
      {change.isError && (
        <p className="staff-error" role="alert">
          {refusalText(change.error, t`The new order was not saved. Try again.`)}
        </p>
      )}
      {products.length === 0 ? (
        <Empty title={t`No dishes here yet`} text={t`Add the first dish of this category.`} />
      ) : (
        <SortableList
          items={products}
          label={t`Dishes of ${name}, in the menu's order`}
          nameOf={(p) => textOf(p.name)}
          onOrder={(ids) => {
            change.mutate({ kind: "order-products", categoryId: category.id, ids });
          }}
          render={(p, handle) => {
            const missing = missingIn(p.name, languages);
            const dish = textOf(p.name);
            return (
              <div className="staff-row__main">
                {handle}
                <Thumb src={p.image} />
                <div className="staff-row__text">
                  <span className="staff-row__title">{dish}</span>
                  <span className="staff-row__meta">
                    <span className="menu-editor__price">{moneyOf(p.costPrice)}</span>
                    {!p.active && (
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
                  className="staff-button staff-button--small"
                  aria-label={t`Options of ${dish}`}
                  onClick={() => {
                    onDialog({ kind: "groups", product: p });
                  }}
                >
                  {t`Options`}
                </button>
                <button
                  type="button"
                  className="staff-button staff-button--small"
                  aria-label={t`Picture and category of ${dish}`}
                  onClick={() => {
                    onDialog({ kind: "place", product: p });
                  }}
                >
                  {t`Picture and category`}
                </button>
                <button
                  type="button"
                  className="staff-button staff-button--small"
                  aria-label={t`Delete ${dish}`}
                  onClick={() => {
                    onDialog({ kind: "delete-product", product: p });
                  }}
                >
                  {t`Delete`}
                </button>
              </div>
            );
          }}
        />
      )}
    </section>
  );
}

function CategorySelect({
  id,
  value,
  categories,
  onChange,
}: {
  id: string;
  value: string;
  categories: EditorCategory[];
  onChange: (id: string) => void;
}) {
  const { t } = useLingui();
  return (
    <div className="menu-builder__field">
      <label className="staff-label" htmlFor={id}>
        {t`Category`}
      </label>
      <select
        id={id}
        className="staff-input staff-input--select"
        value={value}
        onChange={(e) => {
          onChange(e.target.value);
        }}
      >
        {categories.map((c) => (
          <option key={c.id} value={c.id}>
            {textOf(c.name)}
          </option>
        ))}
      </select>
    </div>
  );
}

function Field({
  id,
  label,
  value,
  error,
  inputMode,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  error: string | undefined;
  inputMode?: "decimal" | "numeric";
  onChange: (value: string) => void;
}) {
  return (
    <div className="menu-builder__field">
      <label className="staff-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="staff-input"
        inputMode={inputMode}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => {
          onChange(e.target.value);
        }}
      />
      {error && (
        <p id={`${id}-error`} className="staff-error">
          {error}
        </p>
      )}
    </div>
  );
}

function DescriptionFields({
  id,
  languages,
  values,
  onChange,
}: {
  id: string;
  languages: readonly ContentLanguage[];
  values: Record<string, string>;
  onChange: (language: string, text: string) => void;
}) {
  const { t } = useLingui();
  return (
    <>
      {languages.map((language) => (
        <div key={language} className="menu-builder__field" lang={toLocale(language) ?? language}>
          <label className="staff-label" htmlFor={`${id}-description-${language}`}>
            {t`Description (${languageName(language)})`}
          </label>
          <textarea
            id={`${id}-description-${language}`}
            className="staff-textarea"
            rows={2}
            maxLength={2000}
            value={values[language] ?? ""}
            onChange={(e) => {
              onChange(language, e.target.value);
            }}
          />
        </div>
      ))}
    </>
  );
}

type ProductErrors = Partial<Record<"name" | "costPrice" | "discount" | "mxicCode", string>>;

/** What a wrong field of a new dish says. */
function useProductMessages() {
  const { t } = useLingui();
  return {
    name: t`Give the dish a name in at least one language.`,
    costPrice: t`The price is a sum of 0 or more, with at most 2 decimals.`,
    discount: t`The discount is a whole percent from 0 to 100.`,
    mxicCode: t`An IKPU code is 17 digits.`,
  };
}

/** The new dish's wrong fields, and its numbers as the server takes them. */
function checkProduct(
  values: { name: Record<string, string>; costPrice: string; discount: string; mxicCode: string },
  messages: ReturnType<typeof useProductMessages>,
) {
  const found: ProductErrors = {};
  if (Object.values(values.name).every((v) => !v.trim())) found.name = messages.name;
  const price = toNumber(values.costPrice);
  if (
    values.costPrice.trim() === "" ||
    !Number.isFinite(price) ||
    price < 0 ||
    Math.round(price * 100) !== price * 100
  )
    found.costPrice = messages.costPrice;
  const discount = Number(values.discount.trim() || "0");
  if (!Number.isInteger(discount) || discount < 0 || discount > 100) found.discount = messages.discount;
  const mxic = values.mxicCode.replace(/\s/g, "");
  if (mxic !== "" && !/^\d{17}$/.test(mxic)) found.mxicCode = messages.mxicCode;
  return { found, price, discount, mxic };
}

function ProductDialog({
  categoryId,
  categories,
  languages,
  onClose,
}: {
  categoryId: string;
  categories: EditorCategory[];
  languages: readonly ContentLanguage[];
  onClose: () => void;
}) {
  const { t } = useLingui();
  const id = useId();
  const change = useMenuChange();
  const [values, setValues] = useState({
    categoryId,
    name: textsFor({}, languages),
    description: textsFor({}, languages),
    costPrice: "",
    discount: "0",
    mxicCode: "",
    image: null as string | null,
  });
  const [errors, setErrors] = useState<ProductErrors>({});
  const messages = useProductMessages();
  const submit = () => {
    const { found, price, discount, mxic } = checkProduct(values, messages);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    change.mutate(
      {
        kind: "create-product",
        body: {
          categoryId: values.categoryId,
          name: values.name,
          description: values.description,
          costPrice: price,
          discount,
          image: values.image,
          mxicCode: mxic === "" ? null : mxic,
        },
      },
      {
        onSuccess: onClose,
        onError: (error) => {
          const field = refusedField(error);
          if (field && field in messages) setErrors({ [field]: messages[field as keyof typeof messages] });
        },
      },
    );
  };
  return (
    <StaffDialog
      title={t`New dish`}
      onClose={onClose}
      wide
      footer={<Footer formId={`${id}-form`} pending={change.isPending} onClose={onClose} />}
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
        {change.isError && !refusedField(change.error) && (
          <p className="staff-note staff-note--warning" role="alert">
            {refusalText(
              change.error,
              t`The change was not saved. Check your internet connection and try again.`,
            )}
          </p>
        )}
        <CategorySelect
          id={`${id}-category`}
          value={values.categoryId}
          categories={categories}
          onChange={(categoryId) => {
            setValues((v) => ({ ...v, categoryId }));
          }}
        />
        <NameFields
          id={id}
          languages={languages}
          values={values.name}
          error={errors.name ?? null}
          onChange={(language, text) => {
            setValues((v) => ({ ...v, name: { ...v.name, [language]: text } }));
          }}
        />
        <DescriptionFields
          id={id}
          languages={languages}
          values={values.description}
          onChange={(language, text) => {
            setValues((v) => ({ ...v, description: { ...v.description, [language]: text } }));
          }}
        />
        <div className="menu-editor__numbers">
          <Field
            id={`${id}-costPrice`}
            label={t`Price`}
            inputMode="decimal"
            value={values.costPrice}
            error={errors.costPrice}
            onChange={(costPrice) => {
              setValues((v) => ({ ...v, costPrice }));
            }}
          />
          <Field
            id={`${id}-discount`}
            label={t`Discount, %`}
            inputMode="numeric"
            value={values.discount}
            error={errors.discount}
            onChange={(discount) => {
              setValues((v) => ({ ...v, discount }));
            }}
          />
        </div>
        <Field
          id={`${id}-mxicCode`}
          label={t`IKPU code (fiscal receipt)`}
          inputMode="numeric"
          value={values.mxicCode}
          error={errors.mxicCode}
          onChange={(mxicCode) => {
            setValues((v) => ({ ...v, mxicCode }));
          }}
        />
        <PictureField
          label={t`Dish picture`}
          value={values.image}
          onChange={(image) => {
            setValues((v) => ({ ...v, image }));
          }}
        />
      </form>
    </StaffDialog>
  );
}

function PlaceDialog({
  product,
  categories,
  onClose,
}: {
  product: EditorProduct;
  categories: EditorCategory[];
  onClose: () => void;
}) {
  const { t } = useLingui();
  const id = useId();
  const change = useMenuChange();
  const list = useEditorProducts();
  const [version, setVersion] = useState(product.version);
  const [categoryId, setCategoryId] = useState(product.categoryId);
  const [image, setImage] = useState(product.image);
  const reload = async () => {
    const latest = (await list.refetch()).data?.find((p) => p.id === product.id);
    if (!latest) return;
    setVersion(latest.version);
    setCategoryId(latest.categoryId);
    setImage(latest.image);
    change.reset();
  };
  return (
    <StaffDialog
      title={textOf(product.name)}
      onClose={onClose}
      wide
      footer={<Footer formId={`${id}-form`} pending={change.isPending} onClose={onClose} />}
    >
      <form
        id={`${id}-form`}
        className="menu-editor__form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          change.mutate(
            { kind: "place-product", id: product.id, body: { version, categoryId, image } },
            { onSuccess: onClose },
          );
        }}
      >
        {change.isError && <Refusal error={change.error} onReload={reload} />}
        <CategorySelect
          id={`${id}-category`}
          value={categoryId}
          categories={categories}
          onChange={setCategoryId}
        />
        <PictureField label={t`Dish picture`} value={image} onChange={setImage} />
      </form>
    </StaffDialog>
  );
}

// -------------------------------------------------------------------------------------------------
// Modifier groups

interface GroupForm {
  name: Record<string, string>;
  minSelect: string;
  maxSelect: string;
  /** `key`: the row's own while the form is open (a new option has no id yet). */
  modifiers: { key: string; id?: string; name: Record<string, string>; price: string }[];
}

let newOptionSeq = 0;
/** A key for an option typed in the form, unique for the page's life. */
const newOptionKey = () => {
  newOptionSeq += 1;
  return `new-${String(newOptionSeq)}`;
};

function ModifierGroupsDialog({
  product,
  languages,
  onClose,
}: {
  product: EditorProduct;
  languages: readonly ContentLanguage[];
  onClose: () => void;
}) {
  const { t } = useLingui();
  const groups = useModifierGroups(product.id);
  const change = useMenuChange();
  const [editing, setEditing] = useState<EditorModifierGroup | "new" | null>(null);
  const dish = textOf(product.name);
  return (
    <StaffDialog title={t`Options of ${dish}`} onClose={onClose} wide>
      {editing !== null ? (
        <GroupEditor
          key={editing === "new" ? "new" : editing.id}
          productId={product.id}
          group={editing === "new" ? null : editing}
          languages={languages}
          onDone={() => {
            setEditing(null);
          }}
        />
      ) : groups.isPending ? (
        <Loading />
      ) : groups.isError ? (
        <Failed onRetry={() => void groups.refetch()} error={groups.error} />
      ) : (
        <>
          {groups.data.length === 0 ? (
            <Empty
              title={t`No options yet`}
              text={t`A group of options lets guests choose, e.g. a size or a sauce.`}
            />
          ) : (
            <SortableList
              items={groups.data}
              label={t`Groups of options, in the order guests see them`}
              nameOf={(g) => textOf(g.name)}
              onOrder={(ids) => {
                change.mutate({ kind: "order-groups", productId: product.id, ids });
              }}
              render={(g, handle) => (
                <div className="staff-row__main">
                  {handle}
                  <div className="staff-row__text">
                    <span className="staff-row__title">{textOf(g.name)}</span>
                    <span className="staff-row__meta">
                      {g.minSelect > 0 && <span className="staff-badge">{t`required`}</span>}
                      <span>
                        {g.modifiers.map((m) => `${textOf(m.name)} +${moneyOf(m.price)}`).join(", ")}
                      </span>
                    </span>
                  </div>
                  <button
                    type="button"
                    className="staff-button staff-button--small"
                    aria-label={t`Edit ${textOf(g.name)}`}
                    onClick={() => {
                      setEditing(g);
                    }}
                  >
                    {t`Edit`}
                  </button>
                </div>
              )}
            />
          )}
          {change.isError && (
            <p className="staff-error" role="alert">
              {refusalText(change.error, t`The change was not saved. Try again.`)}
            </p>
          )}
          <CopyOptions productId={product.id} />
          <button
            type="button"
            className="staff-button staff-button--primary menu-builder__add"
            onClick={() => {
              setEditing("new");
            }}
          >
            {t`New group of options`}
          </button>
        </>
      )}
    </StaffDialog>
  );
}

/** Another dish's groups of options copied onto this one: the same sauces or sizes in one step. */
function CopyOptions({ productId }: { productId: string }) {
  const { t } = useLingui();
  const id = useId();
  const products = useEditorProducts();
  const change = useMenuChange();
  const [from, setFrom] = useState("");
  const others = (products.data ?? []).filter((p) => p.id !== productId);
  if (others.length === 0) return null;
  return (
    <div className="menu-builder__field menu-builder__copy">
      <label className="staff-label" htmlFor={`${id}-from`}>
        {t`Copy the options of another dish`}
      </label>
      <div className="menu-builder__modifier-actions">
        <select
          id={`${id}-from`}
          className="staff-input staff-input--select"
          value={from}
          onChange={(e) => {
            setFrom(e.target.value);
          }}
        >
          <option value="">{t`Choose a dish`}</option>
          {others.map((p) => (
            <option key={p.id} value={p.id}>
              {textOf(p.name)}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="staff-button"
          disabled={from === "" || change.isPending}
          aria-busy={change.isPending}
          onClick={() => {
            change.mutate(
              { kind: "copy-groups", productId, fromProductId: from },
              {
                onSuccess: () => {
                  setFrom("");
                },
              },
            );
          }}
        >
          {t`Copy`}
        </button>
      </div>
      <p className="staff-hint">{t`The copies are this dish's own: changing them here leaves the other dish as it is.`}</p>
      {change.isError && (
        <p className="staff-error" role="alert">
          {refusalText(change.error, t`The options were not copied. Try again.`)}
        </p>
      )}
    </div>
  );
}

function groupFormOf(group: EditorModifierGroup | null, languages: readonly ContentLanguage[]): GroupForm {
  return {
    name: textsFor(group?.name ?? {}, languages),
    minSelect: String(group?.minSelect ?? 0),
    maxSelect: String(group?.maxSelect ?? 1),
    modifiers: group
      ? group.modifiers.map((m) => ({
          key: m.id,
          id: m.id,
          name: textsFor(m.name, languages),
          price: String(m.price),
        }))
      : [{ key: newOptionKey(), name: textsFor({}, languages), price: "0" }],
  };
}

type GroupErrors = Partial<Record<"name" | "minSelect" | "maxSelect" | "modifiers", string>>;

function GroupEditor({
  productId,
  group,
  languages,
  onDone,
}: {
  productId: string;
  group: EditorModifierGroup | null;
  languages: readonly ContentLanguage[];
  onDone: () => void;
}) {
  const { t } = useLingui();
  const id = useId();
  const change = useMenuChange();
  const remove = useMenuChange();
  const groups = useModifierGroups(productId);
  const [version, setVersion] = useState(group?.version ?? 1);
  const [form, setForm] = useState<GroupForm>(() => groupFormOf(group, languages));
  const [errors, setErrors] = useState<GroupErrors>({});
  const reload = async () => {
    const latest = (await groups.refetch()).data?.find((g) => g.id === group?.id);
    if (!latest) return;
    setVersion(latest.version);
    setForm(groupFormOf(latest, languages));
    setErrors({});
    change.reset();
  };
  const submit = () => {
    const found: GroupErrors = {};
    if (Object.values(form.name).every((v) => !v.trim()))
      found.name = t`Give the group a name in at least one language.`;
    const min = Number(form.minSelect);
    const max = Number(form.maxSelect);
    if (!Number.isInteger(max) || max < 1) found.maxSelect = t`At most is a whole number, 1 or more.`;
    if (!Number.isInteger(min) || min < 0 || min > max || min > form.modifiers.length)
      found.minSelect = t`At least is a whole number from 0 up to the most and the number of options.`;
    const modifiers = form.modifiers.map((m) => ({
      ...(m.id ? { id: m.id } : {}),
      name: m.name,
      price: toNumber(m.price),
    }));
    if (
      modifiers.length === 0 ||
      modifiers.some(
        (m) => Object.values(m.name).every((v) => !v.trim()) || !Number.isFinite(m.price) || m.price < 0,
      )
    )
      found.modifiers = t`Every option needs a name and a price of 0 or more.`;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body = { name: form.name, minSelect: min, maxSelect: max, modifiers };
    change.mutate(
      group
        ? { kind: "save-group", id: group.id, productId, body: { ...body, version } }
        : { kind: "create-group", productId, body },
      { onSuccess: onDone },
    );
  };
  return (
    <form
      className="menu-editor__form"
      noValidate
      aria-label={group ? t`Edit ${textOf(group.name)}` : t`New group of options`}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {(change.isError || remove.isError) && (
        <Refusal error={change.error ?? remove.error} onReload={reload} />
      )}
      <NameFields
        id={id}
        languages={languages}
        values={form.name}
        error={errors.name ?? null}
        onChange={(language, text) => {
          setForm((f) => ({ ...f, name: { ...f.name, [language]: text } }));
        }}
      />
      <div className="menu-editor__numbers">
        <Field
          id={`${id}-minSelect`}
          label={t`Guests choose at least (0: optional)`}
          inputMode="numeric"
          value={form.minSelect}
          error={errors.minSelect}
          onChange={(minSelect) => {
            setForm((f) => ({ ...f, minSelect }));
          }}
        />
        <Field
          id={`${id}-maxSelect`}
          label={t`Guests choose at most`}
          inputMode="numeric"
          value={form.maxSelect}
          error={errors.maxSelect}
          onChange={(maxSelect) => {
            setForm((f) => ({ ...f, maxSelect }));
          }}
        />
      </div>
      <ModifierFields
        id={id}
        languages={languages}
        modifiers={form.modifiers}
        error={errors.modifiers}
        onChange={(modifiers) => {
          setForm((f) => ({ ...f, modifiers }));
        }}
      />
      <div className="menu-builder__actions">
        {group && (
          <button
            type="button"
            className="staff-button"
            disabled={remove.isPending}
            onClick={() => {
              remove.mutate({ kind: "delete-group", id: group.id, productId }, { onSuccess: onDone });
            }}
          >
            {t`Delete the group`}
          </button>
        )}
        <button type="button" className="staff-button" onClick={onDone}>
          {t`Cancel`}
        </button>
        <button type="submit" className="staff-button staff-button--primary" disabled={change.isPending}>
          {change.isPending ? t`Saving…` : t`Save the group`}
        </button>
      </div>
    </form>
  );
}

function ModifierFields({
  id,
  languages,
  modifiers,
  error,
  onChange,
}: {
  id: string;
  languages: readonly ContentLanguage[];
  modifiers: GroupForm["modifiers"];
  error: string | undefined;
  onChange: (modifiers: GroupForm["modifiers"]) => void;
}) {
  const { t } = useLingui();
  const setModifier = (key: string, patch: Partial<GroupForm["modifiers"][number]>) => {
    onChange(modifiers.map((m) => (m.key === key ? { ...m, ...patch } : m)));
  };
  // The sortable list orders rows by their `id`: here the form's own key of each option.
  const rows = modifiers.map((m, index) => ({ id: m.key, m, index }));
  return (
    <fieldset className="menu-editor__texts" aria-describedby={error ? `${id}-modifiers-error` : undefined}>
      <legend className="staff-label">{t`Options`}</legend>
      <SortableList
        items={rows}
        label={t`Options, in the order guests see them`}
        nameOf={({ m, index }) => textOf(m.name) || t`Option ${String(index + 1)}`}
        onOrder={(keys) => {
          onChange(keys.flatMap((key) => modifiers.filter((m) => m.key === key)));
        }}
        render={({ m, index }, handle) => (
          <div className="menu-builder__modifier">
            {handle}
            {languages.map((language) => (
              <div key={language} className="menu-builder__field" lang={toLocale(language) ?? language}>
                <label className="staff-label" htmlFor={`${id}-modifier-${String(index)}-${language}`}>
                  {t`Option ${String(index + 1)} (${languageName(language)})`}
                </label>
                <input
                  id={`${id}-modifier-${String(index)}-${language}`}
                  className="staff-input"
                  value={m.name[language] ?? ""}
                  onChange={(e) => {
                    setModifier(m.key, { name: { ...m.name, [language]: e.target.value } });
                  }}
                />
              </div>
            ))}
            <div className="menu-builder__field">
              <label className="staff-label" htmlFor={`${id}-modifier-${String(index)}-price`}>
                {t`Extra price of option ${String(index + 1)}`}
              </label>
              <input
                id={`${id}-modifier-${String(index)}-price`}
                className="staff-input"
                inputMode="decimal"
                value={m.price}
                onChange={(e) => {
                  setModifier(m.key, { price: e.target.value });
                }}
              />
            </div>
            <button
              type="button"
              className="staff-button staff-button--small"
              aria-label={t`Remove option ${String(index + 1)}`}
              onClick={() => {
                onChange(modifiers.filter((x) => x.key !== m.key));
              }}
            >
              {t`Remove`}
            </button>
          </div>
        )}
      />
      {error && (
        <p id={`${id}-modifiers-error`} className="staff-error" role="alert">
          {error}
        </p>
      )}
      <button
        type="button"
        className="staff-button"
        onClick={() => {
          onChange([...modifiers, { key: newOptionKey(), name: textsFor({}, languages), price: "0" }]);
        }}
      >
        {t`Add an option`}
      </button>
    </fieldset>
  );
}

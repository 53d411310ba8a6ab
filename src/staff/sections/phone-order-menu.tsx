// The phone-order screen's menu (issue 42): the operator types part of a dish's name and adds it with
// Enter or a click; a dish with options asks for them first (the required ones must be chosen).
import { useLingui } from "@lingui/react/macro";
import { useDeferredValue, useId, useMemo, useState } from "react";
import type { Product } from "../../domain/contract/menu.ts";
import { foldText } from "../../domain/menu.ts";
import { StaffDialog } from "../dialog.tsx";
import { moneyOf, textOf } from "./section-frame.tsx";

/** One chosen option of a line. */
export interface ChosenOption {
  id: string;
  count: number;
}

/** How many matches the list shows: the operator narrows the words rather than scrolls. */
const SHOWN = 8;

export function MenuPicker({
  products,
  onAdd,
}: {
  products: readonly Product[];
  onAdd: (product: Product, options: ChosenOption[]) => void;
}) {
  const { t } = useLingui();
  const [query, setQuery] = useState("");
  const deferred = useDeferredValue(query);
  const [asking, setAsking] = useState<Product | null>(null);
  const inputId = useId();
  const listId = useId();
  const matches = useMemo(() => {
    const words = foldText(deferred).split(/\s+/).filter(Boolean);
    if (words.length === 0) return [];
    return (
      products
        // Every language of the name: a caller says "lavash" to a console in Russian.
        .filter((p) => {
          const names = foldText(Object.values(p.name).join(" "));
          return p.isAvailable && words.every((w) => names.includes(w));
        })
        .slice(0, SHOWN)
    );
  }, [products, deferred]);

  const add = (product: Product) => {
    if (product.modificationGroups.length > 0) setAsking(product);
    else onAdd(product, []);
  };

  return (
    <div className="phone-menu">
      <label htmlFor={inputId} className="staff-label">
        {t`Add a dish`}
      </label>
      <input
        id={inputId}
        type="search"
        className="staff-input"
        placeholder={t`Part of its name, then Enter`}
        value={query}
        aria-controls={listId}
        autoComplete="off"
        onChange={(e) => {
          setQuery(e.target.value);
        }}
        onKeyDown={(e) => {
          const first = matches[0];
          if (e.key === "Enter" && first) {
            e.preventDefault();
            add(first);
            setQuery("");
          }
        }}
      />
      <ul id={listId} className="phone-menu__matches" aria-label={t`Dishes found`}>
        {matches.map((p) => (
          <li key={p.id}>
            <button
              type="button"
              className="phone-menu__match"
              onClick={() => {
                add(p);
              }}
            >
              <span>{textOf(p.name)}</span>
              <span className="phone-menu__price">{moneyOf(p.costPrice)}</span>
            </button>
          </li>
        ))}
        {deferred.trim() !== "" && matches.length === 0 && (
          <li className="staff-note">{t`No dish on sale matches these words`}</li>
        )}
      </ul>
      {asking && (
        <OptionsDialog
          product={asking}
          onClose={() => {
            setAsking(null);
          }}
          onDone={(options) => {
            onAdd(asking, options);
            setAsking(null);
            setQuery("");
          }}
        />
      )}
    </div>
  );
}

/** The dish's option groups: one choice where the group takes one, several where it takes more. */
function OptionsDialog({
  product,
  onClose,
  onDone,
}: {
  product: Product;
  onClose: () => void;
  onDone: (options: ChosenOption[]) => void;
}) {
  const { t } = useLingui();
  const [chosen, setChosen] = useState<Record<string, string[]>>({});
  const missing = product.modificationGroups.filter((g) => (chosen[g.id]?.length ?? 0) < g.minSelect);
  const [tried, setTried] = useState(false);
  const pick = (groupId: string, id: string, single: boolean, on: boolean, max: number) => {
    setChosen((old) => {
      const now = old[groupId] ?? [];
      if (single) return { ...old, [groupId]: [id] };
      if (!on) return { ...old, [groupId]: now.filter((x) => x !== id) };
      return now.length >= max && max > 0 ? old : { ...old, [groupId]: [...now, id] };
    });
  };
  return (
    <StaffDialog
      title={textOf(product.name)}
      onClose={onClose}
      footer={
        <button
          type="button"
          className="staff-button staff-button--primary"
          onClick={() => {
            setTried(true);
            if (missing.length === 0)
              onDone(Object.values(chosen).flatMap((ids) => ids.map((id) => ({ id, count: 1 }))));
          }}
        >
          {t`Add to the order`}
        </button>
      }
    >
      {product.modificationGroups.map((g) => {
        const single = g.maxSelect === 1;
        const required = g.minSelect > 0;
        return (
          <fieldset key={g.id} className="phone-options">
            <legend className="staff-label">
              {textOf(g.name)}
              {required ? ` · ${t`required`}` : ""}
            </legend>
            {g.modifications.map((m, i) => (
              <label key={m.id} className="staff-check">
                <input
                  type={single ? "radio" : "checkbox"}
                  name={g.id}
                  data-autofocus={i === 0 && g === product.modificationGroups[0] ? true : undefined}
                  checked={chosen[g.id]?.includes(m.id) ?? false}
                  onChange={(e) => {
                    pick(g.id, m.id, single, e.target.checked, g.maxSelect);
                  }}
                />
                {textOf(m.name)}
                {m.price > 0 ? ` +${moneyOf(m.price)}` : ""}
              </label>
            ))}
            {tried && missing.includes(g) && (
              <p className="staff-error" role="alert">
                {t`Choose at least ${g.minSelect}`}
              </p>
            )}
          </fieldset>
        );
      })}
    </StaffDialog>
  );
}

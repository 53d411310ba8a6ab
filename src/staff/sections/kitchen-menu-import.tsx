// The menu from iiko (issue 38): the owner asks iiko what an import would change, reads the list,
// then imports exactly that; an iiko menu that moved on meanwhile is refused, and the owner looks
// again. Prices, options and sizes follow iiko; Savat keeps the owner's own texts and photos.
import type { MessageDescriptor } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import type { IikoMenuPreview, IikoSettings } from "../../domain/contract/kitchen.ts";
import { currentLocale, isRtl } from "../../lib/i18n.ts";
import { refusalText } from "./brand-api.ts";
import { useIikoMenuImport, useIikoMenuPreview } from "./kitchen-api.ts";
import { moneyOf } from "./section-frame.tsx";

type Change = IikoMenuPreview["changes"][number];

const ENTITY: Record<Change["entity"], MessageDescriptor> = {
  category: msg`Category`,
  product: msg`Dish`,
  "option-group": msg`Choice`,
  option: msg`Option`,
};
const ACTION: Record<Change["action"], MessageDescriptor> = {
  create: msg`to add`,
  update: msg`to change`,
  hide: msg`to hide`,
  show: msg`to show again`,
};
const FIELD: Record<Change["fields"][number]["field"], MessageDescriptor> = {
  name: msg`Name`,
  description: msg`Description`,
  price: msg`Price`,
  category: msg`Category`,
  minSelect: msg`At least`,
  maxSelect: msg`At most`,
  image: msg`Photo`,
};

function when(iso: string): string {
  return new Intl.DateTimeFormat(currentLocale() === "kz" ? "kk" : currentLocale(), {
    dateStyle: "medium",
    timeStyle: "short",
  }).format(new Date(iso));
}

export function IikoMenuImport({ settings }: { settings: IikoSettings }) {
  const { t } = useLingui();
  const preview = useIikoMenuPreview();
  const apply = useIikoMenuImport();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const seen = preview.data;
  const total = seen ? seen.counts.create + seen.counts.update + seen.counts.hide + seen.counts.show : 0;
  const failed = (e: unknown) => {
    setRefusal(refusalText(e, t`iiko could not be asked. Check your internet connection and try again.`));
  };
  const look = () => {
    setRefusal(null);
    setDone(null);
    preview.mutate(undefined, { onError: failed });
  };
  const importNow = (revision: string) => {
    setRefusal(null);
    apply.mutate(revision, {
      onSuccess: (r) => {
        preview.reset();
        const { create, update, hide, show } = r.counts;
        setDone(t`Imported: ${create} added, ${update} changed, ${hide} hidden, ${show} shown again.`);
      },
      onError: failed,
    });
  };
  return (
    <section className="brand-fieldset iiko-menu" aria-labelledby="iiko-menu-title">
      <h3 id="iiko-menu-title" className="staff-label">{t`Menu from iiko`}</h3>
      <p className="staff-section__lead">
        {t`Prices, options and sizes follow iiko. Your own names, descriptions and photos stay as you set them; what iiko stops selling is hidden, not deleted.`}
      </p>
      <p className="staff-section__lead" data-testid="iiko-menu-last">
        {settings.menu.importedAt
          ? t`Last imported ${when(settings.menu.importedAt)}; iiko's menu is then read again every 6 hours.`
          : t`Not imported yet.`}
      </p>
      {refusal && (
        <p className="staff-note staff-note--warning" role="alert">
          {refusal}
        </p>
      )}
      <div className="brand-row__actions">
        <button
          type="button"
          className="staff-button"
          onClick={look}
          disabled={preview.isPending || apply.isPending}
          aria-busy={preview.isPending}
        >
          {preview.isPending ? t`Asking iiko…` : t`Preview the changes`}
        </button>
        {seen && total > 0 && (
          <button
            type="button"
            className="staff-button staff-button--primary"
            onClick={() => {
              importNow(seen.revision);
            }}
            disabled={apply.isPending}
            aria-busy={apply.isPending}
          >
            {apply.isPending
              ? t`Importing…`
              : t`${plural(total, { one: "Import this change", other: "Import these # changes" })}`}
          </button>
        )}
      </div>
      {done && (
        <p role="status" className="brand-saved">
          {done}
        </p>
      )}
      {seen && <PreviewList preview={seen} />}
    </section>
  );
}

function PreviewList({ preview }: { preview: IikoMenuPreview }) {
  const { t, i18n } = useLingui();
  const { create, update, hide, show, unchanged } = preview.counts;
  // From the old value to the new one, in the reading direction.
  const arrow = isRtl(currentLocale()) ? "←" : "→";
  const value = (field: Change["fields"][number]["field"], v: string | number | null) =>
    v === null || v === ""
      ? "—"
      : field === "price" && typeof v === "number"
        ? moneyOf(v)
        : field === "image"
          ? t`iiko's picture`
          : String(v);
  if (create + update + hide + show === 0)
    return (
      <p role="status" className="brand-saved">
        {t`The menu is already as in iiko: nothing to import.`}
      </p>
    );
  return (
    <>
      <p role="status" className="staff-section__lead">
        {t`${create} to add, ${update} to change, ${hide} to hide, ${show} to show again; ${unchanged} unchanged.`}
      </p>
      <div className="iiko-menu__scroll">
        <table className="staff-table iiko-menu__table">
          <caption className="visually-hidden">{t`What the import would change`}</caption>
          <thead>
            <tr>
              <th scope="col">{t`What`}</th>
              <th scope="col">{t`Name`}</th>
              <th scope="col">{t`Was → becomes`}</th>
            </tr>
          </thead>
          <tbody>
            {preview.changes.map((c, index) => (
              <tr key={`${String(index)}-${c.entity}-${c.name}`} data-action={c.action}>
                <td>
                  {i18n._(ENTITY[c.entity])}{" "}
                  <span className={`staff-badge iiko-menu__action iiko-menu__action--${c.action}`}>
                    {i18n._(ACTION[c.action])}
                  </span>
                </td>
                <th scope="row">
                  {c.name}
                  {c.within && <span className="iiko-menu__within"> · {c.within}</span>}
                </th>
                <td>
                  {c.fields.map((f) => (
                    <span key={f.field} className="iiko-menu__field">
                      {i18n._(FIELD[f.field])}: {value(f.field, f.from)} {arrow} {value(f.field, f.to)}
                    </span>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {preview.truncated && (
        <p className="staff-section__lead">{t`The list shows the first changes; the import makes all of them.`}</p>
      )}
    </>
  );
}

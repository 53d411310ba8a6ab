// The branch's stop-list: its dishes by category and, apart, the options they offer, each once (a
// modifier such as cheese is one thing whatever products offer it). Each is switched off and on for
// this branch, or at every branch the staff member works at; the list says where it is stopped.
// Open storefront pages follow within a second or two (the menu's live stream).
import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useDeferredValue, useId, useMemo, useState } from "react";
import { foldText } from "../../domain/menu.ts";
import { stopReach } from "../../domain/stop-list.ts";
import type { StopListOption, StopListProduct } from "../../domain/contract/staff.ts";
import { useSetStop, useStopList, type StopChange } from "./api.ts";
import { Empty, Failed, Loading, SectionFrame, Switch, textOf } from "./section-frame.tsx";
import type { StaffSectionProps } from "./types.ts";

export default function StopListSection({ branchId }: StaffSectionProps) {
  const { t } = useLingui();
  return (
    <SectionFrame
      title={t`Stop-list`}
      lead={t`Switch off what the kitchen has run out of, at this branch or at every branch. Guests see it unavailable within seconds.`}
    >
      <StopList branchId={branchId} />
    </SectionFrame>
  );
}

type Item = (StopListProduct | StopListOption) & { kind: StopChange["kind"] };

function matches(words: string[], texts: string[]): boolean {
  if (words.length === 0) return true;
  const text = foldText(texts.join(" "));
  return words.every((w) => text.includes(w));
}

/** A branch's list, or (null, "all my branches") what any of them sells, switched at every one. */
function StopList({ branchId }: { branchId: string | null }) {
  const { t } = useLingui();
  const list = useStopList(branchId);
  const setStop = useSetStop(branchId);
  const [query, setQuery] = useState("");
  const [onlyStopped, setOnlyStopped] = useState(false);
  const deferred = useDeferredValue(query);
  const searchId = useId();

  const shown = useMemo(() => {
    const words = foldText(deferred).split(/\s+/).filter(Boolean);
    const data = list.data ?? { products: [], options: [] };
    const stoppedAnywhere = (i: { stopped: boolean; stoppedAt: readonly string[] }) =>
      i.stopped || i.stoppedAt.length > 0;
    const products = data.products.filter(
      (p) => (!onlyStopped || stoppedAnywhere(p)) && matches(words, [textOf(p.name), textOf(p.categoryName)]),
    );
    // Each category once, in the order its first product comes.
    const byCategory = new Map<string, { id: string; name: string; products: StopListProduct[] }>();
    for (const p of products) {
      const category = byCategory.get(p.categoryId);
      if (category) category.products.push(p);
      else byCategory.set(p.categoryId, { id: p.categoryId, name: textOf(p.categoryName), products: [p] });
    }
    const categories = [...byCategory.values()];
    const options = data.options.filter(
      (o) =>
        (!onlyStopped || stoppedAnywhere(o)) &&
        matches(words, [textOf(o.name), ...o.groupNames.map((g) => textOf(g))]),
    );
    return { categories, products: products.length, options };
  }, [list.data, deferred, onlyStopped]);

  if (list.isPending) return <Loading />;
  if (list.isError) return <Failed onRetry={() => void list.refetch()} error={list.error} />;
  const { products, options } = list.data;
  const stoppedCount =
    products.filter((p) => p.stopped || p.stoppedAt.length > 0).length +
    options.filter((o) => o.stopped || o.stoppedAt.length > 0).length;
  const busyId = setStop.isPending ? setStop.variables.id : null;
  const onStop = (change: StopChange) => {
    setStop.mutate(change);
  };

  return (
    <>
      <div className="staff-toolbar">
        <label htmlFor={searchId} className="visually-hidden">
          {t`Find a dish or an option`}
        </label>
        <input
          id={searchId}
          type="search"
          className="staff-input"
          placeholder={t`Find a dish or an option`}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
          }}
        />
        <label className="staff-check">
          <input
            type="checkbox"
            checked={onlyStopped}
            onChange={(e) => {
              setOnlyStopped(e.target.checked);
            }}
          />
          {t`Only stopped (${stoppedCount})`}
        </label>
      </div>
      {setStop.isError && (
        <p className="staff-inline-error" role="alert">
          {t`The change was not saved. Check your internet connection and try again.`}
        </p>
      )}
      {products.length === 0 ? (
        <Empty
          title={t`This branch sells nothing yet`}
          text={t`Products appear here once the menu links them to the branch.`}
        />
      ) : (
        <div className={`stop-layout${options.length > 0 ? " stop-layout--options" : ""}`}>
          {options.length > 0 && (
            <section className="stop-layout__options" aria-labelledby="stop-options-title">
              <h2 id="stop-options-title" className="stop-heading">
                {t`Options`} <span className="stop-heading__count">{options.length}</span>
              </h2>
              <p className="stop-heading__lead">{t`An option stopped here is unavailable under every dish that offers it.`}</p>
              {shown.options.length === 0 ? (
                <p className="stop-none">{t`No option matches.`}</p>
              ) : (
                <ul className="staff-list" aria-label={t`Options of the branch`}>
                  {shown.options.map((o) => (
                    <StopRow
                      key={o.id}
                      item={{ ...o, kind: "modifier" }}
                      busy={busyId === o.id}
                      onStop={onStop}
                      allBranches={branchId === null}
                      meta={`${o.groupNames.map((g) => textOf(g)).join(", ")} · ${t`${plural(o.products, { one: "# dish", other: "# dishes" })}`}`}
                    />
                  ))}
                </ul>
              )}
            </section>
          )}
          <section className="stop-layout__products" aria-labelledby="stop-products-title">
            <h2 id="stop-products-title" className="stop-heading">
              {t`Dishes`} <span className="stop-heading__count">{products.length}</span>
            </h2>
            {shown.products === 0 ? (
              <Empty title={t`Nothing found`} text={t`Try another word.`} />
            ) : (
              shown.categories.map((c) => (
                <div key={c.id} className="stop-category">
                  <h3 className="stop-category__title">{c.name}</h3>
                  <ul className="staff-list" aria-label={c.name}>
                    {c.products.map((p) => (
                      <StopRow
                        key={p.id}
                        item={{ ...p, kind: "product" }}
                        busy={busyId === p.id}
                        onStop={onStop}
                        allBranches={branchId === null}
                        image={p.image}
                        brandOff={p.brandOff}
                      />
                    ))}
                  </ul>
                </div>
              ))
            )}
          </section>
        </div>
      )}
    </>
  );
}

function StopRow({
  item,
  busy,
  onStop,
  meta,
  image,
  brandOff = false,
  allBranches,
}: {
  item: Item;
  busy: boolean;
  /** "All my branches": every switch is at every branch, so the buttons alone. */
  allBranches: boolean;
  onStop: (change: StopChange) => void;
  meta?: string;
  image?: string | null;
  brandOff?: boolean;
}) {
  const { t } = useLingui();
  const name = textOf(item.name);
  const reach = stopReach(item);
  const branches = item.soldAt.length;
  const stoppedAt = item.stoppedAt.length;
  const change = (stopped: boolean, everywhere: boolean) => {
    onStop({ kind: item.kind, id: item.id, stopped, everywhere });
  };
  return (
    <li className={`staff-row${item.stopped ? " staff-row--off" : ""}`}>
      <div className="staff-row__main">
        {image !== undefined &&
          (image ? (
            <img className="staff-row__image" src={image} alt="" loading="lazy" width={48} height={48} />
          ) : (
            <span className="staff-row__image staff-row__image--none" aria-hidden="true" />
          ))}
        <div className="staff-row__text">
          <span className="staff-row__title">{name}</span>
          <span className="staff-row__meta">
            {meta && <span>{meta}</span>}
            {brandOff && <span className="staff-badge staff-badge--muted">{t`Off for the whole brand`}</span>}
            {item.stopped && <span className="staff-badge staff-badge--off">{t`Stopped`}</span>}
            {(branches > 1 || allBranches) && stoppedAt > 0 && (
              <span className="staff-badge staff-badge--muted" data-testid="stop-spread">
                {t`Stopped at ${stoppedAt} of ${plural(branches, { one: "# branch", other: "# branches" })}`}
              </span>
            )}
          </span>
          {(branches > 1 || allBranches) && (
            <div className="stop-everywhere">
              {reach !== "everywhere" && (
                <button
                  type="button"
                  className="staff-button staff-button--small"
                  disabled={busy}
                  // The visible words first, then whose (a label that holds the visible text).
                  aria-label={`${t`Stop at every branch`}: ${name}`}
                  onClick={() => {
                    change(true, true);
                  }}
                >
                  {t`Stop at every branch`}
                </button>
              )}
              {reach !== "nowhere" && (
                <button
                  type="button"
                  className="staff-button staff-button--small"
                  disabled={busy}
                  aria-label={`${t`Put back at every branch`}: ${name}`}
                  onClick={() => {
                    change(false, true);
                  }}
                >
                  {t`Put back at every branch`}
                </button>
              )}
            </div>
          )}
        </div>
        {!allBranches && (
          <Switch
            checked={!item.stopped}
            disabled={busy}
            label={t`${name} on sale`}
            onChange={(on) => {
              change(!on, false);
            }}
          />
        )}
      </div>
    </li>
  );
}

// The branch's stop-list: what it sells, found by name, each product and each of its options
// switched off and on for this branch only. The storefront's menu follows within seconds.
import { useLingui } from "@lingui/react/macro";
import { useDeferredValue, useId, useMemo, useState } from "react";
import { foldText } from "../../domain/menu.ts";
import type { StopListProduct } from "../../domain/contract/staff.ts";
import { useSetStop, useStopList } from "./api.ts";
import { ChooseBranch, Empty, Failed, Loading, SectionFrame, Switch, textOf } from "./section-frame.tsx";
import type { StaffSectionProps } from "./types.ts";

export default function StopListSection({ branchId }: StaffSectionProps) {
  const { t } = useLingui();
  return (
    <SectionFrame
      title={t`Stop-list`}
      lead={t`Switch off what the kitchen has run out of. Guests see it unavailable at this branch at once.`}
    >
      {branchId === null ? <ChooseBranch /> : <StopList branchId={branchId} />}
    </SectionFrame>
  );
}

function StopList({ branchId }: { branchId: string }) {
  const { t } = useLingui();
  const list = useStopList(branchId);
  const setStop = useSetStop(branchId);
  const [query, setQuery] = useState("");
  const [onlyStopped, setOnlyStopped] = useState(false);
  const deferred = useDeferredValue(query);
  const searchId = useId();

  const shown = useMemo(() => {
    const words = foldText(deferred).split(/\s+/).filter(Boolean);
    return (list.data ?? []).filter((p) => {
      if (onlyStopped && !p.stopped && !p.modifiers.some((m) => m.stopped)) return false;
      if (words.length === 0) return true;
      const text = foldText(
        [textOf(p.name), textOf(p.categoryName), ...p.modifiers.map((m) => textOf(m.name))].join(" "),
      );
      return words.every((w) => text.includes(w));
    });
  }, [list.data, deferred, onlyStopped]);

  if (list.isPending) return <Loading />;
  if (list.isError) return <Failed onRetry={() => void list.refetch()} error={list.error} />;
  const stoppedCount =
    list.data.filter((p) => p.stopped).length +
    list.data.flatMap((p) => p.modifiers).filter((m) => m.stopped).length;

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
      {list.data.length === 0 ? (
        <Empty
          title={t`This branch sells nothing yet`}
          text={t`Products appear here once the menu links them to the branch.`}
        />
      ) : shown.length === 0 ? (
        <Empty title={t`Nothing found`} text={t`Try another word.`} />
      ) : (
        <ul className="staff-list" aria-label={t`Products of the branch`}>
          {shown.map((p) => (
            <ProductRow
              key={p.id}
              product={p}
              busy={setStop.isPending && setStop.variables.id === p.id}
              onStop={(kind, id, stopped) => {
                setStop.mutate({ kind, id, stopped });
              }}
            />
          ))}
        </ul>
      )}
    </>
  );
}

function ProductRow({
  product,
  busy,
  onStop,
}: {
  product: StopListProduct;
  busy: boolean;
  onStop: (kind: "product" | "modifier", id: string, stopped: boolean) => void;
}) {
  const { t } = useLingui();
  const name = textOf(product.name);
  const groups = new Map<string, { name: string; items: StopListProduct["modifiers"] }>();
  for (const m of product.modifiers) {
    const g = groups.get(m.groupId) ?? { name: textOf(m.groupName), items: [] };
    g.items.push(m);
    groups.set(m.groupId, g);
  }
  return (
    <li className={`staff-row${product.stopped ? " staff-row--off" : ""}`}>
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
            {textOf(product.categoryName)}
            {product.brandOff && (
              <span className="staff-badge staff-badge--muted">{t`Off for the whole brand`}</span>
            )}
            {product.stopped && <span className="staff-badge staff-badge--off">{t`Stopped`}</span>}
          </span>
        </div>
        <Switch
          checked={!product.stopped}
          disabled={busy}
          label={t`${name} on sale`}
          onChange={(on) => {
            onStop("product", product.id, !on);
          }}
        />
      </div>
      {groups.size > 0 && (
        <div className="staff-row__options">
          {[...groups].map(([groupId, g]) => (
            <fieldset key={groupId} className="staff-options">
              <legend className="staff-options__legend">{g.name}</legend>
              {g.items.map((m) => {
                const option = textOf(m.name);
                return (
                  <div key={m.id} className={`staff-option${m.stopped ? " staff-option--off" : ""}`}>
                    <span>{option}</span>
                    <Switch
                      checked={!m.stopped}
                      label={t`${name}: ${option} on sale`}
                      onChange={(on) => {
                        onStop("modifier", m.id, !on);
                      }}
                    />
                  </div>
                );
              })}
            </fieldset>
          ))}
        </div>
      )}
    </li>
  );
}

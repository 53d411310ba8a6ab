import { useLingui } from "@lingui/react/macro";
import { useEffect, useRef } from "react";
import type { MenuCategory, MenuGroup } from "../../../domain/menu.ts";
import { pickText } from "../../../domain/multilingual.ts";
import { useContentLanguage } from "../../../lib/use-content-language.ts";
import { GroupIcon } from "./group-icon.tsx";

/**
 * Keeps the current tab visible inside its horizontally scrolling bar (without moving the page); in
 * the desktop layout's sidebar the bar is a column and the sidebar scrolls up and down.
 */
function useKeepInView(current: string | null) {
  const barRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const bar = barRef.current;
    const tab = bar?.querySelector<HTMLElement>(`[data-id="${current ?? ""}"]`);
    if (!bar || !tab) return;
    const sidebar = bar.closest<HTMLElement>(".menu-page--desktop .menu-nav");
    if (sidebar) {
      if (sidebar.scrollHeight <= sidebar.clientHeight) return;
      const top = tab.getBoundingClientRect().top - sidebar.getBoundingClientRect().top + sidebar.scrollTop;
      sidebar.scrollTo({ top: top - sidebar.clientHeight / 2 + tab.clientHeight / 2, behavior: "smooth" });
      return;
    }
    const left = tab.offsetLeft - bar.clientWidth / 2 + tab.clientWidth / 2;
    bar.scrollTo({ left, behavior: "smooth" });
  }, [current]);
  return barRef;
}

/** The sticky row of category chips; the current one follows the scroll position. */
export function CategoryNav({
  categories,
  current,
  onPick,
}: {
  categories: readonly MenuCategory[];
  current: string | null;
  onPick: (id: string) => void;
}) {
  const { t } = useLingui();
  const lang = useContentLanguage();
  const barRef = useKeepInView(current);
  return (
    <nav className="category-nav" aria-label={t`Menu categories`}>
      <div className="category-nav__bar" ref={barRef}>
        {categories.map((c) => (
          <button
            key={c.id}
            type="button"
            data-id={c.id}
            className={`category-nav__tab${c.id === current ? " category-nav__tab--current" : ""}`}
            aria-current={c.id === current ? "true" : undefined}
            onClick={() => {
              onPick(c.id);
            }}
          >
            {pickText(c.name, lang)}
          </button>
        ))}
      </div>
    </nav>
  );
}

/** multiTabNavigationEnabled: a second row of tabs for the menu groups. */
export function GroupTabs({
  groups,
  current,
  onPick,
}: {
  groups: readonly MenuGroup[];
  current: string;
  onPick: (id: string) => void;
}) {
  const { t } = useLingui();
  const lang = useContentLanguage();
  const barRef = useKeepInView(current);
  return (
    <nav className="group-tabs" aria-label={t`Menu sections`}>
      <div className="category-nav__bar" ref={barRef} role="tablist">
        {groups.map((g) => (
          <button
            key={g.id}
            type="button"
            role="tab"
            data-id={g.id}
            aria-selected={g.id === current}
            className={`group-tabs__tab${g.id === current ? " group-tabs__tab--current" : ""}`}
            style={g.bgColor && g.id === current ? { background: g.bgColor } : undefined}
            onClick={() => {
              onPick(g.id);
            }}
          >
            <GroupIcon group={g} size={24} />
            {pickText(g.name, lang)}
          </button>
        ))}
      </div>
    </nav>
  );
}

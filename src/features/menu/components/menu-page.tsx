import { useLingui } from "@lingui/react/macro";
import { Button } from "@telegram-apps/telegram-ui";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Link } from "wouter";
import { PageSpinner } from "../../../components/page-spinner.tsx";
import { ProductImage } from "../../../components/product-image.tsx";
import { StatusScreen } from "../../../components/status-screen.tsx";
import type { MenuCategory, MenuGroup, MenuTree } from "../../../domain/menu.ts";
import { pickText } from "../../../domain/multilingual.ts";
import { loadRestOfMenu, useMenu } from "../../../shared/menu/menu-query.ts";
import { useRequiredTenant } from "../../../shared/brand/tenant.ts";
import { headerHeight } from "../../../lib/header-height.ts";
import { useContentLanguage } from "../../../lib/use-content-language.ts";
import { BannerCarousel } from "./banner-carousel.tsx";
import { useDesktop } from "../../../platform/desktop.ts";
import { CategoryNav, GroupTabs } from "./category-nav.tsx";
import { MenuList, type MenuListHandle, type MenuSection } from "./menu-list.tsx";
import { ServiceSwitch } from "./service-switch.tsx";
import { useTableSession } from "../../../shared/table/table-session.ts";
import { StoryPreviews } from "./story-previews.tsx";
import { firstScreenPainted } from "../../../lib/first-screen.ts";
import "./menu.css";

/** Room the sticky bars take at the top: the app header and the category navigation. */
const NAV_HEIGHT = 52;

/** `/`: the brand's menu, arranged by its web settings. */
export function MenuPage() {
  const menu = useMenu();
  const { t } = useLingui();
  if (menu.isPending) return <PageSpinner />;
  if (menu.isError)
    return (
      <StatusScreen
        titleId="menu-error"
        title={t`The menu did not load`}
        action={
          <Button size="m" onClick={() => void menu.refetch()}>
            {t`Try again`}
          </Button>
        }
      />
    );
  if (menu.data.categories.length === 0)
    return (
      <StatusScreen
        titleId="menu-empty"
        title={t`Nothing to order here yet`}
        description={t`The menu is empty for now. Please look in again later.`}
      />
    );
  return <MenuView tree={menu.data} />;
}

function BrandStrip() {
  const { t } = useLingui();
  const { merchant, settings } = useRequiredTenant();
  const lang = useContentLanguage();
  const name = pickText(merchant.name, lang) || settings.title;
  const atTable = useTableSession() !== null;
  return (
    <section
      className={`menu-brand${settings.bookingActive ? " menu-brand--booking" : ""}`}
      aria-label={name}
    >
      <h1 className="visually-hidden">{name}</h1>
      {/* At a table the table bar says where the order goes: no service or branch to choose. */}
      {!atTable && <ServiceSwitch />}
      <Link href="/search" className="menu-brand__search">
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path
            fill="currentColor"
            d="M15.5 14h-.79l-.28-.27A6.5 6.5 0 1 0 9.5 16a6.47 6.47 0 0 0 4.23-1.57l.27.28v.79l5 5 1.5-1.5-5-5zm-6 0a4.5 4.5 0 1 1 0-9 4.5 4.5 0 0 1 0 9z"
          />
        </svg>
        {t`Search the menu`}
      </Link>
      {settings.bookingActive && (
        <Link href="/booking" className="menu-brand__booking" data-testid="menu-booking">
          {t`Book a table`}
        </Link>
      )}
    </section>
  );
}

export function MenuView({ tree }: { tree: MenuTree }) {
  const { settings } = useRequiredTenant();
  const withGroups = settings.groupView !== "WITHOUT_GROUP" && tree.groups.length > 1;
  const scope = settings.categoryView ?? "ALL";
  const groupTabs = withGroups && (settings.multiTabNavigationEnabled || scope === "GROUP_CATEGORY");
  const [groupId, setGroupId] = useState<string | null>(tree.groups[0]?.id ?? null);
  const [oneCategoryId, setOneCategoryId] = useState<string | null>(tree.categories[0]?.id ?? null);
  // The first category the list shows (with groups, the first group's), as the server's first
  // screen marks it before the list reports any.
  const [activeCategory, setActiveCategory] = useState<string | null>(
    () => (withGroups ? tree.groups[0]?.categories[0]?.id : undefined) ?? tree.categories[0]?.id ?? null,
  );
  const listRef = useRef<MenuListHandle>(null);
  // The desktop layout: the category navigation is a sticky sidebar beside the grid (menu.css).
  const desktop = useDesktop();
  // When the app shell carried only the first screen, the rest is asked for once that screen has
  // been painted, so it does not compete with its code and images (and still lands before a
  // customer on a slow phone starts to scroll: waiting for idle on top moved it into the scroll).
  useEffect(() => {
    let gone = false;
    void firstScreenPainted().then(() => {
      if (!gone) loadRestOfMenu();
    });
    return () => {
      gone = true;
    };
  }, []);

  const group: MenuGroup | undefined = tree.groups.find((g) => g.id === groupId) ?? tree.groups[0];
  const sections: MenuSection[] = useMemo(() => {
    if (scope === "ONE_CATEGORY") {
      const category = tree.categoryById.get(oneCategoryId ?? "") ?? tree.categories[0];
      return category ? [{ categories: [category] }] : [];
    }
    if (scope === "GROUP_CATEGORY" && withGroups && group) return [{ categories: group.categories }];
    if (withGroups && !groupTabs) {
      // One list with the groups as titles; categories without a group come last.
      const grouped: MenuSection[] = tree.groups.map((g) => ({ group: g, categories: g.categories }));
      const loose = tree.categories.filter((c) => c.groupId === null);
      return loose.length > 0 ? [...grouped, { categories: loose }] : grouped;
    }
    return [{ categories: tree.categories }];
  }, [scope, tree, oneCategoryId, withGroups, groupTabs, group]);

  // With groups, categories follow their groups' order (as the list shows them).
  const ordered: MenuCategory[] = useMemo(
    () =>
      withGroups
        ? [...tree.groups.flatMap((g) => g.categories), ...tree.categories.filter((c) => c.groupId === null)]
        : tree.categories,
    [withGroups, tree],
  );
  const navCategories: MenuCategory[] =
    scope === "GROUP_CATEGORY" && withGroups && group ? group.categories : ordered;

  const onActive = useCallback(
    (id: string) => {
      setActiveCategory(id);
      // In one long list the group tab follows the scroll too.
      if (groupTabs && scope === "ALL") {
        const owner = tree.categoryById.get(id)?.groupId;
        if (owner) setGroupId(owner);
      }
    },
    [groupTabs, scope, tree],
  );

  const pickCategory = (id: string) => {
    if (scope === "ONE_CATEGORY") {
      setOneCategoryId(id);
      setActiveCategory(id);
      window.scrollTo({ top: 0 });
      return;
    }
    listRef.current?.scrollToCategory(id);
  };

  const pickGroup = (id: string) => {
    setGroupId(id);
    const first = tree.groups.find((g) => g.id === id)?.categories[0];
    if (!first) return;
    if (scope === "ALL") listRef.current?.scrollToCategory(first.id);
    else {
      setActiveCategory(first.id);
      if (scope === "ONE_CATEGORY") setOneCategoryId(first.id);
      window.scrollTo({ top: 0 });
    }
  };

  /** A banner's category: its group's tab first when only one group is shown at a time. */
  const showCategory = (id: string) => {
    const owner = tree.categoryById.get(id)?.groupId ?? null;
    if (!tree.categoryById.has(id)) return;
    if (scope === "GROUP_CATEGORY" && withGroups && owner && owner !== group?.id) {
      setGroupId(owner);
      setActiveCategory(id);
      requestAnimationFrame(() => listRef.current?.scrollToCategory(id));
      return;
    }
    pickCategory(id);
  };

  const stickyOffset = headerHeight(desktop) + (desktop ? 12 : NAV_HEIGHT * (groupTabs ? 2 : 1));
  const current = scope === "ONE_CATEGORY" ? oneCategoryId : activeCategory;

  return (
    <div className={`page menu-page${desktop ? " menu-page--desktop" : ""}`}>
      <StoryPreviews />
      <BrandStrip />
      <BannerCarousel onCategory={showCategory} />
      {settings.isNavigationViewEnabled && (
        <NavigationView categories={tree.categories} images={settings.isCategoryImageVisible} />
      )}
      <div className="menu-nav">
        {groupTabs && group && <GroupTabs groups={tree.groups} current={group.id} onPick={pickGroup} />}
        <CategoryNav categories={navCategories} current={current} onPick={pickCategory} />
      </div>
      <MenuList
        sections={sections}
        categoryImages={settings.isCategoryImageVisible}
        stickyOffset={stickyOffset}
        onActiveCategory={scope === "ONE_CATEGORY" ? undefined : onActive}
        handleRef={listRef}
        desktop={desktop}
      />
    </div>
  );
}

/** isNavigationViewEnabled: a grid of the categories (with their pictures) leading to /category. */
function NavigationView({ categories, images }: { categories: MenuCategory[]; images: boolean }) {
  const { t } = useLingui();
  const lang = useContentLanguage();
  return (
    <nav className="menu-tiles" aria-label={t`Categories`}>
      <ul>
        {categories.map((c) => (
          <li key={c.id}>
            <Link href={`/category?id=${encodeURIComponent(c.id)}`} className="menu-tile">
              {images && (
                <ProductImage src={c.image} variant={{ w: 160, h: 160 }} className="menu-tile__image" />
              )}
              <span className="menu-tile__name">{pickText(c.name, lang)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

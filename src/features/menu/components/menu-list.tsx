import { useLingui } from "@lingui/react/macro";
import { useWindowVirtualizer, windowScroll } from "@tanstack/react-virtual";
import {
  memo,
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from "react";
import { CarouselArrows } from "../../../components/carousel-arrows.tsx";
import { ProductImage } from "../../../components/product-image.tsx";
import { FIRST_SCREEN_LIST_WIDTHS } from "../../../domain/contract/first-screen.ts";
import type { Product } from "../../../domain/contract/menu.ts";
import { CATEGORY_VIEW_TYPES } from "../../../domain/enums.ts";
import type { MenuCategory, MenuGroup } from "../../../domain/menu.ts";
import { pickText } from "../../../domain/multilingual.ts";
import { useContentLanguage } from "../../../lib/use-content-language.ts";
import { GroupIcon } from "./group-icon.tsx";
import { ProductCard } from "./product-card.tsx";

// The menu as one window-scrolled list of rows, virtualised: only the rows near the viewport are in
// the DOM, so 2,000 products scroll like 20. A row is a group title, a category header, a line of
// product cards (1-4 per line by viewType and width) or a category's horizontal strip.

export type MenuRow =
  | { kind: "group"; key: string; group: MenuGroup }
  /** underGroup: the category's title is a level below its group's (h3), else a section title (h2). */
  | { kind: "category"; key: string; category: MenuCategory; underGroup: boolean }
  | { kind: "products"; key: string; category: MenuCategory; products: Product[] }
  | { kind: "strip"; key: string; category: MenuCategory };

export interface MenuSection {
  group?: MenuGroup;
  categories: MenuCategory[];
}

/**
 * Cards per line for a category's view at this width. The desktop layout's grid has at least 3
 * columns of MEDIUM cards (4 where they fit, 5 on a category page of the window's width) and 2 of
 * BIG and SMALL ones (3 on that page).
 */
export function columnsFor(view: MenuCategory["viewType"], width: number, desktop = false): number {
  if (desktop) {
    if (view === "MEDIUM") return width >= 1100 ? 5 : width >= 760 ? 4 : 3;
    return width >= 1000 ? 3 : width >= 400 ? 2 : 1;
  }
  if (view === "MEDIUM") return width >= 960 ? 4 : width >= 600 ? 3 : 2;
  return width >= 900 ? 2 : 1;
}

export function buildRows(sections: readonly MenuSection[], width: number, desktop = false): MenuRow[] {
  const rows: MenuRow[] = [];
  for (const section of sections) {
    if (section.group) rows.push({ kind: "group", key: `g-${section.group.id}`, group: section.group });
    for (const category of section.categories) {
      rows.push({
        kind: "category",
        key: `c-${category.id}`,
        category,
        underGroup: section.group !== undefined,
      });
      if (category.scrollType === "HORIZONTAL") {
        rows.push({ kind: "strip", key: `s-${category.id}`, category });
        continue;
      }
      const columns = columnsFor(category.viewType, width, desktop);
      for (let i = 0; i < category.products.length; i += columns) {
        rows.push({
          kind: "products",
          key: `p-${category.id}-${i}`,
          category,
          products: category.products.slice(i, i + columns),
        });
      }
    }
  }
  return rows;
}

function estimate(row: MenuRow, width: number, categoryImages: boolean, desktop: boolean): number {
  switch (row.kind) {
    case "group":
      return categoryImages && row.group.image ? 172 : 52;
    case "category":
      return categoryImages && row.category.image ? 172 : 52;
    case "strip":
      return row.category.viewType === "BIG" ? 330 : 250;
    case "products": {
      const view = row.category.viewType;
      if (view === "SMALL") return 116;
      const columns = columnsFor(view, width, desktop);
      const cardWidth = (width - 24 - 12 * (columns - 1)) / columns;
      return view === "BIG" ? cardWidth * 0.625 + 130 : cardWidth + 108;
    }
  }
}

/**
 * The list's width (followed on resize) and its distance from the top of the page. When the list
 * mounts, both come from its ResizeObserver's first report, made after the browser's own layout:
 * read in the mounting commit, they would force that layout inside the commit (over the server's
 * first screen, the page's longest task). Later, when what the caller names changes, they are read
 * in a layout effect.
 */
function useListBox(
  ref: React.RefObject<HTMLElement | null>,
  deps: readonly unknown[],
): { width: number; top: number } {
  const [box, setBox] = useState(() => ({ width: Math.min(window.innerWidth, 720), top: 0 }));
  const mounted = useRef(false);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || !mounted.current) return;
    const width = el.clientWidth;
    const top = Math.round(el.getBoundingClientRect().top + window.scrollY);
    setBox((old) => (old.width === width && old.top === top ? old : { width, top }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller names what moves the list
  }, [ref, ...deps]);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    mounted.current = true;
    const observer = new ResizeObserver(([entry]) => {
      if (!entry) return;
      const width = Math.round(entry.contentRect.width);
      // Laid out already when this is reported: reading the position costs no layout.
      const top = Math.round(el.getBoundingClientRect().top + window.scrollY);
      setBox((old) => (old.width === width && old.top === top ? old : { width, top }));
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
    };
  }, [ref]);
  return box;
}

/**
 * The window's size for the virtualizer, as its own observeWindowRect but read first in the next
 * frame: read when the list mounts (in its commit), it would force the page's layout there.
 */
function observeWindowSize(
  instance: { scrollElement: Window | null },
  onSize: (rect: { width: number; height: number }) => void,
): () => void {
  const target = instance.scrollElement ?? window;
  const read = () => {
    onSize({ width: target.innerWidth, height: target.innerHeight });
  };
  const frame = requestAnimationFrame(read);
  target.addEventListener("resize", read, { passive: true });
  return () => {
    cancelAnimationFrame(frame);
    target.removeEventListener("resize", read);
  };
}

export interface MenuListHandle {
  scrollToCategory(categoryId: string): void;
}

interface MenuListProps {
  sections: readonly MenuSection[];
  categoryImages: boolean;
  /** Pixels covered at the top by sticky bars (header and category navigation). */
  stickyOffset: number;
  onActiveCategory?: (categoryId: string) => void;
  handleRef?: React.RefObject<MenuListHandle | null>;
  /** The desktop layout: a wider grid (columnsFor). */
  desktop?: boolean;
}

export function MenuList(props: MenuListProps) {
  return typeof window === "undefined" ? <ServerMenuList {...props} /> : <VirtualMenuList {...props} />;
}

/** The list's width the server lays the first screen out for (src/ssr sets it per screen). */
let serverWidth: number = FIRST_SCREEN_LIST_WIDTHS.phone;

export function setServerListWidth(width: number): void {
  serverWidth = width;
}

/** The list widths [from, up to) around `width` at which every view has as many cards per line. */
export function widthsLikeThis(width: number, desktop: boolean): [number, number] {
  const same = (w: number) =>
    CATEGORY_VIEW_TYPES.every((v) => columnsFor(v, w, desktop) === columnsFor(v, width, desktop));
  let from = width;
  while (from > 0 && same(from - 1)) from -= 1;
  let to = width + 1;
  while (to < 4000 && same(to)) to += 1;
  return [from, to];
}
/** A tall phone's screen: the list never starts higher than the top of the page. */
const SERVER_HEIGHT = 960;

/**
 * The menu's first screen as the server renders it into the app shell (src/ssr): its rows as the
 * virtual list draws them at the top of the page, without measuring anything.
 */
function ServerMenuList({ sections, categoryImages, desktop = false }: MenuListProps) {
  const all = buildRows(sections, serverWidth, desktop);
  const firstProducts = all.findIndex((r) => r.kind === "products" || r.kind === "strip");
  // Only what a phone's screen can show of the list: rows beyond it are the app's to draw, and each
  // one more is work for the page before its first paint. The list is as tall as the app's first
  // render makes it (every row at its estimate), so a customer can scroll before the app takes over.
  const rows: MenuRow[] = [];
  let total = 0;
  for (const row of all) {
    if (total < SERVER_HEIGHT) rows.push(row);
    total += estimate(row, serverWidth, categoryImages, desktop);
  }
  return (
    <div className="menu-list" style={{ height: total, position: "relative" }}>
      <div className="menu-list__window" style={{ transform: "translateY(0px)" }}>
        {rows.map((row, index) => (
          <div key={row.key} data-index={index} className="menu-list__row">
            <Row
              row={row}
              categoryImages={categoryImages}
              width={serverWidth}
              desktop={desktop}
              priority={index <= firstProducts}
            />
          </div>
        ))}
      </div>
    </div>
  );
}

function VirtualMenuList({
  sections,
  categoryImages,
  stickyOffset,
  onActiveCategory,
  handleRef,
  desktop = false,
}: MenuListProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const { width, top: scrollMargin } = useListBox(listRef, [sections, desktop]);
  // Set once the list's first commit is done (see measureElement).
  const mountedRef = useRef(false);
  useEffect(() => {
    mountedRef.current = true;
  }, []);
  const rows = useMemo(() => buildRows(sections, width, desktop), [sections, width, desktop]);
  // The first line of products is on the first screen: its images are the page's largest paint.
  const firstProducts = useMemo(
    () => rows.findIndex((r) => r.kind === "products" || r.kind === "strip"),
    [rows],
  );
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: (i) => {
      const row = rows[i];
      return row ? estimate(row, width, categoryImages, desktop) : 100;
    },
    getItemKey: (i) => rows[i]?.key ?? i,
    overscan: 4,
    // Scrolling re-renders the list in React's own task, not inside the scroll event: on a 4×
    // slower phone the event, the render of the new rows and the frame's layout made 51–65 ms tasks.
    useFlushSync: false,
    // The window's size from the first render (by default 0×0 until mounted): the rows in view are
    // then drawn in the app's first, interruptible render, not in a synchronous one after its commit.
    initialRect: { width: window.innerWidth, height: window.innerHeight },
    observeElementRect: observeWindowSize,
    // When it mounts, the virtualizer scrolls the window to the offset it read while rendering: the
    // window is there already, or has moved since (the server's first screen can be scrolled while
    // the app renders), and the write would force the page's layout inside the mounting commit.
    scrollToFn: (offset, options, instance) => {
      if (mountedRef.current) windowScroll(offset, options, instance);
    },
    // Rows at their exact heights, not rounded to whole pixels as by default: they then stand where
    // the same rows laid out one under the other (the server's first screen) stand, to the fraction,
    // and replacing that screen draws nothing anew.
    //
    // A row put in place by a commit (entry undefined) keeps the size it had; the ResizeObserver
    // reports its own after the browser's layout. In the list's first commit that is every row:
    // measured there, they would force the page's layout inside the commit (see useListBox).
    measureElement: (element, entry, instance) => {
      const box = entry?.borderBoxSize[0];
      if (box) return box.blockSize;
      if (!entry) {
        const index = instance.indexFromElement(element);
        const cached = instance.itemSizeCache.get(instance.options.getItemKey(index));
        if (cached !== undefined) return cached;
        if (!mountedRef.current) return instance.measurementsCache[index]?.size ?? 0;
      }
      return element.getBoundingClientRect().height;
    },
    scrollMargin,
    scrollPaddingStart: stickyOffset,
  });

  const headerIndex = useMemo(() => {
    const map = new Map<string, number>();
    rows.forEach((r, i) => {
      if (r.kind === "category") map.set(r.category.id, i);
    });
    return map;
  }, [rows]);
  // Where a jump to a category lands: the first category of a group starts with the group's title,
  // which would otherwise be left just above, under the sticky header.
  const jumpIndex = useCallback(
    (categoryId: string): number | undefined => {
      const index = headerIndex.get(categoryId);
      return index !== undefined && rows[index - 1]?.kind === "group" ? index - 1 : index;
    },
    [headerIndex, rows],
  );

  // The category last picked from the navigation, until the customer scrolls by hand: when the rest
  // of the menu arrives after its first screen, the rows above it grow and the list goes back to it.
  const picked = useRef<string | null>(null);
  useEffect(() => {
    const byHand = () => {
      picked.current = null;
    };
    const events = ["wheel", "touchstart", "pointerdown", "keydown"] as const;
    for (const name of events) window.addEventListener(name, byHand, { passive: true, capture: true });
    return () => {
      for (const name of events) window.removeEventListener(name, byHand, { capture: true });
    };
  }, []);
  useLayoutEffect(() => {
    const index = picked.current === null ? undefined : jumpIndex(picked.current);
    if (index !== undefined) virtualizer.scrollToIndex(index, { align: "start" });
  }, [jumpIndex, virtualizer]);

  useImperativeHandle(
    handleRef,
    () => ({
      scrollToCategory(categoryId: string) {
        const index = jumpIndex(categoryId);
        if (index === undefined) return;
        picked.current = categoryId;
        virtualizer.scrollToIndex(index, { align: "start" });
      },
    }),
    [jumpIndex, virtualizer],
  );

  // The category whose header was passed last follows the scroll position.
  const items = virtualizer.getVirtualItems();
  const offset = virtualizer.scrollOffset ?? 0;
  let active: string | null = null;
  for (const [id, index] of headerIndex) {
    // A group's first category begins at the group's title (where a jump to it lands).
    const start = virtualizer.measurementsCache[jumpIndex(id) ?? index]?.start;
    if (start === undefined || start > offset + stickyOffset + 8) break;
    active = id;
  }
  active ??= rows.find((r) => r.kind === "category")?.category.id ?? null;
  const lastActive = useRef<string | null>(null);
  useEffect(() => {
    if (active && active !== lastActive.current) {
      lastActive.current = active;
      onActiveCategory?.(active);
    }
  }, [active, onActiveCategory]);

  // The rows in view one under the other in a window moved to the first one's place: at the top of
  // the page they stand exactly where the server's first screen put them.
  const windowStart = (items[0]?.start ?? scrollMargin) - scrollMargin;
  return (
    <div
      ref={listRef}
      className="menu-list"
      style={{ height: virtualizer.getTotalSize(), position: "relative" }}
    >
      <div className="menu-list__window" style={{ transform: `translateY(${String(windowStart)}px)` }}>
        {items.map((item) => {
          const row = rows[item.index];
          if (!row) return null;
          return (
            <div
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              className="menu-list__row"
            >
              <Row
                row={row}
                categoryImages={categoryImages}
                width={width}
                desktop={desktop}
                priority={item.index <= firstProducts}
              />
            </div>
          );
        })}
      </div>
    </div>
  );
}

// Rows are memoised: the list re-renders on every scrolled frame, the rows it keeps do not.
const Row = memo(function Row({
  row,
  categoryImages,
  width,
  desktop,
  priority,
}: {
  row: MenuRow;
  categoryImages: boolean;
  width: number;
  desktop: boolean;
  /** On the first screen (the first products and the titles above them): images load at once, first. */
  priority: boolean;
}) {
  const lang = useContentLanguage();
  switch (row.kind) {
    case "group":
      return (
        <div className="menu-group">
          {categoryImages && row.group.image && (
            <ProductImage
              src={row.group.image}
              variant={{ w: 640, h: 240 }}
              className="menu-category__image"
              eager={priority}
            />
          )}
          <h2 className="menu-group-title">
            <GroupIcon group={row.group} size={32} />
            {pickText(row.group.name, lang)}
          </h2>
        </div>
      );
    case "category":
      return (
        <CategoryHeader
          category={row.category}
          withImage={categoryImages}
          level={row.underGroup ? 3 : 2}
          eager={priority}
        />
      );
    case "strip":
      return <CategoryStrip category={row.category} priority={priority} />;
    case "products":
      return (
        <div
          className={`menu-line menu-line--${row.category.viewType.toLowerCase()}`}
          style={{
            gridTemplateColumns: `repeat(${columnsFor(row.category.viewType, width, desktop)}, minmax(0, 1fr))`,
          }}
        >
          {row.products.map((p) => (
            <ProductCard
              key={p.id}
              product={p}
              category={row.category}
              view={row.category.viewType}
              priority={priority}
            />
          ))}
        </div>
      );
  }
});

export function CategoryHeader({
  category,
  withImage,
  level = 3,
  eager = false,
  children,
}: {
  category: MenuCategory;
  withImage: boolean;
  /** Above the first products of the first screen: its image loads at once, first. */
  eager?: boolean;
  /** Headings go down one level at a time: h2 under the page's h1, h3 under a group's h2. */
  level?: 2 | 3;
  children?: ReactNode;
}) {
  const lang = useContentLanguage();
  const name = pickText(category.name, lang);
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <div className="menu-category" id={`category-${category.id}`}>
      {withImage && category.image && (
        <ProductImage
          src={category.image}
          variant={{ w: 640, h: 240 }}
          className="menu-category__image"
          eager={eager}
        />
      )}
      <Heading
        className="menu-category__title"
        style={category.textColor ? { color: category.textColor } : undefined}
      >
        {name}
      </Heading>
      {children}
    </div>
  );
}

/** Cards of a strip a phone shows before it is scrolled sideways. */
const STRIP_CARDS_IN_VIEW = 3;

/** A HORIZONTAL category: its products in one line that scrolls sideways. */
function CategoryStrip({ category, priority }: { category: MenuCategory; priority: boolean }) {
  const { t } = useLingui();
  const lang = useContentLanguage();
  const stripRef = useRef<HTMLUListElement>(null);
  return (
    <div className="carousel">
      <ul
        ref={stripRef}
        className={`menu-strip menu-strip--${category.viewType.toLowerCase()}`}
        aria-label={t`${pickText(category.name, lang)}: scroll sideways`}
      >
        {category.products.map((p, i) => (
          <li key={p.id}>
            <ProductCard
              product={p}
              category={category}
              view={category.viewType === "SMALL" ? "MEDIUM" : category.viewType}
              // The first cards of a strip on the first screen are in view at once.
              priority={priority && i < STRIP_CARDS_IN_VIEW}
            />
          </li>
        ))}
      </ul>
      <CarouselArrows scrollerRef={stripRef} />
    </div>
  );
}

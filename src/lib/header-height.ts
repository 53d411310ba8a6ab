/**
 * The app header's height, kept in `--savat-header-height` on the document for the sticky bars
 * below it (the menu's category navigation, the desktop side panels).
 *
 * styles.css declares the usual heights (60 px phone, 64 px desktop), so the first paint needs no
 * measurement. A ResizeObserver reports the real height after layout and the property is written
 * only when it differs: writing it re-styles the whole page, and reading `offsetHeight` during the
 * first render would force a layout of the whole menu before it is painted.
 */
let known: number | null = null;

/** The header's height in CSS pixels: measured once it is drawn, the stylesheet's before then. */
export function headerHeight(desktop: boolean): number {
  // The stylesheet's values, written twice on purpose: the first render comes before the desktop
  // layout is in the document, so the stylesheet cannot be asked yet. styles.css names this file.
  return known ?? (desktop ? 64 : 60);
}

/** Follows `header`'s height until the returned function is called. */
export function observeHeaderHeight(header: HTMLElement): () => void {
  const root = document.documentElement;
  const observer = new ResizeObserver(([entry]) => {
    if (!entry) return;
    const height = Math.round(entry.borderBoxSize[0]?.blockSize ?? header.offsetHeight);
    // After layout the page's styles are clean, so this read costs no recalculation.
    const declared = Number.parseFloat(getComputedStyle(root).getPropertyValue("--savat-header-height"));
    known = height;
    if (height !== declared) root.style.setProperty("--savat-header-height", `${height}px`);
  });
  observer.observe(header);
  return () => {
    observer.disconnect();
  };
}

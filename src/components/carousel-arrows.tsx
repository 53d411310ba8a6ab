import { useLingui } from "@lingui/react/macro";
import { useEffect, useState, type RefObject } from "react";
import { useDesktop } from "../platform/desktop.ts";

function chevron(d: string) {
  return (
    <svg
      className="mirror-rtl"
      viewBox="0 0 24 24"
      width="22"
      height="22"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d={d}
        fill="none"
        stroke="currentColor"
        strokeWidth="2.4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * Previous and next buttons for a row that scrolls sideways (desktop layout; a phone swipes). Put
 * them beside the scroller inside an element with the `carousel` class. They move the row by most
 * of its width towards the start or the end of the line, so they follow a right-to-left page, and
 * switch off at either end; a row that fits shows none.
 */
export function CarouselArrows({ scrollerRef }: { scrollerRef: RefObject<HTMLElement | null> }) {
  const { t } = useLingui();
  const desktop = useDesktop();
  const [edges, setEdges] = useState({ atStart: true, atEnd: true });
  useEffect(() => {
    const el = scrollerRef.current;
    if (!desktop || !el) return;
    const update = () => {
      // A right-to-left row scrolls from 0 down to minus its overflow.
      const position = Math.abs(el.scrollLeft);
      const max = el.scrollWidth - el.clientWidth;
      setEdges({ atStart: position <= 1, atEnd: position >= max - 1 });
    };
    update();
    el.addEventListener("scroll", update, { passive: true });
    const observer = new ResizeObserver(update);
    observer.observe(el);
    return () => {
      el.removeEventListener("scroll", update);
      observer.disconnect();
    };
  }, [desktop, scrollerRef]);
  if (!desktop || (edges.atStart && edges.atEnd)) return null;
  const move = (towardsEnd: boolean) => {
    const el = scrollerRef.current;
    if (!el) return;
    const rtl = getComputedStyle(el).direction === "rtl";
    const step = el.clientWidth * 0.8 * (towardsEnd ? 1 : -1) * (rtl ? -1 : 1);
    const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    el.scrollBy({ left: step, behavior: reduced ? "auto" : "smooth" });
  };
  return (
    <>
      <button
        type="button"
        className="carousel__arrow carousel__arrow--prev"
        aria-label={t`Previous`}
        disabled={edges.atStart}
        onClick={() => {
          move(false);
        }}
      >
        {chevron("M15 5l-7 7 7 7")}
      </button>
      <button
        type="button"
        className="carousel__arrow carousel__arrow--next"
        aria-label={t`Next`}
        disabled={edges.atEnd}
        onClick={() => {
          move(true);
        }}
      >
        {chevron("M9 5l7 7-7 7")}
      </button>
    </>
  );
}

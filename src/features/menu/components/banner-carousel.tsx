import { useLingui } from "@lingui/react/macro";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import type { Banner } from "../../../domain/contract/content.ts";
import { pickText } from "../../../domain/multilingual.ts";
import { notify } from "../../../lib/notify.ts";
import { useContentLanguage } from "../../../lib/use-content-language.ts";
import { getPlatform } from "../../../platform/index.ts";
import { useRequiredTenant } from "../../../shared/brand/tenant.ts";
import { openProduct } from "../../../shared/menu/product-link.ts";
import { useBanners } from "../api/get-banners.ts";
import "./banner-carousel.css";

/** How long one banner stays before the next slides in. */
export const BANNER_INTERVAL_MS = 5_000;

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches
  );
}

/**
 * bannersActive: the brand's banners at the top of the menu. Swiped (scroll snap), advanced every
 * few seconds unless hovered, focused or reduced motion is asked for; a tap opens the banner's target.
 * Nothing is drawn while the switch is off, the list is empty or did not load.
 */
export function BannerCarousel({ onCategory }: { onCategory: (categoryId: string) => void }) {
  const { merchant, settings } = useRequiredTenant();
  const banners = useBanners(merchant.id, settings.bannersActive);
  // The room is kept while the banners are asked for, or the menu below would jump when they come.
  if (settings.bannersActive && banners.isPending) {
    return (
      <div className="banners banners--loading" aria-hidden="true">
        <div className="banners__placeholder" />
      </div>
    );
  }
  if (!settings.bannersActive || !banners.data || banners.data.length === 0) return null;
  return <Carousel banners={banners.data} onCategory={onCategory} />;
}

function Carousel({ banners, onCategory }: { banners: Banner[]; onCategory: (categoryId: string) => void }) {
  const { t } = useLingui();
  const lang = useContentLanguage();
  const trackRef = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const trackId = useId();
  const count = banners.length;

  const goTo = useCallback((index: number) => {
    const track = trackRef.current;
    if (!track) return;
    const slide = track.children[index] as HTMLElement | undefined;
    if (!slide) return;
    const rtl = getComputedStyle(track).direction === "rtl";
    track.scrollTo({
      left: rtl ? slide.offsetLeft - track.scrollWidth + track.clientWidth : slide.offsetLeft,
      behavior: prefersReducedMotion() ? "auto" : "smooth",
    });
  }, []);

  // The dot follows the swipe: the slide nearest to the track's start is the current one.
  const onScroll = () => {
    const track = trackRef.current;
    if (!track || track.clientWidth === 0) return;
    // One step is a slide and its gap (a desktop shows two slides at a time).
    const [first, second] = [track.children[0], track.children[1]] as (HTMLElement | undefined)[];
    const step = first && second ? Math.abs(second.offsetLeft - first.offsetLeft) : track.clientWidth;
    const index = Math.round(Math.abs(track.scrollLeft) / (step || track.clientWidth));
    setCurrent(Math.min(count - 1, Math.max(0, index)));
  };

  useEffect(() => {
    if (count < 2 || paused || hovered || prefersReducedMotion()) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === "hidden") return;
      goTo((current + 1) % count);
    }, BANNER_INTERVAL_MS);
    return () => {
      window.clearInterval(timer);
    };
  }, [count, paused, hovered, current, goTo]);

  const open = async (banner: Banner) => {
    const target = banner.target;
    if (!target) return;
    switch (target.type) {
      case "PRODUCT":
        openProduct(target.productId, "SHEET");
        return;
      case "CATEGORY":
        onCategory(target.categoryId);
        return;
      case "PROMO":
        try {
          await navigator.clipboard.writeText(target.code);
        } catch {
          // Clipboard refused (insecure context): the notice still names the code to type by hand.
        }
        notify({ kind: "success", text: t`Promo code copied` });
        return;
      case "URL":
        // Another site: the storefront stays open in its own tab.
        getPlatform().openLink(target.url, { newTab: true });
        return;
    }
  };

  return (
    <section
      className="banners"
      aria-roledescription={t`carousel`}
      aria-label={t`Offers`}
      onMouseEnter={() => {
        setHovered(true);
      }}
      onMouseLeave={() => {
        setHovered(false);
      }}
      onFocus={() => {
        setPaused(true);
      }}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setPaused(false);
      }}
    >
      <div className="banners__track" id={trackId} ref={trackRef} onScroll={onScroll} aria-live="off">
        {banners.map((banner, i) => {
          const title = pickText(banner.title, lang);
          const label = t`${title} (${i + 1} of ${count})`;
          return (
            <div
              key={banner.id}
              className="banners__slide"
              role="group"
              aria-roledescription={t`slide`}
              aria-label={label}
            >
              <button
                type="button"
                className="banners__button"
                data-testid="banner"
                data-target={banner.target?.type ?? "NONE"}
                disabled={banner.target === null}
                onClick={() => void open(banner)}
              >
                <img
                  className="banners__image"
                  src={banner.image}
                  width={banner.width}
                  height={banner.height}
                  alt=""
                  loading={i === 0 ? "eager" : "lazy"}
                  decoding="async"
                  draggable={false}
                />
                <span className="banners__title">{title}</span>
              </button>
            </div>
          );
        })}
      </div>
      {count > 1 && (
        <div className="banners__dots" role="group" aria-label={t`Choose a banner`}>
          {banners.map((banner, i) => (
            <button
              key={banner.id}
              type="button"
              className="banners__dot"
              aria-controls={trackId}
              aria-current={i === current ? "true" : undefined}
              aria-label={t`Banner ${i + 1} of ${count}`}
              onClick={() => {
                setCurrent(i);
                goTo(i);
              }}
            />
          ))}
        </div>
      )}
    </section>
  );
}

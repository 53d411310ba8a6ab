import { useLingui } from "@lingui/react/macro";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type PointerEvent } from "react";
import type { Story, StorySlide } from "../../../domain/contract/content.ts";
import { pickText } from "../../../domain/multilingual.ts";
import { useContentLanguage } from "../../../lib/use-content-language.ts";
import { getPlatform } from "../../../platform/index.ts";
import { openProduct } from "../../../shared/menu/product-link.ts";
import "./story-viewer.css";

/** A press held this long pauses the story instead of moving on. */
const HOLD_MS = 220;
/** A drag down this far closes the viewer. */
const CLOSE_DRAG_PX = 90;

function isRtl(): boolean {
  return document.documentElement.dir === "rtl";
}

/**
 * The full-screen story viewer, as customers know it from Instagram and Telegram: a bar per slide,
 * a tap on the start third goes back and elsewhere forward, a held press pauses, a swipe down or
 * Escape closes, slides and stories advance by themselves and the last one closes the viewer.
 * A native modal <dialog>: focus stays inside it and the page under it is inert. Its own chunk.
 */
export function StoryViewer({
  stories,
  start,
  onSeen,
  onClose,
}: {
  stories: Story[];
  start: number;
  onSeen: (id: string) => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const lang = useContentLanguage();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const [storyIndex, setStoryIndex] = useState(start);
  const [slideIndex, setSlideIndex] = useState(0);
  const [progress, setProgress] = useState(0);
  const [held, setHeld] = useState(false);
  const [paused, setPaused] = useState(false);
  const [ready, setReady] = useState(false);
  const [hidden, setHidden] = useState(document.visibilityState === "hidden");
  const [drag, setDrag] = useState(0);
  const elapsed = useRef(0);
  const press = useRef<{ x: number; y: number; timer: number; held: boolean; dragged: boolean } | null>(null);
  /** Set when a hold or a drag ended: the click that follows is not a tap. */
  const swallowClick = useRef(false);

  const story = stories[storyIndex] ?? stories[0];
  const slides = useMemo(() => story?.slides ?? [], [story]);
  const slide: StorySlide | undefined = slides[slideIndex];
  const title = story ? pickText(story.title, lang) : "";

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    // The dialog's first stop is its close button (not a tap zone that moves the story on).
    closeRef.current?.focus();
    // The page under the viewer does not scroll while it is open.
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = "hidden";
    return () => {
      root.style.overflow = overflow;
      if (dialog?.open) dialog.close();
    };
  }, []);

  useEffect(() => {
    if (story) onSeen(story.id);
  }, [story, onSeen]);

  useEffect(() => {
    const onVisibility = () => {
      setHidden(document.visibilityState === "hidden");
    };
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, []);

  const next = useCallback(() => {
    if (slideIndex < slides.length - 1) {
      setSlideIndex(slideIndex + 1);
    } else if (storyIndex < stories.length - 1) {
      setStoryIndex(storyIndex + 1);
      setSlideIndex(0);
    } else {
      onClose();
    }
  }, [slideIndex, slides.length, storyIndex, stories.length, onClose]);

  const previous = useCallback(() => {
    if (slideIndex > 0) {
      setSlideIndex(slideIndex - 1);
    } else if (storyIndex > 0) {
      setStoryIndex(storyIndex - 1);
      setSlideIndex(0);
    } else {
      // The very first slide starts again.
      elapsed.current = 0;
      setProgress(0);
    }
  }, [slideIndex, storyIndex]);

  // A new slide starts from zero once its picture is there.
  useLayoutEffect(() => {
    elapsed.current = 0;
    setProgress(0);
    setReady(false);
  }, [storyIndex, slideIndex]);

  const running = ready && !held && !paused && !hidden && slide !== undefined;
  useEffect(() => {
    if (!running) return;
    const total = slide.duration * 1000;
    let last = performance.now();
    let frame = requestAnimationFrame(function tick(now) {
      elapsed.current += now - last;
      last = now;
      if (elapsed.current >= total) {
        next();
        return;
      }
      setProgress(elapsed.current / total);
      frame = requestAnimationFrame(tick);
    });
    return () => {
      cancelAnimationFrame(frame);
    };
  }, [running, slide, next]);

  // A video plays only while the slide runs.
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    if (running) void video.play().catch(() => undefined);
    else video.pause();
  }, [running]);

  // The next slide's picture is fetched ahead, so moving on does not wait for it.
  useEffect(() => {
    const upcoming = slides[slideIndex + 1] ?? stories[storyIndex + 1]?.slides[0];
    if (upcoming) new Image().src = upcoming.type === "VIDEO" ? (upcoming.poster ?? "") : upcoming.url;
  }, [slides, slideIndex, stories, storyIndex]);

  if (!story || !slide) return null;

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    const timer = window.setTimeout(() => {
      if (press.current) press.current.held = true;
      setHeld(true);
    }, HOLD_MS);
    press.current = { x: e.clientX, y: e.clientY, timer, held: false, dragged: false };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const p = press.current;
    if (!p) return;
    const dy = e.clientY - p.y;
    if (!p.dragged && dy > 12 && Math.abs(dy) > Math.abs(e.clientX - p.x)) {
      p.dragged = true;
      window.clearTimeout(p.timer);
      setHeld(true);
    }
    if (p.dragged) setDrag(Math.max(0, dy));
  };
  const endPress = (cancelled: boolean) => {
    const p = press.current;
    press.current = null;
    if (!p) return;
    window.clearTimeout(p.timer);
    swallowClick.current = p.held || p.dragged;
    setHeld(false);
    if (p.dragged) {
      const far = drag >= CLOSE_DRAG_PX;
      setDrag(0);
      if (far && !cancelled) onClose();
    }
  };

  const tap = (forward: boolean) => {
    if (swallowClick.current) {
      swallowClick.current = false;
      return;
    }
    if (forward) next();
    else previous();
  };

  const openButton = () => {
    const target = slide.button?.target;
    if (!target) return;
    if (target.type === "PRODUCT") {
      onClose();
      openProduct(target.productId, "SHEET");
    } else {
      setPaused(true);
      getPlatform().openLink(target.url);
    }
  };

  const label = slide.button ? pickText(slide.button.label, lang) : "";
  const rtl = isRtl();

  return (
    <dialog
      ref={dialogRef}
      className="story-viewer"
      aria-label={title}
      data-testid="story-viewer"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onKeyDown={(e) => {
        if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
          e.preventDefault();
          // In a right-to-left page the arrows are mirrored, as the slides are.
          const forward = (e.key === "ArrowRight") !== rtl;
          if (forward) next();
          else previous();
        }
      }}
    >
      <div
        className="story-viewer__frame"
        style={drag > 0 ? { transform: `translateY(${drag}px)`, opacity: 1 - drag / 600 } : undefined}
      >
        <div className="story-viewer__media">
          {slide.type === "VIDEO" ? (
            <video
              key={`${storyIndex}/${slideIndex}`}
              ref={videoRef}
              className="story-viewer__picture"
              src={slide.url}
              poster={slide.poster ?? undefined}
              muted
              playsInline
              preload="auto"
              onLoadedData={() => {
                setReady(true);
              }}
              // A video shorter than its slide's time moves on when it ends (the time is a maximum).
              onEnded={next}
              onError={() => {
                setReady(true);
              }}
            />
          ) : (
            <img
              key={`${storyIndex}/${slideIndex}`}
              className="story-viewer__picture"
              src={slide.url}
              alt=""
              onLoad={() => {
                setReady(true);
              }}
              onError={() => {
                setReady(true);
              }}
            />
          )}
        </div>

        <div className="story-viewer__top">
          <div className="story-viewer__bars" aria-hidden="true">
            {slides.map((_, i) => (
              <span key={i} className="story-viewer__bar">
                <span
                  className="story-viewer__fill"
                  style={{ transform: `scaleX(${i < slideIndex ? 1 : i === slideIndex ? progress : 0})` }}
                />
              </span>
            ))}
          </div>
          <div className="story-viewer__head">
            <img className="story-viewer__avatar" src={story.preview} alt="" width="32" height="32" />
            <h2 className="story-viewer__title">{title}</h2>
            <button
              type="button"
              className="story-viewer__icon"
              aria-pressed={paused}
              aria-label={t`Pause`}
              onClick={() => {
                setPaused(!paused);
              }}
            >
              <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
                {paused ? (
                  <path d="M8 5v14l11-7z" fill="currentColor" />
                ) : (
                  <path d="M7 5h4v14H7zM13 5h4v14h-4z" fill="currentColor" />
                )}
              </svg>
            </button>
            <button
              type="button"
              className="story-viewer__icon"
              aria-label={t`Close`}
              ref={closeRef}
              onClick={onClose}
            >
              <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
                <path
                  d="M6 6l12 12M18 6L6 18"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2.4"
                  strokeLinecap="round"
                />
              </svg>
            </button>
          </div>
          <p className="visually-hidden" aria-live="polite" data-testid="story-position">
            {t`Slide ${slideIndex + 1} of ${slides.length}`}
          </p>
        </div>

        {/* Tap zones: real buttons, so a keyboard and a screen reader reach them too. */}
        <div
          className="story-viewer__zones"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={() => {
            endPress(false);
          }}
          onPointerCancel={() => {
            endPress(true);
          }}
          onContextMenu={(e) => {
            e.preventDefault();
          }}
        >
          <button
            type="button"
            className="story-viewer__zone story-viewer__zone--back"
            aria-label={t`Previous`}
            onClick={() => {
              tap(false);
            }}
          />
          <button
            type="button"
            className="story-viewer__zone story-viewer__zone--forward"
            aria-label={t`Next`}
            onClick={() => {
              tap(true);
            }}
          />
        </div>

        {slide.button && (
          <div className="story-viewer__action">
            <button type="button" className="story-viewer__cta" onClick={openButton}>
              {label}
            </button>
          </div>
        )}
      </div>
    </dialog>
  );
}

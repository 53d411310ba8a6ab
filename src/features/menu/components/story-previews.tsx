import { useLingui } from "@lingui/react/macro";
import { lazy, Suspense, useRef, useState } from "react";
import type { Story } from "../../../domain/contract/content.ts";
import { pickText } from "../../../domain/multilingual.ts";
import { useContentLanguage } from "../../../lib/use-content-language.ts";
import { useRequiredTenant } from "../../../shared/brand/tenant.ts";
import { useCustomerId } from "../../../shared/session/session-atom.ts";
import { useStories } from "../api/get-stories.ts";
import { useSeenStories } from "../seen-stories.ts";
import "./story-previews.css";

// The viewer is its own chunk: the menu's first paint carries only the round previews.
const loadViewer = () => import("./story-viewer.tsx");
const StoryViewer = lazy(() => loadViewer().then((m) => ({ default: m.StoryViewer })));

/**
 * storiesActive: round previews of the brand's stories under the header; a tap opens the
 * full-screen viewer at that story. Watched stories are greyed out (per brand and customer).
 * Nothing is drawn while the switch is off, the list is empty or did not load.
 */
export function StoryPreviews() {
  const { sub, merchant, settings } = useRequiredTenant();
  const stories = useStories(merchant.id, settings.storiesActive);
  if (settings.storiesActive && stories.isPending) {
    // The room is kept while the stories are asked for, so the menu does not jump when they come.
    return <div className="stories stories--loading" aria-hidden="true" />;
  }
  if (!settings.storiesActive || !stories.data || stories.data.length === 0) return null;
  return <StoryStrip sub={sub} stories={stories.data} />;
}

function StoryStrip({ sub, stories }: { sub: string; stories: Story[] }) {
  const { t } = useLingui();
  const lang = useContentLanguage();
  const customerId = useCustomerId();
  const [seen, markSeen] = useSeenStories(sub, customerId);
  const [open, setOpen] = useState<number | null>(null);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const returnTo = useRef(0);

  return (
    <section className="stories" aria-label={t`Stories`}>
      <ul className="stories__list">
        {stories.map((story, i) => {
          const title = pickText(story.title, lang);
          const watched = seen.includes(story.id);
          return (
            <li key={story.id}>
              <button
                type="button"
                ref={(el) => {
                  buttons.current[i] = el;
                }}
                className={`stories__preview${watched ? " stories__preview--seen" : ""}`}
                data-testid="story-preview"
                data-seen={watched ? "true" : "false"}
                aria-label={watched ? t`${title}, watched` : title}
                onPointerEnter={() => void loadViewer()}
                onClick={() => {
                  returnTo.current = i;
                  setOpen(i);
                }}
              >
                <span className="stories__ring">
                  <img className="stories__image" src={story.preview} alt="" width="64" height="64" />
                </span>
                <span className="stories__title" aria-hidden="true">
                  {title}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {open !== null && (
        <Suspense fallback={null}>
          <StoryViewer
            stories={stories}
            start={open}
            onSeen={markSeen}
            onClose={() => {
              setOpen(null);
              // Focus goes back to the preview of the story the customer opened.
              buttons.current[returnTo.current]?.focus();
            }}
          />
        </Suspense>
      )}
    </section>
  );
}

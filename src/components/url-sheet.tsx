import { lazy, Suspense, useCallback, useId, useState, type ReactNode } from "react";
import { useLocation, useSearch } from "wouter";
import { navigate } from "wouter/use-browser-location";

// Bottom sheets that live in the URL: `?sheet=<name>` opens one, so a link or a reload shows it,
// and the back button (the browser's, Telegram's or Android's) closes it like a page.

const PARAM = "sheet";
const SheetModal = lazy(() => import("./sheet-modal.tsx").then((m) => ({ default: m.SheetModal })));
interface SheetHistoryState {
  savatSheet?: string;
}

function withSheet(search: string, name: string | null): string {
  const params = new URLSearchParams(search);
  if (name === null) params.delete(PARAM);
  else params.set(PARAM, name);
  const query = params.toString();
  return query ? `?${query}` : "";
}

export function useUrlSheet(name: string): { isOpen: boolean; open: () => void; close: () => void } {
  const [location] = useLocation();
  const search = useSearch();
  const isOpen = new URLSearchParams(search).get(PARAM) === name;

  const open = useCallback(() => {
    if (new URLSearchParams(window.location.search).get(PARAM) === name) return;
    const state: SheetHistoryState = { savatSheet: name };
    navigate(`${location}${withSheet(window.location.search, name)}`, { state });
  }, [location, name]);

  const close = useCallback(() => {
    if (new URLSearchParams(window.location.search).get(PARAM) !== name) return;
    // Opened from this page: going back closes it and keeps history clean. Opened from a link:
    // the entry is replaced, so back then leaves the page as usual.
    if ((window.history.state as SheetHistoryState | null)?.savatSheet === name) window.history.back();
    else navigate(`${location}${withSheet(window.location.search, null)}`, { replace: true });
  }, [location, name]);

  return { isOpen, open, close };
}

export function UrlSheet({
  name,
  title,
  children,
}: {
  name: string;
  /** Names the dialog for assistive technology and heads the sheet. */
  title: string;
  children: ReactNode;
}) {
  const { isOpen, close } = useUrlSheet(name);
  const titleId = useId();
  // The sheet's code loads on first use and then stays, so closing still animates.
  const [used, setUsed] = useState(isOpen);
  if (isOpen && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <SheetModal open={isOpen} onClose={close} labelledBy={titleId}>
        <div className="url-sheet__body">
          <h2 id={titleId} className="url-sheet__title">
            {title}
          </h2>
          {children}
        </div>
      </SheetModal>
    </Suspense>
  );
}

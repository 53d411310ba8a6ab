import { useLingui } from "@lingui/react/macro";
import { Component, lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { PageSpinner } from "../page-spinner.tsx";
import type { MapViewProps } from "./types.ts";
import "./map.css";

/** How long the map may take to load (code, style, first frame) before the customer is told (spec section 9). */
export const MAP_WAIT_TIMEOUT_MS = 5_000;

const loadMapView = () => import("./map-view.tsx");
let MapView = lazy(loadMapView);
/** After a failed download: the next render asks for the chunk again (lazy keeps its failure). */
function reloadMapChunk(): void {
  MapView = lazy(loadMapView);
}

/** Starts downloading the map early (e.g. on a tap that will open one). */
export function preloadMap(): void {
  void loadMapView();
}

/** A map chunk that failed to download counts as a map that did not load. */
class MapChunkBoundary extends Component<{ children: ReactNode; onFail: () => void }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }
  override componentDidCatch(): void {
    this.props.onFail();
  }
  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}

type WaitState = "loading" | "ready" | "failed";

/**
 * The one door to the map: MapLibre (~300 KB gzip plus its worker) loads only when a map is shown.
 * A map that has not loaded within MAP_WAIT_TIMEOUT_MS (slow or blocked network, failed style) says
 * so with a retry instead of spinning forever; if it still arrives, the notice goes away.
 */
export function LazyMap(props: MapViewProps) {
  const { t } = useLingui();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<WaitState>("loading");
  const [chunkFailed, setChunkFailed] = useState(false);
  const { onReady } = props;

  useEffect(() => {
    if (state !== "loading") return;
    const timer = window.setTimeout(() => {
      // Functional: on a busy phone the map's load can land between this timer and the render that
      // would have cancelled it, and a map already drawn must not be covered by "did not load".
      setState((s) => (s === "loading" ? "failed" : s));
    }, MAP_WAIT_TIMEOUT_MS);
    return () => {
      window.clearTimeout(timer);
    };
  }, [state, attempt]);

  const fail = () => {
    setState((s) => (s === "ready" ? s : "failed"));
  };
  const retry = () => {
    if (chunkFailed) {
      reloadMapChunk();
      setChunkFailed(false);
    }
    setState("loading");
    setAttempt((a) => a + 1);
  };

  return (
    <div className="savat-map-frame" data-map-wait={state}>
      <MapChunkBoundary
        key={attempt}
        onFail={() => {
          setChunkFailed(true);
          fail();
        }}
      >
        <Suspense
          fallback={
            <div className={`savat-map ${props.className ?? ""}`} data-map-state="loading">
              {state === "loading" && <PageSpinner />}
            </div>
          }
        >
          <MapView
            {...props}
            onReady={() => {
              setState("ready");
              onReady?.();
            }}
            onFail={fail}
          />
        </Suspense>
      </MapChunkBoundary>
      {state === "failed" && (
        <div className="savat-map__notice" role="alert">
          <p className="savat-map__notice-text">
            {t`The map did not load. Check your internet connection and try again.`}
          </p>
          <button type="button" className="button-link savat-map__retry" onClick={retry}>
            {t`Try again`}
          </button>
        </div>
      )}
    </div>
  );
}

/**
 * Parts of the page the first screen does not show (the footer, the active-order chip, the order
 * draft's background work, a table's QR launch, the rest of the menu) load once the first screen
 * has been painted, so their chunks and calls do not compete with its own for the network and the
 * main thread.
 */
let markPainted: () => void = () => undefined;
const painted = new Promise<void>((resolve) => {
  markPainted = resolve;
});

/** Longest wait: a page opened in a background tab paints no frame until it is shown. */
const MAX_WAIT_MS = 1000;

/**
 * Called once the first screen has been committed. The wait ends when that screen's largest
 * element has been painted (the next largest-contentful-paint entry, whose time is when the frame
 * was shown), or after the next frame where the browser does not report those.
 */
export function firstScreenCommitted(): void {
  const done = () => setTimeout(markPainted, 0);
  // Safari and test environments do not report largest paints.
  // Over the server's first screen the app's own paints nothing larger: no new entry would come.
  const replaced = document.documentElement.dataset.firstScreen === "server";
  const reports =
    !replaced &&
    typeof PerformanceObserver === "function" &&
    PerformanceObserver.supportedEntryTypes.includes("largest-contentful-paint");
  if (reports) {
    const observer = new PerformanceObserver(() => {
      observer.disconnect();
      done();
    });
    observer.observe({ type: "largest-contentful-paint" });
  } else {
    requestAnimationFrame(done);
  }
  setTimeout(markPainted, MAX_WAIT_MS);
}

/** Settles once the first screen has been painted. */
export function firstScreenPainted(): Promise<void> {
  return painted;
}

/** A chunk's loader that starts only after the first screen has been painted. */
export function afterFirstScreen<T>(load: () => Promise<T>): () => Promise<T> {
  // The first screen rendered on the server (src/ssr) has none of these parts: their loaders fail
  // there, and an optional chunk that fails renders nothing.
  if (typeof window === "undefined") return () => Promise.reject(new Error("drawn after the first screen"));
  return () => painted.then(load);
}

/**
 * A chunk's loader that the server's first screen goes without (its stylesheet is not in the
 * shell): the app draws the part in its first commit.
 */
export function clientOnly<T>(load: () => Promise<T>): () => Promise<T> {
  if (typeof window === "undefined") return () => Promise.reject(new Error("drawn by the app"));
  return load;
}

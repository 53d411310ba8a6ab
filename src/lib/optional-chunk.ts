import { lazy, type ComponentType } from "react";

/**
 * A component in a chunk of its own that the page can do without: one whose chunk cannot load
 * (offline) renders nothing for this visit instead of throwing, which would blank the whole page
 * where no error boundary sits above it (the app's chrome, the footer's QR code).
 */
export function optionalChunk<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy((): Promise<{ default: ComponentType<P> }> =>
    load().then(
      (component) => ({ default: component }),
      () => ({ default: () => null }),
    ),
  );
}

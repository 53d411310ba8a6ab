import { Component, type ErrorInfo, type ReactNode } from "react";
import { ErrorPage } from "../components/error-page.tsx";
import { LoadFailed } from "../components/load-failed.tsx";
import { ApiError, errorText } from "../lib/api-client.ts";
import { isChunkLoadError, reloadForChunkError } from "../lib/deploy.ts";

interface State {
  error: Error | null;
}

/**
 * Catches a screen that failed to render or load. A lazy chunk that no longer exists (a new
 * deployment) reloads the page, at most once per 10 s per path; one that could not be fetched
 * (offline) shows a try-again state; anything else shows the generic error page. `resetKey` (the path) clears the error on navigation.
 */
export class ErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    if (isChunkLoadError(error) && reloadForChunkError()) return;
    console.error(error, info.componentStack);
  }

  override componentDidUpdate(previous: { resetKey: string }): void {
    if (previous.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (isChunkLoadError(error)) {
      // The screen's code did not arrive (offline): it loads with the page once back online.
      return (
        <LoadFailed
          onRetry={() => {
            if (navigator.onLine) window.location.reload();
          }}
        />
      );
    }
    if (error instanceof ApiError) {
      return <ErrorPage status={error.status >= 400 ? error.status : 500} message={errorText(error)} />;
    }
    return <ErrorPage status={500} message={error.message} />;
  }
}

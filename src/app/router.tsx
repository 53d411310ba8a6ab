import { Suspense, useEffect, useRef } from "react";
import { matchRoute, Redirect, useLocation, useRouter, useSearch } from "wouter";
import { NotFoundPage } from "../components/error-page.tsx";
import { PageSpinner } from "../components/page-spinner.tsx";
import { isNewBuildAvailable } from "../lib/deploy.ts";
import { useTenant } from "../shared/brand/tenant.ts";
import { ErrorBoundary } from "./error-boundary.tsx";
import { LAYOUTS } from "./layouts/layouts.tsx";
import { activeRoutes, routes, type AppRoute } from "./routes.tsx";
import { useHostBackButton } from "./use-host-back-button.ts";

/** What boot found out about the brand. */
export type BrandStatus = "ready" | "blocked" | "unavailable";

const BLOCKED = "/blocked";
const UNAVAILABLE = "/merchantNotAvailable";

/**
 * The check-merchant guard: an unresolvable brand only has /merchantNotAvailable, a switched-off
 * one only /blocked, and an active brand never shows either. Null when the path may render.
 */
export function guardRedirect(status: BrandStatus, path: string): string | null {
  if (status === "unavailable") return path === UNAVAILABLE ? null : UNAVAILABLE;
  if (status === "blocked") return path === BLOCKED ? null : BLOCKED;
  return path === BLOCKED || path === UNAVAILABLE ? "/" : null;
}

/** A full page load on the first navigation after a new deployment was noticed. */
function useReloadOnNewBuild(location: string): void {
  const previous = useRef(location);
  useEffect(() => {
    if (previous.current !== location && isNewBuildAvailable()) window.location.reload();
    previous.current = location;
  }, [location]);
}

/**
 * The path the browser's back or forward went to, which brings its own scroll position back. Only
 * that path: a back that closed a sheet (the query changed, not the path) must not make the next
 * page, the basket opened from far down the menu, keep the menu's scroll (issue 35).
 */
let poppedTo: string | null = null;
if (typeof window !== "undefined") {
  window.addEventListener("popstate", () => {
    poppedTo = window.location.pathname;
  });
}

/**
 * A new page starts at its top (the basket opened from far down the menu kept the menu's scroll).
 * Only the path counts: a sheet or a tab in the query keeps the page where it is; back and forward
 * leave the position to the browser.
 */
function useNewPageAtTop(location: string): void {
  const previous = useRef(location);
  useEffect(() => {
    const restored = poppedTo === location;
    if (previous.current !== location && !restored) window.scrollTo({ top: 0, left: 0 });
    previous.current = location;
    poppedTo = null;
  }, [location]);
}

export function AppRouter({ status }: { status: BrandStatus }) {
  const [location] = useLocation();
  const search = useSearch();
  const { parser } = useRouter();
  const tenant = useTenant();
  useReloadOnNewBuild(location);
  useNewPageAtTop(location);
  useHostBackButton(location, search);

  const redirect = guardRedirect(status, location);
  if (redirect) return <Redirect to={redirect} replace />;

  const candidates: readonly AppRoute[] =
    status === "unavailable"
      ? routes.filter((r) => r.path === UNAVAILABLE)
      : activeRoutes(tenant?.settings ?? null);
  let match: { route: AppRoute; params: Record<string, string | undefined> } | null = null;
  for (const route of candidates) {
    const [matches, params] = matchRoute(parser, route.path, location);
    if (matches) {
      match = { route, params };
      break;
    }
  }

  const Layout = LAYOUTS[match?.route.layout ?? "default"];
  const Screen = match?.route.screen;
  return (
    <Layout>
      <ErrorBoundary resetKey={location}>
        <Suspense fallback={<PageSpinner />}>
          {Screen && match ? <Screen params={match.params} /> : <NotFoundPage path={location} />}
        </Suspense>
      </ErrorBoundary>
    </Layout>
  );
}

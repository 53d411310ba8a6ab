import { I18nProvider } from "@lingui/react";
import { useLingui } from "@lingui/react/macro";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { Provider } from "jotai";
import { AppRoot, Button } from "@telegram-apps/telegram-ui";
import { Suspense, useEffect, useLayoutEffect, type ReactNode } from "react";
import { ErrorPage } from "../components/error-page.tsx";
import { NotificationHost } from "../components/notification-host.tsx";
import { errorText } from "../lib/api-client.ts";
import { optionalChunk } from "../lib/optional-chunk.ts";
import { afterFirstScreen, firstScreenCommitted } from "../lib/first-screen.ts";
import {
  applyBrandLook,
  brandLook,
  DEFAULT_BRAND_COLOR,
  DEFAULT_FAVICON,
} from "../shared/brand/brand-look.ts";
import { i18n } from "../lib/i18n.ts";
import { TenantContext, type Tenant } from "../shared/brand/tenant.ts";
import { useContentLanguage } from "../lib/use-content-language.ts";
import { getPlatform } from "../platform/index.ts";
import type { BootResult } from "./boot.ts";
import { AppRouter } from "./router.tsx";
import { appStore } from "../lib/app-store.ts";

// The order draft's background work (delivery recalculation, guest addresses after login) is not
// needed to paint the first screen: its own chunk, loaded once that screen has been painted.
const OrderDraftEffects = optionalChunk(
  afterFirstScreen(() =>
    import("../shared/order-draft/order-draft-effects.tsx").then((m) => m.OrderDraftEffects),
  ),
);

// The menu's live stream (open pages follow stop-list changes): after the first screen too.
const MenuLive = optionalChunk(
  afterFirstScreen(() => import("../shared/menu/menu-live.tsx").then((m) => m.MenuLive)),
);

// A launch by a table's QR code (and the stored table's check): its own chunk too.
const TableEntry = optionalChunk(
  afterFirstScreen(() => import("../features/table/components/table-entry.tsx").then((m) => m.TableEntry)),
);

/** Applies the brand's look to the document and gives telegram-ui its light or dark appearance. */
function BrandRoot({ tenant, children }: { tenant: Tenant | null; children: ReactNode }) {
  const { t } = useLingui();
  const language = useContentLanguage();
  const host = getPlatform();
  const look = tenant
    ? brandLook(tenant.merchant, tenant.settings, host, language)
    : {
        primary: DEFAULT_BRAND_COLOR,
        onPrimary: "#000000",
        appearance: host.kind !== "web" && host.colorScheme ? host.colorScheme : "light",
        title: t`Online ordering`,
        favicon: DEFAULT_FAVICON,
        logo: null,
      };
  const { primary, onPrimary, appearance, title, favicon, logo } = look;
  useLayoutEffect(() => {
    applyBrandLook({ primary, onPrimary, appearance, title, favicon, logo });
  }, [primary, onPrimary, appearance, title, favicon, logo]);
  return (
    <AppRoot appearance={appearance} className="savat-app">
      {children}
    </AppRoot>
  );
}

function BootFailed({ result }: { result: Extract<BootResult, { status: "failed" }> }) {
  const { t } = useLingui();
  return (
    <main id="main" className="layout layout--auth">
      <ErrorPage
        status={result.error.status >= 500 ? result.error.status : 503}
        message={errorText(result.error)}
        action={
          <Button
            mode="filled"
            size="l"
            onClick={() => {
              window.location.reload();
            }}
          >
            {t`Try again`}
          </Button>
        }
      />
    </main>
  );
}

export function App({ boot, queryClient }: { boot: BootResult; queryClient: QueryClient }) {
  const tenant = boot.status === "ready" || boot.status === "blocked" ? boot.tenant : null;
  // The app is rendered once boot has the first screen's data and code: its first commit is it.
  useEffect(() => {
    firstScreenCommitted();
  }, []);
  return (
    <Provider store={appStore()}>
      <QueryClientProvider client={queryClient}>
        <I18nProvider i18n={i18n}>
          <TenantContext.Provider value={tenant}>
            <BrandRoot tenant={tenant}>
              {boot.status === "failed" ? <BootFailed result={boot} /> : <AppRouter status={boot.status} />}
              {boot.status === "ready" && (
                <Suspense fallback={null}>
                  <OrderDraftEffects />
                  <TableEntry />
                  <MenuLive />
                </Suspense>
              )}
              <NotificationHost />
            </BrandRoot>
          </TenantContext.Provider>
        </I18nProvider>
      </QueryClientProvider>
    </Provider>
  );
}

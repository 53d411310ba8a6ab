import "@telegram-apps/telegram-ui/dist/styles.css";
import "./app/styles.css";
import { startTransition, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app.tsx";
import { bootStorefront } from "./app/boot.ts";
import { PRODUCT_PARAM, PRODUCT_SHEET, productOfStartParam } from "./shared/menu/product-link.ts";
import { routes } from "./app/routes.tsx";
import { loadRestOfMenu } from "./shared/menu/menu-query.ts";
import { startAnalytics } from "./features/analytics/analytics-switches.ts";
import { errorText } from "./lib/api-client.ts";
import { connectApiClientToSession } from "./shared/session/api-session.ts";
import { showPendingAuthNotice } from "./shared/session/auth.ts";
import { loadStoredSchemasIfNeeded } from "./shared/session/checked-storage.ts";
import { checkAppVersion, installChunkErrorReload, watchDeployments } from "./lib/deploy.ts";
import { notify } from "./lib/notify.ts";
import { registerServiceWorker } from "./lib/offline.ts";
import { createQueryClient } from "./lib/query-client.ts";
import { nextTask } from "./lib/next-task.ts";
import { applyUrlPrefix } from "./lib/url-prefix.ts";
import { initPlatform, renderInitDataMissing } from "./platform/index.ts";
import { signInWithHost } from "./shared/session/host-sign-in.ts";
import { orderOfStartParam } from "./domain/telegram.ts";

const REST_OF_MENU_FALLBACK_MS = 3_000;

// Boot: version check, URL language prefix, then the host platform and the brand in parallel,
// the host sign-in (Telegram, Click), and the first render.
async function main(): Promise<void> {
  // The entry's evaluation is a long task on a slow phone already: boot starts in the next one.
  await nextTask();
  if (checkAppVersion()) {
    window.location.reload();
    return;
  }
  applyUrlPrefix();
  installChunkErrorReload();
  // A returning customer's stored session and basket are checked before anything reads them.
  await loadStoredSchemasIfNeeded();
  connectApiClientToSession();
  const root = document.getElementById("root");
  if (!root) throw new Error("#root is missing from index.html");

  // The first screen's code loads while the platform and the merchant do.
  const firstScreen = routes
    .find((r) => r.path === window.location.pathname)
    ?.preload?.()
    .catch(() => undefined);

  const hostReady = initPlatform();
  const queryClient = createQueryClient();
  const booting = bootStorefront(queryClient, hostReady);

  const host = await hostReady;
  if (host.initDataMissing) {
    // Telegram opened the app without usable initData: startup stops (spec section 4, Login); the
    // platform layer has logged "Telegram initData not found".
    renderInitDataMissing(root, {
      language: host.language,
      onClose: () => {
        host.close();
      },
    });
    return;
  }

  const boot = await booting;
  if (boot.status === "ready") {
    showPendingAuthNotice();
    const outcome = await signInWithHost(host, { sub: boot.tenant.sub, merchantId: boot.tenant.merchant.id });
    if (outcome.status === "failed") notify({ kind: "error", text: errorText(outcome.error) });
  }

  // A shared product (t.me/<bot>?startapp=product_<id>) opens over the menu.
  const shared = productOfStartParam(host.startParam);
  if (boot.status === "ready" && shared && window.location.pathname === "/") {
    window.history.replaceState(
      null,
      "",
      `/?sheet=${PRODUCT_SHEET}&${PRODUCT_PARAM}=${encodeURIComponent(shared)}`,
    );
  }

  // A bot message's button (t.me/<bot>?startapp=order_<id>) opens that order.
  const order = orderOfStartParam(host.startParam);
  if (boot.status === "ready" && order && window.location.pathname === "/") {
    window.history.replaceState(null, "", `/profile/orders/${order}`);
  }

  // The first screen renders in the first pass once its chunk is here (it has been loading beside
  // the boot calls); a chunk that fails to load is the route's own error to show.
  await firstScreen;
  // As a transition, the first render yields to the browser every few milliseconds instead of
  // holding the main thread for the whole menu (a slow phone would not answer a tap meanwhile).
  const reactRoot = createRoot(root);
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <App boot={boot} queryClient={queryClient} />
      </StrictMode>,
    );
  });

  // The menu's first screen from the shell is completed by the menu page once painted; this is the
  // fallback for a visit that never shows that page.
  window.setTimeout(loadRestOfMenu, REST_OF_MENU_FALLBACK_MS);
  if (import.meta.env.PROD) watchDeployments();
  registerServiceWorker(() => {
    void queryClient.refetchQueries({ type: "active" });
  });
  if (boot.status === "ready") void startAnalytics(boot.tenant.settings, boot.locale).catch(() => undefined);
}

void main();

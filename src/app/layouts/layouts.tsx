import { useLingui } from "@lingui/react/macro";
import type { ComponentType, ReactNode } from "react";
import { LanguageSwitcher } from "../../features/language/components/language-switcher.tsx";
import { merchantLocales } from "../../lib/i18n.ts";
import { useTenant } from "../../lib/tenant.ts";
import type { LayoutName } from "../routes.tsx";
import { AppFooter } from "./app-footer.tsx";
import { AppHeader } from "./app-header.tsx";

// The four layouts of spec section 2. A layout stays mounted while the customer moves between
// routes that share it, so the header and footer do not flash.

function SkipLink() {
  const { t } = useLingui();
  return (
    <a className="skip-link" href="#main">
      {t`Skip to content`}
    </a>
  );
}

/** Header, content, footer: the storefront's pages. */
function DefaultLayout({ children }: { children: ReactNode }) {
  return (
    <div className="layout layout--default">
      <SkipLink />
      <AppHeader />
      <main id="main" className="layout__main" tabIndex={-1}>
        {children}
      </main>
      <AppFooter />
    </div>
  );
}

/** A centred column without the storefront chrome: login, merchant not available. */
function AuthLayout({ children }: { children: ReactNode }) {
  const tenant = useTenant();
  return (
    <div className="layout layout--auth">
      <SkipLink />
      <header className="layout__bar">
        <LanguageSwitcher locales={merchantLocales(tenant?.settings)} />
      </header>
      <main id="main" className="layout__main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}

/** The header without the footer: the brand's extra pages. */
function ExtraLayout({ children }: { children: ReactNode }) {
  return (
    <div className="layout layout--extra">
      <SkipLink />
      <AppHeader />
      <main id="main" className="layout__main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}

/** The whole screen for a map: address and branch pickers. */
function MapLayout({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="layout layout--map" tabIndex={-1}>
      {children}
    </main>
  );
}

export const LAYOUTS: Record<LayoutName, ComponentType<{ children: ReactNode }>> = {
  auth: AuthLayout,
  default: DefaultLayout,
  extra: ExtraLayout,
  map: MapLayout,
};

import { I18nProvider } from "@lingui/react";
import { useLingui } from "@lingui/react/macro";
import { QueryClientProvider, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { AppRoot, Button, Spinner } from "@telegram-apps/telegram-ui";
import { Provider } from "jotai";
import { useLayoutEffect, useState } from "react";
import type { Merchant, WebSettings } from "../domain/contract/merchant.ts";
import { pickText } from "../domain/multilingual.ts";
import { isStaffRole } from "../domain/staff-scope.ts";
import { NotificationHost } from "../components/notification-host.tsx";
import { appStore } from "../lib/app-store.ts";
import { i18n, merchantLocales, toContentLanguage } from "../lib/i18n.ts";
import type { ContentLanguage } from "../domain/enums.ts";
import { useContentLanguage } from "../lib/use-content-language.ts";
import { applyBrandLook, brandLook } from "../shared/brand/brand-look.ts";
import { getMe } from "./api.ts";
import { staffKeys } from "./query-keys.ts";
import { forgetStaffUser, readStaffSession, writeStaffSession, type StaffSession } from "./session.ts";
import { StaffShell } from "./shell.tsx";
import { NotStaff, StaffSignIn } from "./sign-in.tsx";

export type StaffBoot =
  | { status: "ready"; sub: string; merchant: Merchant; settings: WebSettings | null }
  | { status: "unavailable" }
  | { status: "failed" };

export interface StaffBrand {
  sub: string;
  merchant: Merchant;
  name: string;
  logo: string | null;
  /** How the brand serves: the console leaves out what it does not (tables, couriers' column). */
  services: { delivery: boolean; dineIn: boolean };
  /** The languages the brand writes its texts in (the menu editor asks for each). */
  languages: ContentLanguage[];
}

function Centered({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <main id="main" className="staff-center">
      <div className="staff-panel">
        <h1 className="staff-panel__title">{title}</h1>
        {children}
      </div>
    </main>
  );
}

function BootProblem({ status }: { status: "unavailable" | "failed" }) {
  const { t } = useLingui();
  return status === "unavailable" ? (
    <Centered title={t`This brand is not available`} />
  ) : (
    <Centered title={t`Something went wrong, please try again later`}>
      <Button
        mode="filled"
        size="l"
        stretched
        onClick={() => {
          window.location.reload();
        }}
      >
        {t`Try again`}
      </Button>
    </Centered>
  );
}

/** Signs in, checks the role and opens the console. */
function Gate({ brand }: { brand: StaffBrand }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [session, setSession] = useState<StaffSession | null>(() => readStaffSession(brand.sub));
  // A stored session is checked once: the role may have been taken away since.
  const me = useQuery({
    queryKey: staffKeys.me(brand.merchant.id),
    enabled: session !== null,
    queryFn: async ({ signal }) => {
      const [error, user] = await getMe(signal);
      if (error) throw error;
      return user;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
  // A shared tablet: the next employee sees nothing of this one (no cached board, customers'
  // phones, "me" or sections' data) and starts from their own branches.
  const signOut = () => {
    forgetStaffUser(brand.sub);
    setSession(null);
    queryClient.clear();
  };
  if (!session) {
    return (
      <StaffSignIn
        brand={brand}
        onSignedIn={(next) => {
          writeStaffSession(brand.sub, next);
          setSession(next);
        }}
      />
    );
  }
  if (me.isPending)
    return (
      <div className="staff-center" role="status" aria-label={t`Loading`}>
        <Spinner size="l" />
      </div>
    );
  const role = me.data?.role ?? session.user.role;
  if (!isStaffRole(role)) return <NotStaff brand={brand} session={session} onSignOut={signOut} />;
  return <StaffShell brand={brand} session={session} onSignOut={signOut} />;
}

function BrandedRoot({ boot }: { boot: StaffBoot }) {
  const language = useContentLanguage();
  const ready = boot.status === "ready" ? boot : null;
  const { t } = useLingui();
  const look = ready
    ? brandLook(ready.merchant, ready.settings, { kind: "web", colorScheme: undefined }, language)
    : null;
  const primary = look?.primary;
  const onPrimary = look?.onPrimary;
  const favicon = look?.favicon;
  const logo = look?.logo ?? null;
  const title = look ? `${t`Staff`} · ${look.title}` : null;
  useLayoutEffect(() => {
    // The console is always light: a bright kitchen and a cashier's desk read it best.
    if (primary && onPrimary && favicon && title)
      applyBrandLook({ primary, onPrimary, favicon, logo, title, appearance: "light" });
  }, [primary, onPrimary, favicon, logo, title]);
  return (
    <AppRoot appearance="light" className="savat-app staff-app">
      {ready ? (
        <Gate
          brand={{
            sub: ready.sub,
            merchant: ready.merchant,
            name: pickText(ready.merchant.name, language) || ready.sub,
            logo: look?.logo ?? null,
            // Settings that failed to load: show everything rather than hide a working service.
            services: {
              delivery: ready.settings?.deliveryActive ?? true,
              dineIn: ready.settings?.dineInActive ?? true,
            },
            languages: merchantLocales(ready.settings).map(toContentLanguage),
          }}
        />
      ) : (
        <BootProblem status={boot.status === "failed" ? "failed" : "unavailable"} />
      )}
      <NotificationHost />
    </AppRoot>
  );
}

export function StaffApp({ boot, queryClient }: { boot: StaffBoot; queryClient: QueryClient }) {
  return (
    <Provider store={appStore()}>
      <QueryClientProvider client={queryClient}>
        <I18nProvider i18n={i18n}>
          <BrandedRoot boot={boot} />
        </I18nProvider>
      </QueryClientProvider>
    </Provider>
  );
}

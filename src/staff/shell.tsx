import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Spinner } from "@telegram-apps/telegram-ui";
import { Suspense, useEffect, useMemo, useState, useSyncExternalStore } from "react";
import { Link, Route, Router, Switch, useLocation } from "wouter";
import { pickText } from "../domain/multilingual.ts";
import { formatPhone } from "../domain/phone.ts";
import { mayTakePhoneOrders } from "../domain/staff-scope.ts";
import { ltr } from "../lib/format.ts";
import { readLocal, writeLocal } from "../lib/storage.ts";
import { useContentLanguage } from "../lib/use-content-language.ts";
import { logout } from "./api.ts";
import { columnOf } from "./board/board-model.ts";
import { OrderBoard } from "./board/board.tsx";
import { primeSound, soundState, subscribeSound, unlockSound } from "./board/beep.ts";
import { HelpDialog } from "./board/dialogs.tsx";
import { setConsoleBrand } from "./board/format.ts";
import { useLiveBoard } from "./board/use-live-board.ts";
import { useLiveBookings } from "./board/use-live-bookings.ts";
import { useLiveCalls } from "./board/use-live-calls.ts";
import { LanguagePicker } from "./language-picker.tsx";
import { staffSections } from "./sections/index.ts";
import { useStaffAccess } from "./sections/api.ts";
import { staffBranchKey, type StaffSession } from "./session.ts";
import type { StaffBrand } from "./staff-app.tsx";

const BOARD_SHORTCUT = "b";

function typingIn(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName))
  );
}

function SectionLoading() {
  const { t } = useLingui();
  return (
    <div className="staff-empty" role="status" aria-label={t`Loading`}>
      <Spinner size="l" />
    </div>
  );
}

function Console({
  brand,
  session,
  onSignOut,
}: {
  brand: StaffBrand;
  session: StaffSession;
  onSignOut: () => void;
}) {
  const { t, i18n } = useLingui();
  const language = useContentLanguage();
  const [location, navigate] = useLocation();
  const branchKey = staffBranchKey(brand.sub);
  const soundKey = `savat:${brand.sub}:staff-sound`;
  const [branchId, setBranchId] = useState<string | null>(() => readLocal(branchKey) || null);
  const [sound, setSound] = useState(() => readLocal(soundKey) !== "off");
  const [help, setHelp] = useState(false);
  // After a reload the browser may hold the chime back until the page is touched: say so.
  const audio = useSyncExternalStore(subscribeSound, soundState, () => "unavailable" as const);
  useEffect(() => {
    if (sound) primeSound();
  }, [sound]);
  const soundBlocked = sound && audio === "blocked";
  const live = useLiveBoard({ merchantId: brand.merchant.id, token: session.token, branchId, sound });
  const branches = live.board?.branches ?? [];
  // "All branches": every branch the caller may see (all of the brand's for staff bound to none).
  const offerAll = (live.board?.allBranches ?? true) || branches.length > 1;
  // A remembered branch that is gone or not the caller's (another employee's on a shared tablet):
  // all the caller may see, or their first branch when they may not see all at once.
  const stale = branchId !== null && live.board !== undefined && !branches.some((b) => b.id === branchId);
  const fallback = offerAll ? null : (branches[0]?.id ?? null);
  const validBranch = stale ? fallback : branchId;
  // Switched to at once (while rendering: the board then asks for the branch it shows) and
  // remembered instead of the refused one.
  if (stale) setBranchId(fallback);
  useEffect(() => {
    writeLocal(branchKey, branchId ?? "");
  }, [branchKey, branchId]);
  // Sections wait for the board to say which branches are the caller's, so a remembered branch
  // that is not theirs is never asked for (a board that failed leaves them to try on their own).
  const sectionBranch = live.board || live.error ? validBranch : undefined;
  // Sections of services the brand does not offer are left out (no tables: no calls, bookings, tables).
  const dineIn = brand.services.dineIn;
  const access = useStaffAccess(brand.merchant.id);
  const manages = access.data?.manages;
  const sections = useMemo(
    () =>
      staffSections.filter(
        (s) =>
          (!s.dineIn || dineIn) &&
          (!s.manages || (manages?.includes(s.manages) ?? false)) &&
          (!s.phoneOrders || (access.data ? mayTakePhoneOrders(access.data) : false)),
      ),
    [dineIn, manages, access.data],
  );
  const calls = useLiveCalls({
    branchId: sectionBranch ?? null,
    sound,
    connected: live.connected,
    enabled: brand.services.dineIn && sectionBranch !== undefined,
  });
  const bookings = useLiveBookings({
    branchId: sectionBranch ?? null,
    sound,
    connected: live.connected,
    enabled: brand.services.dineIn && sectionBranch !== undefined,
  });

  const sectionId = location === "/" ? null : location.slice(1).split("/")[0];
  const section = sections.find((s) => s.id === sectionId);
  const pageTitle = section ? i18n._(section.title) : t`Order board`;
  const unseen = live.unseen.size;
  const waiting = unseen + calls.waiting + bookings.waiting;

  // The tab's title: new orders nobody has looked at yet, calls and booking requests nobody has
  // answered, then the screen and the brand.
  useEffect(() => {
    document.title = `${waiting > 0 ? `(${String(waiting)}) ` : ""}${pageTitle} · ${brand.name}`;
  }, [waiting, pageTitle, brand.name]);

  // New orders count as seen once someone uses the console with it in view.
  useEffect(() => {
    if (unseen === 0) return;
    const seen = (event: Event) => {
      if (document.visibilityState !== "visible") return;
      if (event instanceof KeyboardEvent && ["Alt", "Shift", "Control", "Meta", "Tab"].includes(event.key))
        return;
      live.markSeen();
    };
    window.addEventListener("pointerdown", seen);
    return () => {
      window.removeEventListener("pointerdown", seen);
    };
  }, [unseen, live]);

  // Alt+letter opens a section (Alt+B the board); "?" the shortcuts.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey && !event.ctrlKey && !event.metaKey && /^Key[A-Z]$/.test(event.code)) {
        const letter = event.code.slice(3).toLowerCase();
        if (letter === BOARD_SHORTCUT) {
          event.preventDefault();
          navigate("/");
          return;
        }
        const target = sections.find((s) => s.shortcut?.toLowerCase() === letter);
        if (target) {
          event.preventDefault();
          navigate(`/${target.id}`);
        }
        return;
      }
      if (event.key === "?" && !typingIn(event.target) && !document.querySelector("dialog[open]")) {
        event.preventDefault();
        setHelp(true);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => {
      window.removeEventListener("keydown", onKey);
    };
  }, [navigate, sections]);

  // A new screen: its heading takes the focus, so a screen reader starts there.
  useEffect(() => {
    document.getElementById("main")?.focus({ preventScroll: true });
  }, [location]);

  const who =
    [session.user.firstName, session.user.lastName].filter(Boolean).join(" ") ||
    (session.user.phone ? ltr(formatPhone(session.user.phone)) : t`Staff`);
  // The board's badge counts the orders of its "New" column, the same orders its count says.
  const waitingNew = (live.board?.orders ?? []).filter((o) => columnOf(o.status) === "new").length;
  const navItems = [
    { id: "", title: t`Order board`, shortcut: BOARD_SHORTCUT, badge: waitingNew },
    ...sections.map((s) => ({
      id: s.id,
      title: i18n._(s.title),
      shortcut: s.shortcut,
      badge: s.id === "waiter-calls" ? calls.waiting : s.id === "bookings" ? bookings.waiting : 0,
    })),
  ];

  return (
    <div className="staff-layout">
      <a className="skip-link" href="#main">
        {t`Skip to the content`}
      </a>
      <header className="staff-header">
        <div className="staff-brand">
          {brand.logo ? <img src={brand.logo} alt="" className="staff-brand__logo" /> : null}
          <div>
            <p className="staff-brand__name">{brand.name}</p>
            <p className="staff-brand__kind">{t`Staff console`}</p>
          </div>
        </div>
        <div className="staff-header__tools">
          <span className="staff-select">
            <label htmlFor="staff-branch" className="visually-hidden">
              {t`Branch`}
            </label>
            <select
              id="staff-branch"
              value={validBranch ?? ""}
              onChange={(event) => {
                setBranchId(event.target.value || null);
              }}
            >
              {offerAll ? <option value="">{t`All branches`}</option> : null}
              {branches.map((b) => (
                <option key={b.id} value={b.id}>
                  {pickText(b.name, language)}
                </option>
              ))}
            </select>
          </span>
          <span
            className={`staff-live${live.connected ? " staff-live--on" : ""}`}
            data-testid="staff-live"
            data-connected={live.connected ? "true" : "false"}
          >
            <span className="staff-live__dot" aria-hidden="true" />
            {live.connected ? t`Live` : t`Reconnecting…`}
          </span>
          {soundBlocked ? (
            <button
              type="button"
              className="staff-button staff-button--warning"
              data-testid="sound-blocked"
              onClick={unlockSound}
            >
              {t`Sound blocked by the browser: tap to turn it on`}
            </button>
          ) : (
            <button
              type="button"
              className="staff-button staff-button--ghost"
              aria-pressed={sound}
              onClick={() => {
                setSound(!sound);
                writeLocal(soundKey, sound ? "off" : "on");
              }}
            >
              {sound ? t`Sound on` : t`Sound off`}
            </button>
          )}
          <button
            type="button"
            className="staff-button staff-button--ghost"
            aria-label={t`Keyboard shortcuts`}
            aria-keyshortcuts="?"
            onClick={() => {
              setHelp(true);
            }}
          >
            ?
          </button>
          <LanguagePicker />
          <span className="staff-user">{who}</span>
          <button
            type="button"
            className="staff-button staff-button--ghost"
            onClick={() => {
              void logout().finally(onSignOut);
            }}
          >
            {t`Sign out`}
          </button>
        </div>
      </header>
      <nav className="staff-nav" aria-label={t`Console sections`}>
        <ul>
          {navItems.map((item) => {
            const href = item.id ? `/${item.id}` : "/";
            const current = item.id ? sectionId === item.id : sectionId === null;
            return (
              <li key={item.id || "board"}>
                <Link
                  href={href}
                  className={`staff-nav__link${current ? " staff-nav__link--current" : ""}`}
                  aria-current={current ? "page" : undefined}
                  aria-keyshortcuts={item.shortcut ? `Alt+${item.shortcut.toUpperCase()}` : undefined}
                >
                  {item.title}
                  {item.badge > 0 ? (
                    <span
                      className="staff-nav__badge"
                      aria-label={t`${plural(item.badge, { one: "# new", other: "# new" })}`}
                    >
                      {item.badge}
                    </span>
                  ) : null}
                  {item.shortcut ? (
                    <kbd className="staff-nav__key" aria-hidden="true">
                      Alt+{item.shortcut.toUpperCase()}
                    </kbd>
                  ) : null}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {/* New orders, waiter calls and booking requests are spoken as they arrive. */}
      <div className="visually-hidden" aria-live="assertive" data-testid="staff-announcer">
        {live.announcement}
      </div>
      <div className="visually-hidden" aria-live="assertive" data-testid="staff-call-announcer">
        {calls.announcement}
      </div>
      <div className="visually-hidden" aria-live="assertive" data-testid="staff-booking-announcer">
        {bookings.announcement}
      </div>
      <main id="main" className="staff-main" tabIndex={-1} aria-label={pageTitle}>
        <Switch>
          <Route path="/">
            <OrderBoard
              board={live.board}
              merchantId={brand.merchant.id}
              branchId={validBranch}
              unseen={live.unseen}
              markSeen={live.markSeen}
              onRetry={live.refresh}
              error={live.error}
              delivery={brand.services.delivery}
            />
          </Route>
          {sections.map((s) => (
            <Route key={s.id} path={`/${s.id}`} nest>
              <Suspense fallback={<SectionLoading />}>
                {sectionBranch === undefined ? (
                  <SectionLoading />
                ) : (
                  <s.component
                    branchId={sectionBranch}
                    live={live.connected}
                    brandSub={brand.sub}
                    manages={manages ?? []}
                    branches={branches}
                    languages={brand.languages}
                    timeZone={brand.merchant.timezone}
                  />
                )}
              </Suspense>
            </Route>
          ))}
          <Route>
            <div className="staff-empty">
              <p>{t`This page does not exist.`}</p>
              <Link href="/" className="staff-button staff-button--primary">
                {t`Order board`}
              </Link>
            </div>
          </Route>
        </Switch>
      </main>
      {help ? (
        <HelpDialog
          sections={sections
            .filter((s) => s.shortcut)
            .map((s) => ({ key: s.shortcut ?? "", title: i18n._(s.title) }))}
          onClose={() => {
            setHelp(false);
          }}
        />
      ) : null}
    </div>
  );
}

export function StaffShell(props: { brand: StaffBrand; session: StaffSession; onSignOut: () => void }) {
  // The console's times and sums are the brand's: its time zone and currency (board/format.ts).
  setConsoleBrand(props.brand.merchant);
  return (
    <Router base="/staff">
      <Console {...props} />
    </Router>
  );
}

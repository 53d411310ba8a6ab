import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";
import { configureApiClient, resetApiClient } from "../lib/api-client.ts";
import { deleteAllCookies } from "../lib/cookies.ts";
import { resetAppStore } from "../lib/app-store.ts";
import { activateLocale } from "../lib/i18n.ts";
// The console's catalog too, so the staff console's components read their translations in tests.
import "../staff/catalogs.ts";
import { sessionApiHooks } from "../shared/session/api-session.ts";
import { installStoredSchemas } from "../shared/session/checked-storage.ts";
import * as storedSchemas from "../shared/session/stored-schemas.ts";

// A screen that loads its section's code lazily can take over a second on a loaded two-core machine
// (a findBy* timed out at its default 1 s beside a CI run, 2026-11-29): waits give up after 5 s.
configure({ asyncUtilTimeout: 5_000 });

// Boot loads the stored-value schemas before the first read; tests have them from the start.
installStoredSchemas(storedSchemas);

// The browser's languages come before a brand's main one (src/domain/language-choice.ts): tests
// browse in one no demo brand has, as the journeys do, unless a test sets its own.
Object.defineProperty(window.navigator, "languages", { value: ["de-DE", "de"], configurable: true });

// Every client test starts on an empty page: no storage, no cookies, English, the web host.
beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  deleteAllCookies();
  resetAppStore();
  resetApiClient();
  configureApiClient(sessionApiHooks);
  window.history.replaceState(null, "", "/");
  await activateLocale("en");
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

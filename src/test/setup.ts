import { cleanup } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";
import { configureApiClient, resetApiClient } from "../lib/api-client.ts";
import { deleteAllCookies } from "../lib/cookies.ts";
import { resetCurrentBrand } from "../shared/brand/current-brand.ts";
import { activateLocale } from "../lib/i18n.ts";
import { sessionApiHooks } from "../shared/session/api-session.ts";

// Every client test starts on an empty page: no storage, no cookies, English, the web host.
beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  deleteAllCookies();
  resetCurrentBrand();
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

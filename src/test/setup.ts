import { cleanup } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";
import { resetApiClient } from "../lib/api-client.ts";
import { deleteAllCookies } from "../lib/cookies.ts";
import { resetCurrentBrand } from "../lib/current-brand.ts";
import { activateLocale } from "../lib/i18n.ts";

// Every client test starts on an empty page: no storage, no cookies, English, the web host.
beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  deleteAllCookies();
  resetCurrentBrand();
  resetApiClient();
  window.history.replaceState(null, "", "/");
  await activateLocale("en");
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

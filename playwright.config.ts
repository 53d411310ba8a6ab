import fs from "node:fs";
import { defineConfig, devices } from "@playwright/test";

// Journeys in Debian's Chromium (Playwright's own browsers are never downloaded)
// at a phone and a desktop viewport, against the real server on a port of its own with the demo
// brands in a fresh data directory. The client is built before this runs (npm test does it).
// E2E_PORT and STATIC_DIR let several checkouts or builds run journeys side by side.
const PORT = Number(process.env.E2E_PORT ?? 4318);
// Debian's headless build of the same Chromium (package chromium-headless-shell, what Playwright
// itself runs headless) where it is installed: the same Blink, without the full browser's window and
// GPU processes. It took a third less CPU on the same journeys (62 against 95 CPU-seconds for content
// and geo, 2026-11-28), and the journeys are CPU-bound on two cores. The full browser otherwise.
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const chromium = {
  browserName: "chromium" as const,
  launchOptions: {
    executablePath: fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  },
};

export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  // One more worker than cores: with the headless shell a journey spends much of its time waiting
  // on the server, a timer or a stream (4.7 min for the whole run against 7.6 with two, 2026-11-28).
  workers: 3,
  reporter: "list",
  // Generous: the limit only catches hangs. A journey takes about 30 s on a busy two-core machine,
  // and up to 66 s on one whose memory is paged out under Chromium (seen 2026-11-27).
  timeout: 120_000,
  expect: { timeout: 10_000 },
  // Reference images of e2e/visual.spec.ts, committed: one folder per project, without the OS
  // name Playwright adds by default (the references are made and checked in the same Chromium).
  snapshotPathTemplate: "{testDir}/__screenshots__/{testFilePath}/{projectName}/{arg}{ext}",
  use: {
    baseURL: `http://lavash.localhost:${PORT}`,
    // A trace records a screencast and snapshots of every action: on every run it cost about 15% of
    // the journeys' time. A failing journey's retry (CI retries once) records one.
    trace: "on-first-retry",
    // The storefront's service worker precaches its code (about half a megabyte) in every fresh
    // context: the journeys run without it, the offline journey allows it (e2e/offline.spec.ts).
    serviceWorkers: "block",
    screenshot: "only-on-failure",
    // The storefront takes the browser's languages before a brand's main one: the journeys browse
    // in a language no demo brand has, so each brand opens in its own language unless a journey
    // chooses (an Arabic phone's journey sets its own).
    locale: "de-DE",
  },
  projects: [
    {
      name: "phone",
      // A Pixel 7 at one device pixel per CSS pixel: the layout is the phone's, and Chromium, which
      // rasterises in software here, paints a seventh of the pixels (2.625 left the journeys' browser
      // CPU about 15% higher, measured on orders and geo under load, 2026-11-28).
      use: { ...devices["Pixel 7"], ...chromium, deviceScaleFactor: 1 },
      // The staff console is a tablet and desktop page: its journey runs once, in the desktop project.
      testIgnore: [
        "**/staff.spec.ts",
        "**/staff-sections.spec.ts",
        "**/staff-shift.spec.ts",
        "**/back-office-*.spec.ts",
        "**/kitchen-iiko.spec.ts",
      ],
    },
    {
      name: "desktop",
      use: { ...chromium, viewport: { width: 1280, height: 800 } },
      // The Telegram and Click host protocols do not depend on the window size, and both show the
      // storefront in a phone-sized web view: once, at the phone viewport, is enough.
      // The providers' pay pages are their own (our stand-ins), after the same checkout the desktop
      // web journeys walk: once, at the phone viewport, too.
      testIgnore: ["**/telegram.spec.ts", "**/click.spec.ts", "**/provider-pay.spec.ts"],
      // The journeys are the same at either size and run once, at the phone size; the desktop runs
      // its own layout (desktop, staff console, visual references, accessibility, first screen) and
      // the tests tagged @desktop, which check what only a wide window shows.
      grep: /desktop\.spec\.ts|staff\.spec\.ts|back-office-[\w-]+\.spec\.ts|staff-sections\.spec\.ts|staff-shift\.spec\.ts|visual\.spec\.ts|a11y\.spec\.ts|first-screen\.spec\.ts|@desktop/,
    },
  ],
  webServer: {
    command: "node scripts/e2e-server.ts",
    url: `http://127.0.0.1:${PORT}/api/health`,
    env: {
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DEMO: "1",
      DATA_DIR: `.data-e2e-${PORT}`,
      LOG_LEVEL: "warn",
      // Journeys sign customers in from addresses of their own (X-Forwarded-For, e2e/support/session.ts).
      TRUSTED_PROXIES: "loopback",
      // The demo order simulator steps quickly, so a journey sees an order delivered (e2e/orders.spec.ts).
      ORDER_SIMULATOR_STEP_MS: "400",
      // Every journey's own API calls come from the loopback address, three journeys at a time: the
      // limit per address (600 a minute in production, proven in server/test/api.test.ts) would
      // refuse them, not the customers it is for.
      RATE_LIMIT_PER_MINUTE: "6000",
      // The demo's fake iiko cooks the orders of a brand of its own (e2e/kitchen-iiko.spec.ts); the
      // other journeys walk their orders with the simulator and staff.
      DEMO_KITCHEN: "1",
      DEMO_KITCHEN_BRAND: "oshxona",
      DEMO_KITCHEN_STEP_MS: "2500",
      // The fake Yandex Delivery's performer steps by itself (e2e/yandex-delivery.spec.ts): slower than
      // the 5 s the server takes between two reads of its position, so its drive is seen on the map.
      DEMO_YANDEX_STEP_MS: "3000",
      ...(process.env.STATIC_DIR ? { STATIC_DIR: process.env.STATIC_DIR } : {}),
    },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});

/// <reference lib="dom" />
import { expect, test, type Frame, type Page } from "@playwright/test";
import { appFrame, openInClick, openInTelegram } from "./fixtures/platform.ts";

// The menu's first screen rendered by the server into the page (server/src/services/content/first-screen.ts):
// a phone, a desktop window, Telegram and Click paint it before any of the app's code has run; the
// app then replaces it in place. Each host's first screen is compared with its reference image
// (e2e/__screenshots__/first-screen.spec.ts), taken while the app's code is held back.

/** Holds the app's entry script until `release` is called, so the page shows what it has without it. */
async function holdEntry(page: Page): Promise<{ release: () => void; requested: () => boolean }> {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let requested = false;
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    requested = true;
    await gate;
    await route.continue();
  });
  return { release, requested: () => requested };
}

const box = async (page: Page | Frame, selector: string) =>
  page.evaluate((s) => {
    const r = document.querySelector(s)?.getBoundingClientRect();
    return r ? [r.x, r.y, r.width, r.height] : null;
  }, selector);

/** The first screen as drawn, compared with its reference: pictures decoded, no animation. */
async function firstScreenShot(page: Page, ui: Page | Frame, name: string): Promise<void> {
  await ui.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all([...document.images].map((img) => img.decode().catch(() => undefined)));
  });
  await expect(page).toHaveScreenshot(`${name}.png`, {
    animations: "disabled",
    caret: "hide",
    scale: "css",
    maxDiffPixelRatio: 0.005,
  });
}

/**
 * Holds every menu call until `release`: the app must draw its first screen without one (the rest
 * of the menu is asked for once that screen has been painted).
 */
async function holdMenuCalls(page: Page): Promise<{ release: () => void }> {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/api\/products\/v1\/overalls/, async (route) => {
    await gate;
    await route.continue();
  });
  return { release };
}

test.beforeEach(async ({ page }) => {
  // The banner carousel stays on its first banner.
  await page.emulateMedia({ reducedMotion: "reduce" });
});

test("a phone's first open paints the brand's menu before the app's code runs, and the app takes it over in place", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== "phone", "the server's first screen is laid out for phones");
  const entry = await holdEntry(page);
  await page.goto("/", { waitUntil: "domcontentloaded" });

  // Without the app: the header, the banner and the first dishes with their prices, in Russian.
  const screen = page.locator("#root > .first-screen");
  await expect(screen).toBeAttached();
  await expect(screen).toHaveAttribute("aria-hidden", "true");
  expect(await screen.evaluate((el) => (el as HTMLElement).inert)).toBe(true);
  await expect(screen.locator(".app-header__name")).toHaveText("Лаваш Экспресс");
  await expect(screen.locator(".banners__image").first()).toBeVisible();
  const firstCard = screen.locator(".product-card").first();
  await expect(firstCard).toBeVisible();
  await expect(firstCard.locator(".price__total")).toHaveText(/сум/);
  const name = (await firstCard.locator(".product-card__name").textContent()) ?? "";
  expect(name).not.toBe("");
  expect(await page.evaluate(() => document.documentElement.lang)).toBe("ru");
  // The app's code is asked for once that screen has been painted.
  await expect.poll(entry.requested).toBe(true);
  await firstScreenShot(page, page, "phone-web");
  const before = await box(page, ".product-card");

  entry.release();
  // The app's own screen, at the same place, and it answers: the first dish opens.
  await expect(screen).not.toBeAttached();
  const card = page.locator(".product-card").first();
  await expect(card.locator(".product-card__name")).toHaveText(name);
  expect(await box(page, ".product-card")).toEqual(before);
  await card.locator(".product-card__link").click();
  await expect(page).toHaveURL(/[?&]product=/);
  await expect(page.getByRole("dialog")).toBeVisible();
});

for (const width of [1440, 1920]) {
  test(`a desktop window of ${String(width)} px paints the desktop menu before the app's code runs, and the app takes it over in place`, async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name !== "desktop", "the desktop layout's first screen");
    // 1440 px: the menu list is drawn 3 medium cards wide; from about 1450 px on, 4.
    await page.setViewportSize({ width, height: 900 });
    const entry = await holdEntry(page);
    await page.goto("/", { waitUntil: "domcontentloaded" });
    const screen = page.locator("#root > .first-screen");
    await expect(screen).toBeAttached();
    // The desktop layout: the basket beside the menu.
    await expect(screen.locator(".basket-panel--side")).toBeVisible();
    const firstCard = screen.locator(".product-card").first();
    await expect(firstCard).toBeVisible();
    const name = (await firstCard.locator(".product-card__name").textContent()) ?? "";
    await expect.poll(entry.requested).toBe(true);
    await firstScreenShot(page, page, `desktop-web-${String(width)}`);
    const before = await box(page, ".product-card");

    entry.release();
    await expect(screen).not.toBeAttached();
    await expect(page.locator(".product-card").first().locator(".product-card__name")).toHaveText(name);
    expect(await box(page, ".product-card")).toEqual(before);
  });
}

test("Telegram paints the first screen in its dark theme before the app's code runs, and the app starts from the menu the page carried", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== "phone", "the Telegram mini app is a phone-sized web view");
  const entry = await holdEntry(page);
  // The customer's Telegram speaks Russian, the language the page is drawn in.
  await openInTelegram(page, { theme: "dark", languageCode: "ru" });
  await expect.poll(() => page.frames().length).toBeGreaterThan(1);
  const frame = appFrame(page);
  const screen = frame.locator("#root > .first-screen");
  await expect(screen).toBeAttached();
  expect(await frame.evaluate(() => document.documentElement.dataset.appearance)).toBe("dark");
  const firstCard = screen.locator(".product-card").first();
  await expect(firstCard).toBeVisible();
  await expect(firstCard.locator(".price__total")).toHaveText(/сум/);
  const name = (await firstCard.locator(".product-card__name").textContent()) ?? "";
  await expect.poll(entry.requested).toBe(true);
  await firstScreenShot(page, frame, "telegram-dark");
  const before = await box(frame, ".product-card");

  // The app draws its own menu from what the page carried: Telegram's menu is the web's here.
  const menu = await holdMenuCalls(page);
  entry.release();
  await expect(screen).not.toBeAttached();
  const card = frame.locator(".product-card").first();
  await expect(card.locator(".product-card__name")).toHaveText(name);
  expect(await box(frame, ".product-card")).toEqual(before);
  expect(await frame.evaluate(() => document.documentElement.dataset.host)).toBe("telegram");
  menu.release();
});

test("Click paints its first screen before the app's code runs, in the Click user's language", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== "phone", "Click's web view is phone-sized");
  const entry = await holdEntry(page);
  await openInClick(page, { language: "uz" });
  const screen = page.locator("#root > .first-screen");
  await expect(screen).toBeAttached();
  expect(await page.evaluate(() => document.documentElement.lang)).toBe("uz");
  const firstCard = screen.locator(".product-card").first();
  await expect(firstCard).toBeVisible();
  await expect(firstCard.locator(".price__total")).toHaveText(/so'm|сўм|so‘m/);
  const name = (await firstCard.locator(".product-card__name").textContent()) ?? "";
  await expect.poll(entry.requested).toBe(true);
  await firstScreenShot(page, page, "click");
  const before = await box(page, ".product-card");

  const menu = await holdMenuCalls(page);
  entry.release();
  await expect(screen).not.toBeAttached();
  await expect(page.locator(".product-card").first().locator(".product-card__name")).toHaveText(name);
  expect(await box(page, ".product-card")).toEqual(before);
  expect(await page.evaluate(() => document.documentElement.dataset.host)).toBe("click");
  menu.release();
});

test("a returning visitor, and a window between a phone and a desktop, see the loading screen until the app draws its own", async ({
  page,
}, testInfo) => {
  if (testInfo.project.name === "phone") {
    // The first visit leaves the brand's session in this browser (once the app has started): the
    // next one is a return.
    await page.goto("/");
    await expect(page.locator(".first-screen")).toHaveCount(0);
    await expect(page.locator(".product-card").first()).toBeVisible();
    await expect.poll(() => page.evaluate(() => localStorage.getItem("savat:lavash:session"))).not.toBeNull();
  } else {
    // A tablet's width: neither the phone's screen nor the desktop's fits it.
    await page.setViewportSize({ width: 800, height: 900 });
  }

  const entry = await holdEntry(page);
  await page.goto("/", { waitUntil: "domcontentloaded" });
  await expect.poll(entry.requested).toBe(true);
  await expect(page.locator(".boot-splash")).toBeVisible();
  await expect(page.locator(".first-screen")).toHaveCount(0);
  entry.release();
  await expect(page.locator(".product-card").first()).toBeVisible();
  await expect(page.locator(".boot-splash")).toHaveCount(0);
});

test("while a phone's first screen is on its way, no loading spinner flashes; on a slow line it shows after a second", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== "phone", "the server's first screen is laid out for phones");
  // The stylesheet held: the first screen waits for it (it never shows unstyled).
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[\w-]+\.css$/, async (route) => {
    await gate;
    await route.continue();
  });
  const opened = Date.now();
  await page.goto("/", { waitUntil: "commit" });
  const splash = page.locator(".boot-splash");
  await expect(splash).toBeAttached();
  await expect(splash).toBeHidden();
  // Checked again while well inside the first second, if this machine got here that fast.
  if (Date.now() - opened < 600) await expect(splash).toBeHidden();
  await expect(splash).toBeVisible({ timeout: 5_000 });
  expect(Date.now() - opened).toBeGreaterThanOrEqual(1_000);

  release();
  await expect(page.locator(".product-card").first()).toBeVisible();
  await expect(splash).toHaveCount(0);
});

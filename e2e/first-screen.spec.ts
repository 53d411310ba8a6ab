/// <reference lib="dom" />
import { expect, test, type Page } from "@playwright/test";

// The menu's first screen rendered by the server into the page (server/src/services/content/first-screen.ts):
// a phone paints it before any of the app's code has run; the app then replaces it in place.

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

const box = async (page: Page, selector: string) =>
  page.evaluate((s) => {
    const r = document.querySelector(s)?.getBoundingClientRect();
    return r ? [r.x, r.y, r.width, r.height] : null;
  }, selector);

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

test("a returning visitor, and a window wider than a phone, see the loading screen until the app draws its own", async ({
  page,
}, testInfo) => {
  if (testInfo.project.name === "phone") {
    // The first visit leaves the brand's session in this browser (once the app has started): the
    // next one is a return.
    await page.goto("/");
    await expect(page.locator(".first-screen")).toHaveCount(0);
    await expect(page.locator(".product-card").first()).toBeVisible();
    await expect.poll(() => page.evaluate(() => localStorage.getItem("savat:lavash:session"))).not.toBeNull();
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

// Opening the basket as a new customer would (issue 35): from Telegram's MainButton and from the
// web's floating basket it opens at its top, the page's main button and the tab bar meet with
// nothing of the page between them, and every brand's web menu offers the floating basket.
import { expect, test, type BrowserContext, type Page, type TestInfo } from "@playwright/test";
import { appFrame, openInTelegram } from "./fixtures/platform.ts";
import { apiUrl, brandOrigin, merchantOf } from "./support/storefront.ts";
import type { APIRequestContext } from "@playwright/test";
import type { Product } from "./support/session.ts";

async function inLanguage(context: BrowserContext, testInfo: TestInfo, sub: string, lang: string) {
  const host = new URL(brandOrigin(testInfo, sub)).hostname;
  await context.addCookies([{ name: "lang", value: lang, domain: host, path: "/" }]);
}

/** Puts one of each of the brand's first `count` plain dishes in its basket: a long basket page. */
async function seedLongBasket(
  page: Page,
  request: APIRequestContext,
  testInfo: TestInfo,
  sub: string,
  count: number,
  origin = brandOrigin(testInfo, sub),
): Promise<void> {
  const merchant = await merchantOf(request, testInfo, sub);
  const overall = (await (
    await request.get(apiUrl(testInfo, "/products/v1/overalls?type=WEB"), {
      headers: { merchant: merchant.id },
    })
  ).json()) as { products: Product[] };
  const dishes = overall.products
    .filter((p) => p.isAvailable && p.modificationGroups.length === 0 && p.discount === 0)
    .slice(0, count);
  expect(dishes.length).toBe(count);
  const lines = dishes.map((dish) => ({
    key: dish.id,
    productId: dish.id,
    name: dish.name,
    image: dish.image ?? "",
    costPrice: dish.costPrice,
    discount: dish.discount,
    unit: dish.unit,
    count: 1,
    modifications: [],
  }));
  await page.goto(`${origin}/api/health`);
  await page.evaluate(
    ({ sub: brand, lines: basket }) => {
      localStorage.setItem(`savat:${brand}:basket`, JSON.stringify(basket));
    },
    { sub, lines },
  );
}

test("from Telegram's MainButton the basket opens at its top, its first line under the header", async ({
  page,
  request,
}, testInfo) => {
  await seedLongBasket(page, request, testInfo, "lavash", 8);
  const tg = await openInTelegram(page, { languageCode: "en" });
  await expect(tg.app.getByRole("navigation", { name: "Menu categories" })).toBeVisible({ timeout: 30_000 });
  const frame = appFrame(page);
  const mainButton = page.getByTestId("tg-main-button");
  await expect(mainButton).toContainText("Basket · 8 ·");
  // A look at a product, closed with Telegram's Back (a step back in history that changes no page)...
  await tg.app.locator(".product-card__link").first().click();
  await expect.poll(() => new URL(frame.url()).search).toContain("sheet=product");
  await page.getByTestId("tg-left").click();
  await expect.poll(() => new URL(frame.url()).search).not.toContain("sheet=product");
  // ...then the customer scrolls far down the menu.
  await frame.evaluate(() => {
    window.scrollTo(0, document.documentElement.scrollHeight);
  });
  await expect.poll(() => frame.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  await mainButton.click();
  const heading = tg.app.getByRole("heading", { level: 1, name: "Basket" });
  await expect(heading).toBeInViewport();
  await expect.poll(() => frame.evaluate(() => window.scrollY)).toBe(0);
  // And stays there once the lines and the recommendations have been drawn.
  await page.waitForTimeout(1_000);
  expect(await frame.evaluate(() => window.scrollY)).toBe(0);
  await expect(heading).toBeInViewport();
});

for (const sub of ["lavash", "plov", "sushi"]) {
  test(`on the ${sub} web menu a filled basket floats as "view basket", which opens the basket at its top`, async ({
    page,
    context,
    request,
  }, testInfo) => {
    await inLanguage(context, testInfo, sub, "ru");
    await seedLongBasket(page, request, testInfo, sub, 6);
    const origin = brandOrigin(testInfo, sub);
    await page.goto(`${origin}/`);
    // "6 товаров": the count reads with Russian plural rules (ICU in the catalogue).
    const floating = page.getByRole("link", { name: /^Корзина: 6 товаров/ });
    await expect(floating).toBeVisible({ timeout: 30_000 });
    // Where the brand has a tab bar, the floating basket stands above it, never over it.
    const nav = page.getByRole("navigation", { name: "Главное" });
    if ((await nav.count()) > 0) {
      const [pill, bar] = await Promise.all([floating.boundingBox(), nav.boundingBox()]);
      expect((pill?.y ?? 0) + (pill?.height ?? 0)).toBeLessThanOrEqual(bar?.y ?? 0);
    }
    // A product looked at and closed with the browser's back, then far down the menu.
    await page.locator(".product-card__link").first().click();
    await expect(page).toHaveURL(/sheet=product/);
    await page.goBack();
    await expect(page).not.toHaveURL(/sheet=product/);
    await page.evaluate(() => {
      window.scrollTo(0, document.documentElement.scrollHeight);
    });
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await floating.click();
    await expect(page).toHaveURL(/\/basket$/);
    await expect(page.getByRole("heading", { level: 1, name: "Корзина" })).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });
}

test("on a phone the basket's main button and the tab bar meet, with no strip of the page between", async ({
  page,
  context,
  request,
}, testInfo) => {
  await inLanguage(context, testInfo, "lavash", "ru");
  await seedLongBasket(page, request, testInfo, "lavash", 6);
  await page.goto(`${brandOrigin(testInfo, "lavash")}/basket`);
  const bar = page.locator("[data-platform-main-button]");
  await expect(bar.getByRole("button", { name: /^Оформить/ })).toBeVisible({ timeout: 30_000 });
  const nav = page.getByRole("navigation", { name: "Главное" });
  const [barBox, navBox] = await Promise.all([bar.boundingBox(), nav.boundingBox()]);
  expect(Math.abs((navBox?.y ?? 0) + (navBox?.height ?? 0) - (barBox?.y ?? -1))).toBeLessThan(0.5);
  // The last line scrolls clear of both. Scrolled to the end again on every look: the "add to your
  // order" row below the basket comes a moment later and makes the page longer.
  await expect
    .poll(() =>
      page.evaluate(() => {
        window.scrollTo(0, document.documentElement.scrollHeight);
        return document.querySelector(".layout__content")?.getBoundingClientRect().bottom ?? Infinity;
      }),
    )
    .toBeLessThanOrEqual(navBox?.y ?? 0);
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
});

test("on a desktop no brand floats the basket: the header and the side panel carry it @desktop", async ({
  page,
  context,
  request,
}, testInfo) => {
  test.skip((page.viewportSize()?.width ?? 0) < 1024, "the desktop layout");
  await page.setViewportSize({ width: 1440, height: 900 });
  for (const [sub, lang] of [
    ["lavash", "ru"],
    ["sushi", "ar"],
  ] as const) {
    await inLanguage(context, testInfo, sub, lang);
    await seedLongBasket(page, request, testInfo, sub, 3);
    await page.goto(`${brandOrigin(testInfo, sub)}/`);
    await expect(page.getByTestId("basket-panel")).toBeVisible({ timeout: 30_000 });
    await expect(page.locator(".floating-basket")).toHaveCount(0);
    await expect(page.locator(".bottom-nav")).toHaveCount(0);
    await page.goto(`${brandOrigin(testInfo, sub)}/basket`);
    await expect(page.getByRole("heading", { level: 1 })).toBeInViewport({ timeout: 30_000 });
  }
});

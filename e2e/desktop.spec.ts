/// <reference lib="dom" />
// The desktop layout (issue 15): in a browser window of 1024 px and more the storefront is laid out
// for a desktop, not a stretched phone: a navigation in the header instead of the tab bar, the menu
// as a grid beside a sticky category sidebar and the basket panel, and sheets as centred dialogs.
// Below 1024 px the phone layout is back. Desktop project only: the phone project is the phone.
import { expect, test, type Page } from "@playwright/test";
import { logInOnTheWeb } from "./support/session.ts";
import { brandOrigin } from "./support/storefront.ts";

const CLASSIC = "Chicken lavash, classic";

test.beforeEach(async ({ context, baseURL }, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "the desktop layout needs a desktop window");
  const host = new URL(baseURL ?? "http://lavash.localhost").hostname;
  await context.addCookies([{ name: "lang", value: "en", domain: host, path: "/" }]);
});

/** Distinct left edges of the cards in the menu's first line of products: its columns. */
async function firstLineColumns(page: Page): Promise<number> {
  return page.evaluate(() => {
    const line = document.querySelector(".menu-line");
    const cards = [...(line?.querySelectorAll(".product-card") ?? [])];
    return new Set(cards.map((c) => Math.round(c.getBoundingClientRect().left))).size;
  });
}

test("a desktop window gets the desktop layout, a phone-sized one the tab bar", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 3, name: "Lavash", exact: true })).toBeVisible();

  // The header carries the main navigation; there is no tab bar.
  const nav = page.getByRole("banner").getByRole("navigation", { name: "Main" });
  await expect(nav).toBeVisible();
  for (const name of ["Menu", "Search", "My orders", "Profile"])
    await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Menu", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(page.locator(".bottom-nav")).toHaveCount(0);

  // The menu is a grid of at least three columns with the categories in a sidebar beside it.
  expect(await firstLineColumns(page)).toBeGreaterThanOrEqual(3);
  const categories = page.getByRole("navigation", { name: "Menu categories" });
  await expect(categories).toBeVisible();
  const sidebar = await categories.boundingBox();
  const grid = await page.locator(".menu-list").boundingBox();
  expect(sidebar && grid).toBeTruthy();
  if (sidebar && grid) {
    expect(sidebar.x + sidebar.width).toBeLessThanOrEqual(grid.x);
    expect(sidebar.y).toBeLessThan(grid.y + 200);
  }
  // The sidebar stays in view as the menu scrolls, and leads to a category.
  await categories.getByRole("button", { name: "Drinks" }).click();
  await expect(main.getByRole("heading", { level: 3, name: "Drinks" })).toBeInViewport();
  await expect(categories.getByRole("button", { name: "Drinks" })).toHaveAttribute("aria-current", "true");
  await expect(categories).toBeInViewport();
  // Drinks opens its group: the group's title is in view too, not left under the sticky header.
  const headerBottom = await page
    .getByRole("banner")
    .boundingBox()
    .then((b) => (b ? b.y + b.height : 0));
  await expect
    .poll(
      async () =>
        (await main.getByRole("heading", { level: 2, name: "Drinks and desserts" }).boundingBox())?.y,
    )
    .toBeGreaterThanOrEqual(headerBottom);

  // Adding a product fills the basket panel beside the menu and the header's basket.
  const panel = page.getByRole("complementary", { name: "Basket" });
  await expect(panel).toContainText("Your basket is empty");
  // Beside the menu there is no way "to the menu": the panel says where dishes come from instead.
  await expect(panel.getByRole("link", { name: "To the menu" })).toHaveCount(0);
  await expect(panel).toContainText("Add dishes from the menu");
  const quickAdd = page
    .locator(".menu-list")
    .getByRole("button", { name: /^Add .* to basket$/ })
    .first();
  const product = /^Add (.*) to basket$/.exec((await quickAdd.getAttribute("aria-label")) ?? "")?.[1] ?? "";
  expect(product).not.toBe("");
  // By its name: while the list settles, the first button can become another dish's.
  await page
    .locator(".menu-list")
    .getByRole("button", { name: `Add ${product} to basket`, exact: true })
    .first()
    .click();
  const line = panel.getByRole("group", { name: `${product}: quantity` });
  await expect(line).toContainText("1");
  await expect(nav.getByTestId("basket-badge")).toHaveText("1");
  await line.getByRole("button", { name: "More" }).click();
  await expect(line).toContainText("2");
  await expect(nav.getByTestId("basket-badge")).toHaveText("2");
  await expect(panel.getByRole("link", { name: /^Checkout/ })).toHaveAttribute("href", "/checkout");

  // A product opens as a centred dialog of a readable width; focus stays in it; Escape closes it.
  await page
    .getByRole("navigation", { name: "Menu categories" })
    .getByRole("button", { name: "Lavash" })
    .click();
  await main.getByRole("link", { name: CLASSIC, exact: true }).first().click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: CLASSIC })).toBeVisible();
  const box = await dialog.boundingBox();
  // Centred under the page's header (the window less the room kept for its scrollbar).
  const header = await page.getByRole("banner").boundingBox();
  const middle = header ? header.x + header.width / 2 : 720;
  expect(box).toBeTruthy();
  if (box) {
    expect(box.width).toBeLessThan(800);
    expect(box.width).toBeGreaterThanOrEqual(480);
    expect(Math.abs(box.x + box.width / 2 - middle)).toBeLessThanOrEqual(2);
    expect(box.y).toBeGreaterThan(0);
    expect(box.y + box.height).toBeLessThan(900);
  }
  // Tab never reaches the page behind: focus is in the dialog, or (past its last control) with the
  // browser itself, from where the next Tab comes back into the dialog.
  for (let i = 0; i < 16; i++) {
    await page.keyboard.press("Tab");
    const where = await page.evaluate(() => {
      const active = document.activeElement;
      return !active || active === document.body ? "browser" : active.closest("dialog") ? "dialog" : "page";
    });
    expect(where).not.toBe("page");
  }
  await expect
    .poll(async () => {
      await page.keyboard.press("Tab");
      return page.evaluate(() => document.activeElement?.closest("dialog") !== null);
    })
    .toBe(true);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page).not.toHaveURL(/sheet=/);

  // A phone-sized window: the tab bar is back, the header's navigation and the panel are gone.
  await page.setViewportSize({ width: 412, height: 915 });
  await expect(page.locator(".bottom-nav")).toBeVisible();
  await expect(page.locator(".bottom-nav").getByTestId("basket-badge")).toHaveText("2");
  await expect(page.getByRole("banner").getByRole("navigation", { name: "Main" })).toHaveCount(0);
  await expect(panel).toHaveCount(0);
  expect(await firstLineColumns(page)).toBe(2);
});

test("right to left: the category sidebar is on the right, the basket panel on the left", async ({
  page,
  context,
}, testInfo) => {
  const sushi = brandOrigin(testInfo, "sushi");
  await context.addCookies([{ name: "lang", value: "ar", domain: "sushi.localhost", path: "/" }]);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${sushi}/`);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  // The layout is measured on the app's own screen: the server's first screen (inert, the same
  // layout) is replaced by it at any moment, between finding an element and measuring it.
  await expect(page.locator("#root > .first-screen")).toHaveCount(0);
  const sidebar = await page.locator(".menu-nav").boundingBox();
  const grid = await page.locator(".menu-list").boundingBox();
  const panel = await page.locator(".basket-panel").boundingBox();
  expect(sidebar && grid && panel).toBeTruthy();
  if (sidebar && grid && panel) {
    expect(sidebar.x).toBeGreaterThanOrEqual(grid.x + grid.width);
    expect(panel.x + panel.width).toBeLessThanOrEqual(grid.x);
  }
  // A brand with a floating basket has no floating button here: the header carries the basket.
  await expect(page.locator(".floating-basket")).toHaveCount(0);
  await expect(page.locator(".top-nav__basket")).toBeVisible();
});

test("a notice shows above the product dialog, not under it", async ({ page }, testInfo) => {
  await logInOnTheWeb(page, testInfo);
  await page.goto("/");
  await page.getByRole("main").getByRole("link", { name: CLASSIC, exact: true }).first().click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: CLASSIC })).toBeVisible();
  // The favourites call fails: its error notice appears while the modal dialog is open.
  await page.route("**/api/products/v1/favourite/**", (route) => route.abort("connectionrefused"));
  await dialog.getByRole("button", { name: `Add ${CLASSIC} to favourites` }).click();
  const notice = page.locator(".notice");
  await expect(notice).toBeVisible();
  // A modal dialog is drawn in the browser's top layer, above every z-index: the notice is drawn
  // above it only from the top layer too, as a popover shown after the dialog.
  await expect
    .poll(() => notice.evaluate((el) => el.matches(":popover-open") && getComputedStyle(el).top !== "0px"))
    .toBe(true);
  const box = await notice.boundingBox();
  expect(box && box.y + box.height).toBeLessThanOrEqual(800);
});

test("the basket is the side panel only: the basket sheet's address shows the menu with the panel", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/?sheet=basket");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("complementary", { name: "Basket" })).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

/** The id of a product, read from its link on the menu (a sheet's address names it). */
async function productIdOf(page: Page, name: string): Promise<string> {
  await page.goto(`/search?q=${encodeURIComponent(name)}`);
  const href = await page
    .getByRole("link", { name: new RegExp(`^${name}`) })
    .first()
    .getAttribute("href");
  const id = new URL(href ?? "", "http://x").searchParams.get("product") ?? "";
  expect(id).not.toBe("");
  return id;
}

/** Distinct left edges of the boxes in the first line of `selector` (those as high as the first). */
async function firstRowColumns(page: Page, selector: string): Promise<number> {
  return page.locator(selector).evaluateAll((els) => {
    const boxes = els.map((el) => el.getBoundingClientRect());
    const top = boxes[0]?.top ?? 0;
    return new Set(boxes.filter((b) => Math.abs(b.top - top) < 2).map((b) => Math.round(b.left))).size;
  });
}

test("search, a category and a product page use the desktop's width, not the phone column", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const id = await productIdOf(page, CLASSIC);

  // Search: the results are a grid of cards across the page.
  await page.goto("/search?q=lavash");
  const results = page.getByRole("list", { name: "Found products" });
  await expect(results.getByRole("link", { name: new RegExp(`^${CLASSIC}`) })).toBeVisible();
  expect(await firstRowColumns(page, ".search-result")).toBeGreaterThanOrEqual(3);
  expect((await results.boundingBox())?.width ?? 0).toBeGreaterThan(1000);

  // A category page: the menu's cards, five to a line on the window's width.
  await page.goto("/category");
  await page.getByRole("link", { name: /^Lavash \d+$/ }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Lavash", exact: true })).toBeVisible();
  expect(await firstRowColumns(page, ".menu-line .product-card")).toBeGreaterThanOrEqual(4);
  expect((await page.locator(".menu-list").boundingBox())?.width ?? 0).toBeGreaterThan(1000);

  // The product's page: its photos beside the details, choices and add button, at a readable width.
  await page.goto(`/product/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: CLASSIC })).toBeVisible();
  const photo = await page.locator(".product-details__gallery").boundingBox();
  const details = await page.locator(".product-details__body").boundingBox();
  const add = await page.getByRole("button", { name: /^Add to basket/ }).boundingBox();
  expect(photo && details && add).toBeTruthy();
  if (photo && details && add) {
    expect(photo.x + photo.width).toBeLessThanOrEqual(details.x);
    expect(Math.abs(photo.y - details.y)).toBeLessThan(40);
    expect(add.x).toBeGreaterThanOrEqual(details.x);
    expect(details.x + details.width - photo.x).toBeLessThanOrEqual(1120);
    // The photo and the add button are on the first screen.
    expect(add.y + add.height).toBeLessThanOrEqual(900);
  }

  // A phone-sized window: one column again, the photo above the details.
  await page.setViewportSize({ width: 412, height: 915 });
  // The layout follows the window on the next render: measured until it has.
  await expect(async () => {
    const narrowPhoto = await page.locator(".product-details__gallery").boundingBox();
    const narrowDetails = await page.locator(".product-details__body").boundingBox();
    expect(narrowPhoto && narrowDetails).toBeTruthy();
    if (narrowPhoto && narrowDetails)
      expect(narrowDetails.y).toBeGreaterThanOrEqual(narrowPhoto.y + narrowPhoto.height - 1);
  }).toPass({ timeout: 10_000 });
});

test("right to left: the product page's photos are on the right of its details", async ({
  page,
  context,
}, testInfo) => {
  const sushi = brandOrigin(testInfo, "sushi");
  await context.addCookies([{ name: "lang", value: "ar", domain: "sushi.localhost", path: "/" }]);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${sushi}/`);
  const href = await page.locator(".menu-list a[href*='product=']").first().getAttribute("href");
  const id = new URL(href ?? "", "http://x").searchParams.get("product") ?? "";
  expect(id).not.toBe("");
  await page.goto(`${sushi}/product/${id}`);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const photo = await page.locator(".product-details__gallery").boundingBox();
  const details = await page.locator(".product-details__body").boundingBox();
  expect(photo && details).toBeTruthy();
  if (photo && details) expect(details.x + details.width).toBeLessThanOrEqual(photo.x);
});

test("favourites are a grid of cards on a desktop, each with its remove button", async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await logInOnTheWeb(page, testInfo);
  await page.goto("/search?q=lavash");
  await expect(page.locator(".search-result").first()).toBeVisible();
  const hrefs = await page
    .locator(".search-result")
    .evaluateAll((links) => links.slice(0, 3).map((a) => a.getAttribute("href") ?? ""));
  expect(hrefs).toHaveLength(3);
  for (const href of hrefs) {
    await page.goto(`/product/${new URL(href, "http://x").searchParams.get("product") ?? ""}`);
    const heart = page.getByRole("button", { name: /^Add .* to favourites$/ });
    // Saved before the next page load, which would cut the call short.
    const saved = page.waitForResponse(
      (r) => r.url().includes("/favourite") && r.request().method() !== "GET" && r.ok(),
    );
    await heart.click();
    await saved;
    await expect(page.getByRole("button", { name: /^Remove .* from favourites$/ })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
  }
  await page.goto("/profile/favorites");
  const list = page.getByRole("list", { name: "Favourites" });
  await expect(list.getByRole("listitem")).toHaveCount(3);
  expect(await firstRowColumns(page, ".favourite")).toBe(3);
  // The remove button sits on its card.
  const card = await list.getByRole("listitem").first().boundingBox();
  const remove = await list
    .getByRole("button", { name: /^Remove .* from favourites$/ })
    .first()
    .boundingBox();
  expect(card && remove).toBeTruthy();
  if (card && remove) {
    expect(remove.x).toBeGreaterThanOrEqual(card.x);
    expect(remove.x + remove.width).toBeLessThanOrEqual(card.x + card.width);
    expect(remove.y).toBeLessThan(card.y + 60);
  }
});

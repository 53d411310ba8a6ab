/// <reference lib="dom" />
// Visual regression (issue 15): the customer's screens at the phone size (project "phone", a
// Pixel 7) and the desktop size (project "desktop"), in Russian on lavash and in Arabic (right to
// left) on sushi, and the staff console's order board at a tablet's 1024x768 and a desktop's
// 1440x900 in Russian and Uzbek (desktop project; issue 44), compared with the reference images
// committed in e2e/__screenshots__. A layout
// change that moves, hides or restyles something fails here with a diff image in test-results.
//
// What changes from run to run is frozen or masked: the carousel does not advance (reduced
// motion), the browser's clock is fixed where a screen shows today's hours, order numbers, dates,
// the fresh customer's phone and the map's drawn tiles are hidden, and every shot waits for the
// fonts and pictures. After an intended change, regenerate the references (README, "Testing"):
//   npx playwright test e2e/visual.spec.ts --update-snapshots
import { fileURLToPath } from "node:url";
import {
  expect,
  test,
  type APIRequestContext,
  type Frame,
  type Locator,
  type Page,
  type TestInfo,
} from "@playwright/test";
import { appFrame, openInTelegram, storedSession } from "./fixtures/platform.ts";
import { CENTRE_ADDRESS, customerAddress, logInOnTheWeb, smsCodeFor } from "./support/session.ts";
import { fixedStaffBoard } from "./support/staff-board.ts";
import { apiUrl, brandOrigin, merchantOf } from "./support/storefront.ts";

type Locale = "ru" | "ar";
/** Hides the map's drawn tiles while a screenshot is taken (its pins stay). */
const VISUAL_CSS = fileURLToPath(new URL("./support/visual.css", import.meta.url));
/** Russian on lavash (pickup, delivery, two cities); Arabic on sushi, the brand that offers it. */
const BRAND: Record<Locale, string> = { ru: "lavash", ar: "sushi" };

/** A Wednesday noon in Tashkent: the branches' "today" hours do not depend on the day of the run. */
const WEDNESDAY_NOON = new Date("2026-11-25T12:00:00+05:00");

test.use({ timezoneId: "Asia/Tashkent" });

test.beforeEach(async ({ page }) => {
  // Reduced motion: the banner carousel stays on its first banner and sheets do not slide.
  await page.emulateMedia({ reducedMotion: "reduce" });
});

type Ui = Page | Frame;

/** Fonts loaded, the pictures in view decoded, no spinner left. */
async function settled(ui: Ui): Promise<void> {
  await expect(ui.locator(".page-spinner")).toHaveCount(0);
  await ui.evaluate(async () => {
    await document.fonts.ready;
    const inView = [...document.images].filter((img) => {
      const box = img.getBoundingClientRect();
      return (
        box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth && box.width > 0
      );
    });
    const loaded = (img: HTMLImageElement) =>
      img.complete
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            img.addEventListener(
              "load",
              () => {
                resolve();
              },
              { once: true },
            );
            img.addEventListener(
              "error",
              () => {
                resolve();
              },
              { once: true },
            );
          });
    // A lazy picture the browser decides not to load yet must not hang the test: 5 s at most.
    const all = Promise.all(inView.map((img) => loaded(img).then(() => img.decode().catch(() => undefined))));
    await Promise.race([all, new Promise((resolve) => setTimeout(resolve, 5000))]);
  });
}

/** The parts that differ between runs: times and dates, and anything marked as such. */
function volatile(ui: Ui, extra: Locator[] = []): Locator[] {
  return [ui.locator("time, [data-visual-mask]"), ...extra];
}

async function shot(page: Page, name: string, extra: Locator[] = [], ui: Ui = page): Promise<void> {
  await settled(ui);
  await expect(page).toHaveScreenshot(`${name}.png`, {
    animations: "disabled",
    caret: "hide",
    // CSS pixels, not the Pixel 7's 2.6 device pixels: the references stay small in the repository.
    scale: "css",
    maxDiffPixelRatio: 0.005,
    mask: volatile(ui, extra),
    stylePath: VISUAL_CSS,
  });
}

/** The map has drawn its style (not the notice a slow map shows after 5 s). */
async function mapReady(page: Page): Promise<void> {
  await expect(page.locator(".savat-map-frame").first()).toHaveAttribute("data-map-wait", "ready", {
    timeout: 30_000,
  });
}

/** Opens a sheet of the current page by its address, as its button does, without reloading. */
async function openSheet(page: Page, name: string): Promise<void> {
  await page.evaluate((sheet) => {
    const url = new URL(window.location.href);
    url.searchParams.set("sheet", sheet);
    window.history.pushState({ savatSheet: sheet }, "", url);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, name);
  await expect(page.getByRole("dialog")).toBeVisible();
}

async function speak(page: Page, testInfo: TestInfo, locale: Locale): Promise<string> {
  const origin = brandOrigin(testInfo, BRAND[locale]);
  await page
    .context()
    .addCookies([{ name: "lang", value: locale, domain: new URL(origin).hostname, path: "/" }]);
  return origin;
}

interface Product {
  id: string;
  name: unknown;
  image: string | null;
  costPrice: number;
  discount: number;
  unit: string;
  isAvailable: boolean;
  modificationGroups: unknown[];
}

/**
 * Where the pictures' orders go. An order goes to the nearest branch open at that hour, so lavash's
 * address sits by its 24/7 Chilanzar branch: from the centre, Mirabad (09:00-21:30) is nearer and the
 * order map changed with the hour the suite ran. Sushi's nearest kitchen is open around the clock.
 */
const ADDRESS: Record<string, typeof CENTRE_ADDRESS> = {
  lavash: {
    ...CENTRE_ADDRESS,
    name: "Bunyodkor avenue 5",
    streetName: "Bunyodkor avenue",
    houseNumber: "5",
    description: "Bunyodkor avenue 5",
    latitude: 41.2935,
    longitude: 69.215,
  },
};

/** Two products of the brand in its basket and a delivery to its ADDRESS in the order draft. */
async function seedBasket(
  page: Page,
  request: APIRequestContext,
  testInfo: TestInfo,
  brand: string,
  locale: Locale = "ru",
) {
  const merchant = await merchantOf(request, testInfo, brand);
  const res = await request.get(apiUrl(testInfo, "/products/v1/overalls?type=WEB"), {
    headers: { merchant: merchant.id },
  });
  const { products } = (await res.json()) as { products: Product[] };
  const plain = products.filter((p) => p.isAvailable && p.modificationGroups.length === 0);
  const withOptions = products.find((p) => p.isAvailable && p.modificationGroups.length > 0) ?? plain[0];
  const lines = plain.slice(0, 2).map((p, i) => ({
    key: p.id,
    productId: p.id,
    name: p.name,
    image: p.image ?? "",
    costPrice: p.costPrice,
    discount: p.discount,
    unit: p.unit,
    count: i + 1,
    modifications: [],
  }));
  await page.evaluate(
    ({ brand, lines, draft }) => {
      localStorage.setItem(`savat:${brand}:basket`, JSON.stringify(lines));
      const key = `savat:${brand}:session`;
      const session = JSON.parse(localStorage.getItem(key) ?? "{}") as Record<string, unknown>;
      localStorage.setItem(key, JSON.stringify({ ...session, orderRequest: draft }));
    },
    { brand, lines, draft: { serviceType: "DELIVERY", address: ADDRESS[brand] ?? CENTRE_ADDRESS } },
  );
  // The first word of a product's name in the locale: a search that finds something.
  const name = (plain[0]?.name ?? {}) as Record<string, string | undefined>;
  const searchWord = (name[locale] ?? name.ru ?? "").split(/\s+/)[0] ?? "";
  return { withOptions, searchWord };
}

for (const locale of ["ru", "ar"] as const) {
  test.describe(locale, () => {
    test(`${locale}: the menu, a product, the basket, search and the header's drawers`, async ({
      page,
      request,
    }, testInfo) => {
      const origin = await speak(page, testInfo, locale);
      await page.goto(`${origin}/api/health`);
      const { withOptions, searchWord } = await seedBasket(page, request, testInfo, BRAND[locale], locale);
      await page.goto(`${origin}/`);
      await expect(page.locator(".product-card").first()).toBeVisible();
      await shot(page, `${locale}-menu`);

      // A product with options where there is one: the sheet (phone) or the dialog (desktop).
      await page
        .locator(`.product-card a[href*="${withOptions?.id ?? "-"}"]`)
        .first()
        .click();
      const sheet = page.getByRole("dialog");
      await expect(sheet.getByRole("heading").first()).toBeVisible();
      await shot(page, `${locale}-product`);
      await page.keyboard.press("Escape");
      await expect(sheet).toBeHidden();

      await page.goto(`${origin}/?sheet=language`);
      await expect(page.getByRole("dialog")).toBeVisible();
      await shot(page, `${locale}-drawer-language`);

      await page.goto(`${origin}/basket`);
      await expect(page.locator(".basket-line, [role='group']").first()).toBeVisible();
      await shot(page, `${locale}-basket`);

      await page.goto(`${origin}/search`);
      await page.getByRole("searchbox").fill(searchWord);
      await expect(
        page
          .getByRole("main")
          .getByRole("link", { name: new RegExp(searchWord) })
          .first(),
      ).toBeVisible();
      await shot(page, `${locale}-search`);
    });

    test(`${locale}: the checkout, an order, its map and cancel dialog, my orders, the profile`, async ({
      page,
      request,
    }, testInfo) => {
      // A login, an order placed and a map: slow on a busy machine.
      test.setTimeout(90_000);
      const origin = await speak(page, testInfo, locale);
      // The login pages read English (the shared helper's labels); the locale comes back after it.
      await page
        .context()
        .addCookies([{ name: "lang", value: "en", domain: new URL(origin).hostname, path: "/" }]);
      await logInOnTheWeb(page, testInfo, origin);
      await speak(page, testInfo, locale);
      await seedBasket(page, request, testInfo, BRAND[locale]);
      await page.goto(`${origin}/checkout`);
      await expect(page.getByTestId("checkout-total")).not.toHaveText("—");
      await shot(page, `${locale}-checkout`);

      // A later order: it stays where it is while the demo simulator waits for its time.
      await page.locator("input[name=when]").nth(1).check();
      await page.locator("[data-platform-main-button] button").click();
      await expect(page.getByTestId("order-status")).toHaveAttribute("data-status", "AT_TIME");
      const orderUrl = page.url();
      const heading = page.getByRole("heading", { level: 1 });
      await shot(page, `${locale}-order`, [heading]);

      await page.goto(`${orderUrl}?sheet=cancel-order`);
      await expect(page.getByRole("dialog")).toBeVisible();
      await shot(page, `${locale}-drawer-cancel-order`, [heading]);

      await page.goto(`${orderUrl}/map`);
      await expect(page.getByTestId("order-map-legend")).toBeVisible();
      await mapReady(page);
      await shot(page, `${locale}-order-map`, [page.locator(".order-map__bar a")]);

      await page.goto(`${origin}/profile/orders`);
      await expect(page.getByTestId("order-row").first()).toBeVisible();
      await shot(page, `${locale}-orders`, [page.getByTestId("order-row")]);

      await page.goto(`${origin}/profile`);
      await expect(page.locator(".profile-card__phone")).toBeVisible();
      await shot(page, `${locale}-profile`, [page.locator(".profile-card__phone")]);
    });

    test(`${locale}: the address picker with its search and details drawers`, async ({ page }, testInfo) => {
      const origin = await speak(page, testInfo, locale);
      await page.goto(`${origin}/address/delivery`);
      await mapReady(page);
      await shot(page, `${locale}-address-picker`);
      await openSheet(page, "address-search");
      await shot(page, `${locale}-drawer-address-search`);
      await page.goBack();
      await expect(page.getByRole("dialog")).toBeHidden();
      await openSheet(page, "address-details");
      await shot(page, `${locale}-drawer-address-details`);
    });
  });
}

test("ru: the branches with the city choice and a branch drawer", async ({ page }, testInfo) => {
  await page.clock.setFixedTime(WEDNESDAY_NOON);
  const origin = await speak(page, testInfo, "ru");
  await page.goto(`${origin}/address/pickup`);
  const list = page.locator(".branches__list, [role='list']").first();
  await expect(list).toBeVisible();
  await shot(page, "ru-branches");
  await list.getByRole("button").first().click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await shot(page, "ru-drawer-branch");
});

test("ru: the menu and the basket inside Telegram", async ({ page, request }, testInfo) => {
  test.skip(testInfo.project.name !== "phone", "Telegram shows the storefront in a phone-sized web view");
  await page.goto(`${brandOrigin(testInfo, "lavash")}/api/health`);
  await seedBasket(page, request, testInfo, "lavash");
  const tg = await openInTelegram(page, { languageCode: "ru" });
  await expect.poll(async () => (await storedSession(appFrame(page)))?.token ?? null).toMatch(/^[\w-]{43}$/);
  const app = appFrame(page);
  await expect(app.locator(".product-card").first()).toBeVisible();
  await shot(page, "ru-telegram-menu", [], app);
  await page.getByTestId("tg-main-button").click();
  await expect(tg.app.getByRole("heading", { level: 1 })).toBeVisible();
  await shot(page, "ru-telegram-basket", [], app);
});

/** Staff of lavash that scripts/e2e-server.ts seeds for these pictures, one per language and size. */
const STAFF_VISUAL_PHONES: Record<string, string> = {
  "ru-1024": "+998977000044",
  "ru-1440": "+998977000045",
  "uz-1024": "+998977000046",
  "uz-1440": "+998977000047",
};

/** A Wednesday, 14:05 in Tashkent: the board's orders are counted back from it. */
const BOARD_NOW = new Date("2026-11-25T14:05:00+05:00");

/**
 * The staff console signed in without its form (the session stored as the form stores it): a
 * staff member's code sign-in through the API, the sound off (its "blocked" notice depends on the
 * browser's autoplay state) and the console's language.
 */
async function openStaffConsole(
  page: Page,
  request: APIRequestContext,
  testInfo: TestInfo,
  locale: string,
  phone: string,
) {
  const origin = brandOrigin(testInfo, "lavash");
  const lavash = await merchantOf(request, testInfo, "lavash");
  const since = Date.now() - 1000;
  // From an address of its own: 20 code requests a minute per address is the server's limit.
  const from = { merchant: lavash.id, "x-forwarded-for": customerAddress() };
  const asked = await request.post(apiUrl(testInfo, "/users/v1/auth/otp"), {
    headers: from,
    data: { phone },
  });
  expect(asked.status(), await asked.text()).toBe(200);
  const verified = await request.post(apiUrl(testInfo, "/users/v1/auth/otp/verify"), {
    headers: from,
    data: { phone, code: await smsCodeFor(testInfo, phone, since) },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  const { token, user } = (await verified.json()) as { token: string; user: Record<string, unknown> };
  await page.context().addCookies([{ name: "lang", value: locale, url: origin }]);
  await page.addInitScript(
    ({ session }) => {
      localStorage.setItem("savat:lavash:staff", session);
      localStorage.setItem("savat:lavash:staff-sound", "off");
      localStorage.setItem("savat:lavash:staff-branch", "");
    },
    {
      session: JSON.stringify({
        token,
        user: {
          id: user.id,
          firstName: user.firstName,
          lastName: user.lastName,
          phone: user.phone,
          role: user.role,
        },
      }),
    },
  );
  return origin;
}

for (const locale of ["ru", "uz"] as const) {
  for (const size of [
    { width: 1024, height: 768 },
    { width: 1440, height: 900 },
  ]) {
    test(`${locale}: the staff board at ${String(size.width)}x${String(size.height)}`, async ({
      page,
      request,
    }, testInfo) => {
      test.skip(testInfo.project.name !== "desktop", "the staff console is a tablet and desktop page");
      await page.setViewportSize(size);
      await page.clock.setFixedTime(BOARD_NOW);
      // The live board of the shared demo brand changes with every journey beside this one: the
      // pictures show a fixed board of eight orders (e2e/support/staff-board.ts).
      await page.route("**/api/staff/v1/board**", (route) =>
        route.fulfill({ json: fixedStaffBoard(BOARD_NOW) }),
      );
      const phone = STAFF_VISUAL_PHONES[`${locale}-${String(size.width)}`] ?? "";
      const origin = await openStaffConsole(page, request, testInfo, locale, phone);
      await page.goto(`${origin}/staff`);
      await expect(page.locator('[data-column="new"] article')).toHaveCount(2);
      await expect(page.getByTestId("staff-live")).toHaveAttribute("data-connected", "true");
      await shot(page, `${locale}-staff-board-${String(size.width)}x${String(size.height)}`);
    });
  }
}

/// <reference lib="dom" />
import { expect, test } from "@playwright/test";
import {
  brandOrigin,
  htmlLang,
  merchantOf,
  nameIn,
  portOf,
  tenantGet,
  webSettingsOf,
} from "./support/storefront.ts";

test.describe("the storefront boots as a website", () => {
  test("a *.localhost subdomain resolves the brand, its look and its language", async ({
    page,
    request,
  }, testInfo) => {
    const lavash = await merchantOf(request, testInfo, "lavash");
    const settings = await webSettingsOf(request, testInfo, lavash.id);
    const encodings = new Map<string, string>();
    page.on("response", (response) => {
      const url = new URL(response.url());
      if (url.pathname === "/" || url.pathname.startsWith("/assets/index-"))
        encodings.set(
          url.pathname.startsWith("/assets/") ? "entry" : "shell",
          response.headers()["content-encoding"] ?? "",
        );
    });
    const bootCalls: string[] = [];
    page.on("request", (r) => {
      if (/\/api\/(users\/v1\/merchants\/sub|support\/v1\/merchant\/settings\/web)/.test(r.url()))
        bootCalls.push(r.url());
    });
    await page.goto("/");

    // The shell and the entry bundle arrive as the build's Brotli copies, and the shell carries the
    // brand and its settings: the first screen does not wait for those two calls.
    expect(Object.fromEntries(encodings)).toMatchObject({ shell: "br", entry: "br" });
    const lang = await htmlLang(page);
    expect(lang).toBe("ru");
    const name = nameIn(lavash.name, lang);
    await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText(name);
    await expect(page.getByRole("link", { name: new RegExp(`^${name}`) })).toHaveAttribute("href", "/");
    const brand = await page.evaluate(() => document.documentElement.style.getPropertyValue("--savat-brand"));
    expect(brand.toLowerCase()).toBe(String(settings.mainColor).toLowerCase());
    await expect(page.locator("html")).toHaveAttribute("data-appearance", settings.isDark ? "dark" : "light");
    await expect(page).toHaveTitle(String(settings.title) || name);
    expect(bootCalls).toEqual([]);
  });

  test("?vendor= on a plain localhost address resolves the brand", async ({ page, request }, testInfo) => {
    const plov = await merchantOf(request, testInfo, "plov");
    const settings = await webSettingsOf(request, testInfo, plov.id);
    await page.goto(`http://localhost:${portOf(testInfo)}/?vendor=plov`);

    await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText(
      nameIn(plov.name, await htmlLang(page)),
    );
    await expect(page.locator("html")).toHaveAttribute("data-appearance", settings.isDark ? "dark" : "light");
    // The brand is remembered for the next visit without the parameter.
    await page.goto(`http://localhost:${portOf(testInfo)}/`);
    await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText(
      nameIn(plov.name, await htmlLang(page)),
    );
  });

  test("an inactive brand sends every path to /blocked", async ({ page, request }, testInfo) => {
    const closed = await merchantOf(request, testInfo, "closed");
    expect(closed.isActive).toBe(false);
    await page.goto(`${brandOrigin(testInfo, "closed")}/offerta`);

    await expect(page).toHaveURL(/\/blocked$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(nameIn(closed.name, "ru"));
    await expect(page.getByText("Система отключена администратором", { exact: false })).toBeVisible();
  });

  test("an unknown brand lands on /merchantNotAvailable with storage wiped", async ({ page }, testInfo) => {
    const origin = brandOrigin(testInfo, "no-such-brand");
    const notFound = page.getByRole("heading", { level: 1, name: "Магазин не найден" });
    await page.goto(`${origin}/merchantNotAvailable`);
    await expect(notFound).toBeVisible();
    // Left behind by an earlier visit; the next boot must wipe them.
    await page.evaluate(() => {
      localStorage.setItem("savat:no-such-brand:session", '{"token":"stale"}');
      sessionStorage.setItem("scratch", "1");
      document.cookie = "merchant=stale; path=/";
    });

    await page.goto(`${origin}/about`);
    await expect(page).toHaveURL(/\/merchantNotAvailable$/);
    await expect(notFound).toBeVisible();
    expect(await page.evaluate(() => [localStorage.length, sessionStorage.length, document.cookie])).toEqual([
      0,
      0,
      "",
    ]);
  });
});

test.describe("routing", () => {
  test("/uz/... stores the language in the lang cookie and redirects to /", async ({ page, context }) => {
    await page.goto("/uz/some/page");

    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "uz");
    const cookies = await context.cookies();
    const lang = cookies.find((c) => c.name === "lang");
    expect(lang?.value).toBe("uz");
    // About a year.
    expect((lang?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);
  });

  test("/2 stores the page cookie and redirects to /", async ({ page, context }) => {
    await page.goto("/2");
    await expect(page).toHaveURL(/\/$/);
    expect((await context.cookies()).find((c) => c.name === "page")?.value).toBe("2");
  });

  test("an unknown path shows the 404 page with the path", async ({ page }) => {
    await page.goto("/no-such-page");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Страница не найдена");
    await expect(page.getByText("Страница не найдена: /no-such-page")).toBeVisible();
    await page.getByRole("link", { name: "На главную" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("the about page shows the brand's own text", async ({ page, request }, testInfo) => {
    const lavash = await merchantOf(request, testInfo, "lavash");
    const settings = await webSettingsOf(request, testInfo, lavash.id);
    test.skip(!settings.aboutMerchantActive, "the demo brand has no about page");
    const policy = await tenantGet<{ text: { ru?: string } }>(
      request,
      testInfo,
      lavash.id,
      "/support/v1/company/policies?policies=ABOUT_COMPANY",
    );
    const firstParagraph = (policy.text.ru ?? "").split(/\n\s*\n/)[0]?.trim() ?? "";

    // The rest of the menu arrives after the first screen and the list measures its rows as they
    // scroll in: the footer can still move under a tap made at once, as under a finger, so the
    // journey waits for the whole menu and taps again if the first tap missed. (Not "networkidle":
    // the menu's live stream keeps a request open for as long as the page is.)
    const restOfMenu = page.waitForResponse(
      (r) => r.request().method() === "GET" && /\/api\/products\/v1\/overalls\?/.test(r.url()),
    );
    await page.goto("/");
    await (await restOfMenu).finished();
    const about = page.getByRole("navigation", { name: "Информация" }).getByRole("link", { name: "О нас" });
    await expect(async () => {
      await about.click();
      await expect(page).toHaveURL(/\/about$/, { timeout: 2000 });
    }).toPass({ timeout: 20_000 });
    await expect(page.getByRole("heading", { level: 1, name: "О нас" })).toBeVisible();
    await expect(page.getByText(firstParagraph, { exact: false }).first()).toBeVisible();
  });
});

test.describe("languages", () => {
  test("the language switcher works from the keyboard and the choice survives a reload", async ({
    page,
    context,
  }) => {
    await page.goto("/");
    const switcher = page.getByRole("button", { name: "Язык: Русский" });
    await switcher.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\?sheet=language$/);
    const dialog = page.getByRole("dialog", { name: "Язык" });
    await expect(dialog.getByRole("button", { name: "Русский" })).toHaveAttribute("aria-current", "true");
    await expect(dialog.getByRole("button", { name: "O'zbekcha" })).toBeVisible();

    await dialog.getByRole("button", { name: "English" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/$/);
    expect((await context.cookies()).find((c) => c.name === "lang")?.value).toBe("en");

    await page.reload();
    await expect(page.getByRole("button", { name: "Language: English" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });

  test("the back button closes a sheet", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: /^Язык/ }).click();
    await expect(page.getByRole("dialog", { name: "Язык" })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole("dialog", { name: "Язык" })).toBeHidden();
    await expect(page).toHaveURL(/\/$/);
  });

  test("a new page starts at its top, not at the menu's scroll position", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator(".product-card").first()).toBeVisible();
    await page.mouse.wheel(0, 2500);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    await page
      .getByRole("link", { name: /^Корзина/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/basket$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("a sheet opens from its address", async ({ page }) => {
    await page.goto("/?sheet=language");
    await expect(page.getByRole("dialog", { name: "Язык" })).toBeVisible();
  });

  test("Arabic is laid out right to left", async ({ page, request }, testInfo) => {
    const sushi = await merchantOf(request, testInfo, "sushi");
    await page.goto(brandOrigin(testInfo, "sushi"));
    await page.getByRole("button", { name: /^(Language|Язык|Til)/ }).click();
    await page.getByRole("dialog").getByRole("button", { name: "العربية" }).click();

    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.locator("html")).toHaveAttribute("lang", "ar");
    await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText(
      nameIn(sushi.name, "ar"),
    );
    await expect(page.getByRole("button", { name: "اللغة: العربية" })).toBeVisible();
    // The brand sits at the right edge and the controls at the left.
    const brandBox = await page.locator(".app-header__brand").boundingBox();
    const actionsBox = await page.locator(".app-header__actions").boundingBox();
    expect(brandBox && actionsBox && brandBox.x > actionsBox.x).toBe(true);
    expect(await page.locator("main").evaluate((el) => getComputedStyle(el).direction)).toBe("rtl");
    // Prices keep their digit groups in order: "34 100" reads left to right, not "100 34".
    const price = page.locator(".product-card .price__total").first();
    await expect(price).toHaveText(/\d+ \d{3}/);
    const inOrder = await price.evaluate((el) => {
      const node = el.firstChild;
      if (!(node instanceof Text)) return null;
      const m = /(\d+) (\d{3})/.exec(node.data);
      if (!m?.[1] || !m[2]) return null;
      const range = document.createRange();
      const xOf = (start: number, length: number) => {
        range.setStart(node, start);
        range.setEnd(node, start + length);
        return range.getBoundingClientRect().x;
      };
      return xOf(m.index, m[1].length) < xOf(m.index + m[1].length + 1, m[2].length);
    });
    expect(inOrder).toBe(true);
  });
});

test.describe("an Arabic phone", () => {
  test.use({ locale: "ar-SA" });

  test("opens a brand in Arabic where the brand has it, else in the brand's own language", async ({
    page,
    request,
  }, testInfo) => {
    const sushi = await merchantOf(request, testInfo, "sushi");
    const lavash = await merchantOf(request, testInfo, "lavash");
    // Its first visit: no lang cookie, only the phone's Accept-Language and navigator.languages.
    const shell = await page.goto(brandOrigin(testInfo, "sushi"));
    expect(shell?.headers()["vary"]).toContain("accept-language");
    await expect(page.locator("html")).toHaveAttribute("lang", "ar");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText(
      nameIn(sushi.name, "ar"),
    );
    // Lavash has no Arabic: its main language, Russian.
    await page.goto(brandOrigin(testInfo, "lavash"));
    await expect(page.locator("html")).toHaveAttribute("lang", "ru");
    await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText(
      nameIn(lavash.name, "ru"),
    );
  });
});

test.describe("brands", () => {
  test("the brand switcher lists the catalog and links to each brand's own storefront", async ({
    page,
    request,
  }, testInfo) => {
    const lavash = await merchantOf(request, testInfo, "lavash");
    const brands = await tenantGet<
      { sub: string | null; name: { ru?: string; eng?: string; uz?: string } }[]
    >(request, testInfo, lavash.id, "/support/v1/brand/catalog");
    test.skip(brands.length < 2, "the demo catalog has one brand");

    await page.goto("/");
    await page.getByRole("button", { name: "Наши бренды" }).click();
    const dialog = page.getByRole("dialog", { name: "Наши бренды" });
    for (const b of brands.filter((x) => x.sub)) {
      await expect(dialog.getByRole("link", { name: nameIn(b.name, "ru") })).toHaveAttribute(
        "href",
        `${brandOrigin(testInfo, b.sub ?? "")}/`,
      );
    }
    await expect(dialog.getByRole("link", { name: nameIn(lavash.name, "ru") })).toHaveAttribute(
      "aria-current",
      "page",
    );
  });
});

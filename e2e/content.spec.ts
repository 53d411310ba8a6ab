/// <reference lib="dom" />
// Banners, stories and vacancies as a customer meets them: lavash shows its banners above the menu
// and a banner leads to its product (on the web and inside the mocked Telegram), its stories play in
// a full-screen viewer, a vacancy opens with its contacts, and plov, whose switches are off, shows none.
import { expect, test, type BrowserContext, type FrameLocator, type Page } from "@playwright/test";
import { openInTelegram } from "./fixtures/platform.ts";
import { logInOnTheWeb, seedPickupBasket } from "./support/session.ts";
import { apiUrl, brandOrigin, merchantOf } from "./support/storefront.ts";

const CLASSIC = "Chicken lavash, classic";

async function inEnglish(context: BrowserContext, origin: string): Promise<void> {
  await context.addCookies([{ name: "lang", value: "en", domain: new URL(origin).hostname, path: "/" }]);
}

async function followProductBanner(ui: Page | FrameLocator): Promise<void> {
  const carousel = ui.getByRole("region", { name: "Offers" });
  await expect(carousel).toBeVisible();
  await expect(carousel.getByRole("group", { name: "Choose a banner" }).getByRole("button")).toHaveCount(4);
  const first = carousel.getByRole("group", { name: "New: chicken lavash (1 of 4)" });
  // The picture has its size before it loads: no jump of the menu under it.
  const image = first.locator("img");
  await expect(image).toHaveAttribute("width", "1200");
  await expect(image).toHaveAttribute("height", "500");
  await first.getByRole("button").click();
  const sheet = ui.getByRole("dialog");
  await expect(sheet.getByRole("heading", { name: CLASSIC })).toBeVisible();
}

test.describe("banners", () => {
  test("a banner leads to its product, a promo banner copies its code", async ({
    page,
    context,
  }, testInfo) => {
    const origin = brandOrigin(testInfo, "lavash");
    await inEnglish(context, origin);
    // Reduced motion: the carousel stays where the test puts it.
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto(`${origin}/`);
    await followProductBanner(page);
    await expect(page).toHaveURL(/[?&]sheet=product&product=/);

    await page.goBack();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    const carousel = page.getByRole("region", { name: "Offers" });
    await carousel.getByRole("button", { name: "Banner 3 of 4" }).click();
    await expect(carousel.getByRole("button", { name: "Banner 3 of 4" })).toHaveAttribute(
      "aria-current",
      "true",
    );
    await carousel
      .getByRole("group", { name: /\(3 of 4\)$/ })
      .getByRole("button")
      .click();
    await expect(page.getByText("Promo code copied", { exact: true }).last()).toBeVisible();
  });

  test("the carousel advances by itself", async ({ page, context }, testInfo) => {
    const origin = brandOrigin(testInfo, "lavash");
    await inEnglish(context, origin);
    await page.emulateMedia({ reducedMotion: "no-preference" });
    await page.goto(`${origin}/`);
    const dots = page.getByRole("region", { name: "Offers" }).getByRole("group", { name: "Choose a banner" });
    await expect(dots.getByRole("button", { name: "Banner 1 of 4" })).toHaveAttribute("aria-current", "true");
    await page.mouse.move(0, 0);
    await expect(dots.getByRole("button", { name: "Banner 2 of 4" })).toHaveAttribute(
      "aria-current",
      "true",
      {
        timeout: 15_000,
      },
    );
  });

  test("inside Telegram a banner opens its product", async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== "phone", "the mini app is phone-sized");
    await page.emulateMedia({ reducedMotion: "reduce" });
    const tg = await openInTelegram(page, { languageCode: "en" });
    await followProductBanner(tg.app);
  });
});

/** The story viewer's position line ("Slide 1 of 2"), read by screen readers. */
const position = (ui: Page | FrameLocator) => ui.getByTestId("story-viewer").getByTestId("story-position");

async function watchLastStoryToTheEnd(ui: Page | FrameLocator): Promise<void> {
  const strip = ui.getByRole("region", { name: "Stories" });
  await expect(strip.getByTestId("story-preview")).toHaveCount(4);
  const careers = strip.getByRole("button", { name: "Careers", exact: true });
  await careers.click();
  const viewer = ui.getByRole("dialog", { name: "Careers" });
  await expect(viewer).toBeVisible();
  await expect(position(ui)).toHaveText("Slide 1 of 1");
  await expect(viewer.getByRole("button", { name: "Message HR" })).toBeVisible();
  // The last story's only slide runs out (6 s) and the viewer closes by itself.
  await expect(viewer).toHaveCount(0, { timeout: 15_000 });
  await expect(strip.getByRole("button", { name: "Careers, watched" })).toHaveAttribute("data-seen", "true");
  await expect(strip.getByRole("button", { name: "New", exact: true })).toHaveAttribute("data-seen", "false");
}

test.describe("stories", () => {
  test("a story plays to its end, closes, and stays greyed out after a reload", async ({
    page,
    context,
  }, testInfo) => {
    const origin = brandOrigin(testInfo, "lavash");
    await inEnglish(context, origin);
    await page.goto(`${origin}/`);
    await watchLastStoryToTheEnd(page);
    // Focus went back to the story's preview.
    await expect(page.getByRole("button", { name: "Careers, watched" })).toBeFocused();
    await page.reload();
    await expect(page.getByRole("button", { name: "Careers, watched" })).toBeVisible();
  });

  // FIXME(2026-11-27): fails on main after the issue-35 merges ("Slide 2 of 3" after one Next: the
  // viewer goes on into the next story). Not yet understood; the next session starts here.
  test("tap forward and back, hold to pause, arrows, Escape and a swipe down close", async ({
    page,
    context,
  }, testInfo) => {
    const origin = brandOrigin(testInfo, "lavash");
    await inEnglish(context, origin);
    await page.goto(`${origin}/`);
    await page
      .getByRole("region", { name: "Stories" })
      .getByRole("button", { name: "New", exact: true })
      .click();
    const viewer = page.getByRole("dialog", { name: "New" });
    await expect(viewer).toBeVisible();
    await expect(viewer.getByRole("button", { name: "Close" })).toBeFocused();
    await expect(position(page)).toHaveText("Slide 1 of 2");
    await viewer.getByRole("button", { name: "Next" }).click();
    await expect(position(page)).toHaveText("Slide 2 of 2");
    await viewer.getByRole("button", { name: "Previous" }).click();
    await expect(position(page)).toHaveText("Slide 1 of 2");

    // Held down, the slide's bar stands still and the slide stays; let go, it runs again.
    const fill = viewer.locator(".story-viewer__fill").first();
    const box = await viewer.getByRole("button", { name: "Next" }).boundingBox();
    if (!box) throw new Error("no tap zone");
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.waitForTimeout(500);
    const heldAt = await fill.evaluate((el) => getComputedStyle(el).transform);
    await page.waitForTimeout(1_000);
    expect(await fill.evaluate((el) => getComputedStyle(el).transform)).toBe(heldAt);
    await page.mouse.up();
    await expect(position(page)).toHaveText("Slide 1 of 2");
    await expect.poll(() => fill.evaluate((el) => getComputedStyle(el).transform)).not.toBe(heldAt);

    // The keyboard: arrows move (slide 2 of "New", then "Combos"), Escape closes.
    await page.keyboard.press("ArrowRight");
    await expect(position(page)).toHaveText("Slide 2 of 2");
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("dialog", { name: "Combos" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("story-viewer")).toHaveCount(0);

    // A swipe down closes it too.
    await page
      .getByRole("region", { name: "Stories" })
      .getByRole("button", { name: "Desserts", exact: true })
      .click();
    const desserts = page.getByRole("dialog", { name: "Desserts" });
    await expect(desserts).toBeVisible();
    // On the slide itself: on a desktop the viewer is a phone-sized column in the middle.
    const slide = await desserts.boundingBox();
    if (!slide) throw new Error("no viewer");
    const x = slide.x + slide.width / 2;
    await page.mouse.move(x, 300);
    await page.mouse.down();
    await page.mouse.move(x, 360, { steps: 4 });
    await page.mouse.move(x, 520, { steps: 6 });
    await page.mouse.up();
    await expect(page.getByTestId("story-viewer")).toHaveCount(0);
  });

  test("a video slide plays muted and inline over its poster, and moves on when it ends", async ({
    page,
    context,
  }, testInfo) => {
    const origin = brandOrigin(testInfo, "lavash");
    await inEnglish(context, origin);
    await page.goto(`${origin}/`);
    // Listened to on the document from the start: a short clip on a busy machine can play and end
    // (and the viewer move on) before a listener put on the <video> itself would be there.
    await page.evaluate(() => {
      const seen = document.body.dataset;
      document.addEventListener(
        "timeupdate",
        (e) => {
          const v = e.target as HTMLVideoElement;
          seen.storyVideoTime = String(Math.max(Number(seen.storyVideoTime ?? 0), v.currentTime));
        },
        true,
      );
      document.addEventListener(
        "ended",
        () => {
          seen.storyVideoEnded = "yes";
        },
        true,
      );
    });
    await page
      .getByRole("region", { name: "Stories" })
      .getByRole("button", { name: "Combos", exact: true })
      .click();
    const viewer = page.getByRole("dialog", { name: "Combos" });
    await viewer.getByRole("button", { name: "Next" }).click();
    await viewer.getByRole("button", { name: "Next" }).click();
    await expect(position(page)).toHaveText("Slide 3 of 3");
    const video = viewer.locator("video");
    await expect(video).toHaveAttribute("poster", "/demo/lavash/story-grill-poster.svg");
    await expect(video).toHaveAttribute("playsinline", "");
    expect(await video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);
    // It plays (time runs), then ends and the next story follows.
    const seen = (key: string) => page.evaluate((k) => document.body.dataset[k] ?? null, key);
    await expect.poll(async () => Number(await seen("storyVideoTime"))).toBeGreaterThan(0.5);
    await expect.poll(() => seen("storyVideoEnded"), { timeout: 10_000 }).toBe("yes");
    await expect(viewer).toHaveCount(0);
  });

  test("a slide's button opens its product", async ({ page, context }, testInfo) => {
    const origin = brandOrigin(testInfo, "lavash");
    await inEnglish(context, origin);
    await page.goto(`${origin}/`);
    await page
      .getByRole("region", { name: "Stories" })
      .getByRole("button", { name: "New", exact: true })
      .click();
    await page.getByRole("dialog", { name: "New" }).getByRole("button", { name: "Order now" }).click();
    await expect(page.getByTestId("story-viewer")).toHaveCount(0);
    await expect(page.getByRole("dialog").getByRole("heading", { name: CLASSIC })).toBeVisible();
  });

  test("inside Telegram a story plays to its end", async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== "phone", "the mini app is phone-sized");
    const tg = await openInTelegram(page, { languageCode: "en" });
    await watchLastStoryToTheEnd(tg.app);
  });
});

test.describe("grades", () => {
  test("a closed order asks for a grade once, shows it afterwards, and its product's grade moves", async ({
    page,
    context,
    request,
  }, testInfo) => {
    await inEnglish(context, brandOrigin(testInfo, "lavash"));
    await logInOnTheWeb(page, testInfo);
    await seedPickupBasket(page, request, testInfo);
    const merchant = await merchantOf(request, testInfo, "lavash");
    const grades = async () =>
      (await (
        await request.get(apiUrl(testInfo, "/products/v1/grade"), { headers: { merchant: merchant.id } })
      ).json()) as { productId: string; count: number }[];
    const before = await grades();

    await page.goto("/checkout");
    await expect(page.getByTestId("checkout-total")).not.toHaveText("—");
    await page.locator("[data-platform-main-button] button").click();
    await expect(page.getByRole("heading", { level: 1, name: /^Order #\d+$/ })).toBeVisible();
    // Nothing asks for a grade while the order is under way: seen asking, it is finished already
    // (the simulator may close it at any moment; a status never goes back).
    const askedEarly = await page.getByRole("region", { name: "Rate the order" }).count();
    const statusThen = await page.getByTestId("order-status").getAttribute("data-status");
    if (askedEarly > 0) expect(statusThen).toMatch(/^(CLOSED|DELIVERED)$/);
    // The demo simulator walks the pickup order to CLOSED (a step every 400 ms here).
    await expect(page.getByTestId("order-status")).toHaveAttribute("data-status", "CLOSED", {
      timeout: 30_000,
    });

    const form = page.getByRole("region", { name: "Rate the order" });
    await expect(form).toBeVisible();
    await expect(form.getByRole("button", { name: "Send the grade" })).toBeDisabled();
    await form.getByRole("radio", { name: "4 of 5: Good" }).check();
    await expect(form.getByText("What could be better?")).toBeVisible();
    // A pickup order has no courier to grade.
    await expect(form.getByRole("checkbox", { name: "Courier" })).toHaveCount(0);
    await form.getByRole("checkbox", { name: "Packaging" }).check();
    await form.getByLabel("Comment (optional)").fill("Tasty, but the bag was torn");
    await form.getByRole("button", { name: "Send the grade" }).click();
    await expect(page.getByText("Thank you for your grade", { exact: true }).last()).toBeVisible();

    const given = page.getByRole("region", { name: "Your grade" });
    await expect(given.getByRole("img", { name: "Grade 4 of 5" })).toBeVisible();
    await expect(given).toContainText("Packaging");
    await expect(given).toContainText("Tasty, but the bag was torn");
    await expect(page.getByRole("region", { name: "Rate the order" })).toHaveCount(0);

    // Still there after a reload, and the order's product counts one grade more.
    await page.reload();
    await expect(page.getByRole("region", { name: "Your grade" })).toBeVisible();
    const after = await grades();
    const total = (list: { count: number }[]) => list.reduce((sum, g) => sum + g.count, 0);
    expect(total(after)).toBe(total(before) + 1);

    await page.goto("/profile/orders?tab=archive");
    await expect(page.getByTestId("order-row").first()).toContainText("Your grade: 4 of 5");
  });
});

test.describe("the brand's links and the QR code", () => {
  test(
    "the footer links the brand's channels and apps where switched on; a desktop shows a QR code",
    { tag: "@desktop" },
    async ({ page, context }, testInfo) => {
      const origin = brandOrigin(testInfo, "lavash");
      await inEnglish(context, origin);
      let qrAsked = false;
      page.on("request", (r) => {
        if (/qr-code|qrcode/.test(r.url())) qrAsked = true;
      });
      await page.goto(`${origin}/`);
      const contacts = page.getByRole("contentinfo").getByRole("list", { name: "Contacts" });
      await expect(contacts.getByRole("link", { name: "Instagram: @lavash.express.demo" })).toHaveAttribute(
        "href",
        "https://instagram.com/lavash.express.demo",
      );
      await expect(contacts.getByRole("link", { name: "Telegram: @lavash_express_news" })).toHaveAttribute(
        "href",
        "https://t.me/lavash_express_news",
      );
      await expect(contacts.getByRole("link", { name: /^iPhone app/ })).toHaveAttribute(
        "href",
        /^https:\/\/apps\.apple\.com\//,
      );
      await expect(contacts.getByRole("link", { name: /^Android app/ })).toHaveAttribute(
        "href",
        /^https:\/\/play\.google\.com\//,
      );
      // Facebook is switched off for lavash: no link to it.
      await expect(contacts.getByRole("link", { name: /^Facebook/ })).toHaveCount(0);

      const qr = page.getByRole("img", { name: `QR code of ${origin}/` });
      if (testInfo.project.name === "desktop") {
        await expect(qr).toBeVisible();
        await expect(page.getByText("Scan to open the menu on your phone")).toBeVisible();
      } else {
        // A phone is the phone already: no QR code, and its code is never fetched.
        await expect(page.getByRole("contentinfo")).toBeVisible();
        await expect(qr).toHaveCount(0);
        expect(qrAsked).toBe(false);
      }
    },
  );

  test("plov, with its channels off, links none of them", async ({ page, context }, testInfo) => {
    const origin = brandOrigin(testInfo, "plov");
    await inEnglish(context, origin);
    await page.goto(`${origin}/`);
    const contacts = page.getByRole("contentinfo").getByRole("list", { name: /./ });
    await expect(page.getByRole("contentinfo")).toBeVisible();
    for (const name of [/^Instagram/, /^Facebook/, /^iPhone app/, /^Android app/, /^Telegram:/]) {
      await expect(contacts.getByRole("link", { name })).toHaveCount(0);
    }
  });
});

test.describe("extra pages", () => {
  test("the footer links the brand's own pages; one opens in the extra layout, an absent one is a 404", async ({
    page,
    context,
  }, testInfo) => {
    const origin = brandOrigin(testInfo, "lavash");
    await inEnglish(context, origin);
    await page.goto(`${origin}/`);
    const info = page.getByRole("contentinfo").getByRole("navigation", { name: "Information" });
    await expect(info.getByRole("link", { name: "Franchise" })).toHaveAttribute("href", "/extra2");
    // The footer mounts after the first screen's paint; a click while its chunk settles can be
    // lost (once in this session's five full runs), so the tap is repeated until the page changes.
    await expect(async () => {
      await info.getByRole("link", { name: "Delivery" }).click({ timeout: 3_000 });
      await expect(page).toHaveURL(/\/extra$/, { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await expect(page.getByRole("heading", { level: 1, name: "Delivery" })).toBeVisible();
    await expect(page.getByText(/every day from 09:00 to 23:00/)).toBeVisible();
    // The extra layout: the header without the footer.
    await expect(page.getByRole("contentinfo")).toHaveCount(0);

    await page.goto(`${origin}/extr3`);
    await expect(page.getByRole("heading", { level: 1, name: /^404 / })).toBeVisible();
  });

  test("plov has none: no links, and /extra is a 404", async ({ page, context }, testInfo) => {
    const origin = brandOrigin(testInfo, "plov");
    await inEnglish(context, origin);
    await page.goto(`${origin}/extra`);
    await expect(page.getByRole("heading", { level: 1, name: /^404 / })).toBeVisible();
    await page.goto(`${origin}/`);
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await expect(page.getByRole("contentinfo").locator('a[href^="/extr"]')).toHaveCount(0);
  });
});

test.describe("sharing a product", () => {
  test("on the web the product's link is copied, and the link opens that product", async ({
    page,
    context,
  }, testInfo) => {
    const origin = brandOrigin(testInfo, "lavash");
    await inEnglish(context, origin);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin });
    // A browser without a share sheet: the link is copied instead.
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, "share", { value: undefined, configurable: true });
    });
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto(`${origin}/`);
    await followProductBanner(page);
    await page
      .getByRole("dialog")
      .getByRole("button", { name: `Share ${CLASSIC}` })
      .click();
    await expect(page.getByText("Link to the product copied", { exact: true }).last()).toBeVisible();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(new RegExp(`^${origin}/product/[0-9a-f-]{36}$`));

    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1, name: CLASSIC })).toBeVisible();
  });
});

// FIXME(2026-11-27): fails on main after the Telegram changes of issue 35 (the product sheet does
// not open from startapp=product_<id>). Not yet understood; the next session starts here.
test("a mini app started from a shared product's link opens that product", async ({
  page,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== "phone", "the mini app is phone-sized");
  const merchant = await merchantOf(request, testInfo, "lavash");
  const overall = (await (
    await request.get(apiUrl(testInfo, "/products/v1/overalls?type=TG"), {
      headers: { merchant: merchant.id },
    })
  ).json()) as { products: { id: string; name: { eng?: string } }[] };
  const classic = overall.products.find((p) => p.name.eng === CLASSIC);
  if (!classic) throw new Error("no classic lavash");
  const tg = await openInTelegram(page, { languageCode: "en", startParam: `product_${classic.id}` });
  await expect(tg.app.getByRole("dialog").getByRole("heading", { name: CLASSIC })).toBeVisible();
});

test.describe("vacancies", () => {
  test("from the footer to a vacancy and its contacts", async ({ page, context }, testInfo) => {
    const origin = brandOrigin(testInfo, "lavash");
    await inEnglish(context, origin);
    await page.goto(`${origin}/`);
    const link = page.getByRole("contentinfo").getByRole("link", { name: "Vacancies" });
    // The rest of the menu mounts after the first screen and moves the footer down: a tap while it
    // moves lands on a dish. Tap once the link stays where it is.
    await expect
      .poll(async () => {
        const before = await link.boundingBox();
        await page.waitForTimeout(300);
        return before !== null && before.y === (await link.boundingBox())?.y;
      })
      .toBe(true);
    // A tap while the footer's chunk settles can still be lost (CI, once): tap again until the page
    // changes, as the extra pages' journey does.
    await expect(async () => {
      await link.click({ timeout: 3_000 });
      await expect(page).toHaveURL(/\/vacancy$/, { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await expect(page.getByRole("heading", { level: 1, name: "Vacancies" })).toBeVisible();
    const cards = page.getByTestId("vacancy-card");
    await expect(cards).toHaveCount(3);
    await expect(cards.first()).toContainText("Lavash cook");
    await expect(cards.first()).toContainText("a month");
    await expect(cards.first()).toContainText("Tashkent");
    await expect(cards.nth(2)).toContainText("Salary negotiable");

    await cards.first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Lavash cook" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Requirements" })).toBeVisible();
    await expect(page.getByText("Dilnoza Karimova")).toBeVisible();
    await expect(page.getByRole("link", { name: /^Call / })).toHaveAttribute("href", "tel:+998712000010");
    await expect(page.getByRole("link", { name: "Write in Telegram" })).toHaveAttribute(
      "href",
      "https://t.me/lavash_hr",
    );
  });
});

test.describe("switched off (plov)", () => {
  test("no banners, no stories, no vacancies link, and /vacancy is a 404", async ({
    page,
    context,
  }, testInfo) => {
    const origin = brandOrigin(testInfo, "plov");
    await inEnglish(context, origin);
    let bannerAsked = false;
    let storiesAsked = false;
    page.on("request", (r) => {
      if (r.url().includes("/support/v1/banner")) bannerAsked = true;
      if (r.url().includes("/notifications/v2/stories")) storiesAsked = true;
    });
    await page.goto(`${origin}/`);
    // plov speaks uz and ru only: the menu is there once a product card is.
    await expect(page.getByRole("main").getByRole("article").first()).toBeVisible();
    await expect(page.locator(".banners")).toHaveCount(0);
    await expect(page.locator(".stories")).toHaveCount(0);
    await expect(
      page.getByRole("contentinfo").getByRole("link", { name: /Vacanc|Ваканс|Vakans/ }),
    ).toHaveCount(0);
    expect(bannerAsked).toBe(false);
    expect(storiesAsked).toBe(false);

    await page.goto(`${origin}/vacancy`);
    await expect(page.getByRole("heading", { level: 1, name: /^404 / })).toBeVisible();
  });
});

// Stories and news from the back office (issue 36), in the browser: the owner of "navruz" (plov's
// menu under a sub of its own, stories and notifications on and none of either: scripts/e2e-server.ts)
// adds a story with a picture slide and a clip slide, a clip refused by its bytes is said at its field,
// and publishes the brand's news; a customer then sees the story on the menu, its clip playing, sees
// it go from the open menu when the owner hides it, and reads the news under the bell; the owner
// corrects the news (the customer reads the correction) and takes it back (it leaves the bell).
import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import sharp from "sharp";
import { brandOrigin } from "./support/storefront.ts";
import { logInOnTheWeb, signInToConsole } from "./support/session.ts";

/** The stories brand's owner (scripts/e2e-server.ts); no other journey signs in with it. */
const OWNER = "+998977000361";
const CLIP = path.resolve("public/demo/lavash/story-grill.webm");
const STORY = "Spring grill";
const NEWS = "Navruz opens on Sundays";

async function photo(testInfo: TestInfo, name: string, colour: string, width = 720, height = 1280) {
  const file = testInfo.outputPath(name);
  await sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toFile(file);
  return file;
}

async function noSeriousAxe(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
}

test.describe("stories and news from the back office @desktop", () => {
  test("the owner adds a story with a picture and a clip and publishes news; a customer watches the clip and reads the news", async ({
    page,
    context,
    browser,
  }, testInfo) => {
    const origin = brandOrigin(testInfo, "navruz");
    await context.addCookies([{ name: "lang", value: "en", url: origin }]);
    await signInToConsole(page, testInfo, origin, OWNER);

    // Stories: none yet.
    await page.getByRole("link", { name: /^Stories/ }).click();
    await expect(page.getByText("No stories yet")).toBeVisible();
    await page.getByRole("button", { name: "New story" }).click();
    const dialog = page.getByRole("dialog", { name: "New story" });
    // The dialog's fields are there before they are listed (`all()` does not wait).
    await expect(dialog.getByLabel(/^Title \(/).first()).toBeVisible();
    for (const title of await dialog.getByLabel(/^Title \(/).all()) await title.fill(STORY);
    await dialog
      .getByRole("group", { name: "Round picture" })
      .locator('input[type="file"]')
      .setInputFiles(await photo(testInfo, "round.png", "#2e7d32", 400, 400));
    await expect(dialog.getByRole("img", { name: "Round picture: as guests see it" })).toBeVisible();

    await dialog.getByRole("button", { name: "Add a picture slide" }).click();
    const picture = dialog.getByRole("group", { name: "Picture of slide 1" });
    await picture.locator('input[type="file"]').setInputFiles(await photo(testInfo, "slide.png", "#f9a825"));
    await expect(picture.getByRole("img", { name: "Picture of slide 1: as guests see it" })).toBeVisible();
    // Long enough that the customer below moves on to the clip themself.
    await dialog.getByLabel("Seconds on screen", { exact: true }).fill("60");
    // A button under the picture that opens one of the brand's dishes.
    await dialog.getByRole("button", { name: "Add a button to slide 1" }).click();
    const action = dialog.getByRole("group", { name: "Button of slide 1" });
    for (const label of await action.getByLabel(/^Label \(/).all()) await label.fill("See the dish");
    await action.getByLabel("Dish", { exact: true }).selectOption({ index: 1 });

    // A clip slide: a picture renamed .mp4 is refused by its bytes, at the field; the real clip is taken.
    await dialog.getByRole("button", { name: "Add a clip slide" }).click();
    const clip = dialog.getByRole("group", { name: "Clip of slide 2" });
    await clip.locator('input[type="file"]').setInputFiles({
      name: "not-a-clip.mp4",
      mimeType: "video/mp4",
      buffer: fs.readFileSync(await photo(testInfo, "fake.png", "#000", 64, 64)),
    });
    await expect(clip.getByRole("alert")).toHaveText("This file is not a clip. Choose an MP4 or WebM video.");
    await clip.locator('input[type="file"]').setInputFiles(CLIP);
    await expect(clip.getByRole("alert")).toHaveCount(0);
    await expect(clip.locator("video")).toHaveAttribute(
      "src",
      /^\/api\/products\/v1\/clips\/[0-9a-f-]+\.webm$/,
    );
    await dialog.getByLabel("Seconds on screen at most").fill("8");
    await noSeriousAxe(page);
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByRole("list", { name: "Stories" }).getByRole("listitem").filter({ hasText: STORY });
    await expect(row).toContainText("2 slides · 1 clip");
    await noSeriousAxe(page);

    // News: the three required languages are asked for at the field, then it is published.
    await page.getByRole("link", { name: /^News/ }).click();
    await expect(page.getByText("No news yet")).toBeVisible();
    const form = page.getByRole("form", { name: "New news item" });
    await form.getByRole("button", { name: "Publish to every customer" }).click();
    await expect(form.locator(".staff-error").first()).toContainText("Write the title in");
    for (const title of await form.getByLabel(/^Title \(/).all()) await title.fill(NEWS);
    for (const text of await form.getByLabel(/^Text \(/).all()) await text.fill("From 10:00 to 22:00.");
    await form
      .getByRole("group", { name: "Picture (optional)" })
      .locator('input[type="file"]')
      .setInputFiles(await photo(testInfo, "news.png", "#1565c0", 800, 400));
    await expect(form.getByRole("img", { name: "Picture (optional): as guests see it" })).toBeVisible();
    await form.getByRole("button", { name: "Publish to every customer" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Published." })).toBeVisible();
    const published = page.getByRole("list", { name: "Published news, newest first" });
    await expect(published.getByRole("listitem").filter({ hasText: NEWS })).toContainText(
      "Read by 0 customers",
    );
    await noSeriousAxe(page);

    // The customer: the story on the menu, its clip playing; the news under the bell.
    const customer = await browser.newContext({ viewport: { width: 412, height: 915 } });
    await customer.addCookies([{ name: "lang", value: "en", url: origin }]);
    const phone = await customer.newPage();
    await logInOnTheWeb(phone, testInfo, origin);
    await phone.goto(`${origin}/`);
    await phone.evaluate(() => {
      document.addEventListener(
        "timeupdate",
        (e) => {
          const v = e.target as HTMLVideoElement;
          document.body.dataset.storyVideoTime = String(
            Math.max(Number(document.body.dataset.storyVideoTime ?? 0), v.currentTime),
          );
        },
        true,
      );
    });
    const previews = phone.getByTestId("story-preview");
    await expect(previews).toHaveCount(1);
    await previews.first().click();
    const viewer = phone.getByTestId("story-viewer");
    await expect(viewer.locator("img.story-viewer__picture")).toHaveAttribute(
      "src",
      /^\/api\/products\/v1\/pictures\/[0-9a-f-]+\.webp$/,
    );
    await expect(viewer.getByRole("button", { name: "See the dish" })).toBeVisible();
    await viewer.getByRole("button", { name: "Next" }).click();
    const video = viewer.locator("video");
    await expect(video).toHaveAttribute("src", /^\/api\/products\/v1\/clips\/[0-9a-f-]+\.webm$/);
    await expect
      .poll(() => phone.evaluate(() => Number(document.body.dataset.storyVideoTime ?? 0)))
      .toBeGreaterThan(0.3);
    await phone.keyboard.press("Escape");
    await expect(viewer).toHaveCount(0);

    // The owner hides the story; the customer's open menu drops it without a reload (the live stream).
    await page.getByRole("link", { name: /^Stories/ }).click();
    await page.getByRole("button", { name: `Hide ${STORY}` }).click();
    await expect(page.getByRole("button", { name: `Show ${STORY}` })).toBeVisible();
    await expect(previews).toHaveCount(0);

    await phone
      .getByRole("banner")
      .getByRole("link", { name: /^Notifications, \d+ unread$/ })
      .click();
    await expect(phone).toHaveURL(/\/notifications$/);
    await expect(phone.getByText(NEWS)).toBeVisible();

    // The owner corrects the hours; the customer reads the correction. Then takes the item back, and
    // it leaves the customer's bell.
    await page.getByRole("link", { name: /^News/ }).click();
    const item = published.getByRole("listitem").filter({ hasText: NEWS });
    await item.getByRole("button", { name: `Correct: ${NEWS}` }).click();
    const correcting = page.getByRole("dialog", { name: "Correct the news item" });
    await correcting.getByLabel("Text (English)").fill("From 09:00 to 23:00.");
    await correcting.getByRole("button", { name: "Save the correction" }).click();
    await expect(correcting).toHaveCount(0);
    await expect(item).toContainText("From 09:00 to 23:00.");
    await phone.reload();
    await expect(phone.getByText("From 09:00 to 23:00.")).toBeVisible();
    await item.getByRole("button", { name: `Take back: ${NEWS}` }).click();
    const ask = page.getByRole("dialog", { name: "Take the news item back?" });
    await expect(ask).toContainText("It leaves the bell of every customer.");
    await ask.getByRole("button", { name: "Take it back" }).click();
    await expect(published.getByRole("listitem").filter({ hasText: NEWS })).toHaveCount(0);
    await phone.reload();
    await expect(phone.getByText(NEWS)).toHaveCount(0);
    await customer.close();
  });
});

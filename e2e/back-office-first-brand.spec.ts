// A brand built from nothing in the back office (issue 36): the owner of an empty brand (only a name
// and a bot token, as `npm run staff -- new-brand` makes one; scripts/e2e-server.ts seeds "bahor")
// adds a branch with its hours, a delivery zone, two categories, three dishes with pictures and a
// group of options, a banner, and Payme credentials, all in the console; a customer then orders in the
// Telegram harness and pays with Payme. No brand file, no command line.
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import sharp from "sharp";
import { openInTelegram, storedSession, appFrame } from "./fixtures/platform.ts";
import { brandOrigin } from "./support/storefront.ts";
import { branchOf, signInToConsole } from "./support/session.ts";

/** The empty brand's owner (scripts/e2e-server.ts). */
const OWNER = "+998977000100";
/** Payme's id of this brand's cash desk: its own, so the stand-in finds this brand by it. */
const PAYME_ID = "0000000000000000000000b1";
const PAYME_KEY = "bahor-payme-test-key-for-local-testing";

async function photo(testInfo: TestInfo, name: string, colour: string): Promise<string> {
  const file = testInfo.outputPath(name);
  await sharp({ create: { width: 800, height: 600, channels: 3, background: colour } })
    .png()
    .toFile(file);
  return file;
}

async function addBranch(page: Page) {
  await page.getByRole("link", { name: /^Branches/ }).click();
  await page.getByRole("button", { name: "Add a branch" }).click();
  const branch = page.getByRole("dialog", { name: "New branch" });
  await branch.getByLabel("Name (English)").fill("Bahor Chilonzor");
  await branch.getByLabel("Address (English)").fill("Bunyodkor avenue 12");
  await branch.getByLabel("Phone").fill("90 777 12 34");
  await expect(branch.getByRole("region", { name: "Map: the branch's place" })).toHaveAttribute(
    "data-map-state",
    "ready",
    { timeout: 20_000 },
  );
  await branch.getByRole("checkbox", { name: "Pickup", exact: true }).check();
  await branch.getByRole("checkbox", { name: "Delivery", exact: true }).check();
  // Open around the clock, whenever the run happens.
  for (const day of ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]) {
    const closed = branch.getByRole("checkbox", { name: `${day}: closed` });
    if (await closed.isChecked()) await closed.uncheck();
    await branch.getByLabel(`${day}: opens`).fill("00:00");
    await branch.getByLabel(`${day}: closes`).fill("23:59");
  }
  await branch.getByRole("button", { name: "Save" }).click();
  await expect(branch).toBeHidden();
  await expect(page.getByRole("listitem").filter({ hasText: "Bahor Chilonzor" })).toBeVisible();
}

async function addZone(page: Page) {
  await page.getByRole("link", { name: /^Delivery zones/ }).click();
  await page.getByRole("button", { name: "Add a zone" }).click();
  const zone = page.getByRole("dialog", { name: "New delivery zone" });
  await zone.getByLabel("Name (English)").fill("Tashkent");
  await zone.getByLabel("Delivery price").fill("12000");
  await zone.getByLabel("Minimum order").fill("0");
  await zone
    .getByLabel(/^Points of the border/)
    .fill(["41.25, 69.15", "41.25, 69.33", "41.37, 69.33", "41.37, 69.15"].join("\n"));
  await zone.getByRole("button", { name: "Save" }).click();
  await expect(zone).toBeHidden();
  await expect(page.getByRole("listitem").filter({ hasText: "Tashkent" })).toContainText("12");
}

async function addCategory(page: Page, testInfo: TestInfo, name: string, colour: string) {
  await page.getByRole("button", { name: "New category" }).click();
  const dialog = page.getByRole("dialog", { name: "New category" });
  await dialog.getByLabel(/^Name \(English\)/).fill(name);
  await dialog.locator('input[type="file"]').setInputFiles(await photo(testInfo, `${name}.png`, colour));
  await expect(dialog.getByRole("img", { name: /Category picture/ })).toBeVisible();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("heading", { name: `Dishes in ${name}` })).toBeVisible();
}

async function addDish(page: Page, testInfo: TestInfo, name: string, price: number, colour: string) {
  await page.getByRole("button", { name: "New dish" }).click();
  const dialog = page.getByRole("dialog", { name: "New dish" });
  await dialog.getByLabel(/^Name \(English\)/).fill(name);
  await dialog.getByLabel("Price", { exact: true }).fill(String(price));
  await dialog.locator('input[type="file"]').setInputFiles(await photo(testInfo, `${name}.png`, colour));
  await expect(dialog.getByRole("img", { name: /Dish picture/ })).toBeVisible();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
}

async function addOptions(page: Page, dish: string) {
  await page.getByRole("button", { name: `Options of ${dish}` }).click();
  const options = page.getByRole("dialog", { name: `Options of ${dish}` });
  await options.getByRole("button", { name: "New group of options" }).click();
  await options.getByLabel(/^Name \(English\)/).fill("Size");
  await options.getByLabel("Guests choose at least (0: optional)").fill("1");
  await options.getByLabel(/^Option 1 \(English\)/).fill("Regular");
  await options.getByRole("button", { name: "Add an option" }).click();
  await options.getByLabel(/^Option 2 \(English\)/).fill("Large");
  await options.getByLabel("Extra price of option 2").fill("10000");
  await options.getByRole("button", { name: "Save the group" }).click();
  await expect(options.getByText("Size")).toBeVisible();
  await options.getByRole("button", { name: "Close" }).click();
}

async function addBanner(page: Page, testInfo: TestInfo) {
  await page.getByRole("link", { name: /^Banners/ }).click();
  await page.getByRole("button", { name: "New banner" }).click();
  const dialog = page.getByRole("dialog", { name: "New banner" });
  await dialog.getByLabel(/^Title \(English\)/).fill("Shashlik week");
  await dialog.locator('input[type="file"]').setInputFiles(await photo(testInfo, "banner.png", "#8e44ad"));
  await expect(dialog.getByRole("img", { name: /Picture/ })).toBeVisible();
  await dialog.getByRole("radio", { name: "A dish" }).check();
  await dialog.getByLabel("The dish").selectOption({ label: "Kebabs · Lamb shashlik" });
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("list", { name: "Banners" })).toContainText("Shashlik week");
}

/** The brand's tax id and each dish's codes: an online payment is refused without them (issue 40). */
async function fillFiscalCodes(page: Page, dishes: string[]) {
  await page.getByRole("link", { name: /^Fiscal receipts/ }).click();
  await page.getByLabel("TIN or PINFL").fill("123456789");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Saved", { exact: true })).toBeVisible();
  for (const dish of dishes) {
    const row = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("button", { name: `Save the codes of ${dish}` }) });
    await row.getByLabel("IKPU code").fill("10202001001000000");
    await row.getByLabel("Package code").fill("1501497");
    await row.getByRole("button", { name: `Save the codes of ${dish}` }).click();
    await expect(row).toBeHidden();
  }
}

async function setUpPayme(page: Page) {
  await page.getByRole("link", { name: /^Brand settings/ }).click();
  const payme = page.getByRole("group", { name: "Payme" });
  await payme.getByLabel("New Payme · Merchant ID").fill(PAYME_ID);
  await payme.getByLabel("New Payme · Key").fill(PAYME_KEY);
  const on = page.getByRole("switch", { name: "Payme" });
  if ((await on.getAttribute("aria-checked")) !== "true") await on.click();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await expect(payme.getByTestId("secret-paymeKey")).toHaveText("set");
}

test("the owner of an empty brand builds its storefront in the console, and a customer orders and pays in Telegram @desktop", async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "the console runs in the desktop project");
  test.setTimeout(240_000);
  const origin = brandOrigin(testInfo, "bahor");
  await page.context().addCookies([{ name: "lang", value: "en", url: origin }]);
  await signInToConsole(page, testInfo, origin, OWNER);

  await addBranch(page);
  await addZone(page);
  await page.getByRole("link", { name: /^Categories and dishes/ }).click();
  await addCategory(page, testInfo, "Kebabs", "#c0392b");
  await addDish(page, testInfo, "Lamb shashlik", 32000, "#e67e22");
  await addOptions(page, "Lamb shashlik");
  await addDish(page, testInfo, "Chicken shashlik", 24000, "#f1c40f");
  await addCategory(page, testInfo, "Drinks", "#2980b9");
  await addDish(page, testInfo, "Ayran", 8000, "#ecf0f1");
  await addBanner(page, testInfo);
  await setUpPayme(page);
  await fillFiscalCodes(page, ["Lamb shashlik", "Chicken shashlik", "Ayran"]);

  // The customer: Telegram's phone-sized web view, picking up at the new branch.
  const context = await browser.newContext({ viewport: { width: 412, height: 915 }, baseURL: origin });
  const customer = await context.newPage();
  const branch = await branchOf(request, testInfo, "bahor", "Bahor");
  await customer.goto("/api/health");
  await customer.evaluate(
    (draft) => {
      localStorage.setItem("savat:bahor:session", JSON.stringify({ orderRequest: draft }));
    },
    { serviceType: "PICK_UP", branch, branchId: branch.id },
  );
  const tg = await openInTelegram(customer, { sub: "bahor", languageCode: "en" });
  await expect
    .poll(async () => (await storedSession(appFrame(customer), "bahor"))?.token ?? null, { timeout: 30_000 })
    .toMatch(/^[\w-]{43}$/);
  await expect(tg.app.getByRole("navigation", { name: "Menu categories" })).toContainText("Kebabs");
  await expect(tg.app.getByRole("navigation", { name: "Menu categories" })).toContainText("Drinks");
  await expect(tg.app.getByRole("region", { name: "Offers" }).getByText("Shashlik week")).toBeVisible();
  const mainButton = customer.getByTestId("tg-main-button");
  await tg.app.getByRole("button", { name: "Choose options for Lamb shashlik" }).click();
  const sheet = tg.app.getByRole("dialog");
  await sheet.getByRole("radio", { name: /Large/ }).check();
  await sheet.getByRole("button", { name: /^Add to basket/ }).click();
  await expect(mainButton).toContainText("Basket · 1 ·");
  // The basket opens (a sheet: this brand has no basket page), then the checkout.
  await mainButton.click();
  await expect(tg.app.getByRole("dialog", { name: "Basket" })).toContainText("Large");
  await expect(mainButton).toContainText("Checkout · 42 000");
  await mainButton.click();
  await expect(tg.app.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
  await tg.app.getByRole("radio", { name: "Pay on Payme's page" }).click();
  await expect(tg.app.getByTestId("checkout-total")).toContainText(/42\s000/);
  // Telegram opens Payme in the phone's browser (the harness: a new window).
  const [payme] = await Promise.all([customer.waitForEvent("popup"), mainButton.click()]);
  await expect(tg.app.getByRole("heading", { level: 1, name: /^Order #\d+$/ })).toBeVisible();
  await expect(payme.locator("body")).toContainText(/42\s000/);
  await payme.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(payme.getByTestId("paid-return-status")).toHaveText("Payment received");
  // The order in the mini app follows: paid, and on its way through the kitchen.
  await expect(tg.app.getByTestId("order-paid")).toHaveText("Paid", { timeout: 30_000 });
  await context.close();
});

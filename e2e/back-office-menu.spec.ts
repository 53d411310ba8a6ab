// The back office's menu builder (issue 36) as an owner uses it: plov's owner creates a category with
// a picture, a dish in it with a picture and a required group of two options, and puts the category
// first by keyboard; a customer on a phone then sees that category first, the dish with its picture,
// and picks an option on the dish's page. Desktop project (the console is a tablet/desktop page).
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import sharp from "sharp";
import { brandOrigin, merchantOf, tenantGet } from "./support/storefront.ts";
import { signInToConsole } from "./support/session.ts";

/** plov's demo owner (scripts/e2e-server.ts and the demo start print it). */
const PLOV_OWNER_PHONE = "+998900000002";

/** Axe's serious and critical findings on what the console shows now. */
async function expectNoSeriousViolations(page: Page, screen: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(" ")).join("\n  ")}`);
  expect(serious, `${screen}:\n${serious.join("\n")}`).toEqual([]);
}

async function photo(testInfo: TestInfo, name: string, colour: string): Promise<string> {
  const file = testInfo.outputPath(name);
  await sharp({ create: { width: 900, height: 700, channels: 3, background: colour } })
    .png()
    .toFile(file);
  return file;
}

test("an owner builds a category with a dish, a picture and options, puts it first, and a customer orders from it @desktop", async ({
  page,
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "the console runs in the desktop project");
  const origin = brandOrigin(testInfo, "plov");
  await page.context().addCookies([{ name: "lang", value: "en", url: origin }]);
  const tag = Date.now().toString(36).slice(-5);
  const categoryName = `Новинки ${tag}`;
  const dishName = `Плов свадебный ${tag}`;

  await signInToConsole(page, testInfo, origin, PLOV_OWNER_PHONE);
  await page.getByRole("link", { name: /^Categories and dishes/ }).click();
  await page.getByRole("button", { name: "New category" }).click();
  const categoryDialog = page.getByRole("dialog", { name: "New category" });
  // A name is needed: refused at the field, the dialog stays.
  await categoryDialog.getByRole("button", { name: "Save" }).click();
  await expect(categoryDialog.getByText("Give the category a name in at least one language.")).toBeVisible();
  await categoryDialog.getByLabel(/^Name \(Русский\)/).fill(categoryName);
  await categoryDialog
    .locator('input[type="file"]')
    .setInputFiles(await photo(testInfo, "category.png", "#d35400"));
  await expect(categoryDialog.getByRole("img", { name: /Category picture/ })).toBeVisible();
  await categoryDialog.getByRole("button", { name: "Save" }).click();
  await expect(categoryDialog).toBeHidden();
  await expect(page.getByRole("heading", { name: `Dishes in ${categoryName}` })).toBeVisible();

  await page.getByRole("button", { name: "New dish" }).click();
  const dishDialog = page.getByRole("dialog", { name: "New dish" });
  await dishDialog.getByLabel(/^Name \(Русский\)/).fill(dishName);
  await dishDialog.getByLabel("Price", { exact: true }).fill("65000");
  await dishDialog.locator('input[type="file"]').setInputFiles(await photo(testInfo, "dish.png", "#f1c40f"));
  await expect(dishDialog.getByRole("img", { name: /Dish picture/ })).toBeVisible();
  await expectNoSeriousViolations(page, "the new dish dialog");
  await dishDialog.getByRole("button", { name: "Save" }).click();
  await expect(dishDialog).toBeHidden();

  await page.getByRole("button", { name: `Options of ${dishName}` }).click();
  const options = page.getByRole("dialog", { name: `Options of ${dishName}` });
  await options.getByRole("button", { name: "New group of options" }).click();
  await options.getByLabel(/^Name \(Русский\)/).fill("Порция");
  await options.getByLabel("Guests choose at least (0: optional)").fill("1");
  await options.getByLabel(/^Option 1 \(Русский\)/).fill("Обычная");
  await options.getByRole("button", { name: "Add an option" }).click();
  await options.getByLabel(/^Option 2 \(Русский\)/).fill("Большая");
  await options.getByLabel("Extra price of option 2").fill("15000");
  await options.getByRole("button", { name: "Save the group" }).click();
  await expect(
    options
      .getByRole("list", { name: "Groups of options, in the order guests see them" })
      .getByText("Порция"),
  ).toBeVisible();
  await options.getByRole("button", { name: "Close" }).click();

  // First in the menu, by keyboard: the handle, Space, arrows up, Space.
  const categories = page.getByRole("list", { name: "Categories, in the menu's order" });
  const count = await categories.getByRole("listitem").count();
  const rows = await categories.getByRole("listitem").allTextContents();
  const from = rows.findIndex((text) => text.includes(categoryName)) + 1;
  expect(from).toBeGreaterThan(1);
  const saved = page.waitForResponse((r) => r.url().includes("/staff/v1/categories/order") && r.ok());
  await categories.getByRole("button", { name: `Move ${categoryName}` }).focus();
  await page.keyboard.press("Space");
  // Picked up, it is heard over its own place first.
  await expect(
    page.getByText(`${categoryName} is over position ${String(from)} of ${String(count)}.`),
  ).toBeAttached();
  // dnd-kit listens for the arrows from a timer it sets when the drag starts: let that timer run
  // first, or a loaded machine can press ArrowUp before anything hears it.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)));
  // One place at a time, each step heard as a screen reader hears it before the next key.
  for (let position = from - 1; position >= 1; position -= 1) {
    await page.keyboard.press("ArrowUp");
    await expect(
      page.getByText(`${categoryName} is over position ${String(position)} of ${String(count)}.`),
    ).toBeAttached();
  }
  await page.keyboard.press("Space");
  await saved;
  await expect(categories.getByRole("listitem").first()).toContainText(categoryName);
  await expectNoSeriousViolations(page, "categories and dishes");

  // The customer, on a phone.
  const plov = await merchantOf(page.request, testInfo, "plov");
  const menu = await tenantGet<{
    categories: { id: string; name: { ru?: string } }[];
    products: { id: string; name: { ru?: string }; image: string | null }[];
  }>(page.request, testInfo, plov.id, "/products/v1/overalls?type=WEB");
  expect(menu.categories[0]?.name.ru).toBe(categoryName);
  const dish = menu.products.find((p) => p.name.ru === dishName);
  expect(dish?.image).toMatch(/^\/api\/products\/v1\/pictures\//);

  const context = await browser.newContext({ viewport: { width: 412, height: 915 } });
  await context.addCookies([{ name: "lang", value: "ru", url: origin }]);
  const customer = await context.newPage();
  await customer.goto(origin);
  const nav = customer.getByRole("navigation", { name: "Категории меню" });
  await expect(nav.getByRole("button").first()).toHaveText(categoryName);
  const card = customer.getByRole("link", { name: new RegExp(dishName) }).first();
  await expect(card).toBeVisible();
  await expect(card.locator("img")).toHaveAttribute(
    "src",
    /products\/v1\/image\?src=%2Fapi%2Fproducts%2Fv1%2Fpictures/,
  );
  await customer.goto(`${origin}/product/${dish?.id ?? ""}`);
  await expect(customer.getByRole("heading", { name: dishName, level: 1 })).toBeVisible();
  await customer.getByRole("radio", { name: /Большая/ }).check();
  await expect(customer.getByRole("radio", { name: /Большая/ })).toBeChecked();
  await expect(customer.getByRole("button", { name: /Добавить|В корзину/ }).first()).toContainText(/80\s000/);
  await context.close();
});

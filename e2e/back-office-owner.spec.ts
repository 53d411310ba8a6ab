// The owner's order rules and pages from the back office (issues 36 and 42), in the browser, on
// "navruz" (plov's menu under a sub of its own: scripts/e2e-server.ts). Order rules: a bad number is
// told at its field with what was typed kept; the fewest items for delivery, the largest order and
// the cashback are set, a customer's basket says what is missing and what is over, the change log
// names the change, and the rules go back as they were. Pages: "About us" written with the toolbar
// (a heading, bold, a list, a link), previewed, saved, and read so by a customer. Menu groups: a new
// group with a colour, a category put in it, the customer's menu titled by it, the group deleted.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { brandOrigin } from "./support/storefront.ts";
import { branchOf, CENTRE_ADDRESS, plainDish, seedBasket, signInToConsole } from "./support/session.ts";

/** The navruz owners kept for these journeys (scripts/e2e-server.ts); no other journey signs in with them. */
const OWNER = "+998977000373";
const PAGES_OWNER = "+998977000374";
const GROUPS_OWNER = "+998977000375";

async function noSeriousAxe(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
}

test.describe("order rules from the back office @desktop", () => {
  test("the owner sets the fewest items for delivery and the largest order; a customer's basket says what is missing and what is over", async ({
    page,
    context,
    browser,
  }, testInfo) => {
    const origin = brandOrigin(testInfo, "navruz");
    await context.addCookies([{ name: "lang", value: "en", url: origin }]);
    await signInToConsole(page, testInfo, origin, OWNER);
    await page
      .getByRole("navigation", { name: "Console sections" })
      .getByRole("link", { name: "Order rules" })
      .click();
    await expect(page).toHaveURL(/\/staff\/order-rules$/);
    const form = page.getByRole("form", { name: "Order rules" });
    const fewest = form.getByLabel("Fewest items for delivery");
    const largest = form.getByLabel("Largest order");
    const cashback = form.getByLabel("Cashback, % of the products");
    await expect(fewest).toHaveValue("0");
    await noSeriousAxe(page);
    const before = {
      fewest: "0",
      largest: await largest.inputValue(),
      cashback: await cashback.inputValue(),
    };

    // A bad number is named at its field, focused, and kept as typed.
    await fewest.fill("three");
    await form.getByRole("button", { name: "Save" }).click();
    await expect(form.getByText("A whole number of items from 0 (none) to 999.")).toBeVisible();
    await expect(fewest).toBeFocused();
    await expect(fewest).toHaveAttribute("aria-invalid", "true");
    await expect(fewest).toHaveValue("three");

    await fewest.fill("3");
    await largest.fill("100 000");
    await cashback.fill("5");
    await form.getByRole("button", { name: "Save" }).click();
    await expect(form.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();
    try {
      // A customer with one dish for delivery, then with more than the largest order, on a phone.
      const customer = await browser.newPage({ viewport: { width: 412, height: 915 } });
      await customer.context().addCookies([{ name: "lang", value: "en", url: origin }]);
      const dish = await plainDish(page.request, testInfo, "navruz", (p) => p.costPrice >= 20_000);
      await customer.goto(`${origin}/api/health`);
      await seedBasket(customer, "navruz", dish, 1, { serviceType: "DELIVERY", address: CENTRE_ADDRESS });
      await customer.goto(`${origin}/basket`);
      await expect(customer.getByText("Items for delivery: at least 3. Add 2 more.")).toBeVisible();
      const branch = await branchOf(page.request, testInfo, "navruz");
      const many = Math.ceil(100_001 / dish.costPrice) + 1;
      await seedBasket(customer, "navruz", dish, many, {
        serviceType: "PICK_UP",
        branch,
        branchId: branch.id,
      });
      await customer.goto(`${origin}/basket`);
      await expect(customer.getByText(/^An order may come to at most 100[\s\u00a0,]000/)).toBeVisible();
      await expect(customer.getByText(/^Items for delivery/)).toHaveCount(0);
      await customer.context().close();

      // The change log names who changed the rules, old and new.
      await page
        .getByRole("navigation", { name: "Console sections" })
        .getByRole("link", { name: "Change log" })
        .click();
      const entry = page
        .getByRole("list", { name: "Changes, newest first" })
        .getByRole("listitem")
        .filter({ hasText: "Order rules" })
        .first();
      await expect(entry).toContainText("Nodira Owner");
      await expect(entry).toContainText("Fewest items for delivery");
      await expect(entry).toContainText("Largest order");
    } finally {
      // As they were, so no other journey of this brand meets the limits.
      await page
        .getByRole("navigation", { name: "Console sections" })
        .getByRole("link", { name: "Order rules" })
        .click();
      await fewest.fill(before.fewest);
      await largest.fill(before.largest);
      await cashback.fill(before.cashback);
      await form.getByRole("button", { name: "Save" }).click();
      await expect(form.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();
    }
  });
});

test.describe("pages from the back office @desktop", () => {
  test("the owner writes About us with a heading, bold words, a list and a link; a customer reads it so", async ({
    page,
    context,
    browser,
  }, testInfo) => {
    const origin = brandOrigin(testInfo, "navruz");
    await context.addCookies([{ name: "lang", value: "en", url: origin }]);
    await signInToConsole(page, testInfo, origin, PAGES_OWNER);
    await page
      .getByRole("navigation", { name: "Console sections" })
      .getByRole("link", { name: "Content" })
      .click();
    await page.getByRole("button", { name: "Edit About us" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit About us" });
    const text = dialog.getByRole("textbox", { name: /^Text \(English\)/ });
    const tools = dialog.getByRole("toolbar", { name: "Formatting: Text (English)" });
    await text.fill("Our kitchen\nFresh plov every day\nTashkent\nSamarkand");
    // The first line a heading, "Fresh" bold, the two cities a list: with the buttons, as an owner would.
    await text.evaluate((box: HTMLTextAreaElement) => {
      box.setSelectionRange(0, 0);
    });
    await tools.getByRole("button", { name: "Heading" }).click();
    await expect(text).toHaveValue("# Our kitchen\nFresh plov every day\nTashkent\nSamarkand");
    // The tool selects what it wrote; the next choice is made once it has.
    const selected = () =>
      text.evaluate((box: HTMLTextAreaElement) => box.value.slice(box.selectionStart, box.selectionEnd));
    await expect.poll(selected).toBe("# ");
    await text.evaluate((box: HTMLTextAreaElement) => {
      const at = box.value.indexOf("Fresh");
      box.setSelectionRange(at, at + "Fresh".length);
    });
    await text.press("Control+b");
    await expect.poll(selected).toBe("Fresh");
    await text.evaluate((box: HTMLTextAreaElement) => {
      box.setSelectionRange(box.value.indexOf("Tashkent"), box.value.length);
    });
    await tools.getByRole("button", { name: "Bulleted list" }).click();
    await text.press("End");
    await text.pressSequentially("\n\nOrders by phone: ");
    await tools.getByRole("button", { name: "Link" }).click();
    await text.pressSequentially("tel:+998712000000");
    await expect(text).toHaveValue(
      "# Our kitchen\n**Fresh** plov every day\n- Tashkent\n- Samarkand\n\nOrders by phone: [link text](tel:+998712000000)",
    );
    await tools.getByRole("button", { name: "Preview" }).click();
    await noSeriousAxe(page);
    const preview = dialog.getByRole("region", { name: "Preview: Text (English)" });
    await expect(preview.getByRole("heading", { name: "Our kitchen" })).toBeVisible();
    await expect(preview.getByRole("listitem")).toHaveText(["Tashkent", "Samarkand"]);
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog).toHaveCount(0);

    // The customer reads the page as it was written.
    const customer = await browser.newPage({ viewport: { width: 412, height: 915 } });
    await customer.context().addCookies([{ name: "lang", value: "en", url: origin }]);
    await customer.goto(`${origin}/about`);
    const article = customer.getByRole("article");
    await expect(article.getByRole("heading", { level: 2, name: "Our kitchen" })).toBeVisible();
    await expect(article.locator("strong")).toHaveText("Fresh");
    await expect(article.getByRole("listitem")).toHaveText(["Tashkent", "Samarkand"]);
    await expect(article.getByRole("link", { name: "link text" })).toHaveAttribute(
      "href",
      "tel:+998712000000",
    );
    await customer.screenshot({ path: testInfo.outputPath("about-412.png") });
    await customer.context().close();
  });
});

test.describe("menu groups from the back office @desktop", () => {
  test("the owner makes a group, puts a category in it and the customer's menu is titled by it; deleting it leaves the category", async ({
    page,
    context,
    browser,
  }, testInfo) => {
    const origin = brandOrigin(testInfo, "navruz");
    await context.addCookies([{ name: "lang", value: "en", url: origin }]);
    await signInToConsole(page, testInfo, origin, GROUPS_OWNER);
    await page
      .getByRole("navigation", { name: "Console sections" })
      .getByRole("link", { name: "Categories and dishes" })
      .click();
    await page.getByRole("button", { name: "Menu groups" }).click();
    await page
      .getByRole("dialog", { name: "Menu groups" })
      .getByRole("button", { name: "New group" })
      .click();
    const form = page.getByRole("dialog", { name: "New group" });
    // Saving without a name is refused at the name.
    await form.getByRole("button", { name: "Save" }).click();
    await expect(form.getByText("Give the group a name in at least one language.")).toBeVisible();
    await form.getByLabel(/^Name \(English\)/).fill("Hot from the tandoor");
    await form.getByLabel("Tab colour").fill("#c0392b");
    await form.getByRole("button", { name: "Save" }).click();
    const list = page.getByRole("list", { name: "Menu groups, in the menu's order" });
    await expect(list.getByRole("listitem").filter({ hasText: "Hot from the tandoor" })).toContainText(
      "Categories: 0",
    );
    await noSeriousAxe(page);
    await page.getByRole("dialog", { name: "Menu groups" }).getByRole("button", { name: "Close" }).click();

    // The first category goes into the group.
    const first = page
      .getByRole("list", { name: "Categories, in the menu's order" })
      .getByRole("listitem")
      .first();
    await first.getByRole("button", { name: /^Edit / }).click();
    const dialog = page.getByRole("dialog", { name: /^Edit / });
    await dialog.getByLabel("Menu group").selectOption({ label: "Hot from the tandoor" });
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog).toHaveCount(0);
    try {
      const customer = await browser.newPage({ viewport: { width: 412, height: 915 } });
      await customer.context().addCookies([{ name: "lang", value: "en", url: origin }]);
      await customer.goto(origin);
      // The group comes after the brand's first one: further down the menu, drawn as it is reached.
      const heading = customer.getByRole("heading", { name: "Hot from the tandoor" });
      await expect(async () => {
        await customer.mouse.wheel(0, 2000);
        await expect(heading).toBeVisible({ timeout: 500 });
      }).toPass({ timeout: 20_000 });
      await customer.screenshot({ path: testInfo.outputPath("menu-groups-412.png") });
      await customer.context().close();
    } finally {
      await page.getByRole("button", { name: "Menu groups" }).click();
      await page
        .getByRole("dialog", { name: "Menu groups" })
        .getByRole("button", { name: "Delete Hot from the tandoor" })
        .click();
      const confirm = page.getByRole("dialog", { name: "Delete Hot from the tandoor?" });
      await expect(confirm).toContainText("Its 1 categories stay on the menu");
      await confirm.getByRole("button", { name: "Delete" }).click();
      await expect(
        page.getByRole("dialog", { name: "Menu groups" }).getByText("Hot from the tandoor"),
      ).toHaveCount(0);
    }
  });
});

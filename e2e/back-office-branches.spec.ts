// A branch's own card in the back office (issue 36): plov's owner closes the Yunusobod branch on a
// day the journey picks (tomorrow, in the brand's time zone) and stops taking Click there; a
// customer picking up at that branch is no longer offered Click at checkout, and the storefront
// reads the branch closed on that day. The owner then puts both back, so the other journeys find
// plov as it was. A manager bound to that branch sees only it, and adds no branch.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { apiUrl, brandOrigin, merchantOf } from "./support/storefront.ts";
import { logInOnTheWeb, plainDish, seedBasket, signInToConsole } from "./support/session.ts";

/** scripts/e2e-server.ts seeds them for this journey alone. */
const PLOV_OWNER = "+998977000025";
const YUNUSOBOD_MANAGER = "+998977000026";
const RUSSIAN_LOGIN = {
  phone: "Номер телефона",
  getCode: "Получить код",
  code: "Код из SMS",
  loggedIn: "Вы вошли в систему",
};

interface StorefrontBranch {
  id: string;
  name: { uz?: string; ru?: string };
  paymentTypes: string[] | null;
  workHours: { type: string; closedOn?: string[] }[];
}

async function yunusobod(page: Page, testInfo: TestInfo): Promise<StorefrontBranch> {
  const merchant = await merchantOf(page.request, testInfo, "plov");
  const res = await page.request.get(apiUrl(testInfo, "/users/v1/branches"), {
    headers: { merchant: merchant.id },
  });
  const branch = ((await res.json()) as StorefrontBranch[]).find((b) => b.name.uz === "Yunusobod");
  if (!branch) throw new Error("demo facts missing: plov has no Yunusobod branch");
  return branch;
}

/** Axe's serious and critical findings on the open dialog (e2e/a11y.spec.ts's rule). */
async function expectNoSeriousViolations(page: Page, screen: string): Promise<void> {
  await page.mouse.move(1, 1);
  const { violations } = await new AxeBuilder({ page }).include("dialog[open]").analyze();
  const serious = violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact ?? ""}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(" ")).join("\n  ")}`,
    );
  expect(serious, `${screen}:\n${serious.join("\n")}`).toEqual([]);
}

/** Tomorrow in Tashkent, "YYYY-MM-DD". */
function tomorrow(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Tashkent" }).format(
    new Date(Date.now() + 86_400_000),
  );
}

async function openYunusobod(page: Page) {
  await page.getByRole("link", { name: /^Branches/ }).click();
  const row = page.getByRole("listitem").filter({ hasText: /Yunusobod|Юнусобод|Юнусабад/ });
  await row.getByRole("button", { name: /^Edit / }).click();
  return page.getByRole("dialog", { name: /^Edit / });
}

test("plov's owner closes a branch tomorrow and stops taking Click there; a customer's checkout for that branch no longer offers Click @desktop", async ({
  page,
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "the console is a tablet and desktop page");
  await page.setViewportSize({ width: 1440, height: 900 });
  const origin = brandOrigin(testInfo, "plov");
  await page.context().addCookies([{ name: "lang", value: "en", url: origin }]);
  await signInToConsole(page, testInfo, origin, PLOV_OWNER);
  const day = tomorrow();

  let dialog = await openYunusobod(page);
  const payments = dialog.getByRole("group", { name: "Ways to pay at this branch" });
  await expect(payments.getByRole("checkbox", { name: "Click" })).toBeChecked();
  await payments.getByRole("checkbox", { name: "Click" }).uncheck();
  // A day must be chosen first: the refusal is at the field.
  await dialog.getByRole("button", { name: "Add the day" }).click();
  await expect(dialog.getByText("Choose the date the branch is closed.")).toBeVisible();
  await dialog.getByLabel("Closed on").fill(day);
  await dialog.getByLabel("Note (optional)").fill("Stocktaking");
  await dialog.getByRole("button", { name: "Add the day" }).click();
  const holidays = dialog.getByRole("list", { name: "Holidays ahead" });
  await expect(holidays.getByRole("listitem")).toHaveCount(1);
  await expect(holidays).toContainText("Stocktaking");
  await expectNoSeriousViolations(page, "the branch form with a holiday");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("listitem").filter({ hasText: /Yunusobod|Юнусобод|Юнусабад/ })).toContainText(
    "Next holiday:",
  );

  // The storefront reads both at once: Click is not taken there, and tomorrow is closed.
  const branch = await yunusobod(page, testInfo);
  expect(branch.paymentTypes).not.toContain("CLICK");
  expect(branch.paymentTypes).toContain("CASH");
  for (const hours of branch.workHours) expect(hours.closedOn).toContain(day);

  // A customer picking up at that branch is offered cash and the terminal, not Click.
  const customer = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await customer.addCookies([{ name: "lang", value: "ru", url: origin }]);
  const phone = await customer.newPage();
  const dish = await plainDish(phone.request, testInfo, "plov");
  await logInOnTheWeb(phone, testInfo, origin, RUSSIAN_LOGIN);
  await seedBasket(phone, "plov", dish, 2, { serviceType: "PICK_UP", branch, branchId: branch.id });
  await phone.goto(`${origin}/checkout`);
  await expect(phone.getByRole("radio", { name: "Наличные" })).toBeVisible();
  await expect(phone.getByRole("radio", { name: "Click" })).toHaveCount(0);
  await customer.close();

  // The owner puts Click back and removes the day; the storefront follows.
  dialog = await openYunusobod(page);
  await dialog
    .getByRole("group", { name: "Ways to pay at this branch" })
    .getByRole("checkbox", { name: "Click" })
    .check();
  await dialog.getByRole("button", { name: /^Remove the holiday / }).click();
  await expect(dialog.getByText("No holidays ahead.")).toBeVisible();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  const after = await yunusobod(page, testInfo);
  expect(after.paymentTypes).toBeNull();
  for (const hours of after.workHours) expect(hours.closedOn ?? []).not.toContain(day);
});

test("a manager bound to one branch sees only it, edits its card and adds no branch @desktop", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "the console is a tablet and desktop page");
  await page.setViewportSize({ width: 1024, height: 768 });
  const origin = brandOrigin(testInfo, "plov");
  await page.context().addCookies([{ name: "lang", value: "en", url: origin }]);
  await signInToConsole(page, testInfo, origin, YUNUSOBOD_MANAGER);
  await page.getByRole("link", { name: /^Branches/ }).click();
  const rows = page.locator("ul.staff-list").getByRole("listitem");
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(/Yunusobod|Юнусобод|Юнусабад/);
  await expect(page.getByRole("button", { name: "Add a branch" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /^Delivery zones/ })).toHaveCount(0);
  const dialog = await openYunusobod(page);
  await expect(
    dialog.getByText("changed by the brand's owner or a manager of every branch", { exact: false }),
  ).toBeVisible();
  await expect(dialog.getByRole("textbox", { name: /^Name \(/ }).first()).toBeDisabled();
  await expectNoSeriousViolations(page, "a bound manager's branch form");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
});

// The back office's places (issue 36) as an owner uses them: sushi's owner adds a branch with its
// place on the map and its week of hours, draws a delivery zone on the map with its price and
// minimum order (a self-crossing border typed in the points list is refused with the message
// first), and a customer on a phone delivering to an address inside that zone reads the zone's
// delivery price at checkout. Once, at the desktop viewport (the console's); the customer uses a
// phone-sized page of their own.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { apiUrl, brandOrigin, merchantOf } from "./support/storefront.ts";
import { CENTRE_ADDRESS, logInOnTheWeb, plainDish, seedBasket, signInToConsole } from "./support/session.ts";

/** sushi's demo owner (scripts/e2e-server.ts seeds the demo owners). */
const SUSHI_OWNER = "+998900000003";

/** Axe's serious and critical findings on the open dialog (e2e/a11y.spec.ts's rule). */
async function expectNoSeriousViolations(page: Page, screen: string): Promise<void> {
  // What a screen shows at rest: not a button under the pointer after its click.
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

test("sushi's owner adds a branch and draws a zone on the map; a customer in the zone pays its delivery price @desktop", async ({
  page,
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "the console is a tablet and desktop page");
  await page.setViewportSize({ width: 1440, height: 900 });
  const origin = brandOrigin(testInfo, "sushi");
  await page.context().addCookies([{ name: "lang", value: "en", url: origin }]);
  await signInToConsole(page, testInfo, origin, SUSHI_OWNER);

  // A branch: names, its place under the map's pin, and a week with Sunday off.
  await page.getByRole("link", { name: /^Branches/ }).click();
  await page.getByRole("button", { name: "Add a branch" }).click();
  const branch = page.getByRole("dialog", { name: "New branch" });
  await branch.getByLabel("Name (English)").fill("Yunusobod kitchen");
  await branch.getByLabel("Address (English)").fill("Amir Temur avenue 107");
  await branch.getByLabel("Phone").fill("90 555 12 34");
  const map = branch.getByRole("region", { name: "Map: the branch's place" });
  await expect(map).toHaveAttribute("data-map-state", "ready", { timeout: 20_000 });
  const latitude = branch.getByLabel("Latitude");
  const before = await latitude.inputValue();
  const box = await map.boundingBox();
  if (!box) throw new Error("the branch map has no box");
  // Dragging the map moves the point under the pin.
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 + 80, { steps: 8 });
  await page.mouse.up();
  await expect(latitude).not.toHaveValue(before);
  await expectNoSeriousViolations(page, "the branch form");
  // Pickup only: sushi's delivery orders of the other journeys keep going to the demo kitchens.
  await branch.getByRole("checkbox", { name: "Delivery", exact: true }).uncheck();
  await branch.getByRole("checkbox", { name: "Sunday: closed" }).check();
  await branch.getByLabel("Monday: opens").fill("9:00");
  await branch.getByRole("button", { name: "Save" }).click();
  // A time that is not one is refused at its field; what was typed stays.
  await expect(branch.getByText("Type the time as HH:MM, e.g. 09:00.")).toBeVisible();
  await expect(branch.getByLabel("Name (English)")).toHaveValue("Yunusobod kitchen");
  await branch.getByLabel("Monday: opens").fill("09:00");
  await branch.getByRole("button", { name: "Save" }).click();
  await expect(branch).toBeHidden();
  await expect(page.getByRole("listitem").filter({ hasText: "Yunusobod kitchen" })).toContainText(
    "Open 6 days a week",
  );

  // A zone: a self-crossing border typed in the points list is refused with the message.
  await page.getByRole("link", { name: /^Delivery zones/ }).click();
  await page.getByRole("button", { name: "Add a zone" }).click();
  const zone = page.getByRole("dialog", { name: "New delivery zone" });
  await zone.getByLabel("Name (English)").fill("Far east");
  await zone.getByLabel("Delivery price").fill("27000");
  await zone.getByLabel("Minimum order").fill("60000");
  const points = zone.getByLabel(/^Points of the border/);
  await points.fill(["41.30, 69.60", "41.32, 69.62", "41.30, 69.62", "41.32, 69.60"].join("\n"));
  await zone.getByRole("button", { name: "Save" }).click();
  await expect(
    zone.getByText("The zone's border crosses itself. Place the points so that no edges cross."),
  ).toBeVisible();

  // Drawn on the map instead, east of the city's zones (the new zone's map shows them all).
  const canvas = zone.getByRole("region", { name: "Map: draw the zone" });
  await expect(zone.locator(".places-zone-map")).toHaveAttribute("data-map-state", "ready", {
    timeout: 20_000,
  });
  await expectNoSeriousViolations(page, "the zone form");
  const area = await canvas.boundingBox();
  if (!area) throw new Error("the zone map has no box");
  const cx = area.x + area.width / 2;
  const cy = area.y + area.height / 2;
  const corners: [number, number][] = [
    [cx + 170, cy - 50],
    [cx + 260, cy - 50],
    [cx + 260, cy + 50],
    [cx + 170, cy + 50],
  ];
  for (const [x, y] of corners) {
    await page.mouse.click(x, y);
    await page.waitForTimeout(150);
  }
  // Clicking the first point again closes the zone.
  const [first] = corners;
  if (first) await page.mouse.click(first[0], first[1]);
  await expect(points).not.toHaveValue(/69\.6, /);
  await expect(zone.getByText("The zone's border crosses itself.", { exact: false })).toHaveCount(0);
  const drawn = (await points.inputValue())
    .split("\n")
    .map((line) => line.split(",").map(Number) as [number, number]);
  expect(drawn).toHaveLength(4);
  await zone.getByRole("button", { name: "Save" }).click();
  await expect(zone).toBeHidden();
  await expect(page.getByRole("listitem").filter({ hasText: "Far east" })).toContainText("27");

  // A customer delivering to the middle of the zone reads its price at checkout.
  const middle = {
    latitude: drawn.reduce((s, p) => s + p[0], 0) / drawn.length,
    longitude: drawn.reduce((s, p) => s + p[1], 0) / drawn.length,
  };
  const sushi = await merchantOf(page.request, testInfo, "sushi");
  const quote = await page.request.post(apiUrl(testInfo, "/deliveries/v1/delivery/tariff/client/calculate"), {
    headers: { merchant: sushi.id },
    data: { productPrice: 70_000, ...middle },
  });
  expect(await quote.json()).toMatchObject({ price: 27_000 });

  const context = await browser.newContext({ viewport: { width: 412, height: 915 }, baseURL: origin });
  await context.addCookies([{ name: "lang", value: "en", url: origin }]);
  const customer = await context.newPage();
  await logInOnTheWeb(customer, testInfo);
  const dish = await plainDish(customer.request, testInfo, "sushi", (p) => p.costPrice >= 10_000);
  await seedBasket(customer, "sushi", dish, Math.ceil(70_000 / dish.costPrice), {
    serviceType: "DELIVERY",
    address: { ...CENTRE_ADDRESS, ...middle },
  });
  await customer.goto(`${origin}/checkout`);
  await expect(customer.locator("main")).toContainText(/27\s000/);
  await context.close();
});

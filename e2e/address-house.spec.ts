/// <reference lib="dom" />
// The delivery address as a first-time customer meets it (issue 35): straight to the map when nothing
// is saved, the house number asked for (and refused without), the flat, entrance and floor on the
// order, and street names in the page's language without a house number in parentheses.
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { pickerMap, pickerStreet } from "./support/address-picker.ts";
import { CENTRE_ADDRESS, logInOnTheWeb, plainDish, seedBasket } from "./support/session.ts";
import { brandOrigin } from "./support/storefront.ts";

test.skip(({ isMobile }) => !isMobile, "phone journeys");
test.setTimeout(120_000);

async function inLanguage(context: BrowserContext, sub: string, lang: string): Promise<void> {
  await context.addCookies([{ name: "lang", value: lang, domain: `${sub}.localhost`, path: "/" }]);
}

async function mapReady(page: Page, english = true): Promise<void> {
  // The map's accessible name is in the page's language: found by its state in other languages.
  const map = english ? pickerMap(page) : page.locator("[data-map-state]");
  await expect(map).toHaveAttribute("data-map-state", "ready", { timeout: 60_000 });
  if (english) await expect(pickerStreet(page)).not.toHaveText(/Finding|Move the map/, { timeout: 15_000 });
}

async function storedAddress(page: Page): Promise<Record<string, unknown> | null> {
  return page.evaluate(() => {
    const raw = localStorage.getItem("savat:lavash:session");
    const session = raw
      ? (JSON.parse(raw) as { orderRequest?: { address?: Record<string, unknown> } })
      : null;
    return session?.orderRequest?.address ?? null;
  });
}

test("a first-time customer goes from the checkout's address straight to the map", async ({
  page,
  context,
  request,
}, testInfo) => {
  await inLanguage(context, "lavash", "en");
  await logInOnTheWeb(page, testInfo);
  const dish = await plainDish(request, testInfo, "lavash", (p) => p.costPrice >= 35_000);
  await seedBasket(page, "lavash", dish, 1, { serviceType: "DELIVERY", address: null });
  await page.goto("/checkout");
  await page.getByRole("button", { name: "Choose an address" }).click();
  // No empty "My addresses" first: the map, which returns to the checkout.
  await expect(page).toHaveURL(/\/address\/delivery\?.*redirect=%2Fcheckout/);
  await mapReady(page);
  await expect(page.getByText("No saved addresses yet")).toHaveCount(0);
});

test("the house number is asked for, and the address keeps it", async ({ page, context }) => {
  await inLanguage(context, "lavash", "en");
  await page.goto("/address/delivery");
  await mapReady(page);
  // A street chosen in the search names no house.
  await page.getByRole("button", { name: "Search address" }).click();
  const search = page.getByRole("dialog", { name: "Search address" });
  await search.getByRole("searchbox").fill("Amir Temur");
  await search
    .getByRole("button", { name: /^Amir Temur shoh ko'chasi/ })
    .first()
    .click();
  await expect(pickerStreet(page)).toHaveText("Amir Temur shoh ko'chasi");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  const details = page.getByRole("dialog", { name: "Add new location" });
  const house = details.getByRole("textbox", { name: "House number" });
  await expect(house).toHaveValue("");
  await details.getByLabel("Apartment / office").fill("12");
  await details.getByRole("button", { name: "Save" }).click();
  await expect(house).toHaveAttribute("aria-invalid", "true");
  await expect(details.getByText("Please fill in this field!")).toBeVisible();
  await expect(house).toBeFocused();
  expect(await storedAddress(page)).toBeNull();
  await page.keyboard.type("15");
  await details.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await storedAddress(page)).toMatchObject({
    streetName: "Amir Temur shoh ko'chasi",
    houseNumber: "15",
    office: "12",
  });
});

test("a house the geocoder named is the house number, never shown in parentheses", async ({
  page,
  context,
}) => {
  await inLanguage(context, "lavash", "en");
  await page.goto("/address/delivery");
  await mapReady(page);
  await page.getByRole("button", { name: "Search address" }).click();
  const search = page.getByRole("dialog", { name: "Search address" });
  await search.getByRole("searchbox").fill("Chilonzor 751");
  await search
    .getByRole("button", { name: /Chilonzor ko'chasi/ })
    .first()
    .click();
  await expect(pickerStreet(page)).toHaveText("Chilonzor ko'chasi, 751");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  const details = page.getByRole("dialog", { name: "Add new location" });
  await expect(details.getByRole("textbox", { name: "House number" })).toHaveValue("751");
  await expect(details.getByLabel("Apartment / office")).toHaveValue("");
  await expect(details).not.toContainText("(751)");
});

test("the order page shows the address's name, street and house, and the flat, entrance and floor typed", async ({
  page,
  context,
  request,
}, testInfo) => {
  await inLanguage(context, "lavash", "en");
  await logInOnTheWeb(page, testInfo);
  const dish = await plainDish(request, testInfo, "lavash", (p) => p.costPrice >= 35_000);
  await seedBasket(page, "lavash", dish, 1, {
    serviceType: "DELIVERY",
    address: {
      ...CENTRE_ADDRESS,
      name: "Mum's",
      streetName: "Amir Temur shoh ko'chasi",
      houseNumber: "15",
      description: "15, Amir Temur shoh ko'chasi, Yakkasaroy, Toshkent, 100000, O'zbekiston",
      office: "42",
      entrance: "3",
      floor: "7",
      domophone: "42K",
    },
  });
  await page.goto("/checkout");
  const place = page.getByTestId("checkout-place");
  // The customer's name for the address, the street and house under it: not the geocoder's long line.
  await expect(place).toContainText("Mum's", { timeout: 30_000 });
  await expect(place).toContainText("Amir Temur shoh ko'chasi, 15");
  await expect(place).not.toContainText("Yakkasaroy");
  await expect(page.getByTestId("checkout-total")).not.toHaveText("—");
  await page.locator("[data-platform-main-button] button").click();
  await expect(page.getByRole("heading", { level: 1, name: /^Order #\d+$/ })).toBeVisible({
    timeout: 30_000,
  });
  const orderPlace = page.getByTestId("order-place");
  await expect(orderPlace).toContainText("Mum's");
  await expect(orderPlace).toContainText("Amir Temur shoh ko'chasi, 15");
  await expect(orderPlace.getByTestId("address-extras")).toHaveText(
    "Apt. 42 · Entrance 3 · Floor 7 · Intercom 42K",
  );
});

test("an Arabic page gets Arabic street names, and a Chinese one says it falls back", async ({
  page,
  context,
}, testInfo) => {
  await inLanguage(context, "sushi", "ar");
  await page.goto(`${brandOrigin(testInfo, "sushi")}/address/delivery`);
  await mapReady(page, false);
  // Tashkent has Arabic names: the street under the pin is Arabic, the house after Arabic's comma.
  await expect(pickerStreet(page)).toContainText(/^\p{Script=Arabic}[^()]*، \d+$/u, { timeout: 15_000 });
  await expect(page.getByTestId("picker-name-fallback")).toHaveCount(0);
  await page.getByRole("button", { name: "البحث عن عنوان" }).click();
  const search = page.getByRole("dialog", { name: "البحث عن عنوان" });
  await search.getByRole("searchbox").fill("نوكوس 801");
  await expect(search.getByRole("button", { name: /شارع نوكوس/ }).first()).toBeVisible();
  await expect(search).not.toContainText("(801)");
  await expect(search).not.toContainText("ko'chasi");
  await search
    .getByRole("button", { name: /شارع نوكوس/ })
    .first()
    .click();
  await expect(pickerStreet(page)).toHaveText(/^شارع نوكوس، \d+$/);

  // No Chinese names in the demo geocoder: the local ones (joined with Chinese's list comma), and
  // the page says so.
  await inLanguage(context, "sushi", "zh");
  await page.goto(`${brandOrigin(testInfo, "sushi")}/address/delivery`);
  await mapReady(page, false);
  await expect(pickerStreet(page)).toContainText(/ko'chasi、\d+$/, { timeout: 15_000 });
  await expect(page.getByTestId("picker-name-fallback")).toBeVisible();
});

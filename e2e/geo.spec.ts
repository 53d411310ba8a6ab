/// <reference lib="dom" />
// Addresses, maps, delivery zones and branches at a phone viewport: the map picker with
// its zone rule, search, geolocation granted and denied, the details drawer, saved addresses for a
// guest and for a logged-in customer, and the branch picker with a branch closed today.
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { appFrame, openInTelegram, storedSession } from "./fixtures/platform.ts";
import { apiUrl, merchantOf, portOf } from "./support/storefront.ts";
import { dragMap, pickerMap, pickerStreet } from "./support/address-picker.ts";

test.skip(({ isMobile }) => !isMobile, "phone journeys");
test.setTimeout(90_000);

const CHILONZOR = { latitude: 41.2856, longitude: 69.2039 };

/** The journeys read English: the `lang` cookie on the brand's origin. */
async function inEnglish(context: BrowserContext): Promise<void> {
  await context.addCookies([{ name: "lang", value: "en", domain: "lavash.localhost", path: "/" }]);
}

interface Draft {
  serviceType?: string;
  address?: Record<string, unknown> | null;
  branch?: { id: string; name: { eng?: string } } | null;
  deliveryPrice?: number | null;
}

async function storedDraft(page: Page): Promise<Draft | null> {
  return page.evaluate(() => {
    const raw = localStorage.getItem("savat:lavash:session");
    return raw ? ((JSON.parse(raw) as { orderRequest: Draft | null }).orderRequest ?? null) : null;
  });
}

const map = pickerMap;
const street = pickerStreet;
const save = (page: Page) => page.getByRole("button", { name: "Save", exact: true });
const outOfZone = (page: Page) => page.getByText("Out of Service zone");

/** Opens the picker and waits until the map and the delivery zones are drawn; the time it took. */
async function openPicker(page: Page, path = "/address/delivery"): Promise<number> {
  await page.goto(path);
  await expect(map(page)).toHaveAttribute("data-map-state", "ready", { timeout: 30_000 });
  await expect(map(page)).toHaveAttribute("data-zones-drawn", "true", { timeout: 30_000 });
  const elapsed = await page.evaluate(() => Math.round(performance.now()));
  await expect(street(page)).not.toHaveText(/Finding|Move the map/, { timeout: 15_000 });
  return elapsed;
}

const drag = dragMap;

async function reverseRoad(page: Page, point: { latitude: number; longitude: number }, merchant: string) {
  const res = await page.request.get(
    apiUrl(
      test.info(),
      `/notifications/v1/nominatim/reverse?format=json&lat=${point.latitude}&lon=${point.longitude}`,
    ),
    { headers: { merchant } },
  );
  return ((await res.json()) as { address?: { road?: string } }).address?.road ?? "";
}

test.describe("delivery address picker", () => {
  test.beforeEach(async ({ context }) => {
    await inEnglish(context);
  });

  test("dragging the map into and out of the zone switches Save and the red text", async ({
    page,
  }, testInfo) => {
    const elapsed = await openPicker(page);
    testInfo.annotations.push({ type: "map-and-zone-ms", description: String(elapsed) });
    console.log(`[geo] picker map and zone drawn ${elapsed} ms after navigation (phone viewport)`);

    // The brand's centre is inside the zone: a street is named and Save works.
    await expect(outOfZone(page)).toHaveCount(0);
    await expect(save(page)).toBeEnabled();

    // Zoom out to 9 (~115 m per pixel here), then drag the centre ~35 km south: outside every region.
    for (let zoom = 13; zoom >= 9; zoom--) {
      await page.getByRole("button", { name: "Zoom out" }).click();
      await expect(map(page)).toHaveAttribute("data-zoom", String(zoom));
    }
    await drag(page, 0, -300);
    await expect(outOfZone(page)).toBeVisible();
    await expect(save(page)).toBeDisabled();

    // And back in.
    await drag(page, 0, 300);
    await expect(outOfZone(page)).toHaveCount(0);
    await expect(street(page)).not.toHaveText(/Finding|Move the map/);
    await expect(save(page)).toBeEnabled();
  });

  test("search moves the map to the found house and saving keeps the details", async ({ page }) => {
    await openPicker(page);
    await page.getByRole("button", { name: "Search address" }).click();
    const dialog = page.getByRole("dialog", { name: "Search address" });
    await dialog.getByRole("searchbox").fill("Chilonzor 751");
    await dialog
      .getByRole("button", { name: /Chilonzor ko'chasi/ })
      .first()
      .click();
    await expect(dialog).toBeHidden();
    await expect(street(page)).toHaveText("Chilonzor ko'chasi, 751");
    await expect(save(page)).toBeEnabled();

    await save(page).click();
    const details = page.getByRole("dialog", { name: "Add new location" });
    // The house number has its own field, filled from the geocoder; the flat is the customer's.
    await expect(details.getByRole("textbox", { name: "House number" })).toHaveValue("751");
    await details.getByLabel("Apartment / office").fill("14");
    await details.getByLabel("Address name").fill("Home");
    await details.getByLabel("Intercom").fill("25K");
    await details.getByLabel("Entrance").fill("2");
    await details.getByLabel("Floor").fill("3");
    await details.getByRole("button", { name: "Save" }).click();
    await expect(page).toHaveURL(/\/$/);

    const draft = await storedDraft(page);
    expect(draft?.serviceType).toBe("DELIVERY");
    expect(draft?.address).toMatchObject({
      name: "Home",
      streetName: "Chilonzor ko'chasi",
      houseNumber: "751",
      office: "14",
      domophone: "25K",
      entrance: "2",
      floor: "3",
    });
    // The delivery recalculation looked up the nearest open branch for the new address.
    await expect
      .poll(() =>
        page.evaluate(() => {
          const raw = localStorage.getItem("savat:lavash:session");
          const s = raw ? (JSON.parse(raw) as { nearestBranch: { id?: string } | null }) : null;
          return s?.nearestBranch?.id ?? null;
        }),
      )
      .not.toBeNull();
  });

  test("a chosen street stays the picker's address until the customer moves the map", async ({ page }) => {
    await openPicker(page);
    await page.getByRole("button", { name: "Search address" }).click();
    const dialog = page.getByRole("dialog", { name: "Search address" });
    await dialog.getByRole("searchbox").fill("Amir Temur");
    await dialog
      .getByRole("button", { name: /^Amir Temur shoh ko'chasi/ })
      .first()
      .click();
    await expect(dialog).toBeHidden();
    // The nearest house the reverse geocoder knows there is on Nukus street: the choice still wins.
    await expect(street(page)).toHaveText("Amir Temur shoh ko'chasi");
    await page.waitForTimeout(500);
    await expect(street(page)).toHaveText("Amir Temur shoh ko'chasi");
    // Moved by hand, the map names what is under the pin again.
    await drag(page, 0, 40);
    await expect(street(page)).toHaveText(/, \d+$/);
  });

  test("geolocation granted moves the map to the customer", async ({ page, context, request }, testInfo) => {
    await context.grantPermissions(["geolocation"]);
    await context.setGeolocation(CHILONZOR);
    const lavash = await merchantOf(request, testInfo, "lavash");
    const road = await reverseRoad(page, CHILONZOR, lavash.id);
    expect(road).not.toBe("");
    await openPicker(page);
    await page.getByRole("button", { name: "My location" }).click();
    await expect(street(page)).toContainText(road);
  });

  test("geolocation denied asks to allow location detection", async ({ page, context }) => {
    await context.clearPermissions();
    await openPicker(page, "/address/delivery?locate=1");
    await expect(page.getByText("Please allow location detection!").first()).toBeAttached();
    await page.getByRole("button", { name: "My location" }).click();
    await expect(page.getByText("Please allow location detection!").first()).toBeAttached();
  });
});

/** A saved guest address, as the picker stores it (`savat:lavash:addresses`). */
/** A guest's address saved on this device earlier (the page is the brand's, for its storage). */
async function seedGuestAddress(page: Page, name: string): Promise<void> {
  await page.goto("/api/health");
  await page.evaluate((n) => {
    const address = {
      id: `local-${n}`,
      createdDate: new Date().toISOString(),
      name: n,
      streetName: "Chilonzor ko'chasi",
      houseNumber: "12",
      details: JSON.stringify({ floor: "1" }),
      description: "12, Chilonzor ko'chasi, Chilonzor, Toshkent",
      latitude: 41.2856,
      longitude: 69.2039,
      cityId: null,
    };
    localStorage.setItem("savat:lavash:addresses", JSON.stringify([address]));
  }, name);
}

test.describe("saved addresses", () => {
  test.beforeEach(async ({ context }) => {
    await inEnglish(context);
  });

  test("a guest chooses and deletes a saved address; deleting the current one opens the map", async ({
    page,
  }) => {
    await seedGuestAddress(page, "Dacha");
    // With an address saved, the choice lists it (with none it would go straight to the map).
    await page.goto("/choose-address");
    const list = page.getByRole("list", { name: "Saved addresses" });
    await list.getByRole("button", { name: /^Dacha/ }).click();
    await expect(page).toHaveURL(/\/$/);
    expect((await storedDraft(page))?.address).toMatchObject({
      id: "local-Dacha",
      name: "Dacha",
      floor: "1",
    });

    await page.goto("/choose-address");
    await page.getByRole("button", { name: "Delete Dacha" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete address" });
    await expect(confirm.getByText("Are you sure?")).toBeVisible();
    await expect(confirm.getByText("12, Chilonzor ko'chasi, Chilonzor, Toshkent")).toBeVisible();
    await confirm.getByRole("button", { name: "Yes" }).click();
    // It was the order's address: the guest picks a new one on the map.
    await expect(page).toHaveURL(/\/address\/delivery/);
    expect(await page.evaluate(() => localStorage.getItem("savat:lavash:addresses"))).toBe("[]");
    expect((await storedDraft(page))?.address ?? null).toBeNull();
  });

  test("a guest's addresses move to the profile after login, and a logged-in customer deletes one", async ({
    page,
    request,
  }, testInfo) => {
    const lavash = await merchantOf(request, testInfo, "lavash");
    await seedGuestAddress(page, "Office");

    // Log in through the Telegram harness, in the same browser (same origin, same storage).
    const tg = await openInTelegram(page, { languageCode: "en" });
    await expect
      .poll(async () => (await storedSession(appFrame(page)))?.token ?? null, { timeout: 20_000 })
      .not.toBeNull();
    await expect
      .poll(() => appFrame(page).evaluate(() => localStorage.getItem("savat:lavash:addresses")), {
        timeout: 20_000,
      })
      .toBe("[]");
    const session = await storedSession(appFrame(page));
    const token = session?.token ?? "";
    const userId = session?.user?.id ?? "";
    expect(tg.userId).not.toBe("");

    const listUrl = apiUrl(testInfo, `/users/v1/addresses/merchant/${lavash.id}/user/${userId}`);
    const auth = { merchant: lavash.id, authorization: `Bearer ${token}` };
    const moved = (await (await request.get(listUrl, { headers: auth })).json()) as { name: string }[];
    expect(moved.map((a) => a.name)).toEqual(["Office"]);

    // The website in the same browser is logged in too; the list comes from the server.
    await page.goto(`http://lavash.localhost:${portOf(testInfo)}/profile/address`);
    const list = page.getByRole("list", { name: "Saved addresses" });
    await expect(list.getByRole("button", { name: /^Office/ })).toBeVisible();
    await page.getByRole("button", { name: "Delete Office" }).click();
    await page.getByRole("dialog", { name: "Delete address" }).getByRole("button", { name: "Yes" }).click();
    await expect(page.getByText("No saved addresses yet")).toBeVisible();
    expect(await (await request.get(listUrl, { headers: auth })).json()).toEqual([]);
  });
});

test.describe("branches", () => {
  test.beforeEach(async ({ context, page }) => {
    await inEnglish(context);
    // Sunday noon in Tashkent: the demo's Mirobod branch is closed on Sundays.
    await page.clock.setFixedTime(new Date("2026-11-22T12:00:00+05:00"));
  });

  test("a branch closed today is dimmed and cannot be chosen; an open one can", async ({ page }) => {
    await page.goto("/address/pickup");
    const list = page.getByRole("list", { name: "Branches" });
    const mirobod = list.getByRole("button", { name: /Mirobod/ });
    await expect(mirobod).toHaveAttribute("aria-disabled", "true");
    await expect(mirobod).toContainText("holiday");

    // The dimmed row still opens its details (hours, phone), but cannot be chosen.
    await mirobod.click({ force: true });
    const details = page.getByRole("dialog", { name: "Mirobod" });
    await expect(details.getByText("Today is a holiday")).toBeVisible();
    await expect(details.getByRole("button", { name: "Select" })).toBeDisabled();
    await expect(details.getByText("Working hours")).toBeVisible();
    await expect(details.getByRole("link", { name: "+998712000003" })).toHaveAttribute(
      "href",
      "tel:+998712000003",
    );
    await page.keyboard.press("Escape");
    await expect(details).toBeHidden();

    await list.getByRole("button", { name: /Yunusabad/ }).click();
    await page.getByRole("dialog", { name: "Yunusabad" }).getByRole("button", { name: "Select" }).click();
    await expect(page).toHaveURL(/\/$/);
    const draft = await storedDraft(page);
    expect(draft?.serviceType).toBe("PICK_UP");
    expect(draft?.branch?.name.eng).toBe("Yunusabad");
  });

  test("the branch list and map show the pickup branches with today's hours", async ({ page }) => {
    await page.goto("/branches");
    const list = page.getByRole("list", { name: "Branches" });
    await expect(list.getByRole("listitem")).toHaveCount(3);
    // Chilonzor opens around the clock (00:00-23:59 in the brand file): said in words.
    await expect(list.getByRole("button", { name: /Chilonzor/ })).toContainText("Open 24 hours");
    await page.getByRole("combobox", { name: "City" }).selectOption({ label: "Samarkand" });
    await expect(list.getByRole("listitem")).toHaveCount(1);

    await page.getByRole("link", { name: "Map" }).click();
    await expect(page).toHaveURL(/\/branches\/map$/);
    const branchMap = page.getByRole("region", { name: "Branches on the map" });
    await expect(branchMap).toHaveAttribute("data-map-state", "ready", { timeout: 30_000 });
    await expect(branchMap.getByRole("button", { name: "Registan" })).toBeVisible();
  });
});

test.describe("map wait time-out", () => {
  test.beforeEach(async ({ context }) => {
    await inEnglish(context);
  });

  test("a map that has not loaded in 5 seconds says so, and Try again loads it", async ({ page }) => {
    // The map style request hangs (a stalled network): the map cannot load.
    let stalled = true;
    await page.route("**/api/users/v1/map/style/**", async (route) => {
      if (stalled) return; // never answered
      await route.continue();
    });
    await page.goto("/branches/map");
    const branchMap = page.getByRole("region", { name: "Branches on the map" });
    await expect(branchMap).toHaveAttribute("data-map-state", "loading");
    const notice = page.getByRole("alert").filter({ hasText: "The map did not load" });
    await expect(notice).toBeVisible({ timeout: 15_000 });
    await expect(branchMap).toHaveAttribute("data-map-state", "loading");

    stalled = false;
    await notice.getByRole("button", { name: "Try again" }).click();
    await expect(branchMap).toHaveAttribute("data-map-state", "ready", { timeout: 30_000 });
    await expect(notice).toBeHidden();
  });
});

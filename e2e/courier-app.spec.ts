// The brand's own courier on a phone (issue 39): a customer's delivery (lavash: ordered in the Telegram
// mini app; sushi: on the web) is made ready by staff, who
// give it to a courier (lavash, the courier reads Russian) or offer it to the branch's couriers on
// shift (sushi, Arabic); the courier (a browser context of their own, its location moved along a few
// points; lavash's courier in the brand's Telegram mini app, where Telegram's LocationManager gives
// the position) accepts, picks up and delivers; the courier's pin on the customer's order map follows
// the phone while the order is on its way, and their order page says delivered. Screens at 412x915
// are kept as results.
import fs from "node:fs";
import path from "node:path";
import {
  expect,
  test,
  type APIRequestContext,
  type FrameLocator,
  type Page,
  type TestInfo,
} from "@playwright/test";
import { appFrame, openInTelegram, storedSession } from "./fixtures/platform.ts";
import {
  branchOf,
  CENTRE_ADDRESS,
  customerAddress,
  logInOnTheWeb,
  plainDish,
  seedBasket,
  smsCodeFor,
} from "./support/session.ts";
import { apiUrl, brandOrigin, merchantOf, portOf } from "./support/storefront.ts";

const CASES = [
  // A Telegram courier: the courier page in the brand's mini app, its position from Telegram's
  // LocationManager (the harness answers with the phone's location).
  {
    brand: "lavash",
    lang: "ru",
    phone: "+998977000391",
    branch: "Chilonzor",
    how: "assign",
    host: "telegram",
  },
  { brand: "sushi", lang: "ar", phone: "+998977000392", branch: "", how: "offer", host: "web" },
] as const;

/** A path along Amir Temur avenue towards the customer. */
const PATH = [
  { latitude: 41.3005, longitude: 69.2301 },
  { latitude: 41.3042, longitude: 69.2344 },
  { latitude: 41.3081, longitude: 69.2379 },
];

function staffToken(testInfo: TestInfo, brand: string): string {
  const file = brand === "lavash" ? "staff-token" : `staff-token-${brand}`;
  return fs.readFileSync(path.resolve(`.data-e2e-${portOf(testInfo)}`, file), "utf8").trim();
}

const NEXT: Record<string, string> = { CREATED: "ACCEPTED", ACCEPTED: "COOKING", COOKING: "DONE" };

/** Staff walk the order to DONE (the demo simulator leaves an order alone once staff touched it). */
async function walkToDone(
  request: APIRequestContext,
  testInfo: TestInfo,
  headers: Record<string, string>,
  id: string,
) {
  for (let i = 0; i < 6; i += 1) {
    const read = await request.get(apiUrl(testInfo, `/staff/v1/orders/${id}`), { headers });
    const { status } = (await read.json()) as { status: string };
    if (status === "DONE") return;
    const next = NEXT[status];
    if (!next) throw new Error(`order ${id} at ${status}`);
    await request.put(apiUrl(testInfo, `/staff/v1/orders/${id}/status`), { headers, data: { status: next } });
  }
  throw new Error(`order ${id} did not get ready`);
}

/** Nearer lavash's Chilonzor than any other branch, inside its "Tashkent centre" zone. */
const NEAR_CHILONZOR = {
  ...CENTRE_ADDRESS,
  name: "Bunyodkor avenue 5",
  streetName: "Bunyodkor avenue",
  houseNumber: "5",
  description: "Bunyodkor avenue 5",
  latitude: 41.295,
  longitude: 69.215,
  entrance: "3",
  floor: "7",
  domophone: "37",
};

/**
 * The customer's cash delivery from the courier's branch: in Telegram through the mini app (the
 * basket, the checkout and the main button; the checkout takes the branch nearest the address), on the
 * web (in English) through the API with the branch named. Answers the order, the customer's API
 * headers, where they look (the mini app's frame or the page) and how they go to one of its pages.
 */
async function customerOrders(
  c: (typeof CASES)[number],
  page: Page,
  request: APIRequestContext,
  testInfo: TestInfo,
  dish: Awaited<ReturnType<typeof plainDish>>,
) {
  const origin = brandOrigin(testInfo, c.brand);
  const merchant = await merchantOf(request, testInfo, c.brand);
  if (c.host === "telegram") {
    await page.goto(`${origin}/api/health`);
    await seedBasket(page, c.brand, dish, 2, { serviceType: "DELIVERY", address: NEAR_CHILONZOR });
    const tg = await openInTelegram(page, { sub: c.brand, languageCode: "en" });
    await expect
      .poll(async () => (await storedSession(appFrame(page), c.brand))?.token ?? null, { timeout: 30_000 })
      .toMatch(/^[\w-]{43}$/);
    const main = page.getByTestId("tg-main-button");
    await expect(main).toContainText("Basket · 2 ·");
    await main.click();
    await expect(main).toContainText("Checkout");
    await main.click();
    await expect(tg.app.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
    await expect(tg.app.getByTestId("checkout-total")).not.toHaveText("—");
    await expect(main).toContainText("Place the order");
    await main.click();
    const heading = tg.app.getByRole("heading", { level: 1, name: /^Order #\d+$/ });
    await expect(heading).toBeVisible({ timeout: 30_000 });
    const id = /\/profile\/orders\/([\w-]+)$/.exec(new URL(appFrame(page).url()).pathname)?.[1] ?? "";
    const number = Number(/\d+/.exec((await heading.textContent()) ?? "")?.[0]);
    const token = (await storedSession(appFrame(page), c.brand))?.token ?? "";
    return {
      order: { id, number },
      customer: { merchant: merchant.id, authorization: `Bearer ${token}` },
      view: tg.app,
      open: (to: string) =>
        appFrame(page).evaluate((path) => {
          window.history.pushState(null, "", path);
          window.dispatchEvent(new PopStateEvent("popstate"));
        }, to),
    };
  }
  await page.context().addCookies([{ name: "lang", value: "en", domain: `${c.brand}.localhost`, path: "/" }]);
  await logInOnTheWeb(page, testInfo, origin);
  const session = await storedSession(page, c.brand);
  if (!session) throw new Error("the customer is not signed in");
  const customer = { merchant: merchant.id, authorization: `Bearer ${session.token}` };
  const branch = await branchOf(request, testInfo, c.brand, c.branch);
  const placed = await request.post(apiUrl(testInfo, "/orders/v1/orders"), {
    headers: customer,
    data: {
      serviceType: "DELIVERY",
      paymentType: "CASH",
      cartItems: [{ productId: dish.id, count: 2, modifications: [] }],
      address: { ...CENTRE_ADDRESS, entrance: "3", floor: "7", domophone: "37" },
      branchId: branch.id,
      comment: "Call from the gate",
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return {
    order: (await placed.json()) as { id: string; number: number },
    customer,
    view: page,
    open: async (to: string) => {
      await page.goto(`${origin}${to}`);
    },
  };
}

for (const c of CASES) {
  test(`a courier (${c.lang}) takes an order given by ${c.how === "assign" ? "staff" : "an offer"} and delivers it`, async ({
    page,
    browser,
    request,
  }, testInfo) => {
    const origin = brandOrigin(testInfo, c.brand);
    const merchant = await merchantOf(request, testInfo, c.brand);
    const staff = { merchant: merchant.id, authorization: `Bearer ${staffToken(testInfo, c.brand)}` };

    // Two of it clear the brand's minimum order (the menu's first plain dish may be a side).
    const dish = await plainDish(request, testInfo, c.brand, (p) => p.costPrice >= 35_000);
    const branch = await branchOf(request, testInfo, c.brand, c.branch);
    const { order, customer, view, open } = await customerOrders(c, page, request, testInfo, dish);
    const placedAt = (await (
      await request.get(apiUrl(testInfo, `/orders/v1/orders/${order.id}`), { headers: customer })
    ).json()) as { branchId: string | null };
    expect(placedAt.branchId).toBe(branch.id);
    await walkToDone(request, testInfo, staff, order.id);

    // The courier's phone: its own context, its location granted and moved along the path.
    const ctx = await browser.newContext({
      viewport: { width: 412, height: 915 },
      isMobile: true,
      hasTouch: true,
      geolocation: PATH[0],
      permissions: ["geolocation"],
      extraHTTPHeaders: { "x-forwarded-for": customerAddress() },
    });
    await ctx.addCookies([{ name: "lang", value: c.lang, domain: `${c.brand}.localhost`, path: "/" }]);
    const phone = await ctx.newPage();
    const since = Date.now() - 1000;
    let ui: Page | FrameLocator = phone;
    if (c.host === "telegram") {
      // The brand's bot opens the mini app; its courier button leads to /courier inside it.
      await phone.goto(`${origin}/api/health`);
      ui = (await openInTelegram(phone, { sub: c.brand, languageCode: c.lang })).app;
      await ui.locator("body").waitFor();
      await phone
        .frames()
        .find((f) => f !== phone.mainFrame())
        ?.evaluate(() => {
          window.history.pushState(null, "", "/courier");
          window.dispatchEvent(new PopStateEvent("popstate"));
        });
    } else {
      await phone.goto(`${origin}/courier`);
    }
    await expect(ui.locator("html")).toHaveAttribute("lang", c.lang);
    await ui.locator('input[name="phone"]').fill(c.phone);
    await ui.locator('input[name="phone"]').press("Enter");
    await ui.locator('input[autocomplete="one-time-code"]').fill(await smsCodeFor(testInfo, c.phone, since));
    const shift = ui.getByRole("switch");
    await expect(shift).toBeVisible();
    if (!(await shift.isChecked())) await shift.click();
    await expect(shift).toBeChecked();

    if (c.how === "assign") {
      const couriers = (await (
        await request.get(apiUrl(testInfo, "/staff/v1/couriers"), { headers: staff })
      ).json()) as { id: string; phone: string | null }[];
      const mine = couriers.find((x) => x.phone === c.phone);
      if (!mine) throw new Error("the seeded courier is missing");
      const given = await request.put(apiUrl(testInfo, `/staff/v1/orders/${order.id}/courier`), {
        headers: staff,
        data: { courierId: mine.id },
      });
      expect(given.status(), await given.text()).toBe(200);
    } else {
      const offered = await request.post(apiUrl(testInfo, `/staff/v1/orders/${order.id}/courier-offer`), {
        headers: staff,
      });
      expect(offered.status(), await offered.text()).toBe(200);
    }

    const card = ui.locator(`[data-order-number="${String(order.number)}"]`);
    await expect(card).toBeVisible({ timeout: 20_000 });
    await phone.screenshot({ path: testInfo.outputPath(`courier-list-${c.lang}.png`) });
    await card.click();
    await expect(ui.locator('[data-move="ACCEPT"]')).toBeVisible();
    await expect(ui.locator(`a[href^="tel:"]`)).toBeVisible();
    await phone.screenshot({ path: testInfo.outputPath(`courier-order-${c.lang}.png`), fullPage: true });
    await ui.locator('[data-move="ACCEPT"]').click();
    await ui.locator('[data-move="PICK_UP"]').click();
    await expect(ui.locator('[data-move="DELIVER"]')).toBeVisible();

    // On its way: the customer's courier follows the phone.
    const read = await request.get(apiUrl(testInfo, `/orders/v1/orders/${order.id}`), { headers: customer });
    const { courierId } = (await read.json()) as { courierId: string | null };
    if (!courierId) throw new Error("the order has no courier");
    // The customer watches their order's map: the courier's pin moves with the phone.
    await open(`/profile/orders/${order.id}/map`);
    const pin = view.getByRole("button", { name: "Courier", exact: true });
    await expect(pin).toBeVisible({ timeout: 30_000 });
    for (const point of PATH.slice(1)) {
      const before = await pin.boundingBox().catch(() => null);
      await ctx.setGeolocation(point);
      await expect
        .poll(
          async () => {
            const seen = await request.get(apiUrl(testInfo, `/deliveries/v1/delivery/courier/${courierId}`), {
              headers: customer,
            });
            return ((await seen.json()) as { latitude: number | null }).latitude;
          },
          { timeout: 30_000 },
        )
        .toBeCloseTo(point.latitude, 4);
      await expect
        .poll(async () => {
          const now = await pin.boundingBox();
          return before && now ? Math.hypot(now.x - before.x, now.y - before.y) : 0;
        })
        .toBeGreaterThan(2);
    }
    await page.screenshot({ path: testInfo.outputPath(`customer-map-${c.host}.png`) });
    if (c.host === "telegram") {
      // Those positions came through Telegram's LocationManager, not the web view's geolocation.
      expect(
        Number(await phone.evaluate(() => document.body.dataset.locationRequests ?? "0")),
      ).toBeGreaterThan(0);
    }
    await phone.screenshot({ path: testInfo.outputPath(`courier-on-way-${c.lang}.png`), fullPage: true });
    await ui.locator('[data-move="DELIVER"]').click();
    await expect(ui.locator("[data-move]")).toHaveCount(0);
    await ctx.close();

    await open(`/profile/orders/${order.id}`);
    await expect(view.getByText("Delivered").first()).toBeVisible();
  });
}

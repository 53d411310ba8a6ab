// The staff console's sections as a shift uses them: staff stop a dish at their branch on the
// Stop-list and a customer ordering from that branch sees it unavailable at once, then on sale again
// once it is put back; staff stop an option (listed once) at every branch and a customer's open
// basket and product page show it unavailable live, with no reload; a guest at a table calls
// the waiter and staff acknowledge the call from the Waiter calls inbox, which the guest sees; a
// guest's booking request chimes into the console (a badge on Bookings and in the title), waits in
// the Bookings inbox, is confirmed with a table, and the guest reads it confirmed with that table;
// orders paused at a branch for 30 minutes make its row in the customer's pickup choice
// unselectable until staff resume; a manager reprices a dish in the back office. Once, at the
// desktop viewport (playwright.config.ts);
// the customer and the guest use phone-sized pages of their own.
import fs from "node:fs";
import path from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { storedSession } from "./fixtures/platform.ts";
import { apiUrl, brandOrigin, merchantOf, tenantGet } from "./support/storefront.ts";
import {
  branchOf,
  CONSOLE_RU,
  customerToken,
  logInOnTheWeb,
  plainDish,
  signInToConsole,
  type Product,
} from "./support/session.ts";

/** Staff members scripts/e2e-server.ts seeds for the console, one per journey. */
const LAVASH_STAFF_PHONE = "+998977000003";
const PLOV_STAFF_PHONE = "+998977000004";
/** Unbound: works at every lavash branch. */
const LAVASH_OPTIONS_STAFF_PHONE = "+998977000414";
const PLOV_BOOKINGS_STAFF_PHONE = "+998977000021";
const PLOV_PAUSE_STAFF_PHONE = "+998977000022";
/** Table 8 of plov's demo hall (scripts/demo-brands/small-brands.ts); no other journey calls there. */
const TABLE = "plov-Ys5uD7";

/** A phone-sized page of its own for the customer, reading `lang` on the brand's origin. */
async function customerPage(browser: Browser, origin: string, lang: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 412, height: 915 } });
  await context.addCookies([{ name: "lang", value: lang, url: origin }]);
  return context.newPage();
}

test.describe("the staff console's sections", () => {
  test("a dish stopped at a branch reads 'Not available' to its customers, and sells again once put back", async ({
    page,
    browser,
    context,
  }, testInfo) => {
    const origin = brandOrigin(testInfo, "lavash");
    await context.addCookies([{ name: "lang", value: "en", url: origin }]);
    // A dish no other journey takes: not the first plain one (staff.spec, provider-pay), nor the
    // first over 35,000 or under 10,000 (orders, cards), nor the last two (orders' spares), nor
    // one a journey names.
    const named = fs
      .readdirSync(path.resolve("e2e"))
      .filter((f) => f.endsWith(".spec.ts") && f !== path.basename(testInfo.file))
      .map((f) => fs.readFileSync(path.resolve("e2e", f), "utf8"))
      .join("\n");
    const lavash = await merchantOf(page.request, testInfo, "lavash");
    const menu = await tenantGet<{ products: Product[] }>(
      page.request,
      testInfo,
      lavash.id,
      "/products/v1/overalls?type=WEB",
    );
    const plain = menu.products.filter(
      (p) => p.isAvailable && p.modificationGroups.length === 0 && p.discount === 0,
    );
    const taken = new Set([
      plain[0],
      plain.find((p) => p.costPrice >= 35_000),
      plain.find((p) => p.costPrice < 10_000),
      ...plain.slice(-2),
    ]);
    const dish = plain
      .filter((p) => !taken.has(p) && !named.includes((p.name as { eng?: string }).eng ?? "\u0000"))
      .at(-1);
    if (!dish) throw new Error("demo facts missing: no dish to stop");
    const dishName = (dish.name as { eng: string }).eng;
    const chilonzor = await branchOf(page.request, testInfo, "lavash", "Chilonzor");

    // A customer picking up at Chilonzor, on a phone.
    const customer = await customerPage(browser, origin, "en");
    await customer.goto(`${origin}/api/health`);
    await customer.evaluate((branch) => {
      const key = "savat:lavash:session";
      const session = JSON.parse(localStorage.getItem(key) ?? "{}") as Record<string, unknown>;
      const orderRequest = { serviceType: "PICK_UP", branch, branchId: branch.id };
      localStorage.setItem(key, JSON.stringify({ ...session, orderRequest }));
    }, chilonzor);
    const findDish = async () => {
      await customer.goto(`${origin}/search`);
      await customer.getByRole("searchbox", { name: "Search the menu" }).fill(dishName);
      return customer
        .getByRole("list", { name: "Found products" })
        .getByRole("link", { name: new RegExp(`^${dishName}`) });
    };

    // Staff at Chilonzor stop it on the Stop-list; the customer finds it unavailable.
    await signInToConsole(page, testInfo, origin, LAVASH_STAFF_PHONE);
    await page.getByLabel("Branch").selectOption(chilonzor.id);
    await page
      .getByRole("navigation", { name: "Console sections" })
      .getByRole("link", { name: "Stop-list" })
      .click();
    await expect(page).toHaveURL(/\/staff\/stop-list$/);
    await page.getByRole("searchbox", { name: "Find a dish or an option" }).fill(dishName);
    const onSale = page.getByRole("switch", { name: `${dishName} on sale` });
    await expect(onSale).toBeChecked();
    await onSale.click();
    try {
      await expect(onSale).not.toBeChecked();
      await expect((await findDish()).getByText("Not available")).toBeVisible();
    } finally {
      // Put back, also when a check above failed, so the other journeys keep the dish on sale.
      await onSale.click();
      await expect(onSale).toBeChecked();
    }

    // On sale again.
    const card = await findDish();
    await expect(card).toBeVisible();
    await expect(card.getByText("Not available")).toHaveCount(0);
    await customer.context().close();
  });

  test("an option stopped at every branch reads unavailable on an open basket and product page with no reload, and sells again once put back", async ({
    page,
    browser,
    context,
  }, testInfo) => {
    const origin = brandOrigin(testInfo, "lavash");
    await context.addCookies([{ name: "lang", value: "en", url: origin }]);
    // "Mushrooms": an extra no other journey chooses (they take sizes only).
    const OPTION = "Mushrooms";
    const lavash = await merchantOf(page.request, testInfo, "lavash");
    const chilonzor = await branchOf(page.request, testInfo, "lavash", "Chilonzor");
    const menu = await tenantGet<{ products: Product[] }>(
      page.request,
      testInfo,
      lavash.id,
      `/products/v1/overalls?type=WEB&branchId=${chilonzor.id}`,
    );
    type Option = { id: string; name: { eng: string } };
    type Group = { id: string; minSelect: number; modifications: Option[] };
    const offering = menu.products.filter(
      (p) =>
        p.isAvailable &&
        (p.modificationGroups as Group[]).some((g) => g.modifications.some((m) => m.name.eng === OPTION)),
    );
    const dish = offering.at(-1);
    if (!dish) throw new Error(`demo facts missing: no dish with ${OPTION}`);
    const chosen = (dish.modificationGroups as Group[]).flatMap((g) => {
      const option = g.modifications.find((m) => m.name.eng === OPTION);
      const picks = option ? [option] : g.modifications.slice(0, g.minSelect);
      return picks.map((m) => ({ ...m, groupId: g.id }));
    });
    const dishName = (dish.name as { eng: string }).eng;

    // A customer picking up at Chilonzor with the dish and the option in the basket, on a phone;
    // a second tab of theirs shows the dish's page.
    const customer = await customerPage(browser, origin, "en");
    await customer.goto(`${origin}/api/health`);
    await customer.evaluate(
      ({ branch, line }) => {
        localStorage.setItem("savat:lavash:basket", JSON.stringify([line]));
        const key = "savat:lavash:session";
        const session = JSON.parse(localStorage.getItem(key) ?? "{}") as Record<string, unknown>;
        const orderRequest = { serviceType: "PICK_UP", branch, branchId: branch.id };
        localStorage.setItem(key, JSON.stringify({ ...session, orderRequest }));
      },
      {
        branch: chilonzor,
        line: {
          key: [dish.id, ...chosen.map((m) => m.id).sort()].join("+"),
          productId: dish.id,
          name: dish.name,
          image: dish.image ?? "",
          costPrice: dish.costPrice,
          discount: dish.discount,
          unit: dish.unit,
          count: 1,
          modifications: chosen.map((m) => ({
            id: m.id,
            groupId: m.groupId,
            name: m.name,
            price: (m as { price?: number }).price ?? 0,
          })),
        },
      },
    );
    await customer.goto(`${origin}/basket`);
    const line = customer
      .getByRole("list", { name: "Basket" })
      .getByRole("listitem")
      .filter({ hasText: dishName });
    await expect(line).toBeVisible();
    await expect(line.getByText(`Not available now: ${OPTION}`)).toHaveCount(0);
    const productTab = await customer.context().newPage();
    await productTab.goto(`${origin}/product/${dish.id}`);
    const optionOnPage = productTab.getByText(OPTION, { exact: true });
    await expect(optionOnPage).toBeVisible();
    // A page follows the menu's stream from the customer's first key or touch (or 5 s after it
    // loaded): a key on each, so the stop below is not waiting for the stream to open.
    for (const tab of [customer, productTab]) {
      const opened = tab.waitForResponse((r) => r.url().includes("/products/v1/overalls/events"));
      await tab.keyboard.press("Shift");
      await opened;
    }

    // Staff stop the option at every branch from the Stop-list's options.
    await signInToConsole(page, testInfo, origin, LAVASH_OPTIONS_STAFF_PHONE);
    await page.getByLabel("Branch").selectOption(chilonzor.id);
    await page
      .getByRole("navigation", { name: "Console sections" })
      .getByRole("link", { name: "Stop-list" })
      .click();
    await page.getByRole("searchbox", { name: "Find a dish or an option" }).fill(OPTION);
    const options = page.getByRole("list", { name: "Options of the branch" });
    const row = options.getByRole("listitem").filter({ hasText: OPTION });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole("switch", { name: `${OPTION} on sale` })).toBeChecked();
    await row.getByRole("button", { name: `Stop at every branch: ${OPTION}` }).click();
    try {
      await expect(row.getByRole("switch", { name: `${OPTION} on sale` })).not.toBeChecked();
      await expect(row.getByTestId("stop-spread")).toHaveText(/Stopped at (\d+) of \1 branches/);
      // The customer's open pages follow with no reload (the budget, within a second on every process: server/test/cluster.test.ts).
      await expect(line.getByText(`Not available now: ${OPTION}`)).toBeVisible();
      await expect(optionOnPage).toHaveCount(0);
    } finally {
      // Put back, also when a check above failed, so the other journeys keep the option.
      await row.getByRole("button", { name: `Put back at every branch: ${OPTION}` }).click();
      await expect(row.getByRole("switch", { name: `${OPTION} on sale` })).toBeChecked();
    }
    await expect(line.getByText(`Not available now: ${OPTION}`)).toHaveCount(0);
    await expect(productTab.getByText(OPTION, { exact: true })).toBeVisible();
    await customer.context().close();
  });

  test("a guest's call for the waiter is acknowledged from the Waiter calls inbox and the guest sees it", async ({
    page,
    browser,
    context,
  }, testInfo) => {
    const origin = brandOrigin(testInfo, "plov");
    await context.addCookies([{ name: "lang", value: "ru", url: origin }]);
    const guest = await customerPage(browser, origin, "ru");
    await guest.goto(`${origin}/?table=${TABLE}`);
    const bar = guest.getByTestId("table-bar");
    await expect(bar).toContainText("Стол 8");
    await bar.getByRole("button", { name: "Позвать официанта" }).click();
    const status = guest.getByTestId("table-bar-status");
    await expect(status).toContainText("Официант вызван");

    const plov = await merchantOf(page.request, testInfo, "plov");
    const { branch } = (await (
      await page.request.get(apiUrl(testInfo, `/orders/v1/tables/${TABLE}`), {
        headers: { merchant: plov.id },
      })
    ).json()) as { branch: { id: string } };

    await signInToConsole(page, testInfo, origin, PLOV_STAFF_PHONE, CONSOLE_RU);
    await page.getByLabel("Филиал").selectOption(branch.id);
    await page
      .getByRole("navigation", { name: "Разделы консоли" })
      .getByRole("link", { name: "Вызовы официанта" })
      .click();
    const call = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: "Стол 8 зовёт официанта" }) });
    await call.getByRole("button", { name: "Иду" }).click();
    await expect(call).toContainText("Официант идёт");
    await expect(status).toContainText("Официант идёт");
    await guest.context().close();
  });

  test("a guest's booking request badges the console, waits in the inbox, is confirmed with a table, and the guest sees the table", async ({
    page,
    browser,
    context,
  }, testInfo) => {
    await page.setViewportSize({ width: 1024, height: 768 });
    const origin = brandOrigin(testInfo, "plov");
    await context.addCookies([{ name: "lang", value: "ru", url: origin }]);
    const plov = await merchantOf(page.request, testInfo, "plov");
    const beshyogoch = await branchOf(page.request, testInfo, "plov");

    // Count the chimes: each one starts two oscillators of the page's AudioContext.
    await page.addInitScript(() => {
      const w = window as unknown as { chimes: number };
      w.chimes = 0;
      const proto = BaseAudioContext.prototype;
      const make = Object.getOwnPropertyDescriptor(proto, "createOscillator")?.value as (
        this: BaseAudioContext,
      ) => OscillatorNode;
      proto.createOscillator = function (this: BaseAudioContext) {
        w.chimes += 1;
        return make.call(this);
      };
    });
    const chimes = () => page.evaluate(() => (window as unknown as { chimes: number }).chimes);

    // Staff watch the console under "All branches".
    await signInToConsole(page, testInfo, origin, PLOV_BOOKINGS_STAFF_PHONE, CONSOLE_RU);
    await expect(page.getByTestId("staff-live")).toHaveAttribute("data-connected", "true");
    const tab = page
      .getByRole("navigation", { name: "Разделы консоли" })
      .getByRole("link", { name: /Брони/ });
    await expect(tab).toBeVisible();
    const badge = tab.locator(".staff-nav__badge");
    const chimesBefore = await chimes();

    // A guest signs in on their phone and asks for a table tomorrow evening at Beshyog'och.
    const guestPage = await customerPage(browser, origin, "ru");
    await logInOnTheWeb(guestPage, testInfo, origin, {
      phone: "Номер телефона",
      getCode: "Получить код",
      code: "Код из SMS",
      loggedIn: "Вы вошли в систему",
    });
    const token = (await storedSession(guestPage, "plov"))?.token;
    if (!token) throw new Error("the guest has no session");
    const guest = `Гость ${String(Date.now()).slice(-6)}`;
    const tomorrow = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Tashkent" }).format(
      new Date(Date.now() + 86_400_000),
    );
    const booked = await guestPage.request.post(apiUrl(testInfo, "/orders/v1/reservations"), {
      headers: { merchant: plov.id, authorization: `Bearer ${token}` },
      data: {
        branchId: beshyogoch.id,
        guests: 2,
        name: guest,
        phone: "+998901234567",
        time: `${tomorrow}T21:30:00+05:00`,
      },
    });
    expect(booked.status(), await booked.text()).toBe(201);

    // The console hears it live (the stream, not the 30-second poll): it is spoken and chimes, and
    // the Bookings tab and the page title count it (other journeys' requests may be waiting too).
    await expect(page.getByTestId("staff-booking-announcer")).toContainText(guest, { timeout: 4000 });
    await expect(badge).toHaveText(/^[1-9]\d*$/);
    await expect(page).toHaveTitle(/^\(\d+\) /);
    expect(await chimes()).toBeGreaterThan(chimesBefore);

    await tab.click();
    await expect(page).toHaveURL(/\/staff\/bookings$/);
    const request = page.getByTestId("booking-inbox").getByRole("listitem").filter({ hasText: guest });
    await expect(request).toContainText("Завтра");
    await expect(request).toContainText("21:30");
    await expect(request).toContainText("+998 90 123 45 67");
    const tableChoice = request.getByLabel("Стол");
    await expect(tableChoice.locator("option")).not.toHaveCount(1);
    await tableChoice.selectOption({ index: 1 });
    const chosen = (await tableChoice.locator("option:checked").textContent()) ?? "";
    const tableName = /Стол (\S+)/.exec(chosen)?.[1] ?? "";
    expect(tableName).not.toBe("");
    await request.getByRole("button", { name: "Подтвердить" }).click();
    await expect(request).toHaveCount(0);

    // The day's bookings of the branch show it confirmed with its table.
    await page.getByLabel("Филиал").selectOption(beshyogoch.id);
    await page.getByLabel("День").fill(tomorrow);
    const confirmed = page.getByTestId("day-bookings").getByRole("listitem").filter({ hasText: guest });
    await expect(confirmed).toContainText("Подтверждена");
    await expect(confirmed.getByTestId("booking-table")).toHaveText(`Стол ${tableName}`);

    // The guest reads it confirmed, with the table.
    await guestPage.goto(`${origin}/profile/reservations`);
    const row = guestPage.getByTestId("reservation-row").filter({ hasText: guest });
    await expect(row.getByTestId("reservation-status")).toHaveText("Подтверждена");
    await expect(row.getByTestId("reservation-table")).toHaveText(`Ваш стол: ${tableName}`);
    await guestPage.context().close();
  });

  test("orders paused at a branch for 30 minutes leave it unselectable for pickup until staff resume them", async ({
    page,
    browser,
    context,
  }, testInfo) => {
    await page.setViewportSize({ width: 1024, height: 768 });
    const origin = brandOrigin(testInfo, "plov");
    await context.addCookies([{ name: "lang", value: "ru", url: origin }]);
    // Yunusobod: no other journey orders there (plov names its branches in uz and ru only).
    const plov = await merchantOf(page.request, testInfo, "plov");
    const all = (await (
      await page.request.get(apiUrl(testInfo, "/users/v1/branches"), { headers: { merchant: plov.id } })
    ).json()) as {
      id: string;
      name: { uz?: string; ru?: string };
      workHours: { type: string; hours: { weekName: string; isDayOff: boolean }[] }[];
    }[];
    const yunusobod = all.find((b) => b.name.uz === "Yunusobod");
    if (!yunusobod?.name.ru) throw new Error("demo facts missing: plov's Yunusobod");
    const name = yunusobod.name.ru;

    await signInToConsole(page, testInfo, origin, PLOV_PAUSE_STAFF_PHONE, CONSOLE_RU);
    await page.getByLabel("Филиал").selectOption(yunusobod.id);
    await page
      .getByRole("navigation", { name: "Разделы консоли" })
      .getByRole("link", { name: /^Сегодня/ })
      .click();
    const pause = page.getByRole("button", { name: "Пауза всех заказов на 30 минут" });
    const state = page.getByTestId("pause-state");
    // A retried journey finds the branch as its first try may have left it, paused: resumed first.
    await expect(pause.or(state)).toBeVisible();
    if (await state.isVisible()) await state.getByRole("button", { name: "Возобновить сейчас" }).click();
    await pause.click();
    const ask = page.getByRole("dialog", { name: "Поставить все заказы на паузу на 30 минут?" });
    await ask.getByRole("button", { name: "Приостановить" }).click();
    await expect(state).toContainText(/На паузе до \d{2}:\d{2}/);
    const clock = /\d{2}:\d{2}/.exec((await state.textContent()) ?? "")?.[0] ?? "";

    // A customer choosing where to pick up sees the branch not taking orders until then. On the
    // branch's weekly day off the list says so instead, whatever the pause: that day the customer's
    // clock is a day earlier, still before the pause ends.
    const customer = await customerPage(browser, origin, "ru");
    const today = new Intl.DateTimeFormat("en-US", { timeZone: "Asia/Tashkent", weekday: "long" })
      .format(new Date())
      .toUpperCase();
    const pickup = yunusobod.workHours.find((w) => w.type === "PICK_UP");
    if (pickup?.hours.find((d) => d.weekName === today)?.isDayOff) {
      await customer.clock.setFixedTime(new Date(Date.now() - 86_400_000));
    }
    await customer.goto(`${origin}/address/pickup`);
    const row = customer.getByRole("listitem").getByRole("button", { name: new RegExp(name) });
    await expect(row).toContainText(`Не принимает заказы до ${clock}`);
    await expect(row).toHaveAttribute("aria-disabled", "true");

    // Staff resume now: the branch can be chosen again.
    await state.getByRole("button", { name: "Возобновить сейчас" }).click();
    await expect(state).toHaveCount(0);
    await customer.reload();
    await expect(row).not.toContainText("Не принимает заказы");
    await expect(row).not.toHaveAttribute("aria-disabled", "true");
    await customer.context().close();
  });
});

test.describe("the back office", () => {
  /** plov's manager, bound to no branch (scripts/e2e-server.ts). */
  const MANAGER_PHONE = "+998977000013";

  test("a manager changes a dish's price in the console; the storefront shows it and the change log says who @desktop", async ({
    page,
    browser,
  }, testInfo) => {
    await page.setViewportSize({ width: 1024, height: 768 });
    const origin = brandOrigin(testInfo, "plov");
    await page.context().addCookies([{ name: "lang", value: "en", url: origin }]);
    // A dish no other journey names: its price may change under nobody.
    const named = fs
      .readdirSync(path.resolve("e2e"))
      .filter((f) => f.endsWith(".spec.ts") && f !== path.basename(testInfo.file))
      .map((f) => fs.readFileSync(path.resolve("e2e", f), "utf8"))
      .join("\n");
    const plov = await merchantOf(page.request, testInfo, "plov");
    const menu = await tenantGet<{ products: (Product & { name: { ru?: string; uz?: string } })[] }>(
      page.request,
      testInfo,
      plov.id,
      "/products/v1/overalls?type=WEB",
    );
    // plov writes in Uzbek and Russian: an English page shows the Russian name (ru, uz, eng).
    const nameOf = (p: { name: { ru?: string; uz?: string } }) => p.name.ru ?? p.name.uz ?? "?";
    const dish = menu.products.findLast(
      (p) => p.isAvailable && p.discount === 0 && !named.includes(p.id) && !named.includes(nameOf(p)),
    );
    if (!dish) throw new Error("plov's demo menu has no dish to reprice");
    const dishName = nameOf(dish);
    const newPrice = dish.costPrice + 1_500;
    const shown = (value: number) => new RegExp(String(value).replace(/\B(?=(\d{3})+(?!\d))/g, "\\s"));

    const customer = await customerPage(browser, origin, "en");
    await customer.goto(`${origin}/product/${dish.id}`);
    await expect(customer.getByRole("heading", { name: dishName, level: 1 })).toBeVisible();
    await expect(customer.locator("main")).toContainText(shown(dish.costPrice));

    await signInToConsole(page, testInfo, origin, MANAGER_PHONE);
    await page.getByRole("link", { name: /^Menu/ }).click();
    await page.getByRole("searchbox", { name: "Find a dish" }).fill(dishName);
    await page.getByRole("button", { name: `Edit ${dishName}` }).click();
    const editor = page.getByRole("dialog", { name: `Edit ${dishName}` });
    const price = editor.getByLabel("Price", { exact: true });
    await expect(price).toHaveValue(String(dish.costPrice));
    // A price that is not one is refused at the field, and nothing typed is lost.
    await price.fill("-5");
    await editor.getByRole("button", { name: "Save" }).click();
    await expect(editor.getByText("The price is a sum of 0 or more.")).toBeVisible();
    await expect(price).toBeFocused();
    await price.fill(String(newPrice));
    await editor.getByRole("button", { name: "Save" }).click();
    await expect(editor).toBeHidden();
    await expect(page.getByText("Last changed by Dilshod Console 13")).toBeVisible();

    // The storefront's next read has it: the menu caches dropped when the save committed.
    await customer.reload();
    await expect(customer.locator("main")).toContainText(shown(newPrice));

    await page.getByRole("link", { name: /^Change log/ }).click();
    const entry = page.getByRole("listitem").filter({ hasText: dishName }).first();
    await expect(entry).toContainText("Dilshod Console 13");
    await expect(entry).toContainText(shown(dish.costPrice));
    await expect(entry).toContainText(shown(newPrice));
    await customer.context().close();
  });

  test("a manager reads the week's orders in Reports, by service and by day, and takes them as CSV @desktop", async ({
    page,
    request,
  }, testInfo) => {
    const REPORTS_PHONE = "+998977000028";
    const origin = brandOrigin(testInfo, "plov");
    await page.context().addCookies([{ name: "lang", value: "en", url: origin }]);
    // A pickup order placed now: this week's report has at least it.
    const plov = await merchantOf(request, testInfo, "plov");
    const token = await customerToken(request, testInfo, plov.id);
    const branch = await branchOf(request, testInfo, "plov");
    const dish = await plainDish(request, testInfo, "plov");
    const placed = await request.post(apiUrl(testInfo, "/orders/v1/orders"), {
      headers: { merchant: plov.id, authorization: `Bearer ${token}` },
      data: {
        serviceType: "PICK_UP",
        paymentType: "CASH",
        branchId: branch.id,
        cartItems: [{ productId: dish.id, count: 1 }],
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);

    await signInToConsole(page, testInfo, origin, REPORTS_PHONE);
    // Alt+A once the manager's sections are listed.
    await expect(page.getByRole("link", { name: /^Reports/ })).toBeVisible();
    await page.keyboard.press("Alt+KeyA");
    await expect(page.getByRole("heading", { name: "Reports", level: 1 })).toBeVisible();
    const report = page.getByTestId("order-report");
    await expect(page.getByRole("button", { name: "Last 7 days" })).toHaveAttribute("aria-pressed", "true");
    await expect(report.getByTestId("report-chart")).toBeVisible();
    const pickup = report.getByRole("table", { name: "By service" }).getByRole("row", { name: /^Pickup/ });
    await expect(pickup).toBeVisible();
    const orders = Number(await pickup.getByRole("cell").first().textContent());
    expect(orders).toBeGreaterThanOrEqual(1);

    // The figures as a spreadsheet takes them.
    const saving = page.waitForEvent("download");
    await report.getByRole("button", { name: "Download CSV" }).click();
    const file = await (await saving).path();
    const csv = fs
      .readFileSync(file, "utf8")
      .replace(/^\uFEFF/, "")
      .split("\r\n");
    expect(csv[0]).toBe('Part,Name,Orders,"Revenue, sum"');
    expect(csv.some((line) => /^Service,Pickup,\d+,\d+\.\d\d$/.test(line))).toBe(true);

    // A period that ends before it starts is explained, and asks nothing of the server.
    await page.getByLabel("From", { exact: true }).fill("2030-01-10");
    await expect(
      page.getByRole("alert").filter({ hasText: "whose first day is not after its last" }),
    ).toBeVisible();
    await page.getByRole("button", { name: "Last 30 days" }).click();
    await expect(pickup).toBeVisible();
  });
});

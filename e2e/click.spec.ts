// Booting as a Click SuperApp web view: the page gets a web_session (query parameter and/or cookie)
// and Click's theme and language cookies; the server exchanges the session at the fake Click. Inside
// Click, the demo's plov offers Click as CLICK_MINI_APP and its pay page pays the order.
import { expect, test } from "@playwright/test";
import { openInClick, storedSession } from "./fixtures/platform.ts";

test.describe("inside the Click app", () => {
  test("signs in with ?web_session= and takes Click's language", async ({ page }) => {
    await openInClick(page, {
      via: "query",
      language: "uz",
      theme: "light",
      userId: "935551234",
      phone: "+998935551234",
    });
    await expect(page).toHaveURL(/web_session=/);
    const html = page.locator("html");
    await expect(html).toHaveAttribute("data-host", "click");
    await expect(html).toHaveAttribute("lang", "uz");
    await expect(html).toHaveAttribute("data-appearance", "light");
    await expect.poll(async () => (await storedSession(page))?.token ?? null).toMatch(/^[\w-]{43}$/);
    expect((await storedSession(page))?.user?.phone).toBe("+998935551234");
    await expect(page.locator("#root")).not.toBeEmpty();
  });

  test("signs in with the cookie only, in Click's dark theme and Russian", async ({ page }) => {
    await openInClick(page, { via: "cookie", language: "ru", theme: "dark", variant: "generic" });
    await expect(page).not.toHaveURL(/web_session=/);
    const html = page.locator("html");
    await expect(html).toHaveAttribute("data-host", "click");
    await expect(html).toHaveAttribute("lang", "ru");
    await expect(html).toHaveAttribute("data-appearance", "dark");
    await expect.poll(async () => (await storedSession(page))?.token ?? null).toMatch(/^[\w-]{43}$/);
    expect(await page.evaluate(() => sessionStorage.getItem("savat:platform:click-web-session"))).toMatch(
      /^[\w-]{36}$/,
    );
  });

  test("an unknown web_session leaves a guest with a message", async ({ page }) => {
    await page.goto("/?web_session=3f1a7c9e-0000-4000-8000-00000000dead");
    await expect(page.locator("html")).toHaveAttribute("data-host", "click");
    await expect(page.getByText(/Click/).first()).toBeVisible();
    await expect(page.locator("#root")).not.toBeEmpty();
    expect((await storedSession(page))?.token ?? null).toBeNull();
  });
});

test.describe("paying inside the Click app", () => {
  test("Click is the CLICK_MINI_APP choice; Click's page pays the order, which comes back paid", async ({
    page,
  }, testInfo) => {
    const port = new URL(testInfo.project.use.baseURL ?? "").port;
    const api = (path: string) => `http://127.0.0.1:${port}/api${path}`;
    const plov = (await (await page.request.get(api("/users/v1/merchants/sub/plov"))).json()) as {
      id: string;
    };
    const headers = { merchant: plov.id };
    const { products } = (await (
      await page.request.get(api("/products/v1/overalls?type=WEB"), { headers })
    ).json()) as {
      products: { id: string; name: unknown; image: string | null; costPrice: number; discount: number }[];
    };
    const dish = products.find((p) => p.discount === 0);
    const branches = (await (await page.request.get(api("/users/v1/branches"), { headers })).json()) as {
      id: string;
      isMain: boolean;
    }[];
    const main = branches.find((b) => b.isMain);
    if (!dish || !main) throw new Error("demo facts missing");

    await openInClick(page, { sub: "plov", language: "ru" });
    await expect.poll(async () => (await storedSession(page, "plov"))?.token ?? null).toMatch(/^[\w-]{43}$/);
    await page.evaluate(
      ({ line, draft }) => {
        localStorage.setItem("savat:plov:basket", JSON.stringify([line]));
        const key = "savat:plov:session";
        const session = JSON.parse(localStorage.getItem(key) ?? "{}") as Record<string, unknown>;
        localStorage.setItem(key, JSON.stringify({ ...session, orderRequest: draft }));
      },
      {
        line: {
          ...dish,
          key: dish.id,
          productId: dish.id,
          image: dish.image ?? "",
          unit: "COUNT",
          count: 1,
          modifications: [],
        },
        draft: { serviceType: "PICK_UP", branch: main, branchId: main.id },
      },
    );
    // A fresh load reads the seeded basket; Click's web_session stays with the tab.
    await page.goto(`${new URL(page.url()).origin}/checkout`);
    await expect(page.locator("html")).toHaveAttribute("data-host", "click");
    await page.getByRole("radio", { name: "Click" }).check();
    await expect(page.getByTestId("checkout-total")).not.toHaveText("—");
    await page.locator("[data-platform-main-button] button").click();

    await expect(page).toHaveURL(/\/api\/dev\/click\/pay\?/);
    const orderId = new URL(page.url()).searchParams.get("transaction_param") ?? "";
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    // Click's page returns to the page that leads back into the Click app, then to the order.
    await expect(page).toHaveURL(new RegExp(`/paid/${orderId}\\?via=click`));
    await page.getByRole("link", { name: "Вернуться в Click" }).click();
    await expect(page).toHaveURL(new RegExp(`/profile/orders/${orderId}$`));
    await expect(page.getByTestId("order-paid")).toHaveText("Оплачен");
    const token = (await storedSession(page, "plov"))?.token ?? "";
    const order = (await (
      await page.request.get(api(`/orders/v1/orders/${orderId}`), {
        headers: { ...headers, authorization: `Bearer ${token}` },
      })
    ).json()) as { paymentType: string; isPaid: boolean };
    expect(order).toMatchObject({ paymentType: "CLICK_MINI_APP", isPaid: true });
  });
});

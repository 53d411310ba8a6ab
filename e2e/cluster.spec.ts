// The storefront through nginx in front of three API processes (scripts/cluster.ts with the
// production template deploy/nginx/savat.conf.template), run as in production (DEMO=0,
// NODE_ENV=production) on a fresh PostgreSQL database and Redis: a customer opens the brand's
// address on nginx's port, signs in with the code the brand's SMS gateway (a local Eskiz) carried,
// and places a pickup order paid in cash, to the order's page. Runs in the phone project only (the
// desktop project's grep does not take it). Skipped with the reason when nginx, PostgreSQL or Redis
// is absent.
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { startCluster, type Cluster } from "../scripts/cluster.ts";
import { startFakeEskiz, type FakeEskiz } from "../server/test/fakes/eskiz.ts";
import {
  clusterUnavailable,
  codeSentTo,
  ESKIZ_ACCOUNT,
  eskizFor,
  REDIS_URL,
} from "../server/test/support/cluster.ts";
import { ADMIN_URL } from "../server/test/support/pg.ts";
import { freshTelegramId } from "./fixtures/platform.ts";
import { seedBasket, type Product } from "./support/session.ts";

const unavailable = await clusterUnavailable();

test.describe("three API processes behind nginx", () => {
  test.skip(unavailable !== null, `no cluster here: ${unavailable ?? ""}`);

  let cluster: Cluster;
  let eskiz: FakeEskiz;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    const run = randomBytes(4).toString("hex");
    eskiz = await startFakeEskiz(ESKIZ_ACCOUNT);
    cluster = await startCluster({
      processes: 3,
      adminUrl: ADMIN_URL,
      database: `savat_e2e_cluster_${run}`,
      fresh: true,
      redisUrl: REDIS_URL,
      prepare: eskizFor("lavash"),
      env: {
        ESKIZ_API_URL: eskiz.url,
        REDIS_KEY_PREFIX: `savat-e2e-${run}:`,
        // No map tiles from the internet in a test.
        MAP_STYLE_URL: "offline",
        ...(process.env.STATIC_DIR ? { STATIC_DIR: process.env.STATIC_DIR } : {}),
      },
    });
  });
  test.afterAll(async () => {
    await cluster.close();
    await eskiz.close();
  });

  test("a customer signs in and places a cash pickup order on the storefront through nginx", async ({
    page,
    context,
  }) => {
    const origin = `http://lavash.localhost:${String(cluster.nginx.port)}`;
    await context.addCookies([{ name: "lang", value: "en", domain: "lavash.localhost", path: "/" }]);
    // Facts from the API through nginx (Node does not resolve *.localhost: the merchant header names the brand).
    const api = async <T>(path: string, merchant?: string): Promise<T> => {
      const res = await fetch(`${cluster.origin}/api${path}`, { headers: merchant ? { merchant } : {} });
      expect(res.status, path).toBe(200);
      return (await res.json()) as T;
    };
    const merchant = await api<{ id: string }>("/users/v1/merchants/sub/lavash");
    const { products } = await api<{ products: Product[] }>("/products/v1/overalls?type=WEB", merchant.id);
    const dish = products.find(
      (p) => p.isAvailable && p.modificationGroups.length === 0 && p.discount === 0 && p.costPrice >= 35_000,
    );
    const branches = await api<{ id: string; name: { eng?: string } }[]>("/users/v1/branches", merchant.id);
    const branch = branches.find((b) => b.name.eng?.startsWith("Chilonzor"));
    if (!dish || !branch) throw new Error("demo facts missing");

    // Signing in: the code goes out through the brand's gateway, as in production.
    const phone = `+99877${freshTelegramId().slice(-7)}`;
    await page.goto(`${origin}/login`);
    await page.getByLabel("Phone number").fill(phone);
    await page.getByRole("button", { name: "Get the code" }).click();
    await expect(page).toHaveURL(/\/login\/confirm\?/);
    await page.getByLabel("Code from the SMS").fill(await codeSentTo(eskiz, phone));
    await expect(page.getByText("You are logged in", { exact: true }).last()).toBeVisible();

    await seedBasket(page, "lavash", dish, 1, { serviceType: "PICK_UP", branch, branchId: branch.id });
    await page.goto(`${origin}/checkout`);
    await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
    await expect(page.getByTestId("checkout-place")).toContainText("Chilonzor");
    await page.getByRole("radio", { name: "Cash" }).check();
    await expect(page.getByTestId("checkout-total")).not.toHaveText("—");
    await page.locator("[data-platform-main-button] button").click();
    await expect(page.getByRole("heading", { level: 1, name: /^Order #\d+$/ })).toBeVisible();
    await expect(page).toHaveURL(/\/profile\/orders\/[\w-]+/);
    await expect(page.getByTestId("order-status")).toBeVisible();

    // The order went through nginx to one of the processes (nginx writes the line once the response
    // is sent, which can be just after the page has it).
    await expect
      .poll(() =>
        cluster.nginx
          .accessLog()
          .split("\n")
          .filter((line) => line.includes('"POST /api/orders/v1/orders HTTP'))
          .at(-1),
      )
      .toMatch(/ 201 .*upstream=127\.0\.0\.1:\d+/);
  });
});

/// <reference lib="dom" />
// No invented addresses in production: a second server of its own, started in production mode
// (NODE_ENV=production, DEMO=0, no NOMINATIM_URL) on the embedded database with the demo brands
// imported before the start, as an operator's import would. There the geocoder answers nothing, so
// the customer places the pin and types the street and house, and the saved address says so.
// The shared journey server runs in demo mode, whose gazetteer would name a street: it cannot show this.
// A second production server, given a geocoder (a local stand-in speaking Nominatim's API), names the
// street that geocoder answers.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { startFakeNominatim } from "../server/test/support/fake-nominatim.ts";
import { dragMap, pickerMap, pickerStreet } from "./support/address-picker.ts";

test.skip(({ isMobile }) => !isMobile, "phone journey");
test.describe.configure({ mode: "serial" });

const ROOT = path.join(import.meta.dirname, "..");
// A port of its own, beside the shared server's (E2E_PORT, 4318 by default).
const PORT = Number(process.env.E2E_PORT ?? 4318) + 50;
const ORIGIN = `http://lavash.localhost:${String(PORT)}`;
const START_TIMEOUT_MS = 120_000;
const UNAVAILABLE =
  "Address search is unavailable: place the pin on your building and type the street and house";

interface ProductionServer {
  origin: string;
  stop(): Promise<void>;
}

async function healthy(port: number): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${String(port)}/api/health`, {
      signal: AbortSignal.timeout(2_000),
    });
    return res.ok;
  } catch {
    return false;
  }
}

/** A server in production mode (DEMO=0) on its own port and data, with the demo brands imported. */
async function startProductionServer(port: number, extra: NodeJS.ProcessEnv = {}): Promise<ProductionServer> {
  if (await healthy(port)) throw new Error(`port ${String(port)} is taken: set E2E_PORT to move the servers`);
  const dataDir = path.join(ROOT, `.data-e2e-production-${String(port)}`);
  // Only what this server needs: nothing of the caller's DATABASE_URL, REDIS_URL or NOMINATIM_URL.
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production",
    DEMO: "0",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    // The brand's offline map (no tiles from the network); it has nothing to do with geocoding.
    MAP_STYLE_URL: "offline",
    ...(process.env.STATIC_DIR ? { STATIC_DIR: process.env.STATIC_DIR } : {}),
    ...extra,
  };
  // scripts/e2e-server.ts empties DATA_DIR, imports the demo brands, then starts the real server.
  const child: ChildProcess = spawn(process.execPath, ["scripts/e2e-server.ts"], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let log = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4_000);
  });
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!(await healthy(port))) {
    if (child.exitCode !== null) throw new Error(`the production server stopped at start:\n${log}`);
    if (Date.now() > deadline) throw new Error(`the production server did not start:\n${log}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return {
    origin: `http://lavash.localhost:${String(port)}`,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
        await exited;
        clearTimeout(timer);
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let server: ProductionServer | null = null;

test.beforeAll(async () => {
  test.setTimeout(START_TIMEOUT_MS + 30_000);
  server = await startProductionServer(PORT);
});

test.afterAll(async () => {
  await server?.stop();
  server = null;
});

const map = pickerMap;
const street = pickerStreet;

const drag = dragMap;

test("in production without a geocoder, the customer pins the building and types the street and house", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await context.addCookies([{ name: "lang", value: "en", domain: "lavash.localhost", path: "/" }]);

  // The server says it itself: no geocoder, and no made-up street either.
  const merchant = (await (
    await page.request.get(`http://127.0.0.1:${String(PORT)}/api/users/v1/merchants/sub/lavash`)
  ).json()) as { id: string };
  const reverse = await page.request.get(
    `http://127.0.0.1:${String(PORT)}/api/notifications/v1/nominatim/reverse?format=json&lat=41.311081&lon=69.240562`,
    { headers: { merchant: merchant.id } },
  );
  expect(reverse.status()).toBe(503);
  expect(await reverse.json()).toMatchObject({ code: "GEOCODER_UNAVAILABLE" });

  const geocoding: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/nominatim/")) geocoding.push(request.url());
  });

  await page.goto(`${ORIGIN}/address/delivery`);
  await expect(map(page)).toHaveAttribute("data-map-state", "ready", { timeout: 30_000 });
  await expect(street(page)).toHaveText(UNAVAILABLE);
  await expect(page.getByRole("button", { name: "Search address" })).toHaveCount(0);

  // Place the pin on the building: a short drag; the message stays, Save works.
  await drag(page, 60, 40);
  await expect(street(page)).toHaveText(UNAVAILABLE);
  const save = page.getByRole("button", { name: "Save", exact: true });
  await expect(save).toBeEnabled();
  await save.click();

  const details = page.getByRole("dialog", { name: "Add new location" });
  await expect(details.getByText(UNAVAILABLE)).toBeVisible();
  const streetInput = details.getByRole("textbox", { name: "Street" });
  const houseInput = details.getByRole("textbox", { name: "House number" });
  // Saving without them: an error under each, the street focused.
  await details.getByRole("button", { name: "Save" }).click();
  await expect(streetInput).toHaveAttribute("aria-invalid", "true");
  await expect(houseInput).toHaveAttribute("aria-invalid", "true");
  await expect(details.getByText("Please fill in this field!")).toHaveCount(2);
  await expect(streetInput).toBeFocused();

  // Typed with the keyboard, as a customer would.
  await page.keyboard.type("Qatortol ko'chasi");
  await page.keyboard.press("Tab");
  await expect(houseInput).toBeFocused();
  await page.keyboard.type("14A");
  await details.getByLabel("Address name").fill("Granny");
  await details.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/$/);

  // The order's address is the typed one.
  const draft = await page.evaluate(() => {
    const raw = localStorage.getItem("savat:lavash:session");
    return raw ? (JSON.parse(raw) as { orderRequest?: { address?: Record<string, unknown> } }) : null;
  });
  expect(draft?.orderRequest?.address).toMatchObject({
    name: "Granny",
    streetName: "Qatortol ko'chasi",
    houseNumber: "14A",
    typed: true,
  });

  // My addresses lists it, marked as typed by the customer.
  await page.goto(`${ORIGIN}/choose-address`);
  const list = page.getByRole("list", { name: "Saved addresses" });
  const item = list.getByRole("listitem").filter({ hasText: "Granny" });
  await expect(item).toContainText("Qatortol ko'chasi, 14A");
  await expect(item.getByText("Typed by you")).toBeVisible();

  expect(geocoding).toEqual([]);
});

test("in production with a geocoder, the picker names the street the geocoder answers, and asks it only", async ({
  page,
  context,
}) => {
  test.setTimeout(START_TIMEOUT_MS + 90_000);
  // A local stand-in speaking Nominatim's API, as a self-hosted Nominatim or a provider would.
  const nominatim = await startFakeNominatim();
  const withGeocoder = await startProductionServer(PORT + 60, { NOMINATIM_URL: nominatim.url });
  try {
    await context.addCookies([{ name: "lang", value: "en", domain: "lavash.localhost", path: "/" }]);
    await page.goto(`${withGeocoder.origin}/address/delivery`);
    await expect(map(page)).toHaveAttribute("data-map-state", "ready", { timeout: 30_000 });
    // The street under the pin is the geocoder's, never the demo's invented grid.
    await expect(street(page)).toContainText("Upstream ko'chasi", { timeout: 15_000 });
    await expect(page.getByRole("button", { name: "Search address" })).toBeVisible();
    expect(nominatim.requests.some((r) => r.path.endsWith("/reverse"))).toBe(true);
  } finally {
    await withGeocoder.stop();
    await nominatim.close();
  }
});

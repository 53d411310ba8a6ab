// Render benchmark: a generated brand with 2,000 products (imported only for this benchmark, into a
// throwaway data directory) opened at a phone viewport in Chromium, then scrolled top to bottom.
// Reports the time to the first product, long tasks (>50 ms) while loading and while scrolling, and
// the frame times of the scroll; once at the machine's speed and once with 4x CPU throttling.
//   npm run build && npx node scripts/bench-menu-render.ts [--static dist] [--port 4522]
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium, devices } from "@playwright/test";

const { values } = parseArgs({
  options: {
    static: { type: "string", default: "dist" },
    port: { type: "string", default: "4522" },
    products: { type: "string", default: "2000" },
    /** Also print where the main thread spends the scroll (CPU profile, top functions). */
    profile: { type: "boolean", default: false },
  },
});
const ROOT = path.resolve(import.meta.dirname, "..");
const STATIC_DIR = path.resolve(ROOT, values.static);
const PORT = Number(values.port);
const PRODUCTS = Number(values.products);
const SUB = "bench2000";

if (!fs.existsSync(path.join(STATIC_DIR, "index.html"))) {
  process.stderr.write(`${STATIC_DIR}/index.html is missing: build the client first\n`);
  process.exit(1);
}

/** The lavash demo brand with its menu replaced by PRODUCTS generated products in 40 categories. */
function bigBrand(): unknown {
  const lavash = JSON.parse(fs.readFileSync(path.join(ROOT, "server/demo/brands/lavash.json"), "utf8")) as {
    merchant: Record<string, unknown>;
    menu: { groups: { categories: { products: Record<string, unknown>[] }[] }[] };
    [key: string]: unknown;
  };
  const template = lavash.menu.groups[0]?.categories[0]?.products ?? [];
  const images = ["lavash", "burger", "donar", "fries", "drinks", "desserts", "hot-dog", "combos"];
  const categoriesPerGroup = 10;
  const perCategory = Math.ceil(PRODUCTS / (4 * categoriesPerGroup));
  let n = 0;
  const groups = Array.from({ length: 4 }, (_, g) => ({
    key: `g${g}`,
    name: { eng: `Section ${g + 1}`, ru: `Раздел ${g + 1}`, uz: `Bo'lim ${g + 1}` },
    priority: g,
    categories: Array.from({ length: categoriesPerGroup }, (_, c) => ({
      key: `g${g}c${c}`,
      name: {
        eng: `Category ${g * categoriesPerGroup + c + 1}`,
        ru: `Категория ${g * categoriesPerGroup + c + 1}`,
      },
      image: `/demo/lavash/${images[c % images.length]}.svg`,
      priority: c,
      viewType: (["MEDIUM", "BIG", "SMALL"] as const)[c % 3],
      products: Array.from({ length: perCategory }, (_, p) => {
        n += 1;
        const base = template[p % template.length] ?? {};
        return {
          ...base,
          key: `p${n}`,
          name: { eng: `Dish number ${n}`, ru: `Блюдо номер ${n}`, uz: `Taom ${n}` },
          image: `/demo/lavash/${images[n % images.length]}.svg`,
          priority: p,
          costPrice: 10_000 + (n % 50) * 1_000,
        };
      }),
    })),
  }));
  return {
    ...lavash,
    merchant: { ...lavash.merchant, sub: SUB, name: { eng: "Bench 2000", ru: "Бенч 2000" }, domainUrl: null },
    menu: { groups },
    banners: [],
    // Lavash's stories point at lavash's own dishes, which this generated menu does not have.
    stories: [],
    brands: [],
  };
}

async function prepareData(dataDir: string): Promise<void> {
  const { openDatabase } = await import("../server/src/db/client.ts");
  const { importBrand } = await import("../server/src/import/import-brand.ts");
  const database = await openDatabase({ databaseUrl: undefined, dataDir }, { migrate: true });
  try {
    const summary = await importBrand(database.db, bigBrand());
    process.stdout.write(
      `imported ${SUB}: ${summary.counts.products} products, ${summary.counts.categories} categories\n`,
    );
  } finally {
    await database.close();
  }
}

interface Measured {
  firstProductMs: number;
  loadLongTasks: number[];
  scrollLongTasks: number[];
  frames: number[];
  cardsInDom: number;
  scrolledPx: number;
}

async function measure(throttle: number): Promise<Measured> {
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
  });
  try {
    const context = await browser.newContext({ ...devices["Pixel 7"] });
    await context.addCookies([{ name: "lang", value: "en", domain: `${SUB}.localhost`, path: "/" }]);
    const page = await context.newPage();
    await page.addInitScript(() => {
      const w = window as unknown as { __longTasks: { start: number; duration: number }[] };
      w.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__longTasks.push({ start: e.startTime, duration: e.duration });
      }).observe({ type: "longtask", buffered: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: throttle });
    await page.goto(`http://${SUB}.localhost:${PORT}/`);
    await page.locator(".product-card").first().waitFor({ state: "visible", timeout: 60_000 });
    const firstProductMs = await page.evaluate(() => performance.now());
    // The server's first screen (a few rows) paints first. The scroll waits for the app's own list:
    // started over that screen on a slow machine, it measured a page a few rows long and stopped.
    await page.locator(".first-screen").waitFor({ state: "detached", timeout: 60_000 });
    await page.waitForTimeout(1500);
    const loadLongTasks = await page.evaluate(() =>
      (window as unknown as { __longTasks: { duration: number }[] }).__longTasks.map((t) => t.duration),
    );
    if (values.profile) {
      await cdp.send("Profiler.enable");
      await cdp.send("Profiler.start");
    }
    // Scroll like a long fling: a fixed distance per frame to the bottom, recording frame times.
    const result = await page.evaluate(async () => {
      const w = window as unknown as { __longTasks: { start: number; duration: number }[] };
      const from = performance.now();
      const frames: number[] = [];
      let last = performance.now();
      const target = document.documentElement.scrollHeight - window.innerHeight;
      await new Promise<void>((resolve) => {
        const step = (now: number) => {
          frames.push(now - last);
          last = now;
          window.scrollBy(0, 120);
          if (window.scrollY >= target - 2 || now - from > 60_000) resolve();
          else requestAnimationFrame(step);
        };
        requestAnimationFrame(step);
      });
      return {
        frames: frames.slice(1),
        scrollLongTasks: w.__longTasks.filter((t) => t.start >= from).map((t) => t.duration),
        cardsInDom: document.querySelectorAll(".product-card").length,
        scrolledPx: window.scrollY,
      };
    });
    if (values.profile) {
      const { profile } = await cdp.send("Profiler.stop");
      const byId = new Map(profile.nodes.map((n) => [n.id, n]));
      const self = new Map<string, number>();
      profile.samples?.forEach((id, i) => {
        const frame = byId.get(id)?.callFrame;
        const key = `${frame?.functionName || "(anonymous)"} ${frame?.url.split("/").pop() ?? ""}:${frame?.lineNumber ?? 0}`;
        self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas?.[i] ?? 0));
      });
      for (const [key, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 15))
        process.stdout.write(`${(us / 1000).toFixed(0).padStart(7)} ms  ${key}\n`);
    }
    return { firstProductMs, loadLongTasks, ...result };
  } finally {
    await browser.close();
  }
}

function pct(xs: number[], p: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

function describe(label: string, m: Measured): Record<string, string | number> {
  const sum = (xs: number[]) => Math.round(xs.reduce((a, b) => a + b, 0));
  return {
    run: label,
    "first product ms": Math.round(m.firstProductMs),
    "load long tasks": `${m.loadLongTasks.length} (${sum(m.loadLongTasks)} ms, max ${Math.round(Math.max(0, ...m.loadLongTasks))})`,
    frames: m.frames.length,
    "frame p50 ms": Number(pct(m.frames, 50).toFixed(1)),
    "frame p95 ms": Number(pct(m.frames, 95).toFixed(1)),
    "frame p99 ms": Number(pct(m.frames, 99).toFixed(1)),
    "frames > 33 ms": `${((100 * m.frames.filter((f) => f > 33.4).length) / Math.max(1, m.frames.length)).toFixed(1)}%`,
    "scroll long tasks": `${m.scrollLongTasks.length} (${sum(m.scrollLongTasks)} ms)`,
    "cards in DOM": m.cardsInDom,
    "scrolled px": Math.round(m.scrolledPx),
  };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "savat-bench-render-"));
await prepareData(dataDir);
const server = spawn(process.execPath, [path.join(ROOT, "server/src/server.ts")], {
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    DEMO: "1",
    PORT: String(PORT),
    HOST: "127.0.0.1",
    STATIC_DIR,
    LOG_LEVEL: "warn",
  },
  stdio: ["ignore", "ignore", "inherit"],
});
try {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/api/health`)).ok) break;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  const rows = [
    describe("Pixel 7 viewport", await measure(1)),
    describe("Pixel 7, CPU 4x slower", await measure(4)),
  ];
  console.table(rows);
} finally {
  server.kill("SIGTERM");
  await new Promise((r) => server.on("exit", r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}

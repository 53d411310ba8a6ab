// Benchmark, not a test (issue 43): how long each host takes from its URL to the first product card
// on a phone-class device: 4x CPU slowdown and Slow 4G (150 ms round trip, 1.6 Mbps down, 750 kbps
// up), a fresh browser profile each open. Hosts: the phone web, the desktop web, the Telegram mini
// app (in the mocked Telegram's frame, timed from that web view's own start) and the Click mini app
// (opened at the address Click's web view is given, with Click's cookies), and the floor: a static
// copy of the phone web's first-screen HTML without its scripts, sent by a plain server that passes
// the page's stylesheets and images on from the app (same origin, as the app loads them). Prints
// each host's median time and its ratio to the floor (target <= 1.3), with the load average. A first
// product drawn before its stylesheet fails the run. Against a demo server of this checkout on a
// fresh embedded database.
// Main thread: each open is traced (Chromium's trace, the renderer's main thread) from the frame's
// start until a first product card is the app's own, tappable (a React element outside the server's
// first screen); the blocking time is the sum of every task's time beyond 50 ms in that window. The
// reference is a minimal React page (src/bench/reference-page.ts: React and React DOM only) that
// takes over the same first-screen HTML as the floor and renders the same markup again through
// React. Prints each host's median blocking time and its ratio to the reference's (target <= 1.5).
// Usage: npm run build && npm run bench:open [-- --rounds 3]
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import zlib from "node:zlib";
import { chromium, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { build, type Rolldown } from "vite";

const { values } = parseArgs({
  options: { rounds: { type: "string", default: "3" }, brand: { type: "string", default: "lavash" } },
});
const rounds = Number(values.rounds);
const brand = values.brand;
const port = Number(process.env.BENCH_OPEN_PORT ?? 4393);
const root = path.resolve(import.meta.dirname, "..");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "savat-bench-open-"));
const origin = `http://${brand}.localhost:${String(port)}`;
/** How long one open may take before it counts as failed. */
const OPEN_LIMIT_MS = 60_000;

const PHONE = {
  viewport: { width: 412, height: 915 },
  deviceScaleFactor: 2.625,
  isMobile: true,
  hasTouch: true,
  userAgent:
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
};
const DESKTOP = { viewport: { width: 1440, height: 900 } };

/**
 * In every frame, before its own scripts: how long after that frame's own navigation began (its
 * time origin) the first product card was in the document and a frame had been drawn after it, and
 * whether the card had its stylesheet by then.
 * Timed from the frame's own start, so the Telegram host counts from the moment its web view is
 * given the storefront's address, as the real Telegram client does, not from the mocked Telegram
 * page drawn around it (its own page and script, which a real client does not load).
 */
const WATCH = `(() => {
  const seen = () => {
    if (window.__firstProduct !== undefined || !document.querySelector(".product-card")) return false;
    window.__firstProduct = null;
    requestAnimationFrame(() => {
      window.__firstProduct = performance.now();
      // The menu's stylesheet lays a card out as a flex column; the browser's own style, as a block.
      window.__styled = getComputedStyle(document.querySelector(".product-card")).display === "flex";
    });
    return true;
  };
  // Tappable: a product card React made, outside the server's first screen (which is inert).
  const tappable = () => {
    if (window.__tappable !== undefined) return true;
    for (const card of document.querySelectorAll(".product-card")) {
      if (card.closest(".first-screen")) continue;
      if (!Object.keys(card).some((k) => k.startsWith("__reactProps$"))) continue;
      window.__tappable = performance.mark("bench:tappable").startTime;
      return true;
    }
    return false;
  };
  const observer = new MutationObserver(() => {
    const drawn = seen() || window.__firstProduct !== undefined;
    if (tappable() && drawn) observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true });
})();`;

type Host = "phone web" | "desktop web" | "Telegram" | "Click" | "floor" | "reference";

/** A task longer than this blocks input for its excess (Lighthouse's Total Blocking Time). */
const LONG_TASK_MS = 50;

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
}

/**
 * Blocking time on the main thread of the frame that marked "bench:tappable": every task that began
 * between the frame's start (the mark's time less its own performance.now()) and the mark, each
 * for its time beyond LONG_TASK_MS.
 */
function blockingMs(trace: Buffer, tappableAt: number): number {
  const events = (JSON.parse(trace.toString("utf8")) as { traceEvents: TraceEvent[] }).traceEvents;
  const mark = events.find((e) => e.name === "bench:tappable");
  if (!mark) throw new Error("the trace holds no bench:tappable mark");
  const start = mark.ts - tappableAt * 1000;
  let blocking = 0;
  for (const e of events) {
    if (e.name !== "RunTask" || e.ph !== "X" || e.pid !== mark.pid || e.tid !== mark.tid) continue;
    if (e.ts < start || e.ts > mark.ts) continue;
    blocking += Math.max(0, (e.dur ?? 0) / 1000 - LONG_TASK_MS);
  }
  return blocking;
}

/** The reference page's script, built for production like the storefront's (Brotli, as sent). */
async function referenceScript(): Promise<Buffer> {
  const output = (await build({
    configFile: false,
    root,
    logLevel: "warn",
    mode: "production",
    publicDir: false,
    build: {
      write: false,
      target: "es2022",
      modulePreload: false,
      rolldownOptions: {
        input: path.join(root, "src/bench/reference-page.ts"),
        output: { codeSplitting: false },
      },
    },
  })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
  const chunk = (Array.isArray(output) ? output : [output])
    .flatMap((o) => o.output)
    .find((o) => o.type === "chunk");
  if (!chunk) throw new Error("the reference page built no script");
  return Buffer.from(chunk.code);
}

async function waitHealthy(): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${String(port)}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error("the server did not become healthy within 60 s");
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Launch URLs signed by the demo's harness, from an unthrottled page of the brand's origin. */
async function launchUrl(browser: Browser, host: "Telegram" | "Click"): Promise<string> {
  const page = await browser.newPage();
  // A new customer each open: a first visit, as the fresh browser profile is.
  const id = `${String(Date.now()).slice(-8)}${String(Math.floor(Math.random() * 10))}`;
  try {
    await page.goto(`${origin}/api/health`);
    const body =
      host === "Telegram"
        ? {
            sub: brand,
            user: { id: `8${id}`, firstName: "Bench", languageCode: "en" },
            theme: "light",
            platform: "android",
            phoneVerification: "verified",
            initData: "signed",
            ageSeconds: 0,
          }
        : {
            sub: brand,
            profile: {
              userId: id,
              phone: `+99893${id.slice(-7)}`,
              firstName: "Bench",
              lastName: "Open",
            },
            variant: "click",
            theme: "light",
            language: "uz",
            via: "query",
          };
    const path = host === "Telegram" ? "/api/dev/telegram/launch" : "/api/dev/click/launch";
    const answer = await page.evaluate(
      async ({ url, payload }) => {
        const response = await fetch(url, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(payload),
        });
        return (await response.json()) as { hostUrl?: string; url?: string };
      },
      { url: path, payload: body },
    );
    const url = host === "Telegram" ? answer.hostUrl : answer.url;
    if (!url) throw new Error(`${host} launch answered no URL`);
    return url;
  } finally {
    await page.close();
  }
}

/**
 * The floor: the phone web's first screen as its inline loader stamps it from the HTML (the app's
 * scripts blocked), then every script and preload taken out. Its own server sends that page (Brotli,
 * as the app sends its shell) and passes every other request on to the app, so the floor's
 * stylesheets and images come from its own origin, as the app's do: served from another origin,
 * they were refused (CORS, Cross-Origin-Resource-Policy) and the floor painted an unstyled page.
 */
async function floorServer(
  browser: Browser,
  reference: Buffer,
): Promise<{ url: string; referenceUrl: string; close: () => void }> {
  const context = await browser.newContext(PHONE);
  let html: string;
  try {
    const page = await context.newPage();
    await page.route("**/assets/*.js", (route) => route.abort());
    await page.goto(`${origin}/`);
    await page.locator(".first-screen .product-card").first().waitFor({ state: "attached" });
    const stamped = (await page.evaluate(() => document.documentElement.outerHTML))
      .replace(/<script\b[\s\S]*?<\/script>/gi, "")
      .replace(/<link\b[^>]*rel=["']?modulepreload["']?[^>]*>/gi, "");
    // The shell's stylesheets sit after #root, in the body: the app's screen is stamped by a script
    // that waits for them. Without that script the screen would be painted unstyled before they
    // arrive, so the floor's page has them in its head, where they hold the first paint back.
    const sheets = stamped.match(/<link\b[^>]*rel=["']?stylesheet["']?[^>]*>/gi) ?? [];
    html = stamped
      .replace(/<link\b[^>]*rel=["']?stylesheet["']?[^>]*>/gi, "")
      .replace(/<\/head>/i, `${sheets.join("")}</head>`);
  } finally {
    await context.close();
  }
  // The reference: the same page, with the reference page's script where the app's entry was.
  const pages = new Map<string, { raw: Buffer; br: Buffer; type: string }>(
    (
      [
        ["/", `<!doctype html>${html}`, "text/html; charset=utf-8"],
        [
          "/reference",
          `<!doctype html>${html.replace(/<\/body>/i, `<script type="module" src="/reference.js"></script></body>`)}`,
          "text/html; charset=utf-8",
        ],
        ["/reference.js", reference, "text/javascript"],
      ] as const
    ).map(([at, body, type]) => {
      const raw = Buffer.from(body);
      return [at, { raw, br: zlib.brotliCompressSync(raw), type }] as const;
    }),
  );
  const server = http.createServer((req, reply) => {
    const known = pages.get(req.url ?? "");
    if (known) {
      const br = /\bbr\b/.test(req.headers["accept-encoding"] ?? "");
      reply.writeHead(200, {
        "content-type": known.type,
        "cache-control": "no-store",
        ...(br ? { "content-encoding": "br" } : {}),
      });
      reply.end(br ? known.br : known.raw);
      return;
    }
    const upstream = http.request(
      {
        host: "127.0.0.1",
        port,
        path: req.url,
        method: req.method,
        headers: { ...req.headers, host: `${brand}.localhost:${String(port)}` },
      },
      (answer) => {
        reply.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(reply);
      },
    );
    upstream.on("error", () => reply.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const floorPort = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://${brand}-floor.localhost:${String(floorPort)}/`,
    referenceUrl: `http://${brand}-floor.localhost:${String(floorPort)}/reference`,
    close: () => {
      server.close();
    },
  };
}

/** The first product card's time in any frame of the page, once there is one. */
async function firstProduct(page: Page, deadline: number): Promise<number> {
  for (;;) {
    for (const frame of page.frames()) {
      const at = await frame
        .evaluate(() => (window as { __firstProduct?: number | null }).__firstProduct ?? null)
        .catch(() => null);
      if (typeof at !== "number") continue;
      // A card drawn before its stylesheets is not the first screen (the floor once was that).
      const styled = await frame.evaluate(() => (window as { __styled?: boolean }).__styled === true);
      if (!styled) throw new Error("the first product was drawn before its stylesheet");
      return at;
    }
    if (Date.now() > deadline) throw new Error("no product card within the limit");
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Click's web view is given the storefront's address with its web_session, holding Click's cookies.
 * The harness's launch URL sets those cookies and redirects there (a round trip a real Click client
 * does not make): the open starts where Click's would, with the cookies already in the profile.
 */
async function asClickOpensIt(context: BrowserContext, launch: string): Promise<string> {
  const q = new URL(launch).searchParams;
  const session = q.get("web_session") ?? "";
  await context.addCookies(
    [
      ["click-web-session", session],
      ["click-theme", q.get("theme") ?? "light"],
      ["click-language", q.get("language") ?? "uz"],
    ].map(([name = "", value = ""]) => ({ name, value, url: origin })),
  );
  return `${origin}/?web_session=${encodeURIComponent(session)}`;
}

/** When a first product card was tappable in any frame of the page (performance.now() of that frame). */
async function tappable(page: Page, deadline: number): Promise<number> {
  for (;;) {
    for (const frame of page.frames()) {
      const at = await frame
        .evaluate(() => (window as { __tappable?: number }).__tappable ?? null)
        .catch(() => null);
      if (typeof at === "number") return at;
    }
    if (Date.now() > deadline) throw new Error("no tappable product card within the limit");
    await new Promise((r) => setTimeout(r, 50));
  }
}

interface Open {
  firstProductMs: number;
  /** Undefined for the floor, which has no scripts. */
  blockingMs?: number;
}

async function open(browser: Browser, host: Host, launch: string): Promise<Open> {
  const context = await browser.newContext(host === "desktop web" ? DESKTOP : PHONE);
  try {
    const url = host === "Click" ? await asClickOpensIt(context, launch) : launch;
    await context.addInitScript(WATCH);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await browser.startTracing(page, {
      categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "blink.user_timing"],
    });
    let tracing = true;
    try {
      const start = Date.now();
      await page.goto(url, { waitUntil: "commit", timeout: OPEN_LIMIT_MS });
      const firstProductMs = await firstProduct(page, start + OPEN_LIMIT_MS);
      if (host === "floor") return { firstProductMs };
      const tappableAt = await tappable(page, start + OPEN_LIMIT_MS);
      tracing = false;
      return { firstProductMs, blockingMs: blockingMs(await browser.stopTracing(), tappableAt) };
    } catch (error) {
      throw new Error(`${host}: ${error instanceof Error ? error.message : String(error)}`, {
        cause: error,
      });
    } finally {
      if (tracing) await browser.stopTracing();
    }
  } finally {
    await context.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");

const server = spawn(process.execPath, ["server/src/server.ts"], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DEMO: "1",
    ORDER_SIMULATOR: "0",
    LOG_LEVEL: "warn",
  },
  stdio: "ignore",
});
try {
  await waitHealthy();
  // Same-process frames, so the Telegram and Click frames are slowed down like their page.
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--disable-site-isolation-trials", "--disable-features=IsolateOrigins,site-per-process"],
  });
  const reference = await referenceScript();
  const floor = await floorServer(browser, reference);
  try {
    process.stdout.write(
      `bench:open ${brand}: first product card at 4x CPU and Slow 4G, ${String(rounds)} rounds (medians); load average ${load()}\n` +
        `reference page's script: ${(zlib.brotliCompressSync(reference).length / 1024).toFixed(1)} KB Brotli\n`,
    );
    const times = new Map<Host, Open[]>();
    for (let round = 0; round < rounds; round++) {
      // Every host once per round, in turn: other work on the machine lands on all of them alike.
      const urls: [Host, string][] = [
        ["floor", floor.url],
        ["reference", floor.referenceUrl],
        ["phone web", `${origin}/`],
        ["desktop web", `${origin}/`],
        ["Telegram", await launchUrl(browser, "Telegram")],
        ["Click", await launchUrl(browser, "Click")],
      ];
      for (const [host, url] of urls) {
        times.set(host, [...(times.get(host) ?? []), await open(browser, host, url)]);
      }
    }
    const firstMs = (host: Host) => (times.get(host) ?? []).map((o) => o.firstProductMs);
    const blocking = (host: Host) => (times.get(host) ?? []).flatMap((o) => o.blockingMs ?? []);
    const floorMs = median(firstMs("floor"));
    const referenceBlocking = median(blocking("reference"));
    console.table(
      [...times.keys()].map((host) => {
        const ms = firstMs(host);
        const blocked = blocking(host);
        return {
          host,
          "first product ms": Math.round(median(ms)),
          runs: ms.map((m) => Math.round(m)).join(" "),
          "x floor": (median(ms) / floorMs).toFixed(2),
          "blocking ms": blocked.length > 0 ? Math.round(median(blocked)) : "-",
          "blocking runs": blocked.map((m) => Math.round(m)).join(" "),
          "x reference":
            blocked.length === 0
              ? "-"
              : referenceBlocking > 0
                ? (median(blocked) / referenceBlocking).toFixed(2)
                : "n/a",
        };
      }),
    );
    process.stdout.write(
      `targets: every host <= 1.3x the floor's first product; blocking time until a product is tappable <= 1.5x the reference's; load average ${load()}\n`,
    );
  } finally {
    floor.close();
    await browser.close();
  }
} finally {
  server.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { serializeError } from "../src/lib/logging.ts";
import { createTestDb, type TestDb } from "./support/db.ts";
import { precompressDir } from "../../scripts/precompress.ts";
import { bootDataScript, shellWithBootData, type BootData } from "../src/services/content/boot-data.ts";
import { warmUp } from "../src/warm-up.ts";
import { pickText } from "#domain/multilingual.ts";
import type { Overall } from "#domain/contract/menu.ts";
import { displayOrder, FIRST_SCREEN_PRODUCTS } from "#domain/menu.ts";

// Operations: the built client under a running server, source maps, the CSP and the logs.

let database: TestDb;
const opened: FastifyInstance[] = [];
const dirs: string[] = [];

beforeAll(async () => {
  database = await createTestDb({ demo: true });
});
afterEach(async () => {
  for (const app of opened.splice(0)) await app.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
afterAll(async () => {
  await database.close();
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "savat-dist-"));
  dirs.push(dir);
  return dir;
}

function write(root: string, file: string, text: string): void {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
}

/** A built client's directory: its shell and the preloads the build names for it. */
function builtClient(page: string, preloads: unknown): string {
  const dist = tempDir();
  write(dist, "index.html", page);
  write(dist, "shell-preloads.json", JSON.stringify(preloads));
  return dist;
}

interface StartOptions {
  env?: Record<string, string>;
  serveClient?: boolean;
  logStream?: { write(line: string): void };
}

async function start(options: StartOptions = {}): Promise<FastifyInstance> {
  const config = loadConfig({
    NODE_ENV: "production",
    DEMO: "1",
    LOG_LEVEL: "info",
    STATIC_DIR: "/nonexistent",
    FIRST_SCREEN_BUNDLE: "/nonexistent",
    ...options.env,
  });
  const app = await buildApp({
    config,
    database,
    logger: options.logStream !== undefined,
    logStream: options.logStream,
    serveClient: options.serveClient ?? false,
    rateLimitPerMinute: 100_000,
  });
  await app.ready();
  opened.push(app);
  return app;
}

const shell = (script: string) => `<!doctype html><script type="module" src="/assets/${script}"></script>`;

describe("the built client under a running server", () => {
  it("serves a rebuilt index.html and its new bundle at once, without a restart", async () => {
    const dist = tempDir();
    write(dist, "index.html", shell("a.js"));
    write(dist, "assets/a.js", "console.log('a')");
    const app = await start({ env: { STATIC_DIR: dist }, serveClient: true });

    const before = await app.inject({ method: "GET", url: "/menu" });
    expect(before.body).toContain("/assets/a.js");
    expect((await app.inject({ method: "GET", url: "/assets/a.js" })).statusCode).toBe(200);

    // A new build lands under the running server.
    write(dist, "assets/b.js", "console.log('b')");
    write(dist, "index.html", shell("b.js"));

    const page = await app.inject({ method: "GET", url: "/menu" });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("/assets/b.js");
    expect(page.headers["cache-control"]).toBe("no-cache");
    const root = await app.inject({ method: "GET", url: "/" });
    expect(root.body).toContain("/assets/b.js");
    const bundle = await app.inject({ method: "GET", url: "/assets/b.js" });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.body).toBe("console.log('b')");
    expect(bundle.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("serves a client built after the server started", async () => {
    const dist = tempDir();
    const app = await start({ env: { STATIC_DIR: dist }, serveClient: true });
    expect((await app.inject({ method: "GET", url: "/menu" })).statusCode).toBe(404);

    write(dist, "index.html", shell("a.js"));
    write(dist, "assets/a.js", "console.log('a')");
    write(dist, "latest-build.json", '{"buildId":"x"}');

    const page = await app.inject({ method: "GET", url: "/menu" });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("/assets/a.js");
    expect((await app.inject({ method: "GET", url: "/assets/a.js" })).statusCode).toBe(200);
    const meta = await app.inject({ method: "GET", url: "/latest-build.json" });
    expect(meta.statusCode).toBe(200);
    expect(meta.headers["cache-control"]).toBe("no-cache");
  });

  it("answers /staff and its pages with the staff console's own shell, on a brand's host, compressed", async () => {
    const dist = tempDir();
    write(dist, "index.html", shell("store.js"));
    write(dist, "staff.html", shell("staff.js") + "<!-- the console -->".repeat(100));
    const app = await start({ env: { STATIC_DIR: dist }, serveClient: true });
    for (const url of ["/staff", "/staff/", "/staff/stop-list?x=1"]) {
      const page = await app.inject({
        method: "GET",
        url,
        headers: { host: "lavash.localhost", "accept-encoding": "br" },
      });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers["content-encoding"]).toBe("br");
      const html = zlib.brotliDecompressSync(page.rawPayload).toString();
      expect(html).toContain("/assets/staff.js");
      // The brand of the host is written in, as for the storefront.
      expect(html).toContain('"sub":"lavash"');
    }
    for (const url of ["/", "/staffing", "/menu/staff"]) {
      const page = await app.inject({ method: "GET", url });
      expect(page.body, url).toContain("/assets/store.js");
    }
  });

  it("answers a missing bundle with 404, not the app shell, and an unknown /api path in the error shape", async () => {
    const dist = tempDir();
    write(dist, "index.html", shell("a.js"));
    const app = await start({ env: { STATIC_DIR: dist }, serveClient: true });
    const missing = await app.inject({ method: "GET", url: "/assets/old.js" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: "NOT_FOUND" });
    const api = await app.inject({ method: "GET", url: "/api/nothing/here" });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ status: 404, code: "ROUTE_NOT_FOUND" });
  });
});

describe("compressed client files", () => {
  it("sends the build's Brotli or gzip copy of a bundle and of the app shell to a browser that accepts it", async () => {
    const dist = tempDir();
    const code = `export const menu = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `dish ${String(i)}`))};`;
    write(dist, "index.html", shell("a.js") + "<!-- the shell -->".repeat(100));
    write(dist, "assets/a.js", code);
    write(dist, "assets/tiny.js", "export {};");
    expect(precompressDir(dist)).toBe(2);
    const app = await start({ env: { STATIC_DIR: dist }, serveClient: true });

    const br = await app.inject({
      method: "GET",
      url: "/assets/a.js",
      headers: { "accept-encoding": "gzip, deflate, br" },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toMatch(/^text\/javascript|^application\/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const brBytes = br.rawPayload;
    expect(Number(br.headers["content-length"])).toBe(brBytes.length);
    expect(brBytes.length).toBeLessThan(code.length / 4);
    expect(zlib.brotliDecompressSync(brBytes).toString()).toBe(code);

    const gz = await app.inject({
      method: "GET",
      url: "/assets/a.js",
      headers: { "accept-encoding": "gzip" },
    });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(code);

    const plain = await app.inject({
      method: "GET",
      url: "/assets/a.js",
      headers: { "accept-encoding": "identity" },
    });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(code);

    const shellPage = await app.inject({ method: "GET", url: "/menu", headers: { "accept-encoding": "br" } });
    expect(shellPage.headers["content-encoding"]).toBe("br");
    expect(shellPage.headers["content-type"]).toMatch(/^text\/html/);
    expect(shellPage.headers["cache-control"]).toBe("no-cache");
    expect(zlib.brotliDecompressSync(shellPage.rawPayload).toString()).toContain("/assets/a.js");

    // A file too small to gain from compression goes out as it is.
    const tiny = await app.inject({
      method: "GET",
      url: "/assets/tiny.js",
      headers: { "accept-encoding": "br" },
    });
    expect(tiny.headers["content-encoding"]).toBeUndefined();
    expect(tiny.body).toBe("export {};");
  });
});

describe("the brand's boot data in the app shell", () => {
  const page =
    '<!doctype html><html><head><link rel="icon" type="image/svg+xml" href="/favicon.svg" id="favicon" /><script type="module" src="/assets/a.js"></script></head><body><p class="boot-splash__name"></p></body></html>';

  function bootOf(html: string): BootData | null {
    const json = /<script id="savat-boot" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1];
    return json === undefined ? null : (JSON.parse(json) as BootData);
  }

  async function withClient(): Promise<FastifyInstance> {
    const dist = tempDir();
    write(dist, "index.html", page);
    return start({ env: { STATIC_DIR: dist }, serveClient: true });
  }

  it("is exactly what the brand's first two calls answer, for the brand the address names and no other", async () => {
    const app = await withClient();
    const shell = await app.inject({
      method: "GET",
      url: "/menu",
      headers: { host: "lavash.localhost:4318" },
    });
    expect(shell.statusCode).toBe(200);
    const boot = bootOf(shell.body);
    const merchant = await app.inject({ method: "GET", url: "/api/users/v1/merchants/sub/lavash" });
    const settings = await app.inject({
      method: "GET",
      url: "/api/support/v1/merchant/settings/web",
      headers: { merchant: merchant.json<{ id: string }>().id },
    });
    expect(boot).toEqual({ sub: "lavash", merchant: merchant.json(), settings: settings.json() });
    // The loading screen names the brand from the first paint, the tab shows its icon.
    expect(shell.body).toMatch(/<p class="boot-splash__name">[^<]+<\/p>/);
    const favicon = settings.json<{ favicon: string }>().favicon;
    expect(favicon).toMatch(/lavash/);
    expect(shell.body).toContain(`<link rel="icon" href="${favicon}" id="favicon">`);
    expect(shell.body).not.toContain('href="/favicon.svg"');
    const plov = await app.inject({ method: "GET", url: "/api/users/v1/merchants/sub/plov" });
    expect(shell.body).not.toContain(plov.json<{ id: string }>().id);

    const vendor = await app.inject({
      method: "GET",
      url: "/?vendor=plov",
      headers: { host: "localhost:4318" },
    });
    expect(bootOf(vendor.body)).toMatchObject({ sub: "plov", merchant: plov.json() });
  });

  it("is ready for each active brand before a new process takes its first customer (the start warms it)", async () => {
    const app = await withClient();
    const idOf = async (sub: string) =>
      (await app.inject({ method: "GET", url: `/api/users/v1/merchants/sub/${sub}` })).json<{ id: string }>()
        .id;
    const [lavash, closed] = [await idOf("lavash"), await idOf("closed")];
    expect(app.menuCache.peek(lavash, "WEB|*")).toBeUndefined();
    await warmUp(app);
    // The home page's menu is built; an inactive brand shows /blocked and needs none.
    expect(app.menuCache.peek(lavash, "WEB|*")).toBeDefined();
    expect(app.menuCache.peek(closed, "WEB|*")).toBeUndefined();
    const shell = await app.inject({ method: "GET", url: "/", headers: { host: "lavash.localhost" } });
    expect(bootOf(shell.body)?.home?.menu.overall.products.length).toBeGreaterThan(0);
  });

  it("is left out for an address that names no brand we know, and has no settings for an inactive brand", async () => {
    const app = await withClient();
    for (const host of ["localhost:4318", "nosuch.localhost:4318"]) {
      const shell = await app.inject({ method: "GET", url: "/", headers: { host } });
      expect(shell.statusCode, host).toBe(200);
      expect(shell.body, host).toBe(page);
    }
    const closed = await app.inject({ method: "GET", url: "/", headers: { host: "closed.localhost" } });
    expect(bootOf(closed.body)).toMatchObject({
      sub: "closed",
      merchant: { isActive: false },
      settings: null,
    });
  });

  it("is compressed for the browser and revalidated by its ETag", async () => {
    const app = await withClient();
    const headers = { host: "sushi.localhost:4318", "accept-encoding": "gzip, br" };
    const first = await app.inject({ method: "GET", url: "/", headers });
    expect(first.headers["content-encoding"]).toBe("br");
    expect(first.headers.vary).toMatch(/accept-encoding/i);
    expect(first.headers["cache-control"]).toBe("no-cache");
    const html = zlib.brotliDecompressSync(first.rawPayload).toString();
    expect(bootOf(html)?.sub).toBe("sushi");
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    const again = await app.inject({
      method: "GET",
      url: "/",
      headers: { ...headers, "if-none-match": etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
  });

  it("on / carries the menu's first screen, the banners and stories as their calls answer them, and preloads what that screen paints first", async () => {
    const dist = builtClient(page, {
      home: { js: ["/assets/menu-page-x.js"], css: ["/assets/menu-page-x.css"] },
      locales: { ru: "/assets/ru-x.js", uz: "/assets/uz-x.js", en: "/assets/en-x.js" },
    });
    const app = await start({ env: { STATIC_DIR: dist }, serveClient: true });
    const shell = await app.inject({ method: "GET", url: "/", headers: { host: "lavash.localhost:4318" } });
    const boot = bootOf(shell.body);
    const home = boot?.home;
    if (!boot?.settings || !home) throw new Error("no first screen in the shell of /");
    const merchant = boot.merchant.id;
    const call = async (url: string) =>
      (await app.inject({ method: "GET", url, headers: { merchant } })).json<unknown>();
    const menu = (await call("/api/products/v1/overalls?type=WEB")) as Overall;
    expect(home.banners).toEqual(await call("/api/support/v1/banner"));
    expect(home.stories).toEqual(await call("/api/notifications/v2/stories"));
    // Lavash's switcher lists more than one brand: the header draws it without a call.
    expect(home.brands.length).toBeGreaterThan(1);
    expect(home.brands).toEqual(await call("/api/support/v1/brand/catalog"));
    const first = home.menu;
    expect(first.channel).toBe("WEB");
    // Lavash has more products than a first screen: every group and category, its first products.
    expect(first.complete).toBe(false);
    expect(first.overall.groups).toEqual(menu.groups);
    expect(first.overall.categories).toEqual(menu.categories);
    expect(first.overall.products.length).toBe(FIRST_SCREEN_PRODUCTS);
    const firstCategory = displayOrder(menu, boot.settings.groupView !== "WITHOUT_GROUP")[0];
    expect(first.overall.products.slice(0, 4)).toEqual(
      menu.products.filter((p) => p.categoryId === firstCategory?.id).slice(0, 4),
    );
    // The largest images of the first screen load with the entry, at the URLs the client asks for.
    const banner = home.banners?.[0];
    const product = first.overall.products[0];
    if (!banner || !product?.image)
      throw new Error("lavash's first screen has a banner and a pictured product");
    expect(shell.body).toContain(
      `<link rel="preload" as="image" href="${banner.image}" fetchpriority="high">`,
    );
    const variant = new URLSearchParams({
      src: product.image,
      w: "480",
      h: "480",
      q: "100",
      format: "webp",
    });
    expect(shell.body).toContain(
      `<link rel="preload" as="image" href="/api/products/v1/image?${variant.toString().replace(/&/g, "&amp;")}" fetchpriority="high">`,
    );
    expect(shell.body).toContain('<link rel="modulepreload" crossorigin href="/assets/menu-page-x.js">');
    expect(shell.body).toContain('<link rel="modulepreload" crossorigin href="/assets/ru-x.js">');
    expect(shell.body).not.toContain("/assets/uz-x.js");
    expect(shell.body).toContain('<link rel="stylesheet" crossorigin href="/assets/menu-page-x.css">');
    // Another page of the brand carries no first screen of the menu.
    const other = await app.inject({
      method: "GET",
      url: "/profile",
      headers: { host: "lavash.localhost:4318" },
    });
    expect(bootOf(other.body)?.home).toBeUndefined();
    expect(other.body).not.toContain("modulepreload");
    // Another brand's shell carries its own menu, never lavash's.
    const plov = await app.inject({ method: "GET", url: "/", headers: { host: "plov.localhost:4318" } });
    const plovBoot = bootOf(plov.body);
    expect(plovBoot?.sub).toBe("plov");
    // Lavash appears there only as a card of plov's own brand switcher.
    const { brands: plovBrands, ...plovRest } = plovBoot?.home ?? { brands: [] };
    expect(plovBrands.find((b) => b.merchantId === merchant)?.sub).toBe("lavash");
    expect(JSON.stringify({ ...plovBoot, home: plovRest })).not.toContain(merchant);
    expect(plov.body).not.toContain(product.id);
  });

  it("sends built scripts without the headers that only mean something for a page", async () => {
    const dist = tempDir();
    write(dist, "index.html", page);
    write(dist, "assets/a.js", "export const a = 1;");
    const app = await start({ env: { STATIC_DIR: dist }, serveClient: true });
    const script = await app.inject({ method: "GET", url: "/assets/a.js" });
    expect(script.statusCode).toBe(200);
    expect(script.headers["content-security-policy"]).toBeUndefined();
    expect(script.headers["x-content-type-options"]).toBe("nosniff");
    const shell = await app.inject({ method: "GET", url: "/", headers: { host: "lavash.localhost:4318" } });
    expect(shell.headers["content-security-policy"]).toContain("script-src 'self'");
  });

  it("cannot close its script element or add markup, whatever a brand's name holds", () => {
    const name = "</script><script>alert(1)</script>\u2028<!--";
    const script = bootDataScript({
      sub: "x",
      merchant: { name: { eng: name } },
      settings: null,
    } as unknown as BootData);
    expect(script.match(/<\/script>/g)).toHaveLength(1);
    expect(script).not.toContain("<!--");
    expect(bootOf(script)).toMatchObject({ merchant: { name: { eng: name } } });
    const shell = shellWithBootData(page, {
      sub: "x",
      merchant: { name: { ru: '<img src=x onerror="alert(1)">&' } },
      settings: null,
    } as unknown as BootData);
    expect(shell).toContain(
      '<p class="boot-splash__name">&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;</p>',
    );
  });
});

describe("source maps", () => {
  it("are not served in production even when a map file is in dist", async () => {
    const dist = tempDir();
    write(dist, "index.html", shell("a.js"));
    write(dist, "assets/a.js", "console.log('a')\n//# sourceMappingURL=a.js.map");
    write(dist, "assets/a.js.map", '{"version":3,"sources":["src/secret.ts"]}');
    const app = await start({ env: { STATIC_DIR: dist }, serveClient: true });
    for (const url of ["/assets/a.js.map", "/assets/a.js.MAP", "/assets/%61.js.map"]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain("secret");
    }
    expect((await app.inject({ method: "GET", url: "/assets/a.js" })).statusCode).toBe(200);
  });

  it("are served in development", async () => {
    const dist = tempDir();
    write(dist, "index.html", shell("a.js"));
    write(dist, "assets/a.js.map", '{"version":3}');
    const app = await start({ env: { STATIC_DIR: dist, NODE_ENV: "development" }, serveClient: true });
    expect((await app.inject({ method: "GET", url: "/assets/a.js.map" })).statusCode).toBe(200);
  });
});

describe("the logs", () => {
  function capture(): { lines: string[]; write(line: string): void } {
    const lines: string[] = [];
    return { lines, write: (line: string) => void lines.push(line) };
  }

  async function lavashId(app: FastifyInstance): Promise<string> {
    const res = await app.inject({ method: "GET", url: "/api/users/v1/merchants/sub/lavash" });
    return res.json<{ id: string }>().id;
  }

  it("keep the path of a request but not its query string (searched addresses, coordinates)", async () => {
    const log = capture();
    const app = await start({ logStream: log });
    const merchant = await lavashId(app);
    const search = await app.inject({
      method: "GET",
      url: "/api/notifications/v1/nominatim/search?q=Bobur%20ko%27chasi%2017",
      headers: { merchant },
    });
    expect(search.statusCode).toBe(200);
    const reverse = await app.inject({
      method: "GET",
      url: "/api/notifications/v1/nominatim/reverse?lat=41.311081&lon=69.240562",
      headers: { merchant },
    });
    expect(reverse.statusCode).toBe(200);

    const text = log.lines.join("");
    expect(text).toContain("/api/notifications/v1/nominatim/search");
    expect(text).toContain("/api/notifications/v1/nominatim/reverse");
    for (const secret of ["Bobur", "ko'chasi", "Bobur%20ko", "41.311081", "69.240562"]) {
      expect(text).not.toContain(secret);
    }
  });

  it("keep a failed query's error but none of its parameters", async () => {
    const log = capture();
    const app = await start({ logStream: log });
    const merchant = await lavashId(app);
    // A database fault under a real request: the table of login codes is gone.
    await database.db.execute(sql`alter table otp_codes rename to otp_codes_gone`);
    try {
      const res = await app.inject({
        method: "POST",
        url: "/api/users/v1/auth/otp",
        headers: { merchant },
        payload: { phone: "+998 90 123 45 67" },
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({ code: "INTERNAL" });
    } finally {
      await database.db.execute(sql`alter table otp_codes_gone rename to otp_codes`);
    }
    const text = log.lines.join("");
    // The failure itself stays diagnosable.
    expect(text).toContain("otp_codes");
    expect(text).toMatch(/"level":50/);
    for (const secret of ["901234567", "90 123 45 67", merchant]) {
      expect(text).not.toContain(secret);
    }
  });
});

describe("the server's standard output", () => {
  it("gets every line in order, those logged just before the process exits included", () => {
    // The lines of one turn of the event loop are written together (lib/logging.ts): a process that
    // logs and exits at once, as a failed start does, must still leave its lines behind.
    const logging = path.resolve(import.meta.dirname, "../src/lib/logging.ts");
    const script = `
      import Fastify from "fastify";
      import { loggerOptions } from ${JSON.stringify(logging)};
      const log = Fastify({ logger: loggerOptions("info") }).log;
      for (let i = 0; i < 3; i++) log.info({ i }, "first turn");
      setImmediate(() => {
        log.info({ i: 3 }, "second turn");
        log.fatal({ i: 4 }, "cannot start");
        process.exit(1);
      });`;
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
      cwd: path.resolve(import.meta.dirname, "../.."),
      encoding: "utf8",
    });
    expect(run.status).toBe(1);
    const lines = run.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { i: number; msg: string });
    expect(lines.map((l) => l.i)).toEqual([0, 1, 2, 3, 4]);
    expect(lines.at(-1)?.msg).toBe("cannot start");
  });
});

describe("a logged database error", () => {
  it("keeps its code and constraint but not the row values PostgreSQL puts in its detail", async () => {
    await database.db.execute(sql`create table log_probe (phone text primary key)`);
    let failure: unknown;
    try {
      await database.db.execute(sql`insert into log_probe values (${"+998901112233"})`);
      await database.db.execute(sql`insert into log_probe values (${"+998901112233"})`);
    } catch (error) {
      failure = error;
    } finally {
      await database.db.execute(sql`drop table log_probe`);
    }
    expect(failure).toBeInstanceOf(Error);
    const logged = JSON.stringify(serializeError(failure));
    expect(logged).toContain("23505");
    expect(logged).toContain("log_probe_pkey");
    expect(logged).not.toContain("901112233");
  });
});

describe("the Content-Security-Policy", () => {
  function directives(header: string | string[] | number | undefined): Map<string, string[]> {
    expect(typeof header).toBe("string");
    return new Map(
      String(header)
        .split(";")
        .map((d) => d.trim().split(/\s+/))
        .filter((parts) => parts[0])
        .map(([name = "", ...values]) => [name, values]),
    );
  }

  it("names the hosts the storefront uses and allows no bare https:", async () => {
    const app = await start({ env: { DEMO: "0" } });
    const csp = directives(
      (await app.inject({ method: "GET", url: "/api/health" })).headers["content-security-policy"],
    );
    for (const [name, values] of csp) {
      expect(values, name).not.toContain("https:");
      expect(values, name).not.toContain("*");
    }
    // Outside demo mode the map is OpenFreeMap. Analytics hosts appear only on the pages of a brand
    // that switches them on (security-payments-headers.test.ts), never on other responses.
    expect(csp.get("connect-src")).toContain("https://tiles.openfreemap.org");
    expect(csp.get("img-src")).toContain("https://tiles.openfreemap.org");
    expect(csp.get("connect-src")).not.toContain("https://mc.yandex.ru");
    expect(csp.get("script-src")).not.toContain("https://www.googletagmanager.com");
    expect(csp.get("img-src")).toEqual(expect.arrayContaining(["'self'", "data:", "blob:"]));
  });

  it("allows the configured map style host and image hosts", async () => {
    const app = await start({
      env: {
        MAP_STYLE_URL: "https://maps.example.uz/styles/street.json?key=abc",
        IMAGE_HOSTS: "https://cdn.example.uz/images, https://img.example.com",
      },
    });
    const res = await app.inject({ method: "GET", url: "/api/health" });
    const csp = directives(res.headers["content-security-policy"]);
    expect(csp.get("connect-src")).toContain("https://maps.example.uz");
    expect(csp.get("img-src")).toEqual(
      expect.arrayContaining([
        "https://maps.example.uz",
        "https://cdn.example.uz",
        "https://img.example.com",
      ]),
    );
    expect(csp.get("connect-src")).not.toContain("https://tiles.openfreemap.org");
    expect(String(res.headers["content-security-policy"])).not.toContain("key=abc");
  });

  it("refuses an IMAGE_HOSTS entry that is not an http(s) URL at start", () => {
    expect(() => loadConfig({ IMAGE_HOSTS: "https://cdn.example.uz,ftp://files" })).toThrow(
      /IMAGE_HOSTS="https:\/\/cdn.example.uz,ftp:\/\/files": must be an http\(s\) URL/,
    );
  });

  it("allows no outside map host with the offline style of demo mode", async () => {
    const app = await start();
    const csp = directives(
      (await app.inject({ method: "GET", url: "/api/health" })).headers["content-security-policy"],
    );
    expect(csp.get("connect-src")?.some((v) => v.includes("openfreemap"))).toBe(false);
  });
});

describe("the menu's first screen, rendered by the server into the shell of a brand's /", () => {
  // The renderer `npm run build` makes (src/ssr/first-screen.tsx); npm test builds before this runs.
  const bundle = path.resolve(import.meta.dirname, "../../dist-ssr/first-screen.js");
  const page =
    '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-x.js"></script></head>' +
    '<body><div id="root"><p class="boot-splash__name"></p></div><link rel="stylesheet" crossorigin href="/assets/index-x.css"></body></html>';
  /** The first screen drawn for a host (`web`, `desktop`, `telegram-dark`...), its attributes and markup. */
  const template = (html: string, host = "web") =>
    [...html.matchAll(/<template data-for="([^"]*)"([^>]*)>(.*?)<\/template>/gs)]
      .filter((m) => (m[1] ?? "").split(" ").includes(host))
      .map((m) => [m[0], m[2] ?? "", m[3] ?? ""] as const)[0] ?? null;
  const templates = (html: string) => [...html.matchAll(/<template data-for="([^"]*)"/g)].map((m) => m[1]);
  const PHONE = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Mobile Safari/537.36";
  const COMPUTER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0.0.0 Safari/537.36";

  async function withRenderer(file = bundle): Promise<FastifyInstance> {
    const dist = builtClient(page, {
      home: { js: ["/assets/menu-page-x.js"], css: [] },
      locales: { ru: "/assets/ru-x.js" },
    });
    return start({ env: { STATIC_DIR: dist, FIRST_SCREEN_BUNDLE: file }, serveClient: true });
  }

  const firstProductName = (html: string) => {
    const boot = /<script id="savat-boot" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1];
    const overall = boot ? (JSON.parse(boot) as BootData).home?.menu.overall : undefined;
    const category = overall ? displayOrder(overall, overall.groups.length > 1)[0] : undefined;
    const product = overall?.products.find((p) => p.categoryId === category?.id);
    if (!product) throw new Error("the shell carries no first product");
    return pickText(product.name, "ru");
  };

  it("is the brand's own menu, and the app's code is asked for by the script that shows it", async () => {
    expect(fs.existsSync(bundle), "dist-ssr/first-screen.js: run `npm run build` first").toBe(true);
    const app = await withRenderer();
    const lavash = await app.inject({
      method: "GET",
      url: "/",
      headers: { host: "lavash.localhost:4318", "user-agent": PHONE },
    });
    const plov = await app.inject({
      method: "GET",
      url: "/",
      headers: { host: "plov.localhost:4318", "user-agent": PHONE },
    });
    const [lavashScreen, plovScreen] = [template(lavash.body), template(plov.body)];
    if (!lavashScreen || !plovScreen) throw new Error("no first screen in the shell of /");

    // The brand's name, its first dish and its price as the menu shows them; nothing of the other brand.
    expect(lavashScreen[2]).toContain("Лаваш Экспресс");
    expect(lavashScreen[2]).toContain(firstProductName(lavash.body));
    expect(lavashScreen[2]).toMatch(/class="price__total">[\d\s\u00a0]+ сум</);
    expect(lavashScreen[2]).not.toContain(firstProductName(plov.body));
    expect(plovScreen[2]).toContain(firstProductName(plov.body));
    expect(plovScreen[2]).not.toContain(firstProductName(lavash.body));
    expect(lavashScreen[1]).toContain('data-lang="ru"');
    // The brand's own colour for the screen (plov's header is brown, not the default yellow).
    expect(plovScreen[1]).not.toContain("#FCE000");

    // The entry and the home page's chunks are named for the screen's script, not loaded from the
    // head; that script and the head's decision (which screen this open shows: none for a browser
    // holding the brand's session) are the inline scripts the policy lets run.
    expect(lavash.body).not.toContain('<script type="module"');
    expect(lavash.body).not.toContain('<link rel="modulepreload"');
    const decision = /<script data-session="savat:lavash:session"[^>]*>(.*?)<\/script><\/head>/s.exec(
      lavash.body,
    )?.[1];
    const inline = /<\/template><script ([^>]*)>(.*?)<\/script><\/body>/s.exec(lavash.body);
    expect(inline?.[1]).toContain('data-entry="/assets/index-x.js"');
    expect(inline?.[1]).toContain('data-modules="/assets/menu-page-x.js /assets/ru-x.js"');
    for (const script of [decision, inline?.[2]]) {
      if (!script) throw new Error("an inline script of the first screen is missing");
      const hash = createHash("sha256").update(script).digest("base64");
      expect(String(lavash.headers["content-security-policy"])).toContain(`'sha256-${hash}'`);
    }
    // The decision is made before the body (its loading screen) is parsed, after the stylesheets
    // were asked for; the screen's script runs after the stylesheets, once they have loaded.
    expect(
      lavash.body.indexOf('<link rel="preload" as="style" crossorigin href="/assets/index-x.css">'),
    ).toBeLessThan(lavash.body.indexOf("<script data-session="));
    expect(lavash.body.indexOf("<script data-session=")).toBeLessThan(lavash.body.indexOf("<body>"));
    expect(lavash.body.lastIndexOf("index-x.css")).toBeLessThan(lavash.body.indexOf("<template data-for="));
  });

  it("is drawn for each host a browser may be: a phone's web, a desktop's, Telegram's light and dark, Click's", async () => {
    const app = await withRenderer();
    const open = (headers: Record<string, string>, url = "/") =>
      app.inject({
        method: "GET",
        url,
        headers: { host: "lavash.localhost:4318", "accept-language": "ru", ...headers },
      });

    // A phone's browser: the web's screen and Telegram's (whose address alone says Telegram).
    const phone = await open({ "user-agent": PHONE });
    expect(templates(phone.body)).toEqual(["web", "telegram-light", "telegram-dark"]);
    // Telegram's menu is the web's here: the app in Telegram takes the page's first screen.
    expect(
      JSON.parse(
        /<script id="savat-boot" type="application\/json">(.*?)<\/script>/s.exec(phone.body)?.[1] ?? "{}",
      ),
    ).toMatchObject({
      home: { menu: { channels: ["WEB", "TG"] } },
    });
    const dark = template(phone.body, "telegram-dark");
    expect(dark?.[1]).toContain('data-appearance="dark"');
    expect(template(phone.body, "telegram-light")?.[1]).toContain('data-appearance="light"');
    // Laid out for a phone's menu list: as many cards per line below 600 px.
    expect(template(phone.body)?.[1]).toContain('data-fits="0 600"');

    // A computer's browser: the desktop's screens (at two list widths, 3 and 4 medium cards per
    // line) and Telegram's for its desktop apps; no phone web screen.
    const computer = await open({ "user-agent": COMPUTER, "sec-ch-ua-mobile": "?0" });
    expect(templates(computer.body)).toEqual(["desktop", "desktop", "telegram-light", "telegram-dark"]);
    const desktop = template(computer.body, "desktop");
    expect(desktop?.[2]).toContain("basket-panel--side");
    expect(desktop?.[1]).toContain('data-fits="400 760"');

    // Click's web view, which its web_session names: Click's screen alone, in Click's language.
    const click = await open(
      { "user-agent": PHONE, cookie: "click-language=uz; click-theme=dark" },
      "/?web_session=abcdef123456",
    );
    expect(templates(click.body)).toEqual(["click"]);
    expect(template(click.body, "click")?.[1]).toContain('data-lang="uz"');
    expect(template(click.body, "click")?.[1]).toContain('data-appearance="dark"');
    expect(template(click.body, "click")?.[2]).toContain("Lavash Ekspress");
  });

  it("is left out where the app draws something else first, and without a renderer", async () => {
    const app = await withRenderer();
    const cases: { url: string; headers: Record<string, string> }[] = [
      { url: "/menu", headers: { host: "lavash.localhost" } },
      { url: "/?sheet=product&product=x", headers: { host: "lavash.localhost" } },
      { url: "/", headers: { host: "closed.localhost" } },
    ];
    for (const { url, headers } of cases) {
      const shell = await app.inject({ method: "GET", url, headers });
      expect(shell.statusCode, url).toBe(200);
      expect(template(shell.body), `${url} ${JSON.stringify(headers)}`).toBeNull();
      expect(shell.body, url).toContain(
        '<script type="module" crossorigin src="/assets/index-x.js"></script>',
      );
    }
    const without = await withRenderer(path.join(tempDir(), "missing.js"));
    const shell = await without.inject({ method: "GET", url: "/", headers: { host: "lavash.localhost" } });
    expect(template(shell.body)).toBeNull();
    expect(shell.body).toContain('<script type="module" crossorigin src="/assets/index-x.js"></script>');
    expect(shell.body).toContain('<link rel="modulepreload" crossorigin href="/assets/menu-page-x.js">');
  });
});

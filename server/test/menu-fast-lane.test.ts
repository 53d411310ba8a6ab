import http from "node:http";
import zlib from "node:zlib";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { cachesChanged } from "../src/db/cache-bus.ts";
import { merchants } from "../src/db/schema/merchants.ts";
import { transaction } from "../src/db/transaction.ts";
import { createTestDb, type TestDb } from "./support/db.ts";

// The built menu is answered from the server's request listener, before Fastify
// (server/src/plugins/menu-fast-lane.ts). These tests go over a real socket: app.inject
// never passes through that listener. The lane's answers are told apart from Fastify's successful
// ones by the rate limiter's headers, which only Fastify's carry; the lane never answers an error.

let database: TestDb;
let app: FastifyInstance;
let port = 0;
let lavash = "";
const lines: string[] = [];

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function get(path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) });
      });
    });
    req.on("error", reject);
    req.end();
  });
}

const MENU = "/api/products/v1/overalls?type=WEB";
const byLane = (answer: Answer) => answer.headers["x-ratelimit-limit"] === undefined;
/** The headers both ways must agree on: all but the per-answer ones and the rate limiter's. */
function comparable(headers: http.IncomingHttpHeaders): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(headers).filter(
      ([name]) =>
        !["date", "x-request-id", "keep-alive", "connection"].includes(name) &&
        !name.startsWith("x-ratelimit"),
    ),
  );
}

/**
 * Asks until the menu's Brotli copy is sent: it is made in the background after a build, at
 * Brotli's best quality, about a second on a quiet machine and several on a loaded one.
 */
async function builtMenu(headers: Record<string, string>): Promise<Answer> {
  for (let tries = 0; tries < 400; tries++) {
    const answer = await get(MENU, headers);
    if (answer.headers["content-encoding"] === "br") return answer;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the menu was never sent in Brotli");
}

beforeAll(async () => {
  database = await createTestDb({ demo: true });
  const config = loadConfig({
    NODE_ENV: "production",
    DEMO: "0",
    LOG_LEVEL: "info",
    STATIC_DIR: "/nonexistent",
  });
  app = await buildApp({
    config,
    database,
    logStream: { write: (line) => lines.push(line) },
    serveClient: false,
    rateLimitPerMinute: 100_000,
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  port = typeof address === "object" && address ? address.port : 0;
  const [row] = await database.db
    .select({ id: merchants.id })
    .from(merchants)
    .where(eq(merchants.sub, "lavash"));
  lavash = row?.id ?? "";
  // The route builds the menu; from then on the lane answers it.
  await builtMenu({ merchant: lavash, "accept-encoding": "br" });
});

afterAll(async () => {
  await app.close();
  await database.close();
});

describe("the built menu, answered before the framework", () => {
  it("sends the bytes, security headers and validators the route sends, with a request id and a log line", async () => {
    const ask = { merchant: lavash, "accept-encoding": "gzip, deflate, br" };
    const built = await builtMenu(ask);
    const fromLane = await get(MENU, { ...ask, "x-request-id": "lane-check-0001" });
    expect(byLane(fromLane)).toBe(true);
    expect(fromLane.status).toBe(200);
    expect(fromLane.body.equals(built.body)).toBe(true);
    const menu = JSON.parse(zlib.brotliDecompressSync(fromLane.body).toString()) as { products: unknown[] };
    expect(menu.products.length).toBeGreaterThan(0);
    // The same headers as the route's own Brotli answer, the Content-Security-Policy and friends included.
    const routeBrotli = await app.inject({ method: "GET", url: MENU, headers: ask });
    expect(comparable(fromLane.headers)).toEqual(comparable(routeBrotli.headers as http.IncomingHttpHeaders));
    expect(fromLane.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(fromLane.headers["x-request-id"]).toBe("lane-check-0001");

    const logged = lines
      .map((l) => JSON.parse(l) as { reqId?: string })
      .find((l) => l.reqId === "lane-check-0001");
    expect(logged).toMatchObject({
      msg: "request completed",
      req: { method: "GET", url: "/api/products/v1/overalls?…", remoteAddress: "127.0.0.1" },
      res: { statusCode: 200 },
    });

    // gzip and the plain bytes for clients that do not take Brotli.
    const gzip = await get(MENU, { merchant: lavash, "accept-encoding": "gzip" });
    expect(byLane(gzip)).toBe(true);
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzip.body).equals(zlib.brotliDecompressSync(built.body))).toBe(true);
    const plain = await get(MENU, { merchant: lavash });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers["content-length"]).toBe(String(plain.body.length));
  });

  it("answers 304 to the ETag it sent, naming the validator of the encoding it would send", async () => {
    const ask = { merchant: lavash, "accept-encoding": "br" };
    const sent = await builtMenu(ask);
    const again = await get(MENU, { ...ask, "if-none-match": String(sent.headers.etag) });
    expect(byLane(again)).toBe(true);
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(sent.headers.etag);
    expect(again.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("hands the framework everything else, which validates and refuses as before", async () => {
    const ask = { merchant: lavash, "accept-encoding": "br" };
    await builtMenu(ask);
    const refused = async (path: string, headers: Record<string, string>, code: string) => {
      const answer = await get(path, headers);
      expect(JSON.parse(answer.body.toString()), path).toMatchObject({ code });
    };
    await refused("/api/products/v1/overalls?type=FOO", ask, "VALIDATION_FAILED");
    await refused("/api/products/v1/overalls?type=WEB&type=TG", ask, "VALIDATION_FAILED");
    await refused(MENU, { ...ask, merchant: "not-a-uuid" }, "MERCHANT_UNKNOWN");
    await refused(MENU, { "accept-encoding": "br" }, "MERCHANT_REQUIRED");
    await refused(MENU, { ...ask, merchant: "00000000-0000-4000-8000-000000000000" }, "MERCHANT_UNKNOWN");
    // A branch the cache does not know, another query field, another method: the route answers.
    const unknownBranch = await get(`${MENU}&branchId=00000000-0000-4000-8000-000000000000`, ask);
    expect(byLane(unknownBranch)).toBe(false);
    expect(unknownBranch.status).toBe(200);
    const head = await get(MENU, ask, "HEAD");
    expect(byLane(head)).toBe(false);
  });

  it("stops answering for a brand switched off, whose built menu is still in memory", async () => {
    const ask = { merchant: lavash, "accept-encoding": "br" };
    expect(byLane(await builtMenu(ask))).toBe(true);
    await transaction(database.db, async (tx) => {
      await tx.update(merchants).set({ isActive: false }).where(eq(merchants.id, lavash));
      await cachesChanged(tx, lavash, ["merchant"]);
    });
    try {
      const answer = await get(MENU, ask);
      expect(answer.status).toBe(403);
      expect(JSON.parse(answer.body.toString())).toMatchObject({ code: "MERCHANT_INACTIVE" });
    } finally {
      await transaction(database.db, async (tx) => {
        await tx.update(merchants).set({ isActive: true }).where(eq(merchants.id, lavash));
        await cachesChanged(tx, lavash, ["merchant"]);
      });
    }
  });

  it("leaves a draining server's answers to the framework, which closes each connection", async () => {
    const ask = { merchant: lavash, "accept-encoding": "br" };
    await builtMenu(ask);
    app.lifecycle.draining = true;
    try {
      const answer = await get(MENU, ask);
      expect(answer.status).toBe(200);
      expect(answer.headers.connection).toBe("close");
    } finally {
      app.lifecycle.draining = false;
    }
  });
});

// Rate limits counted in Redis (REDIS_URL): two apps on one Redis share one count per address, and
// when Redis goes away at runtime the limits fail open (requests are answered, not refused or held)
// until it is back (docs/decisions.md "Several API processes"). Skipped when no Redis answers.
import { randomBytes } from "node:crypto";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openRedis, type Redis } from "../src/lib/redis.ts";
import { createTestApp, type TestApp } from "./support/app.ts";

const REDIS_URL = new URL(process.env.SAVAT_TEST_REDIS_URL ?? "redis://127.0.0.1:6379");
const redisUp = await new Promise<boolean>((resolve) => {
  const socket = net.connect(Number(REDIS_URL.port || 6379), REDIS_URL.hostname);
  socket.once("connect", () => {
    socket.destroy();
    resolve(true);
  });
  socket.once("error", () => {
    resolve(false);
  });
});

/** A TCP relay to Redis that the test can cut, standing for Redis going away. */
async function relay(): Promise<{ url: string; cut(): Promise<void>; restore(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  let server: net.Server;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(REDIS_URL.port || 6379), REDIS_URL.hostname);
        sockets.add(client).add(upstream);
        client.pipe(upstream).pipe(client);
        const drop = () => {
          client.destroy();
          upstream.destroy();
        };
        client.on("error", drop).on("close", drop);
        upstream.on("error", drop).on("close", drop);
      });
      server.listen(port, "127.0.0.1", () => {
        const address = server.address();
        port = typeof address === "object" && address ? address.port : 0;
        resolve();
      });
    });
  await listen();
  return {
    url: `redis://127.0.0.1:${String(port)}${REDIS_URL.pathname}`,
    async cut() {
      await new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
        for (const s of sockets) s.destroy();
        sockets.clear();
      });
    },
    restore: listen,
  };
}

describe.skipIf(!redisUp)("rate limits in Redis", { timeout: 60_000 }, () => {
  const prefix = `savat-test-${randomBytes(4).toString("hex")}:`;
  let connections: Redis[] = [];
  let apps: TestApp[] = [];
  let link: Awaited<ReturnType<typeof relay>>;
  beforeAll(async () => {
    link = await relay();
    connections = [await openRedis(link.url), await openRedis(link.url)];
    apps = [
      await createTestApp({
        rateLimitPerMinute: 10,
        redis: connections[0],
        env: { REDIS_KEY_PREFIX: prefix },
      }),
      await createTestApp({
        rateLimitPerMinute: 10,
        redis: connections[1],
        env: { REDIS_KEY_PREFIX: prefix },
      }),
    ];
  });
  afterAll(async () => {
    for (const t of apps) await t.close();
    for (const r of connections) r.disconnect();
    await link.cut();
  });

  const ask = (i: number, ip: string) =>
    (apps[i % 2] as TestApp).app.inject({
      method: "GET",
      url: "/api/users/v1/merchants/sub/lavash",
      remoteAddress: ip,
    });

  it("counts one address on two apps against one limit", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 14; i += 1) statuses.push((await ask(i, "10.9.0.1")).statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual([429, 429, 429, 429]);
  });

  it("answers every request while Redis is gone, and counts again once it is back", async () => {
    await link.cut();
    const began = Date.now();
    const statuses: number[] = [];
    for (let i = 0; i < 14; i += 1) statuses.push((await ask(i, "10.9.0.2")).statusCode);
    expect(statuses.every((s) => s === 200)).toBe(true);
    // Fail fast: no request waited for Redis.
    expect(Date.now() - began).toBeLessThan(5_000);

    await link.restore();
    await expect
      .poll(() => connections.every((r) => r.status === "ready"), { timeout: 10_000, interval: 100 })
      .toBe(true);
    const after: number[] = [];
    for (let i = 0; i < 14; i += 1) after.push((await ask(i, "10.9.0.3")).statusCode);
    expect(after.filter((s) => s === 429)).toHaveLength(4);
  });
});

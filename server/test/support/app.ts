import type { FastifyInstance } from "fastify";
import { buildApp } from "../../src/app.ts";
import { loadConfig, type Config } from "../../src/config.ts";
import { fakesFor } from "../../src/dev-wiring.ts";
import type { Redis } from "../../src/lib/redis.ts";
import { createTestDb, type TestDb } from "./db.ts";

export interface TestApp {
  app: FastifyInstance;
  db: TestDb["db"];
  database: TestDb;
  config: Config;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Demo brands imported (default true). */
  demo?: boolean;
  /** Extra environment, e.g. { DEMO: "0" } or { TELEGRAM_BOT_TOKEN: "..." }. */
  env?: Record<string, string>;
  rateLimitPerMinute?: number;
  /** Rate limits counted in this Redis (as with REDIS_URL). */
  redis?: Redis;
}

/** The real app on a fresh database of the run's backend; requests go through `app.inject`. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDb({ demo: options.demo ?? true });
  const config = loadConfig({
    NODE_ENV: "test",
    DEMO: "1",
    LOG_LEVEL: "silent",
    STATIC_DIR: "/nonexistent",
    ...options.env,
  });
  const app = await buildApp({
    config,
    database,
    logger: false,
    serveClient: false,
    rateLimitPerMinute: options.rateLimitPerMinute ?? 100_000,
    ...(options.redis ? { redis: options.redis } : {}),
    ...fakesFor(config),
  });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** The id of a demo brand, for the `merchant` header. */
export async function merchantId(t: TestApp, sub: string): Promise<string> {
  const res = await t.app.inject({ method: "GET", url: `/api/users/v1/merchants/sub/${sub}` });
  const body = res.json<{ id?: string }>();
  if (!body.id) throw new Error(`demo brand ${sub} not found: ${res.body}`);
  return body.id;
}

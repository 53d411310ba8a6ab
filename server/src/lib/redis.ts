// Redis holds the state that must be shared by every API process: the rate limits' counters and
// the upstream geocoder's request slots (docs/decisions.md "Several API processes"). Without
// REDIS_URL each process keeps them in its own memory, which is right for a single process.
//
// Redis lost at runtime: the limits fail open with a logged warning (commands fail fast instead of
// queueing, so a request never waits for Redis), because the limits that protect accounts (codes per
// phone, tries per code) live in the database and still hold; a Redis outage must not take the
// storefront down with it.
import { Redis } from "ioredis";

export type { Redis };

/** REDIS_URL is set but Redis does not answer at boot; the message says what to do. */
export class RedisUnreachableError extends Error {
  override name = "RedisUnreachableError";
}

/** The URL without its password, for messages and logs. */
export function redactedRedisUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "(unparsable URL)";
  }
}

/** Connects to Redis and checks that it answers; throws RedisUnreachableError otherwise. */
export async function openRedis(url: string, { connectTimeoutMs = 3_000 } = {}): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: connectTimeoutMs,
    // Fail fast while disconnected: a rate-limit check must not hold a request until Redis is back.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 1_000,
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  });
  // Connection errors are reported by the callers' failed commands and watchRedis's log; an
  // unhandled 'error' event would crash the process.
  // ioredis rejects connect() with "Connection is closed."; the socket's own error says why.
  const seen: Error[] = [];
  const remember = (error: Error) => {
    seen.push(error);
  };
  redis.on("error", remember);
  try {
    await redis.connect();
    await redis.ping();
    redis.off("error", remember);
    redis.on("error", () => undefined);
    return redis;
  } catch (error) {
    redis.disconnect();
    const reason = (seen.at(-1) ?? (error as Error)).message;
    throw new RedisUnreachableError(
      `Cannot reach Redis at REDIS_URL=${redactedRedisUrl(url)} (${reason}). ` +
        "Start Redis or fix REDIS_URL; unset REDIS_URL to keep rate limits in this process (one API process only).",
    );
  }
}

/** Logs once per outage when Redis goes away and when it is back. */
export function watchRedis(
  redis: Redis,
  log: { warn(obj: object, msg: string): void; info(msg: string): void },
) {
  let down = false;
  redis.on("error", (error: Error) => {
    if (down) return;
    down = true;
    log.warn(
      { err: error },
      "Redis unreachable: rate limits fail open (not counted) until it is back; per-phone code limits still hold",
    );
  });
  redis.on("ready", () => {
    if (!down) return;
    down = false;
    log.info("Redis is back: rate limits are shared again");
  });
}

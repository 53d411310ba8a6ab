// Spaced slots for an upstream that allows one request per interval (the public Nominatim's policy):
// each caller reserves the next free slot and waits for it. In memory for one process; in Redis
// (REDIS_URL) for all of them, so N processes still send one request per interval, not N.
import type { Redis } from "./redis.ts";

export interface SlotStore {
  /**
   * Reserves the next slot of `key`, at least `intervalMs` after the previous one: answers how long
   * to wait for it, or null when that would be longer than `maxWaitMs` (nothing is reserved then).
   */
  reserve(key: string, intervalMs: number, maxWaitMs: number): Promise<number | null>;
}

export function memorySlots(): SlotStore {
  const next = new Map<string, number>();
  return {
    reserve(key, intervalMs, maxWaitMs) {
      const now = Date.now();
      const start = Math.max(now, next.get(key) ?? 0);
      if (start - now > maxWaitMs) return Promise.resolve(null);
      next.set(key, start + intervalMs);
      return Promise.resolve(start - now);
    },
  };
}

// Atomic in Redis, on Redis's clock (the processes' clocks may differ): next = max(now, stored).
const RESERVE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local start = math.max(now, tonumber(redis.call('GET', KEYS[1]) or '0'))
local interval = tonumber(ARGV[1])
if start - now > tonumber(ARGV[2]) then return -1 end
redis.call('SET', KEYS[1], start + interval, 'PX', start - now + interval + 1000)
return start - now
`;

/**
 * Slots shared by every process through Redis. When Redis fails, this process falls back to its own
 * slots (the same fail-open rule as the rate limits) and `onError` hears why.
 */
export function redisSlots(
  redis: Redis,
  { prefix = "savat:", onError }: { prefix?: string; onError: (error: unknown) => void },
): SlotStore {
  const fallback = memorySlots();
  return {
    async reserve(key, intervalMs, maxWaitMs) {
      try {
        const wait = (await redis.eval(RESERVE, 1, `${prefix}slot:${key}`, intervalMs, maxWaitMs)) as number;
        return wait < 0 ? null : wait;
      } catch (error) {
        onError(error);
        return fallback.reserve(key, intervalMs, maxWaitMs);
      }
    },
  };
}

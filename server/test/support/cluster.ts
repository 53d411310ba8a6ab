// What the cluster tests (server/test/cluster*.test.ts, e2e/cluster.spec.ts) share: whether nginx,
// PostgreSQL and Redis are here, and a brand whose codes go through a local Eskiz. The processes run
// as in production (DEMO=0, NODE_ENV=production), where the console SMS gateway does not exist: a
// customer signs in through the brand's own gateway, which here is the fake Eskiz of the test.
import { and, eq, sql } from "drizzle-orm";
import { Redis } from "ioredis";
import { LOCAL_REDIS } from "../../../scripts/cluster.ts";
import { NGINX_BINARY, nginxAvailable } from "../../../scripts/nginx.ts";
import { branches, merchants, products } from "../../src/db/schema/index.ts";
import type { Db } from "../../src/db/types.ts";
import type { FakeEskiz } from "../fakes/eskiz.ts";
import { ADMIN_URL, postgresReachable } from "./pg.ts";

export const REDIS_URL = process.env.SAVAT_TEST_REDIS_URL ?? LOCAL_REDIS;

/** The Eskiz account the brands of a cluster test send their codes with. */
export const ESKIZ_ACCOUNT = { email: "cluster@savat.test", password: "cluster-secret" };

export async function redisReachable(url = REDIS_URL): Promise<boolean> {
  const redis = new Redis(url, { lazyConnect: true, connectTimeout: 1_000, maxRetriesPerRequest: 0 });
  redis.on("error", () => undefined);
  try {
    await redis.connect();
    await redis.ping();
    return true;
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/** Why a cluster cannot run on this machine, or null when nginx, PostgreSQL and Redis are all here. */
export async function clusterUnavailable(): Promise<string | null> {
  if (!nginxAvailable()) return `nginx is not installed (${NGINX_BINARY})`;
  if (!(await postgresReachable())) return `PostgreSQL is unreachable (${ADMIN_URL})`;
  if (!(await redisReachable())) return `Redis is unreachable (${REDIS_URL})`;
  return null;
}

/** startCluster's `prepare`: the brand `sub` sends its codes through Eskiz (ESKIZ_ACCOUNT). */
export function eskizFor(sub: string): (db: Db) => Promise<void> {
  return async (db) => {
    await db
      .update(merchants)
      .set({ smsGateway: "ESKIZ", smsLogin: ESKIZ_ACCOUNT.email, smsPassword: ESKIZ_ACCOUNT.password })
      .where(eq(merchants.sub, sub));
  };
}

/** The code the fake Eskiz last carried to `phone` (+998...), waiting for it up to five seconds. */
export async function codeSentTo(eskiz: FakeEskiz, phone: string): Promise<string> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const sms = eskiz.sent.filter((s) => `+${s.mobilePhone}` === phone).at(-1);
    const code = sms ? /\b(\d{6})\b/.exec(sms.message)?.[1] : undefined;
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`no code sent to ${phone}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * What a cluster test's order is made of: the brand's Chilonzor branch and a product in stock
 * (unlimited), with no modifiers, that clears the demo's minimum order.
 */
export async function orderFixture(
  db: Db,
  merchantId: string,
): Promise<{ branchId: string; productId: string }> {
  const [branch] = await db
    .select()
    .from(branches)
    .where(and(eq(branches.merchantId, merchantId), sql`${branches.name}->>'eng' like 'Chilonzor%'`));
  const [product] = await db
    .select()
    .from(products)
    .where(
      and(
        eq(products.merchantId, merchantId),
        eq(products.isAvailable, true),
        sql`not exists (select 1 from modification_groups g where g.product_id = ${products.id})`,
        sql`${products.costPrice} >= 35000`,
        sql`${products.stock} is null`,
      ),
    )
    .limit(1);
  if (!branch || !product) throw new Error("demo data missing: no Chilonzor branch or plain product");
  return { branchId: branch.id, productId: product.id };
}

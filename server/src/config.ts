import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";

/** Thrown at boot when the environment holds a bad value; the message names every bad variable. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

const flag = z
  .enum(["1", "0", "true", "false", "on", "off", "yes", "no"], {
    error: "must be one of 1, 0, true, false, on, off, yes, no",
  })
  .transform((v) => ["1", "true", "on", "yes"].includes(v));

/** The demo's fake Payme checkout page (server/src/fakes/fake-payme.ts). */
export const FAKE_PAYME_CHECKOUT_PATH = "/api/dev/payme/checkout";
/** The demo's fake Click pay page (server/src/fakes/fake-click-pay.ts). */
export const FAKE_CLICK_CHECKOUT_PATH = "/api/dev/click/pay";
/** The demo's fake Uzum Bank pay page (server/src/fakes/fake-uzum-pay.ts). */
export const FAKE_UZUM_CHECKOUT_PATH = "/api/dev/uzum/pay";

const httpUrl = z.url({ protocol: /^https?$/, error: "must be an http(s) URL" });

const ACCESS_KEY = /^[\w.+/=-]{3,128}$/;
const ACCESS_KEY_ERROR = "must be an access key id (3 to 128 letters, digits or . + / = - _)";
const SECRET_KEY = /^[\x21-\x7e]{8,256}$/;
const SECRET_KEY_ERROR = "must be 8 to 256 visible ASCII characters (no spaces)";

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce
    .number({ error: "must be a number" })
    .int({ error: "must be a whole number" })
    .min(0, { error: "must be between 0 and 65535" })
    .max(65535, { error: "must be between 0 and 65535" })
    .default(8080),
  HOST: z.string().min(1, { error: "must not be empty" }).default("127.0.0.1"),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// or postgresql:// URL" })
    .optional(),
  DATA_DIR: z.string().min(1, { error: "must not be empty" }).default("./.data"),
  PUBLIC_URL: httpUrl.optional(),
  TELEGRAM_BOT_TOKEN: z
    .string()
    .regex(/^\d+:[\w-]{20,}$/, { error: "must look like a bot token: <bot id>:<secret>" })
    .optional(),
  TELEGRAM_API_URL: httpUrl.optional(),
  BOT_MESSAGES_SWEEP_MS: z.coerce
    .number({ error: "must be a number" })
    .int({ error: "must be a whole number" })
    .refine((v) => v === 0 || (v >= 100 && v <= 3_600_000), {
      error: "must be 0 (off) or between 100 and 3600000",
    })
    .optional(),
  WEBHOOKS_SWEEP_MS: z.coerce
    .number({ error: "must be a number" })
    .int({ error: "must be a whole number" })
    .refine((v) => v === 0 || (v >= 100 && v <= 3_600_000), {
      error: "must be 0 (off) or between 100 and 3600000",
    })
    .optional(),
  TELEGRAM_UPDATES: z
    .enum(["webhook", "polling", "off"], { error: "must be webhook, polling or off" })
    .optional(),
  SMS_GATEWAY: z.enum(["console", "merchant"], { error: "must be console or merchant" }).optional(),
  ESKIZ_API_URL: httpUrl.optional(),
  PLAY_MOBILE_API_URL: httpUrl.optional(),
  NOMINATIM_URL: httpUrl.optional(),
  NOMINATIM_MIN_INTERVAL_MS: z.coerce
    .number({ error: "must be a number" })
    .int({ error: "must be a whole number" })
    .min(0, { error: "must be between 0 and 60000" })
    .max(60_000, { error: "must be between 0 and 60000" })
    .optional(),
  GEOCODER: z.enum(["nominatim", "gazetteer"], { error: "must be nominatim or gazetteer" }).optional(),
  CLICK_API_URL: httpUrl.optional(),
  CLICK_MERCHANT_API_URL: httpUrl.optional(),
  PAYME_API_URL: httpUrl.optional(),
  IIKO_API_URL: httpUrl.optional(),
  YANDEX_DELIVERY_API_URL: httpUrl.optional(),
  YANDEX_DELIVERY_SWEEP_MS: z.coerce
    .number({ error: "must be a number" })
    .int({ error: "must be a whole number" })
    .refine((v) => v === 0 || (v >= 100 && v <= 3_600_000), {
      error: "must be 0 (off) or between 100 and 3600000",
    })
    .optional(),
  KITCHEN_SWEEP_MS: z.coerce
    .number({ error: "must be a number" })
    .int({ error: "must be a whole number" })
    .refine((v) => v === 0 || (v >= 100 && v <= 3_600_000), {
      error: "must be 0 (off) or between 100 and 3600000",
    })
    .optional(),
  KITCHEN_LEASE_MS: z.coerce
    .number({ error: "must be a number" })
    .int({ error: "must be a whole number" })
    .min(1_000, { error: "must be between 1000 and 3600000" })
    .max(3_600_000, { error: "must be between 1000 and 3600000" })
    .optional(),
  PAYME_API_TIMEOUT_MS: z.coerce
    .number({ error: "must be a number" })
    .int({ error: "must be a whole number" })
    .min(100, { error: "must be between 100 and 120000" })
    .max(120_000, { error: "must be between 100 and 120000" })
    .optional(),
  PAYME_CHECKOUT_URL: z
    .union([httpUrl, z.string().regex(/^\/[\w./-]*[^/]$/)], {
      error: "must be an http(s) URL or a path on this server (starting with /, no trailing /)",
    })
    .optional(),
  CLICK_CHECKOUT_URL: z
    .union([httpUrl, z.string().regex(/^\/[\w./-]*[^/]$/)], {
      error: "must be an http(s) URL or a path on this server (starting with /, no trailing /)",
    })
    .optional(),
  UZUM_CHECKOUT_URL: z
    .union([httpUrl, z.string().regex(/^\/[\w./-]*[^/]$/)], {
      error: "must be an http(s) URL or a path on this server (starting with /, no trailing /)",
    })
    .optional(),
  UZUM_API_URL: httpUrl.optional(),
  UZUM_FISCAL_URL: httpUrl.optional(),
  MAP_STYLE_URL: z
    .union([z.literal("offline"), httpUrl], { error: 'must be an http(s) URL or "offline"' })
    .optional(),
  IMAGE_HOSTS: z
    .string()
    .transform((v) =>
      v
        .split(",")
        .map((host) => host.trim())
        .filter((host) => host !== ""),
    )
    .pipe(z.array(httpUrl))
    .optional(),
  LOG_LEVEL: z
    .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
      error: "must be one of fatal, error, warn, info, debug, trace, silent",
    })
    .default("info"),
  DEMO: flag.optional(),
  TRUSTED_PROXIES: z
    .string()
    .transform((v) =>
      v
        .split(",")
        .map((item) => item.trim())
        .filter((item) => item !== ""),
    )
    .pipe(
      z.array(
        z.string().refine(isProxyAddress, {
          error:
            "must be none, or a comma-separated list of IP addresses, CIDR ranges, loopback, linklocal or uniquelocal",
        }),
      ),
    )
    .optional(),
  ORDER_SIMULATOR: flag.optional(),
  DEMO_KITCHEN: flag.optional(),
  DEMO_KITCHEN_BRAND: z
    .string()
    .regex(/^[a-z0-9-]{1,63}$/, { error: "must be a brand's sub (lowercase letters, digits, hyphens)" })
    .optional(),
  DEMO_KITCHEN_STEP_MS: z.coerce
    .number({ error: "must be a number" })
    .int({ error: "must be a whole number" })
    .min(100, { error: "must be between 100 and 3600000" })
    .max(3_600_000, { error: "must be between 100 and 3600000" })
    .optional(),
  ORDER_SIMULATOR_STEP_MS: z.coerce
    .number({ error: "must be a number" })
    .int({ error: "must be a whole number" })
    .min(100, { error: "must be between 100 and 3600000" })
    .max(3_600_000, { error: "must be between 100 and 3600000" })
    .optional(),
  DEMO_YANDEX_STEP_MS: z.coerce
    .number({ error: "must be a number" })
    .int({ error: "must be a whole number" })
    .min(100, { error: "must be between 100 and 3600000" })
    .max(3_600_000, { error: "must be between 100 and 3600000" })
    .optional(),
  PAYMENT_SWEEP_MS: z.coerce
    .number({ error: "must be a number" })
    .int({ error: "must be a whole number" })
    .refine((v) => v === 0 || (v >= 100 && v <= 3_600_000), {
      error: "must be 0 (off) or between 100 and 3600000",
    })
    .optional(),
  STATIC_DIR: z.string().min(1).optional(),
  /** The first-screen renderer (src/ssr, built into dist-ssr); a path with no file turns it off. */
  FIRST_SCREEN_BUNDLE: z.string().min(1).optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: "must be a redis:// or rediss:// URL" }).optional(),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,64}$/, { error: "must be 1 to 64 letters, digits, _ : . or -" })
    .optional(),
  RATE_LIMIT_PER_MINUTE: z.coerce
    .number({ error: "must be a number" })
    .int({ error: "must be a whole number" })
    .min(1, { error: "must be between 1 and 1000000" })
    .max(1_000_000, { error: "must be between 1 and 1000000" })
    .optional(),
  SHUTDOWN_DRAIN_MS: z.coerce
    .number({ error: "must be a number" })
    .int({ error: "must be a whole number" })
    .min(0, { error: "must be between 0 and 120000" })
    .max(120_000, { error: "must be between 0 and 120000" })
    .optional(),
  S3_URL: httpUrl.optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
      error: "must be a bucket name: 3 to 63 lower-case letters, digits, dots or hyphens",
    })
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/, { error: "must be a region name such as us-east-1" })
    .optional(),
  S3_ACCESS_KEY_ID: z.string().regex(ACCESS_KEY, { error: ACCESS_KEY_ERROR }).optional(),
  S3_SECRET_ACCESS_KEY: z.string().regex(SECRET_KEY, { error: SECRET_KEY_ERROR }).optional(),
  AWS_ACCESS_KEY_ID: z.string().regex(ACCESS_KEY, { error: ACCESS_KEY_ERROR }).optional(),
  AWS_SECRET_ACCESS_KEY: z.string().regex(SECRET_KEY, { error: SECRET_KEY_ERROR }).optional(),
  S3_FORCE_PATH_STYLE: flag.optional(),
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{16,256}$/, { error: "must be 16 to 256 visible ASCII characters (no spaces)" })
    .optional(),
});

/** Object storage is used when S3_URL or S3_BUCKET is set: it then needs a bucket and both keys. */
const checkedEnvSchema = envSchema.superRefine((e, ctx) => {
  if (e.S3_URL === undefined && e.S3_BUCKET === undefined) return;
  if (e.S3_BUCKET === undefined) {
    ctx.addIssue({
      code: "custom",
      path: ["S3_URL"],
      message: "object storage needs S3_BUCKET, the bucket profile pictures go to",
    });
  }
  const keyId = e.S3_ACCESS_KEY_ID ?? e.AWS_ACCESS_KEY_ID;
  const secret = e.S3_SECRET_ACCESS_KEY ?? e.AWS_SECRET_ACCESS_KEY;
  if (keyId === undefined || secret === undefined) {
    ctx.addIssue({
      code: "custom",
      path: [e.S3_BUCKET === undefined ? "S3_URL" : "S3_BUCKET"],
      message:
        "object storage needs credentials: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (or AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY)",
    });
  }
});

export interface Config {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  /** PostgreSQL when set; the embedded PGlite at `dataDir` otherwise. */
  databaseUrl: string | undefined;
  dataDir: string;
  publicUrl: string | undefined;
  telegramBotToken: string | undefined;
  /**
   * The Bot API's origin for bot messages (https://api.telegram.org unless set); unset in demo or
   * development mode = the built-in fake (server/src/fakes/fake-telegram-bot.ts).
   */
  telegramApiUrl: string | undefined;
  /** Milliseconds between two runs of the Telegram outbox (bot messages); 0 = none in this process. */
  botMessagesSweepMs: number;
  /** Milliseconds between two runs of the webhook outbox (issue 38); 0 = none in this process. */
  webhooksSweepMs: number;
  /**
   * Webhook receivers on this machine or a private network are allowed (http only to a loopback
   * address): demo mode, NODE_ENV=development or test. Elsewhere only https to public addresses.
   */
  webhookLocalTargets: boolean;
  /**
   * How the brands' bots hear their customers: Telegram calls the webhook (a public https address),
   * or this server asks with getUpdates (long polling: the demo, a laptop), or not at all.
   */
  telegramUpdates: "webhook" | "polling" | "off";
  /** `console` writes codes to the log; `merchant` uses each merchant's own gateway. */
  smsGateway: "console" | "merchant";
  /** Eskiz's API origin (https://notify.eskiz.uz unless set). */
  eskizApiUrl: string;
  /** PlayMobile's broker API origin (https://send.smsxabar.uz unless set). */
  playMobileApiUrl: string;
  nominatimUrl: string | undefined;
  /**
   * Minimum gap between two upstream geocoder requests: 1000 ms by default, the public Nominatim's
   * usage policy; a self-hosted Nominatim has no such limit.
   */
  nominatimMinIntervalMs: number;
  /**
   * Who answers address search and reverse geocoding: `nominatim` (NOMINATIM_URL) or `gazetteer`, the
   * demo's invented street grid. Unset: nominatim when NOMINATIM_URL is set, else the gazetteer in
   * demo mode and under NODE_ENV=test, else nominatim. loadConfig refuses the gazetteer in production.
   */
  geocoder: "nominatim" | "gazetteer";
  /**
   * The gazetteer may answer, directly or when Nominatim fails: demo mode or an explicit non-production
   * NODE_ENV. Otherwise no NOMINATIM_URL, or a failing Nominatim, is an error the customer sees (and
   * types the street and house), never a street that does not exist.
   */
  gazetteerAllowed: boolean;
  /** Click's JSON-RPC endpoint for `user.profile`; unset in demo mode = the built-in fake. */
  clickApiUrl: string | undefined;
  /**
   * Click's Merchant API base (saved cards through card tokens, payment reversals):
   * https://api.click.uz/v2/merchant unless set; unset in demo or development mode = the built-in fake
   * (server/src/fakes/fake-click-merchant.ts).
   */
  clickMerchantApiUrl: string | undefined;
  /**
   * Payme's Subscribe API (saved cards) origin; requests go to `<url>/api`. https://checkout.paycom.uz
   * unless set; unset in demo or development mode = the built-in fake (server/src/fakes/fake-payme-subscribe.ts).
   */
  paymeApiUrl: string | undefined;
  /** How long one call to a provider's API (Payme, Click, Uzum) may take before it counts as failed. */
  paymeApiTimeoutMs: number;
  /**
   * iiko Cloud API origin (calls go to `<url>/api/1/...`): https://api-ru.iiko.services unless set;
   * unset in demo or development mode = the built-in fake (server/src/fakes/fake-iiko.ts).
   */
  iikoApiUrl: string | undefined;
  /** Milliseconds between two runs of the kitchen outbox (orders to iiko); 0 = only when kicked. */
  kitchenSweepMs: number;
  /**
   * How long a worker holds an order it is sending to iiko: a process killed mid-send leaves it to the
   * next worker after this (longer than iiko's answer can take).
   */
  kitchenLeaseMs: number;
  /**
   * Yandex Delivery's express API origin (calls go to `<url>/b2b/cargo/integration/v2/...`):
   * https://b2b.taxi.yandex.net unless set; unset in demo or development mode = the built-in fake
   * (server/src/fakes/fake-yandex-delivery.ts).
   */
  yandexDeliveryApiUrl: string | undefined;
  /**
   * Milliseconds between two runs of the delivery-claims worker (create, accept, follow, cancel);
   * 0 = only when kicked. Following a claim also reads it back every this often (at least 5 s).
   */
  yandexSweepMs: number;
  /**
   * Payme's checkout page, before `/<base64 of the link's parameters>`: https://checkout.paycom.uz
   * unless set, the built-in fake (a path on this server) in demo mode. A path is served on the
   * storefront's own origin.
   */
  paymeCheckoutUrl: string;
  /** Click's pay page (`?service_id=&merchant_id=&amount=&transaction_param=&return_url=`). */
  clickCheckoutUrl: string;
  /** Uzum Bank's pay page (`?serviceId=&orderId=&amount=<tiyin>&redirectUrl=`; an assumption, docs/decisions.md). */
  uzumCheckoutUrl: string;
  /**
   * Uzum Bank's checkout API (`/api/v1`, X-API-Key and X-Terminal-Id headers): refunds of Uzum
   * payments (server/src/integrations/uzum-checkout.ts). Unset in demo or development mode = the
   * built-in fake; unset otherwise = Uzum refunds are recorded as failed for staff to settle.
   */
  uzumApiUrl: string | undefined;
  /**
   * Uzum Bank's fiscalization API (`/v2/receipt`, X-API-Key of the brand): the fiscal receipts of
   * Uzum payments and their returns (server/src/integrations/uzum-fiscal.ts). Unset in demo or
   * development mode = the built-in fake; unset otherwise = the receipts wait, retried, for staff.
   */
  uzumFiscalUrl: string | undefined;
  /** MapLibre style URL or "offline"; unset = offline in demo mode, OpenFreeMap "liberty" otherwise. */
  mapStyleUrl: string | undefined;
  /** Origins of remote images (a brand's image CDN) the Content-Security-Policy allows. */
  imageHosts: string[];
  logLevel: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
  /**
   * The proxies whose X-Forwarded-For/-Proto/-Host the server believes (addresses, CIDR ranges or
   * proxy-addr's names); empty: none, the client address is the socket's.
   */
  trustedProxies: string[];
  /** Demo brands, the testers' harness, the console SMS gateway and the order simulator. */
  demo: boolean;
  /**
   * The testers' harness (/api/dev) and the built-in fake providers: demo mode or NODE_ENV=development,
   * and then only on a loopback HOST without PUBLIC_URL (loadConfig refuses anything else).
   */
  harness: boolean;
  /** The demo order simulator walks new orders through their statuses (demo mode only). */
  orderSimulator: boolean;
  /**
   * The demo's kitchen: a brand (plov) wired to the fake iiko, which cooks the orders it takes
   * (demo mode only; off under tests, which drive statuses themselves).
   */
  demoKitchen: boolean;
  /** The brand the demo's kitchen wires to the fake iiko, and milliseconds between its statuses. */
  demoKitchenBrand: string;
  demoKitchenStepMs: number;
  /** Milliseconds between two simulator steps of an order. */
  orderSimulatorStepMs: number;
  /**
   * The demo's fake Yandex Delivery: milliseconds between two steps of its performer (demo mode
   * only); 0, tests drive the performer themselves.
   */
  demoYandexStepMs: number;
  /**
   * Milliseconds between two sweeps that cancel orders left unpaid past their brand's payment
   * time-out (server/src/services/orders/payment-timeout.ts); 0 = no sweep in this process.
   */
  paymentSweepMs: number;
  /** The built client; `dist` in the repository by default. */
  staticDir: string;
  firstScreenBundle: string;
  /**
   * Redis that holds every rate limit's counters, so a limit holds across API processes; unset:
   * each process counts in its own memory (one process, the embedded default).
   */
  redisUrl: string | undefined;
  /** Prepended to every Redis key (several deployments may share one Redis); "savat:" unless set. */
  redisKeyPrefix: string;
  /** Requests per minute per client address on /api (600 unless set). */
  rateLimitPerMinute: number;
  /**
   * After SIGTERM, how long the readiness check answers 503 while requests are still served, so the
   * load balancer stops sending new ones before the process stops accepting (0 = close at once).
   */
  shutdownDrainMs: number;
  /**
   * S3-compatible object storage for uploads (profile pictures), shared by every process; unset: a
   * directory under `dataDir` (one process, or processes sharing that disk).
   */
  s3: S3Config | undefined;
  /**
   * The bearer token GET /metrics (Prometheus) asks for; unset: /metrics answers 404 like any
   * unknown path.
   */
  metricsToken: string | undefined;
}

export interface S3Config {
  /** The endpoint (MinIO, another provider); undefined: AWS's own for the region. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Bucket in the path (`<endpoint>/<bucket>/<key>`) rather than in the host name. */
  forcePathStyle: boolean;
}

/** One entry of TRUSTED_PROXIES as proxy-addr (Fastify's trustProxy) reads it. */
function isProxyAddress(item: string): boolean {
  if (["none", "loopback", "linklocal", "uniquelocal"].includes(item)) return true;
  const [address = "", bits, ...rest] = item.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d{1,3}$/.test(bits) && n <= (version === 4 ? 32 : 128);
}

/**
 * Behind a proxy (PUBLIC_URL set) only a proxy on this machine is trusted unless TRUSTED_PROXIES
 * names others: trusting every hop would let a made-up X-Forwarded-For choose the client address
 * that every per-address limit counts.
 */
function trustedProxies(list: string[] | undefined, publicUrl: string | undefined): string[] {
  if (list === undefined) return publicUrl === undefined ? [] : ["loopback"];
  return list.includes("none") ? [] : list;
}

function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, "");
  return bare === "localhost" || bare === "::1" || (isIP(bare) === 4 && bare.startsWith("127."));
}

const EMPTY_AS_UNSET = (env: NodeJS.ProcessEnv): Record<string, string> =>
  Object.fromEntries(
    Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined && e[1] !== ""),
  );

/** Variables whose value a configuration error never repeats (it goes to logs). */
const SECRET_VARIABLES = new Set(["S3_SECRET_ACCESS_KEY", "AWS_SECRET_ACCESS_KEY", "METRICS_TOKEN"]);

export function loadConfig(env: NodeJS.ProcessEnv): Config {
  const parsed = checkedEnvSchema.safeParse(EMPTY_AS_UNSET(env));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? "environment");
      const value = SECRET_VARIABLES.has(name) ? "(hidden)" : env[name];
      return `  ${name}=${JSON.stringify(value ?? "")}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const demo = e.DEMO ?? e.DATABASE_URL === undefined;
  // The testers' harness and the fake providers sign anyone in as a test identity and answer for
  // payment services: they exist only on a server nobody else can reach, whatever NODE_ENV says.
  const harness = demo || e.NODE_ENV === "development";
  if (harness && (!isLoopbackHost(e.HOST) || e.PUBLIC_URL !== undefined)) {
    const where =
      e.PUBLIC_URL !== undefined
        ? `PUBLIC_URL=${JSON.stringify(e.PUBLIC_URL)}`
        : `HOST=${JSON.stringify(e.HOST)}`;
    throw new ConfigError(
      `Invalid configuration:\n  ${where}: the testers' harness and the fake payment and Telegram services (DEMO or NODE_ENV=development) run on a loopback HOST without PUBLIC_URL only; set DEMO=0 and NODE_ENV=production to serve the public`,
    );
  }
  const gazetteerAllowed = demo || e.NODE_ENV !== "production";
  if (e.GEOCODER === "gazetteer" && !gazetteerAllowed) {
    throw new ConfigError(
      'Invalid configuration:\n  GEOCODER="gazetteer": the gazetteer invents the streets of the demo cities and answers only with DEMO on or NODE_ENV=development or test; in production set GEOCODER=nominatim (the default) and NOMINATIM_URL',
    );
  }
  const geocoder =
    e.GEOCODER ??
    (e.NOMINATIM_URL === undefined && (demo || e.NODE_ENV === "test") ? "gazetteer" : "nominatim");
  if (e.SMS_GATEWAY === "console" && !demo && e.NODE_ENV === "production") {
    throw new ConfigError(
      'Invalid configuration:\n  SMS_GATEWAY="console": the console gateway exists only with DEMO on or NODE_ENV=development',
    );
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    publicUrl: e.PUBLIC_URL,
    telegramBotToken: e.TELEGRAM_BOT_TOKEN,
    telegramApiUrl:
      e.TELEGRAM_API_URL?.replace(/\/+$/, "") ??
      (demo || e.NODE_ENV === "development" ? undefined : "https://api.telegram.org"),
    botMessagesSweepMs: e.BOT_MESSAGES_SWEEP_MS ?? 1000,
    webhooksSweepMs: e.WEBHOOKS_SWEEP_MS ?? 1000,
    webhookLocalTargets: demo || e.NODE_ENV === "development" || e.NODE_ENV === "test",
    telegramUpdates:
      e.TELEGRAM_UPDATES ??
      (e.PUBLIC_URL?.startsWith("https://") ? "webhook" : e.NODE_ENV === "test" ? "off" : "polling"),
    smsGateway: e.SMS_GATEWAY ?? (demo ? "console" : "merchant"),
    eskizApiUrl: e.ESKIZ_API_URL ?? "https://notify.eskiz.uz",
    playMobileApiUrl: e.PLAY_MOBILE_API_URL ?? "https://send.smsxabar.uz",
    nominatimUrl: e.NOMINATIM_URL,
    nominatimMinIntervalMs: e.NOMINATIM_MIN_INTERVAL_MS ?? 1_000,
    geocoder,
    gazetteerAllowed,
    clickApiUrl: e.CLICK_API_URL,
    clickMerchantApiUrl:
      e.CLICK_MERCHANT_API_URL?.replace(/\/+$/, "") ??
      (demo || e.NODE_ENV === "development" ? undefined : "https://api.click.uz/v2/merchant"),
    paymeApiUrl:
      e.PAYME_API_URL?.replace(/\/+$/, "") ??
      (demo || e.NODE_ENV === "development" ? undefined : "https://checkout.paycom.uz"),
    paymeApiTimeoutMs: e.PAYME_API_TIMEOUT_MS ?? 15_000,
    iikoApiUrl:
      e.IIKO_API_URL?.replace(/\/+$/, "") ??
      (demo || e.NODE_ENV === "development" ? undefined : "https://api-ru.iiko.services"),
    kitchenSweepMs: e.KITCHEN_SWEEP_MS ?? 5_000,
    kitchenLeaseMs: e.KITCHEN_LEASE_MS ?? 2 * 60_000,
    yandexDeliveryApiUrl:
      e.YANDEX_DELIVERY_API_URL?.replace(/\/+$/, "") ??
      (demo || e.NODE_ENV === "development" ? undefined : "https://b2b.taxi.yandex.net"),
    yandexSweepMs: e.YANDEX_DELIVERY_SWEEP_MS ?? 3_000,
    paymeCheckoutUrl:
      e.PAYME_CHECKOUT_URL?.replace(/\/+$/, "") ??
      (demo ? FAKE_PAYME_CHECKOUT_PATH : "https://checkout.paycom.uz"),
    clickCheckoutUrl:
      e.CLICK_CHECKOUT_URL?.replace(/\/+$/, "") ??
      (demo ? FAKE_CLICK_CHECKOUT_PATH : "https://my.click.uz/services/pay"),
    uzumCheckoutUrl:
      e.UZUM_CHECKOUT_URL?.replace(/\/+$/, "") ??
      (demo ? FAKE_UZUM_CHECKOUT_PATH : "https://www.uzumbank.uz/open-service"),
    uzumApiUrl: e.UZUM_API_URL?.replace(/\/+$/, ""),
    uzumFiscalUrl: e.UZUM_FISCAL_URL?.replace(/\/+$/, ""),
    mapStyleUrl: e.MAP_STYLE_URL,
    imageHosts: (e.IMAGE_HOSTS ?? []).map((url) => new URL(url).origin),
    logLevel: e.LOG_LEVEL,
    trustedProxies: trustedProxies(e.TRUSTED_PROXIES, e.PUBLIC_URL),
    demo,
    harness,
    // On by default in demo mode, except under tests that drive statuses themselves.
    orderSimulator: demo && (e.ORDER_SIMULATOR ?? e.NODE_ENV !== "test"),
    orderSimulatorStepMs: e.ORDER_SIMULATOR_STEP_MS ?? 15_000,
    demoKitchen: demo && (e.DEMO_KITCHEN ?? e.NODE_ENV !== "test"),
    demoKitchenBrand: e.DEMO_KITCHEN_BRAND ?? "plov",
    demoKitchenStepMs: e.DEMO_KITCHEN_STEP_MS ?? 6_000,
    demoYandexStepMs: demo
      ? (e.DEMO_YANDEX_STEP_MS ?? ((e.DEMO_KITCHEN ?? e.NODE_ENV !== "test") ? 5_000 : 0))
      : 0,
    paymentSweepMs: e.PAYMENT_SWEEP_MS ?? 60_000,
    staticDir: path.resolve(e.STATIC_DIR ?? path.join(import.meta.dirname, "../../dist")),
    firstScreenBundle: path.resolve(
      e.FIRST_SCREEN_BUNDLE ?? path.join(import.meta.dirname, "../../dist-ssr/first-screen.js"),
    ),
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX ?? "savat:",
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE ?? 600,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS ?? 0,
    s3: s3Config(e),
    metricsToken: e.METRICS_TOKEN,
  };
}

/** The object storage the schema's check let through (bucket and both keys present), or none. */
function s3Config(e: z.infer<typeof envSchema>): S3Config | undefined {
  const accessKeyId = e.S3_ACCESS_KEY_ID ?? e.AWS_ACCESS_KEY_ID;
  const secretAccessKey = e.S3_SECRET_ACCESS_KEY ?? e.AWS_SECRET_ACCESS_KEY;
  if (e.S3_BUCKET === undefined || accessKeyId === undefined || secretAccessKey === undefined)
    return undefined;
  const endpoint = e.S3_URL?.replace(/\/+$/, "");
  return {
    endpoint,
    bucket: e.S3_BUCKET,
    region: e.S3_REGION ?? "us-east-1",
    accessKeyId,
    secretAccessKey,
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? endpoint !== undefined,
  };
}

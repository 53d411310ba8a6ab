import { randomUUID } from "node:crypto";
import http, { type IncomingMessage } from "node:http";
import proxyAddr from "@fastify/proxy-addr";
import fastifyRateLimit from "@fastify/rate-limit";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import helmet from "helmet";
import Fastify, {
  LogController,
  type FastifyError,
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyReply,
  type FastifyRequest,
} from "fastify";
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from "fastify-type-provider-zod";
import { apiErrorBody, type ApiErrorBody } from "#domain/api-errors.ts";
import { controlCharacterPath } from "#domain/contract/common.ts";
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import { AppError } from "./lib/errors.ts";
import { listenForCacheChanges } from "./db/cache-bus.ts";
import type { Redis } from "./lib/redis.ts";
import { loggerOptions } from "./lib/logging.ts";
import { registerClient } from "./plugins/client.ts";
import { plannedScripts } from "#domain/analytics.ts";
import {
  contentSecurityPolicyHeader,
  helmetOptions,
  isBuiltSubresource,
  SUBRESOURCE_HELMET_OPTIONS,
} from "./plugins/security-headers.ts";
import { apiRoutes } from "./routes/index.ts";
import { webManifestRoutes } from "./routes/web-manifest.ts";
import {
  bootDataFor,
  firstScreenPlan,
  readShellPreloads,
  shellWithBootData,
} from "./services/content/boot-data.ts";
import { firstScreens as createFirstScreens, firstScreenTemplates } from "./services/content/first-screen.ts";
import { createMenuCache, releaseMenuCache, type MenuCache } from "./repositories/menu-cache.ts";
import type { ObjectStorage } from "./lib/object-storage.ts";
import { openUploads } from "./integrations/uploads.ts";
import { metrics } from "./plugins/metrics.ts";
import { cachedTenant } from "./plugins/tenant.ts";
import { headersSetBy, MENU_PATH, menuFastLane } from "./plugins/menu-fast-lane.ts";
import { orderHub, workers } from "./plugins/background.ts";
import type { StandIns } from "./services/stand-ins.ts";

export interface AppOptions {
  config: Config;
  database: Database;
  /** Requests per minute per client address on /api (`config.rateLimitPerMinute` unless set); benchmarks raise it. */
  rateLimitPerMinute?: number;
  /** Shared counters of every rate limit (REDIS_URL); absent: each process counts in its memory. */
  redis?: Redis;
  /** Serve the built client from `config.staticDir` (looked up per request: it may be built later). */
  serveClient?: boolean;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /**
   * The stand-ins for outside systems and the testers' harness routes, handed in by the demo and
   * test wiring (server/src/dev-wiring.ts) when the configuration allows them; production has none.
   */
  fakes?: AppFakes;
}

export interface AppFakes {
  standIns: StandIns;
  /** Registered under /api next to the API's routes. */
  routes: FastifyPluginAsync;
}

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    database: Database;
    /** Redis for state shared by every process (rate limits, upstream slots); null without REDIS_URL. */
    redis: Redis | null;
    /** Set on SIGTERM: the readiness check answers 503 so the load balancer drains this process. */
    lifecycle: { draining: boolean };
    /** Prepared menus: the menu route answers from it, the app shell takes its first screen from it. */
    menuCache: MenuCache;
    /** Profile pictures by their stored name: the S3 bucket when configured, else DATA_DIR/uploads. */
    pictures: ObjectStorage;
    /** In-process stand-ins for outside systems (demo, development, tests); null in production. */
    standIns: StandIns | null;
  }
}

export const API_PREFIX = "/api";
const BODY_LIMIT = 1024 * 1024;

/** Validation problems as "body.phone: Invalid string", appended to the localised description. */
function describeValidation(error: FastifyError): string {
  if (!hasZodFastifySchemaValidationErrors(error)) return error.message;
  return error.validation
    .map((v) => `${error.validationContext ?? "request"}${v.instancePath.replaceAll("/", ".")}: ${v.message}`)
    .join("; ");
}

/**
 * PostgreSQL's refusals of a value the schemas let through (a number out of a column's range, a
 * byte it cannot store): the request is at fault, so 400, never 500. SQLSTATE classes 22003,
 * 22021 and 22P05; Drizzle and PGlite put the database's error in `cause`.
 */
const REFUSED_VALUE = new Set(["22003", "22021", "22P05"]);
function refusedValue(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === "object" && depth < 5; depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && REFUSED_VALUE.has(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

function withDetail(body: ApiErrorBody, detail: string): ApiErrorBody {
  const d = body.description;
  return {
    ...body,
    description: { uz: `${d.uz}: ${detail}`, ru: `${d.ru}: ${detail}`, eng: `${d.eng}: ${detail}` },
  };
}

/**
 * One log line per request, when it is answered, with the request in it, instead of Fastify's two
 * (incoming, completed): half the log volume and its cost on every call (bench:menu).
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {
    // Said with the answer (requestCompleted).
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, "request errored");
    else reply.log.info(line, "request completed");
  }
}

/** The caller's request id when it is a sane one, else a new one. */
function requestIdOf(req: IncomingMessage): string {
  const given = req.headers["x-request-id"];
  return typeof given === "string" && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
}

/** Fastify's own HTTP server, with a listener that offers each request to `first` before Fastify. */
function serverWithFirst(first: { lane: ((...args: Parameters<http.RequestListener>) => boolean) | null }) {
  return (handler: http.RequestListener, opts: Record<string, unknown>): http.Server => {
    const server = http.createServer((req, res) => {
      if (first.lane?.(req, res) !== true) handler(req, res);
    });
    // What Fastify sets on the server it makes itself (lib/server.js).
    server.keepAliveTimeout = opts.keepAliveTimeout as number;
    server.requestTimeout = opts.requestTimeout as number;
    server.setTimeout(opts.connectionTimeout as number);
    return server;
  };
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const securityHeaders = helmet(helmetOptions(config));
  const subresourceHeaders = helmet(SUBRESOURCE_HELMET_OPTIONS);
  const first: Parameters<typeof serverWithFirst>[0] = { lane: null };
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config.logLevel, options.logStream),
    serverFactory: serverWithFirst(first),
    genReqId: requestIdOf,
    bodyLimit: BODY_LIMIT,
    logController: new OneLinePerRequest(),
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    routerOptions: { ignoreTrailingSlash: true },
    // Errors the router meets before any route (bad URL encoding, an over-long path parameter)
    // skip every hook, so this answer adds the security headers and the request id itself.
    frameworkErrors: (error, request, reply) => {
      const body = apiErrorBody(error.code === "FST_ERR_MAX_PARAM_LENGTH" ? "URL_TOO_LONG" : "URL_INVALID");
      securityHeaders(request.raw, reply.raw, () => {
        const payload = JSON.stringify(body);
        reply.raw.writeHead(body.status, {
          "content-type": "application/json; charset=utf-8",
          "content-length": Buffer.byteLength(payload),
          "x-request-id": request.id,
        });
        reply.raw.end(payload);
      });
    },
    // Requests Node's HTTP parser refuses (a bad Content-Length, headers over the limit) never reach
    // Fastify's routing: they are answered here, in the API's error shape, and the socket closed.
    clientErrorHandler: (error: NodeJS.ErrnoException, socket) => {
      if (error.code === "ECONNRESET" || error.code === "EPIPE" || !socket.writable) {
        socket.destroy();
        return;
      }
      const body = apiErrorBody(
        error.code === "HPE_HEADER_OVERFLOW" ? "HEADERS_TOO_LARGE" : "REQUEST_MALFORMED",
      );
      const payload = JSON.stringify(body);
      const reason = body.status === 431 ? "Request Header Fields Too Large" : "Bad Request";
      socket.end(
        `HTTP/1.1 ${body.status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
          `Content-Length: ${Buffer.byteLength(payload)}\r\nConnection: close\r\n` +
          `X-Content-Type-Options: nosniff\r\n\r\n${payload}`,
      );
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("config", config);
  app.decorate("database", database);
  app.decorate("redis", options.redis ?? null);
  app.decorate("lifecycle", { draining: false });
  app.decorate("standIns", options.fakes?.standIns ?? null);
  const menuCache = createMenuCache((result) => {
    app.metrics.menuCacheLookup(result);
  });
  app.decorate("menuCache", menuCache);
  app.addHook("onClose", async () => {
    releaseMenuCache(menuCache);
  });
  // Uploads go where every process can read them once S3 is configured (docs/decisions.md
  // "Uploads in object storage"); the local directory is the one-process default.
  const uploads = await openUploads(config);
  app.decorate("pictures", uploads.storage);
  app.addHook("onClose", async () => {
    uploads.close();
  });
  app.decorateRequest("tenant", null as unknown as FastifyRequest["tenant"]);

  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
    // Stopping (SIGTERM): each answer of the drain closes its connection, so the load balancer stops
    // reusing kept-alive connections to this process before it stops accepting. A request sent on one
    // after that would be answered 503, which nginx does not pass on for an order (a POST).
    if (app.lifecycle.draining) reply.header("connection", "close");
  });

  // A control character or a lone surrogate in any text of a request is refused before the route's
  // schema runs: one rule for every field of every route.
  app.addHook("preValidation", async (request) => {
    const found =
      controlCharacterPath(request.body, "body") ??
      controlCharacterPath(request.query, "querystring") ??
      controlCharacterPath(request.params, "params");
    if (found)
      throw new AppError(
        "VALIDATION_FAILED",
        withDetail(
          apiErrorBody("VALIDATION_FAILED"),
          `${found}: control characters and unpaired surrogates are not allowed`,
        ).description,
      );
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    let body: ApiErrorBody;
    if (error instanceof AppError) {
      body = error.body;
    } else if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      body = withDetail(apiErrorBody("VALIDATION_FAILED"), describeValidation(error));
    } else if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
      body = apiErrorBody("PAYLOAD_TOO_LARGE");
    } else if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") {
      body = apiErrorBody("UNSUPPORTED_MEDIA_TYPE");
    } else if (refusedValue(error)) {
      request.log.warn({ err: error }, "the database refused a value of the request");
      body = apiErrorBody("VALIDATION_FAILED");
    } else if (error.statusCode === 429) {
      body = apiErrorBody("RATE_LIMITED");
    } else if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      // Malformed JSON, empty JSON body and other client mistakes Fastify detects itself.
      body = withDetail(apiErrorBody("VALIDATION_FAILED"), error.message);
    } else {
      if (isResponseSerializationError(error))
        request.log.error({ err: error }, "response does not match its schema");
      else request.log.error({ err: error }, "unhandled error");
      body = apiErrorBody("INTERNAL");
    }
    if (body.status >= 500 && error instanceof AppError && !error.reported) {
      request.log.error({ err: error }, "server error");
    }
    return reply.status(body.status).send(body);
  });

  // helmet itself rather than its Fastify plugin: the router's own errors need the same headers.
  app.addHook("onRequest", (request, reply, done) => {
    const headers = isBuiltSubresource(request.url) ? subresourceHeaders : securityHeaders;
    headers(request.raw, reply.raw, (error) => {
      done(error instanceof Error ? error : undefined);
    });
  });

  // The menu cache (above), the order services and the routes report to `app.metrics`; its hooks and
  // GET /metrics come after the error handler and the security headers, so they apply to it too.
  await app.register(metrics);

  // One store for the global limit and every route's own (OTP requests and tries): Redis when
  // configured, so N processes allow the same number of requests as one; a Redis error lets the
  // request through (skipOnError; docs/decisions.md "Several API processes").
  await app.register(fastifyRateLimit, {
    global: true,
    max: options.rateLimitPerMinute ?? config.rateLimitPerMinute,
    timeWindow: 60_000,
    ...(options.redis
      ? { redis: options.redis, nameSpace: `${config.redisKeyPrefix}rl:`, skipOnError: true }
      : {}),
    allowList: (request) => !request.url.startsWith(API_PREFIX),
    errorResponseBuilder: (_request, context) => ({
      ...apiErrorBody("RATE_LIMITED"),
      statusCode: context.statusCode,
    }),
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: "Savat storefront API",
        description:
          "Every error answers `{status, code, description: {uz, ru, eng}}`. Tenant routes need the `merchant` header.",
        version: "1.0.0",
      },
      components: {
        securitySchemes: {
          bearer: { type: "http", scheme: "bearer" },
          basic: { type: "http", scheme: "basic" },
        },
      },
    },
    transform: jsonSchemaTransform,
    // The schemas the routes reference by id (`.meta({ id })`) go into components.schemas.
    transformObject: jsonSchemaTransformObject,
  });
  if (config.harness) {
    await app.register(fastifySwaggerUi, { routePrefix: `${API_PREFIX}/docs` });
  }

  // Every process drops its cached menus, merchants and branches when any process changes them.
  let stopCacheListener: (() => Promise<void>) | null = null;
  app.addHook("onReady", async () => {
    stopCacheListener = await listenForCacheChanges(database, app.log);
  });
  app.addHook("onClose", async () => {
    await stopCacheListener?.();
  });

  // The order event hub and the background workers start once the app is ready and stop when it closes.
  await app.register(orderHub);
  await app.register(workers);

  await app.register(apiRoutes, {
    prefix: API_PREFIX,
    ...(options.fakes ? { fakeRoutes: options.fakes.routes } : {}),
  });

  const firstScreens = createFirstScreens(config.firstScreenBundle, app.log);
  // One policy text per set of analytics scripts (at most 16), made once.
  const policies = new Map<string, string>();
  const shellPolicy = (scripts: ReturnType<typeof plannedScripts>): string => {
    const key = scripts.join(",");
    let policy = policies.get(key);
    if (policy === undefined) {
      policy = contentSecurityPolicyHeader(config, scripts);
      policies.set(key, policy);
    }
    return policy;
  };
  const client =
    (options.serveClient ?? true)
      ? await registerClient(app, {
          root: config.staticDir,
          apiPrefix: API_PREFIX,
          sourceMaps: config.env === "development",
          renderShell: async (request, html, shell) => {
            const query = request.url.indexOf("?");
            const data = await bootDataFor(
              app.database.db,
              {
                hostname: request.hostname,
                search: query >= 0 ? request.url.slice(query) : "",
                pathname: query >= 0 ? request.url.slice(0, query) : request.url,
              },
              app.menuCache,
            );
            if (!data) return null;
            const preloads = data.home ? await readShellPreloads(config.staticDir) : null;
            const plan = firstScreenPlan(data, request.headers, {
              hostname: request.hostname,
              port: request.port ? String(request.port) : "",
              protocol: `${request.protocol}:`,
              pathname: query >= 0 ? request.url.slice(0, query) : request.url,
              search: query >= 0 ? request.url.slice(query) : "",
            });
            const firstScreen = plan && {
              templates: firstScreenTemplates(
                await Promise.all(
                  plan.inputs.map(async ({ for: host, input }) => ({
                    for: host,
                    screen: await firstScreens.render(input),
                  })),
                ),
              ),
              locales: plan.locales,
            };
            // The brand's pages may load the analytics its settings switch on; the staff console none.
            const scripts = shell === "index.html" && data.settings ? plannedScripts(data.settings) : [];
            return {
              html: shellWithBootData(
                html,
                data,
                preloads,
                request.headers,
                firstScreen,
                query >= 0 ? request.url.slice(query) : "",
              ),
              headers: { "content-security-policy": shellPolicy(scripts) },
            };
          },
        })
      : undefined;

  await app.register(webManifestRoutes);

  // The built menu is answered before Fastify (plugins/menu-fast-lane.ts).
  const trust = config.trustedProxies.length > 0 ? proxyAddr.compile(config.trustedProxies) : null;
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
  });
  first.lane = menuFastLane({
    cache: menuCache,
    cachedTenant: (id) => cachedTenant(database.db, id),
    securityHeaders: headersSetBy(securityHeaders),
    requestId: requestIdOf,
    clientIp: (req) => (trust ? proxyAddr(req, trust) : req.socket.remoteAddress),
    clientHost: (req) => {
      const forwarded = req.headers["x-forwarded-host"];
      if (trust && typeof forwarded === "string" && trust(req.socket.remoteAddress ?? "", 0))
        return forwarded.slice(forwarded.lastIndexOf(",") + 1).trim();
      return req.headers.host ?? "";
    },
    log: app.log,
    served: (statusCode, seconds) => {
      app.metrics.requestServed("GET", MENU_PATH, statusCode, seconds);
      menuCache.countHit();
    },
    open: () => !closing && !app.lifecycle.draining,
  });

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    if (pathname === API_PREFIX || pathname.startsWith(`${API_PREFIX}/`)) {
      return reply.status(404).send(apiErrorBody("ROUTE_NOT_FOUND"));
    }
    // Client routes (history fallback) get the app shell.
    if (client && (await client.sendShell(request, reply))) return reply;
    return reply.status(404).send(apiErrorBody("NOT_FOUND"));
  });

  return app;
}

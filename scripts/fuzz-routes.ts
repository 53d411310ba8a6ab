// Schema-driven fuzzing of every route of the OpenAPI document: requests shaped by each route's own
// schemas most of the time, hostile otherwise: wrong types, empty, huge and unicode strings (lone
// surrogates, right-to-left, zero-width), negative, huge and non-finite numbers (1e400 in the JSON),
// deep JSON, bad JSON and prototype poisoning, bodies over the limit, missing, wrong and odd headers
// (merchant, token, content type, Idempotency-Key), bad percent-encoding and over-long parameters.
// Besides, every text of a request in turn carries a lone surrogate, and malformed HTTP (a bad
// Content-Length, oversized headers, a broken request line) goes to a listening server.
// Whatever the input, the API answers below 500, in the error shape when it refuses, with the
// security headers, and it is still alive at the end.
// server/test/fuzz-routes.test.ts runs a bounded slice of this in the test suite (a fixed seed);
// this script runs the big one against a fresh app (in-process, app.inject):
//   node scripts/fuzz-routes.ts [requests=100000] [seed=20261125]
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";

export interface Schema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
}
export interface Operation {
  parameters?: { in: string; name: string; schema: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

/** Routes left out, and why. */
export const SKIPPED = new Map([
  // A server-sent event stream: it stays open by design, so an inject would never end.
  ["GET /api/orders/v1/orders/events", "stream"],
  ["GET /api/staff/v1/events", "stream"],
  ["GET /api/products/v1/overalls/events", "stream"],
]);
/** Routes that end the fuzzing customer's session; they are fuzzed without its token. */
const ENDS_SESSION = new Set([
  "DELETE /api/users/v1/users",
  "POST /api/users/v1/users/logout",
  "POST /api/webbot/v1/users/logout",
  "PUT /api/webbot/v1/users/logout",
]);

/** What the requests are made of: the brand, real ids, tokens and the document's schemas. */
export interface FuzzContext {
  lavash: string;
  ids: string[];
  tokens: { customer: string; staff: string };
  components: Record<string, Schema>;
}

// Placeholders for JSON the serializer cannot write: replaced in the body text after stringifying.
const RAW = {
  __raw_inf__: "1e400",
  __raw_neg_inf__: "-1e400",
  __raw_neg_zero__: "-0",
  __raw_big__: "123456789012345678901234567890",
  __raw_tiny__: "1e-400",
};
const rawTokens = Object.keys(RAW);

const HOSTILE_STRINGS = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\u001b[2J",
  "%ZZ",
  "%00",
  "' OR 1=1 --",
  "<script>alert(1)</script>",
  "../../etc/passwd",
  "x".repeat(5000),
  "x".repeat(200_000),
  "🍕".repeat(300),
  "\ud800",
  "\udc00x\ud800",
  "\u202eevil\u202c",
  "a\u200b\u200d\ufeffb",
  "e\u0301\u0301\u0301\u0301",
  "مرحبا بالعالم",
  "𝕏𝔶𝔷",
  "NaN",
  "Infinity",
  "-Infinity",
  "-1",
  "1e400",
  "00000000-0000-0000-0000-000000000000",
  "__proto__",
  "constructor",
];
const HOSTILE_NUMBERS = [
  0,
  -0,
  -1,
  -1e15,
  1e15,
  1e300,
  -1e300,
  Number.MAX_SAFE_INTEGER,
  Number.MIN_SAFE_INTEGER,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 1,
  0.000001,
  3.5,
];

/** JSON nested `depth` levels deep, as text. */
const deep = (depth: number, open: string, close: string) => open.repeat(depth) + close.repeat(depth);

const BAD_BODIES = [
  "{",
  "[1,",
  "nul",
  "",
  "\ufeff{}",
  '{"a":1,"a":2}',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  "NaN",
  "[Infinity]",
  '"\\ud800"',
  "\u0000",
  deep(1000, "[", "]"),
  deep(200_000, "[", "]"),
  deep(1000, '{"a":', "}").replace(/}$/, "1}"),
];

/** Odd content types, sent with one body in ten. */
const ODD_CONTENT_TYPES = [
  "application/json; charset=utf-8",
  "application/json; charset=latin1",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/xml",
  "",
  undefined,
];

const hostile = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    fc.constantFrom<unknown>(...HOSTILE_STRINGS, ...HOSTILE_NUMBERS, ...rawTokens, true, false, null, [], {}),
    fc.string({ maxLength: 40 }),
    fc.string({ maxLength: 20, unit: "grapheme" }),
    fc.string({ maxLength: 10, unit: "binary" }),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.jsonValue({ maxDepth: 2 }),
    fc.letrec<{ tree: unknown }>((tie) => ({
      tree: fc.oneof({ depthSize: "small" }, fc.constant(1), fc.array(tie("tree"), { maxLength: 2 })),
    })).tree,
  );

/** Header values as Node's HTTP parser would let them in (no control characters, latin1). */
const asHeader = (value: string) => value.replace(/[^\t\x20-\x7e\x80-\xff]/g, "?").slice(0, 8000);

/** A path segment, percent-encoded; a lone surrogate becomes the bytes of one (invalid UTF-8). */
function encodePart(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return `${encodeURIComponent(value.replace(/[\ud800-\udfff]/gu, ""))}%ED%A0%80`;
  }
}

/** A path or query value as text. */
const asText = (value: unknown): string =>
  typeof value === "string" ? value : value === undefined ? "" : JSON.stringify(value);

export function routesOf(app: FastifyInstance): { method: string; path: string; op: Operation }[] {
  const doc = app.swagger() as { paths: Record<string, Record<string, Operation>> };
  return Object.entries(doc.paths)
    .flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
    )
    .filter((r) => !SKIPPED.has(`${r.method} ${r.path}`));
}

/** The arbitrary of one route's requests. */
export function requestFor(ctx: FuzzContext, method: string, path: string, op: Operation) {
  const resolve = (schema: Schema | undefined): Schema => {
    if (!schema) return {};
    if (schema.$ref) return resolve(ctx.components[schema.$ref.replace("#/components/schemas/", "")]);
    return schema;
  };
  /** A value shaped like the schema most of the time, and a hostile one otherwise. */
  const valueFor = (raw: Schema | undefined, depth = 0): fc.Arbitrary<unknown> => {
    const schema = resolve(raw);
    const variants = schema.anyOf ?? schema.oneOf;
    if (variants && variants.length > 0) return fc.oneof(...variants.map((v) => valueFor(v, depth)));
    const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== "null") : schema.type;
    let shaped: fc.Arbitrary<unknown>;
    if (schema.enum && schema.enum.length > 0) shaped = fc.constantFrom(...schema.enum);
    else if (schema.format === "uuid") shaped = fc.constantFrom(...ctx.ids, randomUUID());
    else if (type === "string")
      shaped = fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom(...HOSTILE_STRINGS));
    else if (type === "integer" || type === "number")
      shaped = fc.oneof(
        fc.integer({ min: -5, max: 200_000 }),
        fc.constantFrom(...HOSTILE_NUMBERS, "__raw_inf__", "__raw_neg_inf__", "__raw_big__"),
      );
    else if (type === "boolean") shaped = fc.boolean();
    else if (type === "array")
      shaped = depth > 3 ? fc.constant([]) : fc.array(valueFor(schema.items, depth + 1), { maxLength: 3 });
    else if (type === "object" || schema.properties) {
      const entries = Object.entries(schema.properties ?? {});
      shaped =
        depth > 3 || entries.length === 0
          ? fc.constant({})
          : fc.record(Object.fromEntries(entries.map(([k, v]) => [k, valueFor(v, depth + 1)])), {
              requiredKeys: [],
            });
    } else shaped = hostile();
    return fc.oneof({ arbitrary: shaped, weight: 12 }, { arbitrary: hostile(), weight: 1 });
  };

  const params = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === "path");
  const queryParams = params.filter((p) => p.in === "query");
  // merchant and authorization are chosen below, from the brand and the tokens.
  const headerParams = params.filter(
    (p) => p.in === "header" && p.name !== "merchant" && p.name !== "authorization",
  );
  const jsonBody = op.requestBody?.content?.["application/json"]?.schema;
  return fc.record({
    path: fc.record(
      Object.fromEntries(
        pathParams.map((p) => [
          p.name,
          fc.oneof(
            { arbitrary: valueFor(p.schema).map((v) => encodePart(asText(v))), weight: 5 },
            { arbitrary: fc.constantFrom("%ZZ", "%", "a".repeat(150), "..", "%2e%2e", "%F0%9F"), weight: 1 },
          ),
        ]),
      ),
    ),
    query: fc.record(Object.fromEntries(queryParams.map((p) => [p.name, valueFor(p.schema).map(asText)])), {
      requiredKeys: [],
    }),
    headers: fc.record(
      Object.fromEntries(
        headerParams.map((p) => [p.name, valueFor(p.schema).map((v) => asHeader(asText(v)))]),
      ),
      { requiredKeys: [] },
    ),
    body: jsonBody
      ? fc.oneof(
          { arbitrary: valueFor(jsonBody), weight: 10 },
          { arbitrary: fc.constantFrom<unknown>(...BAD_BODIES.map((b) => ({ rawBody: b }))), weight: 1 },
        )
      : fc.oneof(
          { arbitrary: fc.constant(undefined), weight: 20 },
          { arbitrary: fc.constantFrom<unknown>({ rawBody: "{}" }, { rawBody: "x" }), weight: 1 },
        ),
    contentType: fc.oneof(
      { arbitrary: fc.constant<string | undefined>("application/json"), weight: 9 },
      { arbitrary: fc.constantFrom(...ODD_CONTENT_TYPES), weight: 1 },
    ),
    // Mostly the brand, so that most requests reach the handlers.
    merchant: fc.constantFrom<string | undefined>(
      ...Array<string>(27).fill(ctx.lavash),
      undefined,
      "not-a-uuid",
      randomUUID(),
      "",
      `${ctx.lavash},${ctx.lavash}`,
    ),
    auth: fc.constantFrom<"customer" | "staff" | "forged" | "none" | "malformed">(
      ...(ENDS_SESSION.has(`${method} ${path}`)
        ? (["none", "forged", "malformed"] as const)
        : (["customer", "customer", "customer", "staff", "forged", "none", "malformed"] as const)),
    ),
  });
}
export type FuzzRequest = ReturnType<typeof requestFor> extends fc.Arbitrary<infer R> ? R : never;

/** The request with a lone surrogate appended to every text of its JSON body and query. */
export function withLoneSurrogates(req: FuzzRequest): FuzzRequest {
  const taint = (value: unknown): unknown => {
    if (typeof value === "string") return rawTokens.includes(value) ? value : `${value}\ud800`;
    if (Array.isArray(value)) return value.map(taint);
    if (value !== null && typeof value === "object" && !("rawBody" in value))
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, taint(v)]));
    return value;
  };
  return { ...req, body: taint(req.body), query: taint(req.query) as FuzzRequest["query"] };
}

/** Requests Node's HTTP parser refuses before any route, as raw bytes. */
export const MALFORMED_HTTP: { name: string; bytes: string }[] = [
  {
    name: "a Content-Length that is not a number",
    bytes: "POST /api/health HTTP/1.1\r\nHost: a\r\nContent-Length: abc\r\n\r\n",
  },
  {
    name: "two different Content-Lengths",
    bytes: "POST /api/health HTTP/1.1\r\nHost: a\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab",
  },
  {
    name: "headers over 16 KB",
    bytes: `GET /api/health HTTP/1.1\r\nHost: a\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`,
  },
  { name: "a broken request line", bytes: "GET /api/health HTTP/9\r\nHost: a\r\n\r\n" },
  { name: "a header without a colon", bytes: "GET /api/health HTTP/1.1\r\nHost: a\r\nBroken header\r\n\r\n" },
  {
    name: "a bad chunk size",
    bytes: "POST /api/health HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
  },
];

/** Sends raw bytes to a listening server and reads the answer until it closes the connection. */
export function sendRaw(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => {
      socket.write(bytes);
    });
    let answer = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      answer += chunk;
    });
    socket.on("close", () => {
      resolve(answer);
    });
    socket.on("error", reject);
    socket.setTimeout(10_000, () => socket.destroy(new Error("no answer in 10 s")));
  });
}

/** What is wrong with a raw answer to malformed HTTP, or null: not a 4xx, or not in the error shape. */
export function rawProblemOf(answer: string): string | null {
  const status = Number(/^HTTP\/1\.1 (\d{3}) /.exec(answer)?.[1] ?? 0);
  if (status < 400 || status >= 500) return `status ${String(status)}`;
  const end = answer.indexOf("\r\n\r\n");
  let body: { status?: unknown; code?: unknown; description?: unknown };
  try {
    body = JSON.parse(answer.slice(end + 4)) as typeof body;
  } catch {
    return "a refusal that is not JSON";
  }
  if (body.status !== status || typeof body.code !== "string") return "error body without status or code";
  const d = body.description as Record<string, unknown> | null | undefined;
  if (!d || Object.keys(d).sort().join() !== "eng,ru,uz") return "error body without uz/ru/eng descriptions";
  return null;
}

/** Sends one fuzzed request; answers the response and a one-line description of the exchange. */
export async function send(
  app: FastifyInstance,
  ctx: FuzzContext,
  route: { method: string; path: string },
  req: FuzzRequest,
): Promise<{ res: LightMyRequestResponse; what: string }> {
  const url = route.path.replace(/\{(\w+)\}/g, (_, name: string) => req.path[name] ?? "x");
  const query = new URLSearchParams(req.query as Record<string, string>).toString();
  const authorization =
    req.auth === "forged"
      ? "Bearer " + "A".repeat(43)
      : req.auth === "malformed"
        ? "Basic Zm9vOmJhcg=="
        : req.auth === "none"
          ? undefined
          : `Bearer ${ctx.tokens[req.auth]}`;
  let payload: string | undefined;
  if (req.body !== undefined) {
    payload =
      typeof req.body === "object" && req.body !== null && "rawBody" in req.body
        ? String(req.body.rawBody)
        : JSON.stringify(req.body);
    for (const [token, raw] of Object.entries(RAW)) payload = payload.replaceAll(`"${token}"`, raw);
  }
  const contentType = payload !== undefined ? req.contentType : undefined;
  const res = await app.inject({
    method: route.method as "GET",
    url: query ? `${url}?${query}` : url,
    headers: {
      ...(req.headers as Record<string, string>),
      ...(req.merchant !== undefined ? { merchant: req.merchant } : {}),
      ...(authorization ? { authorization } : {}),
      ...(contentType ? { "content-type": contentType } : {}),
    },
    ...(payload !== undefined ? { payload } : {}),
  });
  const what = `${route.method} ${url}?${query.slice(0, 300)} [${String(contentType)}] ${String(payload).slice(0, 300)} -> ${String(res.statusCode)} ${res.body.slice(0, 300)}`;
  return { res, what };
}

/** What is wrong with an answer, or null: a 5xx, a refusal not in the error shape, a missing header. */
export function problemOf(res: LightMyRequestResponse): string | null {
  if (res.statusCode >= 500) return `status ${String(res.statusCode)}`;
  if (res.headers["x-content-type-options"] !== "nosniff") return "no x-content-type-options: nosniff";
  if (!res.headers["x-request-id"]) return "no x-request-id";
  if (res.statusCode >= 400) {
    let body: { status?: unknown; code?: unknown; description?: unknown };
    try {
      body = res.json();
    } catch {
      return "a refusal that is not JSON";
    }
    if (body.status !== res.statusCode) return "error body status differs from the status";
    if (typeof body.code !== "string" || !/^[A-Z_]+$/.test(body.code)) return "error body without a code";
    const d = body.description;
    if (
      typeof d !== "object" ||
      d === null ||
      Object.keys(d).sort().join() !== "eng,ru,uz" ||
      Object.values(d).some((v) => typeof v !== "string")
    ) {
      return "error body without uz/ru/eng descriptions";
    }
  }
  return null;
}

/** The status and error code of an answer ("201 ", "400 VALIDATION"), for the tallies. */
export function answerKey(res: LightMyRequestResponse): string {
  if (res.statusCode < 400) return `${String(res.statusCode)} `;
  try {
    return `${String(res.statusCode)} ${String(res.json<{ code?: unknown }>().code)}`;
  } catch {
    return `${String(res.statusCode)} ?`;
  }
}

async function main(): Promise<void> {
  const total = Number(process.argv[2] ?? 100_000);
  const seed = Number(process.argv[3] ?? 20261125);
  const { buildApp } = await import("../server/src/app.ts");
  const { fakesFor } = await import("../server/src/dev-wiring.ts");
  const { loadConfig } = await import("../server/src/config.ts");
  const { openDatabase } = await import("../server/src/db/client.ts");
  const { users } = await import("../server/src/db/schema/index.ts");
  const { importDemoBrands } = await import("../server/src/import/demo.ts");
  const { createSession } = await import("../server/src/repositories/sessions.ts");

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "savat-fuzz-"));
  const database = await openDatabase({ databaseUrl: undefined, dataDir }, { migrate: true });
  try {
    await importDemoBrands(database.db, { onlyWhenEmpty: true });
    const config = loadConfig({
      NODE_ENV: "test",
      DEMO: "1",
      LOG_LEVEL: "silent",
      STATIC_DIR: "/nonexistent",
    });
    const app = await buildApp({
      config,
      database,
      logger: false,
      serveClient: false,
      rateLimitPerMinute: 1e9,
      ...fakesFor(config),
    });
    await app.ready();
    const lavash = (await app.inject({ method: "GET", url: "/api/users/v1/merchants/sub/lavash" })).json<{
      id: string;
    }>().id;
    const [customer, staff] = await database.db
      .insert(users)
      .values([
        { merchantId: lavash, phone: "+998900000101", firstName: "Fuzz" },
        { merchantId: lavash, phone: "+998900000102", firstName: "Fuzz staff", role: "STAFF" },
      ])
      .returning();
    if (!customer || !staff) throw new Error("users not created");
    const session = (userId: string) =>
      createSession(database.db, { merchantId: lavash, userId, channel: "WEB" });
    const some = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.merchantId, lavash))
      .limit(3);
    const ctx: FuzzContext = {
      lavash,
      ids: [lavash, customer.id, staff.id, ...some.map((u) => u.id)],
      tokens: { customer: (await session(customer.id)).token, staff: (await session(staff.id)).token },
      components:
        (app.swagger() as { components?: { schemas?: Record<string, Schema> } }).components?.schemas ?? {},
    };
    const routes = routesOf(app);
    const perRoute = Math.ceil(total / routes.length);
    const answered = new Map<string, number>();
    const problems: string[] = [];
    let requests = 0;
    const started = performance.now();
    for (const [n, route] of routes.entries()) {
      const samples = fc.sample(requestFor(ctx, route.method, route.path, route.op), {
        numRuns: perRoute,
        seed: seed + n,
      });
      for (const req of samples) {
        const { res, what } = await send(app, ctx, route, req);
        requests++;
        answered.set(answerKey(res), (answered.get(answerKey(res)) ?? 0) + 1);
        const problem = problemOf(res);
        if (problem) {
          problems.push(`${problem}: ${what}`);
          console.log(`PROBLEM ${problem}: ${what}`);
        }
        if (requests % 10_000 === 0) {
          console.log(
            `${String(requests)} requests, ${String(problems.length)} problems, ${((performance.now() - started) / 1000).toFixed(0)} s`,
          );
        }
      }
    }
    // Every route once more with a lone surrogate in each text, then malformed HTTP on a socket.
    for (const [n, route] of routes.entries()) {
      const samples = fc.sample(requestFor(ctx, route.method, route.path, route.op), {
        numRuns: 20,
        seed: seed + n,
      });
      for (const req of samples) {
        const { res, what } = await send(app, ctx, route, withLoneSurrogates(req));
        requests++;
        answered.set(answerKey(res), (answered.get(answerKey(res)) ?? 0) + 1);
        const problem = problemOf(res);
        if (problem) problems.push(`${problem}: ${what}`);
      }
    }
    await app.listen({ host: "127.0.0.1", port: 0 });
    const port = (app.server.address() as net.AddressInfo).port;
    for (const malformed of MALFORMED_HTTP) {
      const problem = rawProblemOf(await sendRaw(port, malformed.bytes));
      requests++;
      if (problem) problems.push(`${problem}: ${malformed.name}`);
    }
    const health = await app.inject({ method: "GET", url: "/api/health" });
    await app.close();
    const top = [...answered].sort((a, b) => b[1] - a[1]).slice(0, 15);
    console.log(
      `\n${String(requests)} requests over ${String(routes.length)} routes (seed ${String(seed)}) in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
    console.log(`answers: ${top.map(([k, c]) => `${k.trim()} x${String(c)}`).join(", ")}`);
    console.log(
      `5xx or malformed answers: ${String(problems.length)}; alive at the end: ${health.statusCode === 200 ? "yes" : `no (${String(health.statusCode)})`}`,
    );
    if (problems.length > 0 || health.statusCode !== 200) process.exitCode = 1;
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.main) await main();

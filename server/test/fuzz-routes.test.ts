// Every route of the OpenAPI document, fed hostile requests shaped by its own schemas (the generator
// is scripts/fuzz-routes.ts, which runs 100,000 of them): wrong types, empty, huge and unicode
// strings, negative and non-finite numbers, deep and bad JSON, missing and wrong headers, with a
// customer's, a staff member's, a forged, a malformed or no token. Whatever the input, the API
// answers below 500, in the error shape when it refuses, with the security headers, and is alive at
// the end. The slice is bounded by a fixed number of requests per route and a fixed seed.
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import net from "node:net";
import {
  answerKey,
  MALFORMED_HTTP,
  problemOf,
  rawProblemOf,
  requestFor,
  routesOf,
  send,
  sendRaw,
  withLoneSurrogates,
  type FuzzContext,
  type Schema,
} from "../../scripts/fuzz-routes.ts";
import { users } from "../src/db/schema/index.ts";
import { createSession } from "../src/repositories/sessions.ts";
import { freshPhone, loginWithPhone } from "./support/accounts.ts";
import { createTestApp, merchantId, type TestApp } from "./support/app.ts";

/** Requests per route: about 85 routes make about 1,700 requests per database (well under 60 s). */
const RUNS_PER_ROUTE = 20;

let t: TestApp;
let ctx: FuzzContext;

beforeAll(async () => {
  t = await createTestApp();
  const lavash = await merchantId(t, "lavash");
  const customer = await loginWithPhone(t, lavash, freshPhone());
  const [staff] = await t.db
    .insert(users)
    .values({ merchantId: lavash, phone: freshPhone(), firstName: "Fuzz", role: "STAFF" })
    .returning();
  if (!staff) throw new Error("staff user not created");
  const staffSession = await createSession(t.db, { merchantId: lavash, userId: staff.id, channel: "WEB" });
  const someUser = await t.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.merchantId, lavash))
    .limit(3);
  ctx = {
    lavash,
    ids: [lavash, customer.user.id, staff.id, ...someUser.map((u) => u.id)],
    tokens: { customer: customer.token, staff: staffSession.token },
    components:
      (t.app.swagger() as { components?: { schemas?: Record<string, Schema> } }).components?.schemas ?? {},
  };
});

afterAll(async () => {
  await t.close();
});

describe("every route under hostile input", () => {
  it("answers below 500, in the error shape when it refuses, with the security headers, and stays up", async () => {
    const routes = routesOf(t.app);
    expect(routes.length).toBeGreaterThan(60);
    let requests = 0;
    const answered = new Map<string, number>();
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(requestFor(ctx, route.method, route.path, route.op), async (req) => {
          requests += 1;
          const { res, what } = await send(t.app, ctx, route, req);
          answered.set(answerKey(res), (answered.get(answerKey(res)) ?? 0) + 1);
          expect(problemOf(res), what).toBeNull();
        }),
        { numRuns: RUNS_PER_ROUTE, seed: Number(process.env.FUZZ_SEED ?? 20261125), endOnFailure: true },
      );
    }
    expect(requests).toBeGreaterThan(routes.length * RUNS_PER_ROUTE * 0.9);
    // The requests got past the schemas into the handlers, not only refused at the door.
    const succeeded = [...answered].filter(([k]) => k.startsWith("2")).reduce((n, [, c]) => n + c, 0);
    expect(succeeded, JSON.stringify([...answered])).toBeGreaterThan(requests / 10);
    // And the server is alive at the end.
    expect((await t.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
  }, 120_000);
});

describe("every route with a lone surrogate in each text", () => {
  it("refuses it in the error shape, never with a 500", async () => {
    const routes = routesOf(t.app);
    let refused = 0;
    for (const [n, route] of routes.entries()) {
      const samples = fc.sample(requestFor(ctx, route.method, route.path, route.op), {
        numRuns: 4,
        seed: n + 1,
      });
      for (const req of samples) {
        const { res, what } = await send(t.app, ctx, route, withLoneSurrogates(req));
        expect(problemOf(res), what).toBeNull();
        if (res.statusCode === 400 && res.body.includes("unpaired surrogates")) refused += 1;
      }
    }
    // Refused for the surrogate itself (before the route's schema), not for something else.
    console.log(`refused for a lone surrogate: ${String(refused)} of ${String(routes.length * 4)}`);
    expect(refused).toBeGreaterThan(routes.length / 2);
  }, 120_000);
});

describe("malformed HTTP on a socket", () => {
  it("is answered 400 or 431 in the error shape", async () => {
    await t.app.listen({ host: "127.0.0.1", port: 0 });
    const port = (t.app.server.address() as net.AddressInfo).port;
    for (const malformed of MALFORMED_HTTP) {
      const answer = await sendRaw(port, malformed.bytes);
      expect(rawProblemOf(answer), `${malformed.name}: ${answer.slice(0, 300)}`).toBeNull();
    }
  });
});

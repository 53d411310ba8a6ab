// Click sign-in through the API: against a local HTTP endpoint that speaks the JSON-RPC
// (CLICK_API_URL), against the built-in fake of demo mode, and refused when neither exists.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { merchants, users } from "../src/db/schema/index.ts";
import { forgetTenants } from "../src/plugins/tenant.ts";
import { handleFakeClickRpc, openFakeClickSession } from "../src/fakes/fake-click.ts";
import { createTestApp, merchantId, type TestApp } from "./support/app.ts";

function must<T>(value: T | undefined): T {
  if (value === undefined) throw new Error("expected a row");
  return value;
}

const LAVASH_CLICK_TOKEN = "lavash-click-web-session-token";
let server: http.Server;
let rpcUrl = "";
let calls = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      calls += 1;
      const answer = handleFakeClickRpc(req.headers, Buffer.concat(chunks).toString("utf8"));
      res.writeHead(answer.status, { "content-type": "application/json" }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  rpcUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/jsonrpc`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

interface AuthBody {
  token: string;
  user: { id: string; phone: string | null; firstName: string | null; lastName: string | null };
  isPhoneVerificationRequired: boolean;
}

const clickLogin = (t: TestApp, merchant: string, webSession: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/click/v1/users/token",
    headers: { merchant },
    payload: { webSession },
  });

describe("with CLICK_API_URL (a real JSON-RPC endpoint)", () => {
  let t: TestApp;
  let lavash: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { CLICK_API_URL: rpcUrl } });
    lavash = await merchantId(t, "lavash");
    await t.db
      .update(merchants)
      .set({ clickWebSessionToken: LAVASH_CLICK_TOKEN })
      .where(eq(merchants.id, lavash));
    forgetTenants(t.db);
  });
  afterAll(async () => {
    await t.close();
  });

  it("exchanges the web_session for a session of the Click customer", async () => {
    const before = calls;
    const webSession = openFakeClickSession({
      profile: { userId: "91001", phone: "998935550101", firstName: "Dilnoza", lastName: "Yusupova" },
      token: LAVASH_CLICK_TOKEN,
      variant: "click",
    });
    const res = await clickLogin(t, lavash, webSession);
    expect(res.statusCode).toBe(200);
    const body = res.json<AuthBody>();
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.isPhoneVerificationRequired).toBe(false);
    expect(body.user).toMatchObject({ phone: "+998935550101", firstName: "Dilnoza", lastName: "Yusupova" });
    expect(calls).toBe(before + 1);

    // The other field-name variant maps to the same customer.
    const again = openFakeClickSession({
      profile: { userId: "91001", phone: "+998935550101", firstName: "Dilnoza", lastName: "Yusupova" },
      token: LAVASH_CLICK_TOKEN,
      variant: "generic",
    });
    expect((await clickLogin(t, lavash, again)).json<AuthBody>().user.id).toBe(body.user.id);
  });

  it("joins an existing account with the same phone", async () => {
    const existing = must(
      (
        await t.db
          .insert(users)
          .values({ merchantId: lavash, phone: "+998935550102", firstName: "Web" })
          .returning()
      )[0],
    );
    const webSession = openFakeClickSession({
      profile: { userId: "91002", phone: "998935550102", firstName: "Click", lastName: "Name" },
      token: LAVASH_CLICK_TOKEN,
      variant: "click",
    });
    const body = (await clickLogin(t, lavash, webSession)).json<AuthBody>();
    expect(body.user).toMatchObject({ id: existing.id, firstName: "Web", lastName: "Name" });
    const [row] = await t.db
      .select()
      .from(users)
      .where(and(eq(users.id, existing.id), eq(users.merchantId, lavash)));
    expect(row?.clickUserId).toBe("91002");
  });

  it("answers 401 CLICK_SESSION_INVALID for an unknown web_session", async () => {
    const res = await clickLogin(t, lavash, "3f1a7c9e-0000-4000-8000-000000000000");
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: "CLICK_SESSION_INVALID" });
  });

  it("answers 503 when Click refuses the merchant token, or the brand has none", async () => {
    const webSession = openFakeClickSession({
      profile: { userId: "91003", phone: "998935550103", firstName: "A", lastName: "B" },
      token: "a-token-of-another-merchant",
      variant: "click",
    });
    expect((await clickLogin(t, lavash, webSession)).json()).toMatchObject({
      status: 503,
      code: "CLICK_LOGIN_UNAVAILABLE",
    });
    const plov = await merchantId(t, "plov");
    await t.db.update(merchants).set({ clickWebSessionToken: null }).where(eq(merchants.id, plov));
    forgetTenants(t.db);
    expect((await clickLogin(t, plov, webSession)).json()).toMatchObject({
      status: 503,
      code: "CLICK_LOGIN_UNAVAILABLE",
    });
  });

  it("refuses a malformed web_session before calling Click", async () => {
    const before = calls;
    const res = await clickLogin(t, lavash, "<script>");
    expect(res.statusCode).toBe(400);
    expect(calls).toBe(before);
  });
});

describe("demo mode without CLICK_API_URL: the built-in fake", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("signs in with a session the harness opened", async () => {
    const launch = await t.app.inject({
      method: "POST",
      url: "/api/dev/click/launch",
      headers: { host: "localhost:5299" },
      payload: {
        sub: "lavash",
        profile: { userId: "92001", phone: "+998935550201", firstName: "Demo", lastName: "User" },
      },
    });
    expect(launch.statusCode).toBe(200);
    const {
      webSession,
      merchantId: lavash,
      url,
    } = launch.json<{ webSession: string; merchantId: string; url: string }>();
    expect(url).toMatch(/^http:\/\/lavash\.localhost:5299\/api\/dev\/click\/open\?/);
    const res = await clickLogin(t, lavash, webSession);
    expect(res.statusCode).toBe(200);
    expect(res.json<AuthBody>().user.phone).toBe("+998935550201");
  });

  it("serves the JSON-RPC endpoint itself", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/dev/click/rpc",
      headers: { authorization: "Bearer x", web_session: "00000000-0000-4000-8000-000000000000" },
      payload: { jsonrpc: "2.0", id: 1, method: "user.profile", params: {} },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      jsonrpc: "2.0",
      id: 1,
      error: { code: -32001, message: expect.stringMatching(/session/i) },
    });
    const unknown = await t.app.inject({
      method: "POST",
      url: "/api/dev/click/rpc",
      headers: { authorization: "Bearer x" },
      payload: { jsonrpc: "2.0", id: 2, method: "user.delete" },
    });
    expect(unknown.json()).toMatchObject({ error: { code: -32601 } });
  });

  it("sets Click's cookies on the brand origin and opens the storefront", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/dev/click/open?sub=lavash&web_session=3f1a7c9e-0000-4000-8000-000000000001&theme=dark&language=ru&via=cookie",
      headers: { host: "lavash.localhost:5299" },
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/");
    const cookies = ([] as string[]).concat(res.headers["set-cookie"] ?? []);
    expect(cookies.join("\n")).toMatch(/click-web-session=3f1a7c9e-0000-4000-8000-000000000001/);
    expect(cookies.join("\n")).toMatch(/click-theme=dark/);
    expect(cookies.join("\n")).toMatch(/click-language=ru/);
  });
});

describe("production without CLICK_API_URL", () => {
  it("answers 503 and has no fake endpoint", async () => {
    const t = await createTestApp({ env: { DEMO: "0", NODE_ENV: "production" } });
    try {
      const lavash = await merchantId(t, "lavash");
      const res = await clickLogin(t, lavash, "3f1a7c9e-0000-4000-8000-000000000002");
      expect(res.json()).toMatchObject({ status: 503, code: "CLICK_LOGIN_UNAVAILABLE" });
      const rpc = await t.app.inject({ method: "POST", url: "/api/dev/click/rpc", payload: {} });
      expect(rpc.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});

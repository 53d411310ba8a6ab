// The Click adapter against a local HTTP server that speaks the documented JSON-RPC (the demo's
// fake Click behind a real socket), plus the field mapping of both naming variants.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ClickError,
  fetchClickProfile,
  mapClickProfile,
  normaliseClickPhone,
} from "../src/integrations/click.ts";
import { handleFakeClickRpc, openFakeClickSession } from "../src/fakes/fake-click.ts";

const TOKEN = "merchant-click-token-1";
let server: http.Server;
let url = "";
let lastRequest: { headers: http.IncomingHttpHeaders; body: unknown } | null = null;
let mode: "fake" | "500" | "html" | "hang" = "fake";

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      lastRequest = { headers: req.headers, body: JSON.parse(text) as unknown };
      if (mode === "hang") return;
      if (mode === "500") {
        res.writeHead(500, { "content-type": "text/plain" }).end("boom");
        return;
      }
      if (mode === "html") {
        res.writeHead(200, { "content-type": "text/html" }).end("<html>maintenance</html>");
        return;
      }
      const answer = handleFakeClickRpc(req.headers, text);
      res.writeHead(answer.status, { "content-type": "application/json" }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/rpc`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const profile = { userId: "55001", phone: "+998 93 555 01 01", firstName: "Dilnoza", lastName: "Yusupova" };

async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ClickError) return error.failure;
    throw error;
  }
  return "resolved";
}

describe("field mapping", () => {
  it("reads phone_number/name/surname and phone/first_name/last_name", () => {
    expect(mapClickProfile({ client_id: 7, phone_number: "998935550101", name: "A", surname: "B" })).toEqual({
      clickUserId: "7",
      phone: "+998935550101",
      firstName: "A",
      lastName: "B",
    });
    expect(
      mapClickProfile({ user_id: "x1", phone: "+998935550101", first_name: "A", last_name: "B" }),
    ).toEqual({
      clickUserId: "x1",
      phone: "+998935550101",
      firstName: "A",
      lastName: "B",
    });
    expect(mapClickProfile({ profile: { id: 3, phone: "935550101" } })).toMatchObject({
      clickUserId: "3",
      phone: "+998935550101",
    });
  });

  it("takes a custom mapping", () => {
    const map = { clickUserId: ["uid"], phone: ["msisdn"], firstName: ["given"], lastName: ["family"] };
    expect(mapClickProfile({ uid: 1, msisdn: "998935550101", given: "G", family: "F" }, map)).toEqual({
      clickUserId: "1",
      phone: "+998935550101",
      firstName: "G",
      lastName: "F",
    });
  });

  it("normalises phones", () => {
    expect(normaliseClickPhone("+998 (93) 555-01-01")).toBe("+998935550101");
    expect(normaliseClickPhone("935550101")).toBe("+998935550101");
    expect(normaliseClickPhone("12")).toBeUndefined();
    expect(normaliseClickPhone(undefined)).toBeUndefined();
  });
});

describe("user.profile over HTTP", () => {
  it("sends JSON-RPC 2.0 with the bearer token and the web_session header", async () => {
    mode = "fake";
    const webSession = openFakeClickSession({ profile, token: TOKEN, variant: "click" });
    const result = await fetchClickProfile(webSession, { url, token: TOKEN });
    expect(result).toEqual({
      clickUserId: "55001",
      phone: "+998935550101",
      firstName: "Dilnoza",
      lastName: "Yusupova",
    });
    expect(lastRequest?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(lastRequest?.headers.web_session).toBe(webSession);
    expect(lastRequest?.body).toEqual({
      jsonrpc: "2.0",
      id: expect.any(Number),
      method: "user.profile",
      params: {},
    });
  });

  it("maps the other naming variant to the same profile", async () => {
    mode = "fake";
    const webSession = openFakeClickSession({ profile, token: TOKEN, variant: "generic" });
    expect(await fetchClickProfile(webSession, { url, token: TOKEN })).toEqual({
      clickUserId: "55001",
      phone: "+998935550101",
      firstName: "Dilnoza",
      lastName: "Yusupova",
    });
  });

  it("tells an unknown session from a refused merchant token", async () => {
    mode = "fake";
    expect(
      await failure(fetchClickProfile("00000000-0000-4000-8000-000000000000", { url, token: TOKEN })),
    ).toBe("SESSION_INVALID");
    const webSession = openFakeClickSession({ profile, token: TOKEN, variant: "click" });
    expect(await failure(fetchClickProfile(webSession, { url, token: "someone-else" }))).toBe("UNAUTHORIZED");
    expect(await failure(fetchClickProfile("bad session!", { url, token: TOKEN }))).toBe("SESSION_INVALID");
  });

  it("reports an endpoint that fails, answers HTML, hangs or is down as unavailable", async () => {
    const webSession = openFakeClickSession({ profile, token: TOKEN, variant: "click" });
    mode = "500";
    expect(await failure(fetchClickProfile(webSession, { url, token: TOKEN }))).toBe("UNAVAILABLE");
    mode = "html";
    expect(await failure(fetchClickProfile(webSession, { url, token: TOKEN }))).toBe("UNAVAILABLE");
    mode = "hang";
    expect(await failure(fetchClickProfile(webSession, { url, token: TOKEN, timeoutMs: 200 }))).toBe(
      "UNAVAILABLE",
    );
    mode = "fake";
    expect(
      await failure(fetchClickProfile(webSession, { url: "http://127.0.0.1:9/rpc", token: TOKEN })),
    ).toBe("UNAVAILABLE");
  });
});

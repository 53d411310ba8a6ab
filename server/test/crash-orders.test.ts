import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { crashOrders } from "../../scripts/crash-orders.ts";
import { FakeIiko } from "../src/fakes/fake-iiko.ts";
import { backend } from "./support/db.ts";
import { ADMIN_URL } from "./support/pg.ts";

const API_LOGIN = "crash-test-iiko-login";
const ORG = "0b7a3a8e-4444-4c2d-9a1e-5f0000000001";
const TERMINAL = "0b7a3a8e-4444-4c2d-9a1e-5f0000000002";

// The kitchen's iiko outlives the server: the fake iiko answers over HTTP from this process, as the
// real one would from its own.
const iiko = new FakeIiko();
iiko.addAccount(API_LOGIN, {
  organization: { id: ORG, name: "Crash kitchen" },
  terminalGroups: [{ id: TERMINAL, name: "Crash kitchen 1" }],
});
const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    const headers = Object.fromEntries(
      Object.entries(req.headers).flatMap(([k, v]) => (typeof v === "string" ? [[k, v]] : [])),
    );
    void iiko.handle(req.url ?? "/", headers, Buffer.concat(chunks).toString()).then((answer) => {
      res.writeHead(answer.status, { "content-type": "application/json" }).end(answer.body);
    });
  });
});
let iikoUrl = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  iikoUrl = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

// The bounded version of scripts/crash-orders.ts (200 orders there): real server processes, so
// generous time-outs on a machine shared with the other test files.
describe("a server killed with SIGKILL while it takes orders", { timeout: 150_000 }, () => {
  it("loses no acknowledged order and duplicates no Idempotency-Key once it is started again; the kitchen's iiko gets every order exactly once", async () => {
    const result = await crashOrders({
      backend,
      orders: 40,
      concurrency: 8,
      seed: 17,
      adminUrl: ADMIN_URL,
      // The run's migrated database with the demo brands, copied: no migrating or importing here.
      template: inject("testDbDemoSource"),
      kitchen: {
        url: iikoUrl,
        apiLogin: API_LOGIN,
        organizationId: ORG,
        terminalGroupId: TERMINAL,
        sells: (id) => {
          iiko.addProducts(API_LOGIN, [id]);
        },
        drained: async (numbers) => {
          await expect
            .poll(
              () => {
                const held = new Set(iiko.ordersOf(ORG).map((o) => o.externalNumber));
                return numbers.filter((n) => !held.has(String(n))).length;
              },
              { timeout: 60_000, interval: 250 },
            )
            .toBe(0);
        },
      },
    });
    expect(result.acknowledgedBeforeKill).toBeGreaterThan(0);
    expect(result).toMatchObject({
      missing: 0,
      duplicateKeys: 0,
      changedAnswers: 0,
      ordersInDatabase: 40,
      kitchenSent: 40,
    });
    // iiko holds each order once (a send whose answer the kill lost is refused as a duplicate).
    const numbers = iiko.ordersOf(ORG).map((o) => o.externalNumber);
    expect(numbers).toHaveLength(40);
    expect(new Set(numbers).size).toBe(40);
  });
});

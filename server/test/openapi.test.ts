import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openApiJson } from "../src/openapi.ts";
import { createTestApp, type TestApp } from "./support/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: false, env: { NODE_ENV: "production", DEMO: "0" } });
});
afterAll(async () => {
  await t.close();
});

describe("the OpenAPI document", () => {
  it("committed in docs/openapi.json matches the routes (run npm run openapi after changing one)", () => {
    const committed = fs.readFileSync(path.resolve(import.meta.dirname, "../../docs/openapi.json"), "utf8");
    expect(committed).toBe(openApiJson(t.app));
  });

  it("declares a response schema for every route", () => {
    const doc = t.app.swagger() as {
      paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
    };
    const missing = Object.entries(doc.paths).flatMap(([url, methods]) =>
      Object.entries(methods)
        .filter(([, op]) => !op.responses || !Object.keys(op.responses).some((s) => s.startsWith("2")))
        .map(([method]) => `${method.toUpperCase()} ${url}`),
    );
    expect(missing).toEqual([]);
  });

  it("is not served when demo mode is off in production", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(res.statusCode).toBe(404);
  });
});

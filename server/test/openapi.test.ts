import fs from "node:fs";
import path from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
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

  it("is a valid OpenAPI document for client generators", async () => {
    const validator = new Validator();
    const spec = z.record(z.string(), z.unknown()).parse(JSON.parse(openApiJson(t.app)));
    const result = await validator.validate(spec);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("resolves every $ref to a schema in the document", () => {
    const doc: unknown = JSON.parse(openApiJson(t.app));
    const refs = new Set<string>();
    const collect = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(collect);
      else if (node !== null && typeof node === "object") {
        for (const [key, value] of Object.entries(node)) {
          if (key === "$ref" && typeof value === "string") refs.add(value);
          else collect(value);
        }
      }
    };
    collect(doc);
    // A JSON pointer into the document itself: "#/components/schemas/Order".
    const resolve = (ref: string): unknown =>
      ref
        .replace(/^#\//, "")
        .split("/")
        .map((part) => part.replaceAll("~1", "/").replaceAll("~0", "~"))
        .reduce<unknown>(
          (node, part) =>
            node !== null && typeof node === "object"
              ? Object.entries(node).find(([key]) => key === part)?.[1]
              : undefined,
          doc,
        );
    expect(refs.size).toBeGreaterThan(20);
    const unresolved = [...refs].filter((ref) => !ref.startsWith("#/") || resolve(ref) === undefined);
    expect(unresolved).toEqual([]);
  });

  it("is not served when demo mode is off in production", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(res.statusCode).toBe(404);
  });
});

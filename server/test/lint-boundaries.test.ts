// The lint rule that keeps table queries out of the routes is real: it fails a route that imports the
// schema or drizzle-orm, and lets a repository do so. Linted with the project's own eslint.config.js
// (type-aware rules off, so a file that does not exist on disk can be linted in milliseconds).
import fs from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";

const root = path.join(import.meta.dirname, "../..");
const eslint = new ESLint({ cwd: root, overrideConfig: tseslint.configs.disableTypeChecked });

async function restrictedImports(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
}

const querying = [
  'import { eq } from "drizzle-orm";',
  'import { users } from "../../db/schema/index.ts";',
  "export const byId = (id: string) => eq(users.id, id);",
  "",
].join("\n");

describe("the routes/repositories boundary", () => {
  it("fails a route that imports the schema or drizzle-orm", async () => {
    const messages = await restrictedImports(querying, "server/src/routes/x/fake.ts");
    expect(messages).toHaveLength(2);
    expect(messages.every((m) => m.includes("server/src/repositories"))).toBe(true);
  });

  it("lets a repository query tables", async () => {
    expect(await restrictedImports(querying, "server/src/repositories/fake.ts")).toEqual([]);
  });
});

async function layerErrors(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === "import-x/no-restricted-paths")
    .map((m) => m.message);
}

describe("the client's layers", () => {
  it("fail a generic helper that imports shared state, and platform code that imports lib", async () => {
    const lib = await layerErrors(
      'import { getSession } from "../shared/session/session.ts";\n',
      "src/lib/fake.ts",
    );
    expect(lib).toEqual([expect.stringContaining("lib, platform and components are generic")]);
    const platform = await layerErrors(
      'import { api } from "../lib/api-client.ts";\n',
      "src/platform/fake.ts",
    );
    expect(platform).toEqual([expect.stringContaining("platform talks to the host only")]);
  });

  it("fail a feature that imports another feature or the app shell, and shared code that imports a feature", async () => {
    const feature = await layerErrors(
      'import { getOrders } from "../orders/api/get-orders.ts";\nimport { routes } from "../../app/routes.tsx";\n',
      "src/features/menu/fake.ts",
    );
    expect(feature).toHaveLength(2);
    const shared = await layerErrors(
      'import { getOrders } from "../../features/orders/api/get-orders.ts";\n',
      "src/shared/basket/fake.ts",
    );
    expect(shared).toEqual([expect.stringContaining("shared modules serve features")]);
  });

  it("let a feature use its own files, shared modules, lib and domain", async () => {
    const code = [
      'import { useOrders } from "./api/get-orders.ts";',
      'import { useBasket } from "../../shared/basket/basket.ts";',
      'import { api } from "../../lib/api-client.ts";',
      'import { toMinor } from "../../domain/money.ts";',
      "",
    ].join("\n");
    expect(await layerErrors(code, "src/features/orders/fake.ts")).toEqual([]);
  });
});

describe("the staff console's zone", () => {
  it("fails the console importing a storefront feature", async () => {
    const staff = await layerErrors(
      'import { getOrders } from "../features/orders/api/get-orders.ts";\n',
      "src/staff/fake.ts",
    );
    expect(staff).toEqual([expect.stringContaining("The staff console is a second app")]);
  });

  it("fails a feature importing the console", async () => {
    const feature = await layerErrors(
      'import { StaffApp } from "../../staff/staff-app.tsx";\n',
      "src/features/menu/fake.ts",
    );
    expect(feature).toEqual([expect.stringContaining("Nothing outside the staff console imports it")]);
  });

  it("lets the console use shared, lib and domain, and the global stylesheet", async () => {
    const code = [
      'import "../app/styles.css";',
      'import { ORDER_STATUS_LABELS } from "../shared/orders/status-labels.ts";',
      'import { api } from "../lib/api-client.ts";',
      'import { toMinor } from "../domain/money.ts";',
      "",
    ].join("\n");
    expect(await layerErrors(code, "src/staff/fake.ts")).toEqual([]);
  });
});

describe("the server's layers in the editor", () => {
  it("fail a repository that imports a service, and a service that imports a fake", async () => {
    const repository = await layerErrors(
      'import { placeOrder } from "../services/orders/service.ts";\n',
      "server/src/repositories/fake.ts",
    );
    expect(repository).toEqual([expect.stringContaining("Repositories read and write tables")]);
    const service = await layerErrors(
      'import { fakeStandIns } from "../../fakes/stand-ins.ts";\n',
      "server/src/services/payments/fake.ts",
    );
    expect(service).toContainEqual(expect.stringContaining("Production code imports no fake"));
  });

  it("let a service use repositories, integrations and lib", async () => {
    const code = [
      'import { findOrder } from "../../repositories/orders.ts";',
      'import { clickMerchant } from "../../integrations/click-merchant.ts";',
      'import { AppError } from "../../lib/errors.ts";',
      "",
    ].join("\n");
    expect(await layerErrors(code, "server/src/services/orders/fake.ts")).toEqual([]);
  });
});

// The dependency check itself (`npm run depcheck`), run through dependency-cruiser's API on a file
// planted in the tree for the test and removed after it: only its own imports are judged.
describe("the server's layers in the dependency check", () => {
  const planted = async (file: string, code: string): Promise<string[]> => {
    const [{ cruise }, { default: extractDepcruiseOptions }, { default: extractTSConfig }] =
      await Promise.all([
        import("dependency-cruiser"),
        import("dependency-cruiser/config-utl/extract-depcruise-options"),
        import("dependency-cruiser/config-utl/extract-ts-config"),
      ]);
    const absolute = path.join(root, file);
    fs.writeFileSync(absolute, code);
    const cwd = process.cwd();
    try {
      process.chdir(root);
      const options = await extractDepcruiseOptions("./.dependency-cruiser.cjs");
      const result = await cruise([file], { ...options, maxDepth: 1 }, undefined, {
        tsConfig: extractTSConfig("tsconfig.json"),
      });
      if (typeof result.output === "string") throw new Error("expected a cruise result");
      return result.output.summary.violations.filter((v) => v.from === file).map((v) => v.rule.name);
    } finally {
      process.chdir(cwd);
      fs.rmSync(absolute, { force: true });
    }
  };
  const name = (layer: string) => `server/src/${layer}/planted-${String(process.pid)}.ts`;

  it("fails a repository that imports a service", async () => {
    const rules = await planted(
      name("repositories"),
      'import { placeOrder } from "../services/orders/service.ts";\nexport const x = placeOrder;\n',
    );
    expect(rules).toContain("repositories-import-no-higher-layer");
  });

  it("fails a route that imports a repository or the schema", async () => {
    const rules = await planted(
      name("routes"),
      [
        'import { findOrder } from "../repositories/orders.ts";',
        'import { orders } from "../db/schema/index.ts";',
        "export const x = [findOrder, orders];",
        "",
      ].join("\n"),
    );
    expect(rules).toEqual(
      expect.arrayContaining(["routes-speak-http-only", "only-repositories-query-tables"]),
    );
  });

  it("fails a service that imports a fake, and lets it use a repository", async () => {
    const rules = await planted(
      name("services"),
      [
        'import { fakeStandIns } from "../fakes/stand-ins.ts";',
        'import { findOrder } from "../repositories/orders.ts";',
        "export const x = [fakeStandIns, findOrder];",
        "",
      ].join("\n"),
    );
    expect([...new Set(rules)].sort()).toEqual([
      "production-code-imports-no-fake",
      "services-import-no-higher-layer",
    ]);
  });

  it("fails an adapter that imports service code, and lets it implement a port", async () => {
    const rules = await planted(
      name("integrations"),
      [
        'import { placeOrder } from "../services/orders/service.ts";',
        'import type { StandIns } from "../services/stand-ins.ts";',
        "export const x: [typeof placeOrder, StandIns | null] = [placeOrder, null];",
        "",
      ].join("\n"),
    );
    expect(rules).toEqual(["integrations-import-only-the-ports"]);
  });
});

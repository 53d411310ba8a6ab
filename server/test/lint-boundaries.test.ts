// The lint rule that keeps table queries out of the routes is real: it fails a route that imports the
// schema or drizzle-orm, and lets a repository do so. Linted with the project's own eslint.config.js
// (type-aware rules off, so a file that does not exist on disk can be linted in milliseconds).
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

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

// A brand's first steps (issue 36): one command makes an empty brand with its name and bot token and
// its first owner, who then reaches the back office; on the embedded database it works while the
// server runs (the server runs it for the command), and a refused command writes nothing.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runDatabaseCommand } from "../src/cli/staff-db-commands.ts";
import { merchants } from "../src/db/schema/index.ts";
import { backend } from "./support/db.ts";
import { createTestApp, merchantId, type TestApp } from "./support/app.ts";

const SERVER = path.resolve(import.meta.dirname, "../src/server.ts");
const STAFF_CLI = path.resolve(import.meta.dirname, "../src/cli/staff.ts");
const BOT_TOKEN = "7001234567:AAHk3-demo-bot-token-for-a-new-brand";

async function run(t: TestApp, args: string[]) {
  const lines: string[] = [];
  const errors: string[] = [];
  const code = await runDatabaseCommand(t.db, args, {
    out: (l) => lines.push(l),
    err: (l) => errors.push(l),
  });
  return { code, out: lines.join("\n"), err: errors.join("\n") };
}

const tokenIn = (text: string) => /SAVAT_TOKEN=(\S+)/.exec(text)?.[1];

describe("a new brand from one command", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demo: false });
  }, 60_000);
  afterAll(async () => {
    await t.app.close();
    await t.close();
  });

  it("is empty but open: its owner reaches the back office, its storefront answers an empty menu", async () => {
    const made = await run(t, [
      "new-brand",
      "bahor",
      "Cafe Bahor",
      "--owner",
      "+998901112233",
      "--bot-token",
      BOT_TOKEN,
    ]);
    expect(made.err).toBe("");
    expect(made.code).toBe(0);
    expect(made.out).toContain('created the brand "Cafe Bahor" (bahor');
    expect(made.out).toContain("role: owner");
    const id = await merchantId(t, "bahor");
    const [row] = await t.db.select().from(merchants).where(eq(merchants.id, id));
    expect(row?.name).toEqual({ uz: "Cafe Bahor", ru: "Cafe Bahor", eng: "Cafe Bahor" });
    expect(row?.telegramBotToken).toBe(BOT_TOKEN);

    const headers = { merchant: id, authorization: `Bearer ${tokenIn(made.out) ?? ""}` };
    const products = await t.app.inject({ method: "GET", url: "/api/staff/v1/products", headers });
    expect(products.statusCode).toBe(200);
    expect(products.json()).toEqual([]);
    const file = await t.app.inject({ method: "GET", url: "/api/staff/v1/brand-file", headers });
    expect(file.statusCode).toBe(200);
    expect(file.body).not.toContain(BOT_TOKEN);

    const menu = await t.app.inject({
      method: "GET",
      url: "/api/products/v1/overalls?type=WEB",
      headers: { merchant: id },
    });
    expect(menu.statusCode).toBe(200);
    expect(menu.json<{ products: unknown[] }>().products).toEqual([]);
  });

  it("refuses a sub that is taken, a bad phone and a bad bot token, writing nothing", async () => {
    const before = await t.db.select({ id: merchants.id }).from(merchants);
    const taken = await run(t, ["new-brand", "bahor", "Another", "--owner", "+998901112299"]);
    expect(taken.code).toBe(1);
    expect(taken.err).toContain('the brand "bahor" exists already');
    const phone = await run(t, ["new-brand", "lola", "Lola", "--owner", "90 111 22 33"]);
    expect(phone.code).toBe(1);
    expect(phone.err).toContain("E.164");
    const token = await run(t, [
      "new-brand",
      "lola",
      "Lola",
      "--owner",
      "+998901112299",
      "--bot-token",
      "nope",
    ]);
    expect(token.code).toBe(1);
    expect(token.err).toContain("must look like a bot token");
    expect(await t.db.select({ id: merchants.id }).from(merchants)).toHaveLength(before.length);
  });
});

// The embedded database is one process's; against PostgreSQL the command opens its own connection.
describe.skipIf(backend === "postgres")(
  "the first owner while the embedded server runs",
  { timeout: 120_000 },
  () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "savat-owner-"));
    let server: ReturnType<typeof spawn> | undefined;
    afterAll(() => {
      server?.kill("SIGKILL");
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it("is made by the command without stopping the server, and signs in on that server", async () => {
      const env = {
        PATH: process.env.PATH ?? "",
        DATA_DIR: dataDir,
        PORT: "0",
        HOST: "127.0.0.1",
        DEMO: "0",
        LOG_LEVEL: "info",
      };
      server = spawn(process.execPath, [SERVER], { env, stdio: ["ignore", "pipe", "pipe"] });
      let log = "";
      server.stdout?.on("data", (chunk: Buffer) => (log += chunk.toString()));
      server.stderr?.on("data", (chunk: Buffer) => (log += chunk.toString()));
      const deadline = Date.now() + 90_000;
      while (!log.includes('"msg":"ready"')) {
        if (Date.now() > deadline) throw new Error(`the server did not start: ${log}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      const port = Number(/"port":(\d+)/.exec(log.slice(log.indexOf('"msg":"ready"') - 300))?.[1]);

      const cli = spawn(
        process.execPath,
        [STAFF_CLI, "new-brand", "navruz", "Navruz Kebab", "--owner", "+998907776655"],
        {
          env,
          stdio: ["ignore", "pipe", "pipe"],
        },
      );
      let out = "";
      cli.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
      cli.stderr.on("data", (chunk: Buffer) => (out += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => cli.on("exit", resolve));
      expect(out).toContain('created the brand "Navruz Kebab"');
      expect(code).toBe(0);

      const base = `http://127.0.0.1:${String(port)}/api`;
      const merchant = (await (await fetch(`${base}/users/v1/merchants/sub/navruz`)).json()) as {
        id: string;
      };
      const res = await fetch(`${base}/staff/v1/products`, {
        headers: { merchant: merchant.id, authorization: `Bearer ${tokenIn(out) ?? ""}` },
      });
      expect(res.status).toBe(200);
      expect(server.exitCode).toBeNull();
    });
  },
);

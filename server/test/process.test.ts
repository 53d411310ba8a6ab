import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { backend } from "./support/db.ts";

const SERVER = path.resolve(import.meta.dirname, "../src/server.ts");

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function start(dataDir: string): Started {
  let output = "";
  const child = spawn(process.execPath, [SERVER], {
    env: { PATH: process.env.PATH ?? "", DATA_DIR: dataDir, PORT: "0", DEMO: "0", LOG_LEVEL: "info" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => {
    child.on("exit", resolve);
  });
  return { child, output: () => output, exited };
}

async function until(check: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 50));
  }
}

function listing(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .map((d) => {
      const full = path.join(d.parentPath, d.name);
      return `${full}:${d.isFile() ? fs.statSync(full).size : "dir"}`;
    })
    .sort();
}

// The embedded database is what the lock protects; against PostgreSQL there is nothing to lock.
// Real processes on a 2-core machine shared with the other test files: generous time-outs.
describe.skipIf(backend === "postgres")(
  "the server process on the embedded database",
  { timeout: 90_000 },
  () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "savat-lock-"));
    const running: ChildProcess[] = [];
    afterAll(() => {
      for (const child of running) child.kill("SIGKILL");
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it("refuses a second server on the same DATA_DIR at once, touching nothing, and stops cleanly", async () => {
      const first = start(dataDir);
      running.push(first.child);
      await until(() => first.output().includes('"msg":"ready"'), 60_000);
      const lockFile = path.join(dataDir, "server.lock");
      expect(fs.readFileSync(lockFile, "utf8")).toBe(String(first.child.pid));
      const before = listing(dataDir);

      const second = start(dataDir);
      running.push(second.child);
      const began = Date.now();
      expect(await second.exited).toBe(1);
      expect(Date.now() - began).toBeLessThan(10_000);
      expect(second.output()).toContain(`is in use by another Savat process (pid ${first.child.pid})`);
      expect(listing(dataDir)).toEqual(before);
      expect(fs.readFileSync(lockFile, "utf8")).toBe(String(first.child.pid));

      first.child.kill("SIGTERM");
      expect(await first.exited).toBe(0);
      expect(first.output()).toContain('"msg":"stopping"');
      expect(fs.existsSync(lockFile)).toBe(false);
    });

    it("takes over a lock left by a process that no longer runs", async () => {
      fs.writeFileSync(path.join(dataDir, "server.lock"), "999999999");
      const again = start(dataDir);
      running.push(again.child);
      await until(() => again.output().includes('"msg":"ready"'), 60_000);
      again.child.kill("SIGTERM");
      expect(await again.exited).toBe(0);
    });

    it("exits with a clear message when REDIS_URL names a Redis that does not answer", async () => {
      const child = spawn(process.execPath, [SERVER], {
        env: {
          PATH: process.env.PATH ?? "",
          DATA_DIR: dataDir,
          PORT: "0",
          DEMO: "0",
          REDIS_URL: "redis://:secret@127.0.0.1:1",
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let err = "";
      child.stderr.on("data", (c: Buffer) => (err += c.toString()));
      const code = await new Promise<number | null>((resolve) => {
        child.on("exit", resolve);
      });
      expect(code).toBe(1);
      expect(err).toContain("Cannot reach Redis at REDIS_URL=redis://:***@127.0.0.1:1");
      expect(err).toContain("ECONNREFUSED");
      expect(err).not.toContain("secret");
      // The data directory was given back.
      expect(fs.existsSync(path.join(dataDir, "server.lock"))).toBe(false);
    });

    it("exits with a clear message on a bad configuration", async () => {
      const child = spawn(process.execPath, [SERVER], {
        env: { PATH: process.env.PATH ?? "", PORT: "eighty", DATA_DIR: dataDir },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let err = "";
      child.stderr.on("data", (c: Buffer) => (err += c.toString()));
      const code = await new Promise<number | null>((resolve) => {
        child.on("exit", resolve);
      });
      expect(code).toBe(1);
      expect(err).toContain('PORT="eighty": must be a number');
    });
  },
);

// Backups you can restore, for either database the server runs on:
//   npm run backup -- <file>    PostgreSQL (DATABASE_URL): pg_dump's custom format, taken while the
//                               servers run (one consistent snapshot); the embedded database
//                               (DATA_DIR): a copy of its data directory, with the server stopped
//                               (its lock refuses a running one).
//   npm run restore -- <file>   into an empty database: a new PostgreSQL database (DATABASE_URL), or
//                               a new DATA_DIR. Start the server on it afterwards; migrations newer
//                               than the backup are applied at start as usual.
// pg_dump and pg_restore come with PostgreSQL's client package (Debian: postgresql-client).
import { spawn } from "node:child_process";
import fs from "node:fs";
import pg from "pg";
import { dumpPglite, restorePglite } from "../db/client.ts";
import { DataDirLockedError } from "../db/data-dir-lock.ts";

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "inherit", "inherit"] });
    child.on("error", (error) => {
      reject(new Error(`${command} could not start (${error.message}): install PostgreSQL's client tools`));
    });
    child.on("close", (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} exited with ${String(code)}`));
    });
  });
}

/** A database that already has Savat's tables is not overwritten: restore into a new one. */
async function assertEmptyPostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ found: string | null }>(
      "select to_regclass('public.merchants')::text as found",
    );
    if (rows[0]?.found)
      throw new Error("the target database already has Savat's tables: restore into a new one");
  } finally {
    await client.end();
  }
}

export async function backup(env: NodeJS.ProcessEnv, file: string): Promise<void> {
  if (env.DATABASE_URL) {
    await run("pg_dump", [
      "--format=custom",
      "--no-owner",
      "--no-privileges",
      `--file=${file}`,
      env.DATABASE_URL,
    ]);
    return;
  }
  const dump = await dumpPglite(env.DATA_DIR ?? ".data");
  await fs.promises.writeFile(file, Buffer.from(await dump.arrayBuffer()));
}

export async function restore(env: NodeJS.ProcessEnv, file: string): Promise<void> {
  if (!fs.existsSync(file)) throw new Error(`${file} does not exist`);
  if (env.DATABASE_URL) {
    await assertEmptyPostgres(env.DATABASE_URL);
    await run("pg_restore", [
      "--no-owner",
      "--no-privileges",
      "--exit-on-error",
      "--single-transaction",
      `--dbname=${env.DATABASE_URL}`,
      file,
    ]);
    return;
  }
  await restorePglite(env.DATA_DIR ?? ".data", new Blob([await fs.promises.readFile(file)]));
}

if (import.meta.main) {
  const [command, file] = process.argv.slice(2);
  if ((command !== "backup" && command !== "restore") || !file) {
    fail("usage: node server/src/cli/backup.ts backup|restore <file>  (DATABASE_URL, else DATA_DIR)");
  }
  try {
    if (command === "backup") await backup(process.env, file);
    else await restore(process.env, file);
    process.stdout.write(`${command === "backup" ? "Backed up to" : "Restored from"} ${file}\n`);
  } catch (error) {
    if (error instanceof DataDirLockedError) fail(`${error.message}\nStop the server first.`);
    fail(error instanceof Error ? error.message : String(error));
  }
}

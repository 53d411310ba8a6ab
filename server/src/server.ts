import { buildApp } from "./app.ts";
import { ConfigError, loadConfig, type Config } from "./config.ts";
import { openDatabase, type Database } from "./db/client.ts";
import { DataDirLockedError } from "./db/data-dir-lock.ts";
import { demoBanner } from "./demo-banner.ts";
import { importDemoBrands } from "./import/demo.ts";

// Runs the app: configuration, database, listen, and a clean stop on SIGINT/SIGTERM.
const started = performance.now();

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

function loadOrFail(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}
const config = loadOrFail();

async function openOrFail(): Promise<Database> {
  try {
    return await openDatabase(config, { migrate: true });
  } catch (error) {
    if (error instanceof DataDirLockedError) fail(error.message);
    throw error;
  }
}
const database = await openOrFail();

if (config.demo) await importDemoBrands(database.db, { onlyWhenEmpty: true });

const app = await buildApp({ config, database });

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, "stopping");
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  try {
    await app.close();
  } finally {
    await database.close();
  }
  process.exit(0);
}
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  await database.close();
  fail(`Cannot listen on ${config.host}:${config.port}: ${(error as Error).message}`);
}

const address = app.server.address();
const port = typeof address === "object" && address ? address.port : config.port;
app.log.info(
  { ms: Math.round(performance.now() - started), database: database.kind, demo: config.demo, port },
  "ready",
);
if (config.demo) process.stderr.write(await demoBanner(database.db, port));

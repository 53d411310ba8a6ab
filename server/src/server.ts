import { ConfigError, loadConfig, type Config } from "./config.ts";
import { openDatabase, type Database } from "./db/client.ts";
import { DataDirLockedError } from "./db/data-dir-lock.ts";
import { openRedis, RedisUnreachableError, watchRedis, type Redis } from "./lib/redis.ts";

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

// The app's module graph loads once the data directory is ours: a second server on the same
// DATA_DIR is refused without waiting for it (seconds on a loaded machine).
const { buildApp } = await import("./app.ts");
const { demoBanner } = await import("./demo-banner.ts");
const { importDemoBrands } = await import("./import/demo.ts");
const { ensureDemoOwners } = await import("./services/staff/access.ts");
const { warmUp } = await import("./warm-up.ts");
const { listenAdminSocket } = await import("./lib/admin-socket.ts");
const { runDatabaseCommand } = await import("./cli/staff-db-commands.ts");

async function redisOrFail(): Promise<Redis | undefined> {
  if (config.redisUrl === undefined) return undefined;
  try {
    return await openRedis(config.redisUrl);
  } catch (error) {
    if (error instanceof RedisUnreachableError) {
      await database.close();
      fail(error.message);
    }
    throw error;
  }
}
const redis = await redisOrFail();

if (config.demo) await importDemoBrands(database.db, { onlyWhenEmpty: true });
// A newcomer signs in to each demo brand's back office as its owner, with the phone the banner prints.
const demoOwners = config.demo ? await ensureDemoOwners(database.db) : [];

// The fakes (demo and development mode only) come from the wiring, loaded only then.
const fakes = config.harness ? (await import("./dev-wiring.ts")).fakesFor(config) : {};
const app = await buildApp({ config, database, redis, ...fakes });
if (redis) watchRedis(redis, app.log);
if (config.geocoder === "nominatim" && config.nominatimUrl === undefined && !config.gazetteerAllowed) {
  app.log.warn(
    "no NOMINATIM_URL: address search and reverse geocoding answer GEOCODER_UNAVAILABLE, and customers type the street and house",
  );
}

/** What a stop may take after the drain before the process gives up on the stragglers. */
const CLOSE_TIMEOUT_MS = 10_000;

// A stop (SIGTERM from the orchestrator, Ctrl-C): the readiness check fails at once and, after
// SHUTDOWN_DRAIN_MS (the load balancer's time to notice), the server stops accepting, ends the
// live order streams with a reconnection hint, finishes every request in flight (an order being
// placed included), then closes the database pool and Redis and exits 0.
let stopping = false;
let closeAdminSocket: (() => Promise<void>) | undefined;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  app.lifecycle.draining = true;
  app.log.info({ signal, drainMs: config.shutdownDrainMs }, "stopping");
  const force = setTimeout(() => {
    app.log.error("requests still running after the stop timeout; exiting anyway");
    process.exit(1);
  }, config.shutdownDrainMs + CLOSE_TIMEOUT_MS);
  force.unref();
  if (config.shutdownDrainMs > 0) await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
  try {
    await closeAdminSocket?.();
    await app.close();
  } finally {
    await database.close();
    await redis?.quit().catch(() => undefined);
  }
  app.log.info("stopped");
  process.exit(0);
}
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));

// Warm before listening: a process is ready (and the balancer sends it customers) once it is warm.
await warmUp(app);

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  await database.close();
  redis?.disconnect();
  fail(`Cannot listen on ${config.host}:${config.port}: ${(error as Error).message}`);
}

// The embedded database is this process's alone: `npm run staff -- grant|revoke|new-brand` asks it.
if (database.kind === "pglite") {
  closeAdminSocket = await listenAdminSocket(config.dataDir, (args, io) =>
    runDatabaseCommand(database.db, args, io),
  );
}

const address = app.server.address();
const port = typeof address === "object" && address ? address.port : config.port;
app.log.info(
  { ms: Math.round(performance.now() - started), database: database.kind, demo: config.demo, port },
  "ready",
);
if (config.demo) process.stderr.write(await demoBanner(database.db, port, demoOwners));

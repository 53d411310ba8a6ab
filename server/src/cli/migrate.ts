// `npm run migrate`: applies the database's pending migrations and exits. The production topology
// (compose.yaml) runs it once, as a one-shot service, before the API replicas start; a server also
// migrates at start (under a lock), so without it nothing breaks, it is only slower to roll out.
import { loadConfig } from "../config.ts";
import { openDatabase } from "../db/client.ts";

const config = loadConfig(process.env);
const started = performance.now();
const database = await openDatabase(config, { migrate: true });
await database.close();
process.stdout.write(
  `Migrated the ${database.kind === "postgres" ? "PostgreSQL" : "embedded"} database in ${String(Math.round(performance.now() - started))} ms\n`,
);

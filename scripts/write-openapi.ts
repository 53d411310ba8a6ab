// Writes docs/openapi.json from the routes' own schemas (npm run openapi); a test keeps it current.
import fs from "node:fs";
import path from "node:path";
import { buildApp } from "../server/src/app.ts";
import { loadConfig } from "../server/src/config.ts";
import { openMemoryPglite } from "../server/src/db/client.ts";
import { openApiJson } from "../server/src/openapi.ts";

const database = await openMemoryPglite();
const app = await buildApp({
  config: loadConfig({ NODE_ENV: "production", DEMO: "0", LOG_LEVEL: "silent" }),
  database,
  logger: false,
  serveClient: false,
});
await app.ready();
const file = path.resolve(import.meta.dirname, "../docs/openapi.json");
fs.writeFileSync(file, openApiJson(app));
await app.close();
await database.close();
process.stdout.write(`Wrote ${path.relative(process.cwd(), file)}\n`);

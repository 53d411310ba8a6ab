// The server for the Playwright journeys: a fresh data directory each run, so the demo brands are
// imported anew and no state leaks from an earlier run. Configuration comes from the environment
// (playwright.config.ts sets PORT, HOST, DEMO and DATA_DIR).
import fs from "node:fs";
import path from "node:path";

const dataDir = path.resolve(process.env.DATA_DIR ?? ".data-e2e");
if (!path.basename(dataDir).startsWith(".data-e2e")) {
  throw new Error(`Refusing to delete ${dataDir}: the e2e data directory must be named .data-e2e*`);
}
fs.rmSync(dataDir, { recursive: true, force: true });
process.env.DATA_DIR = dataDir;

await import("../server/src/server.ts");

// `npm run build`: the storefront, then the staff console into the same dist (vite.config.ts builds
// one page per run so that neither page's first load is cut into chunks shared with the other),
// the storefront's service worker (scripts/build-sw.ts), then Brotli and gzip copies of every file (scripts/precompress.ts).
import path from "node:path";
import { build } from "vite";
import { SSR_MODE, STAFF_MODE } from "../vite.config.ts";
import { buildServiceWorker } from "./build-sw.ts";
import { precompressDir } from "./precompress.ts";

const root = path.resolve(import.meta.dirname, "..");
const logLevel = process.argv.includes("--quiet") ? "warn" : "info";

await build({ root, logLevel });
await buildServiceWorker(root, logLevel);
await build({ root, logLevel, mode: STAFF_MODE });
await build({ root, logLevel, mode: SSR_MODE });
precompressDir(path.join(root, "dist"));

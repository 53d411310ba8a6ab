// `npm start` builds the client only when a source changed since the last build, so a restart on
// existing data takes the server's start time, not a build's.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
// The storefront's page and the server's first-screen renderer: a build older than either input,
// or missing either, is made again.
const stamps = [path.join(root, "dist", "index.html"), path.join(root, "dist-ssr", "first-screen.js")];
const inputs = [
  "src",
  "locales",
  "public",
  "index.html",
  "staff.html",
  "vite.config.ts",
  "lingui.config.ts",
  "package-lock.json",
];

function newest(entry: string): number {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const child of fs.readdirSync(full)) latest = Math.max(latest, newest(path.join(entry, child)));
  return latest;
}

const builtAt = Math.min(...stamps.map((file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0)));
if (inputs.some((entry) => newest(entry) > builtAt)) {
  process.stdout.write("Building the storefront client...\n");
  const result = spawnSync(process.execPath, ["scripts/build.ts", "--quiet"], {
    cwd: root,
    stdio: "inherit",
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

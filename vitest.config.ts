import os from "node:os";
import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";
import { ADMIN_URL, postgresReachable } from "./server/test/support/pg.ts";

// One runner, several projects: the React client (happy-dom, the app's own Vite plugins so Lingui
// macros compile), the shared domain rules (node), and the server against PGlite and PostgreSQL.
const serverProject = (backend: "pglite" | "postgres"): TestProjectInlineConfiguration => ({
  test: {
    name: `server-${backend}`,
    include: ["server/test/**/*.test.ts"],
    environment: "node",
    globalSetup: ["server/test/support/global-setup.ts"],
    env: { SAVAT_TEST_DB: backend },
    testTimeout: 30_000,
    // One module graph per worker for the whole run: each file still builds its own app and
    // database, and no test replaces modules, so re-importing the server for every file only
    // costs time.
    isolate: false,
    hookTimeout: 60_000,
    // A failing test runs once more before it fails the run: these tests start real servers,
    // workers and timers beside a type-aware lint on a two-core CI machine, and one of 2,000 missed
    // a deadline there (2026-11-29) that it met in every local run. The reporter marks a retried test.
    retry: 1,
  },
});

// The server tests run on PostgreSQL too wherever one is reachable; elsewhere they run on the
// embedded database only, and say so.
const withPostgres = await postgresReachable();
if (!withPostgres) {
  process.stderr.write(`PostgreSQL is not reachable at ${ADMIN_URL}: server tests run on PGlite only.\n`);
}

export default defineConfig({
  test: {
    // One worker per core and one more: the server tests spend much of their time waiting on the
    // database, and Vitest's default (one less than the cores) left a two-core machine half idle
    // (290 s for the whole run against 165 s with three workers, 2026-11-28).
    maxWorkers: os.availableParallelism() + 1,
    projects: [
      {
        extends: "./vite.config.ts",
        test: {
          name: "client",
          include: ["src/**/*.test.{ts,tsx}"],
          exclude: ["src/domain/**"],
          environment: "happy-dom",
          setupFiles: ["src/test/setup.ts"],
        },
      },
      {
        test: {
          name: "domain",
          include: ["src/domain/**/*.test.ts"],
          environment: "node",
        },
      },
      serverProject("pglite"),
      ...(withPostgres ? [serverProject("postgres")] : []),
    ],
  },
});

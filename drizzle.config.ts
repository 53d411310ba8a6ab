import { defineConfig } from "drizzle-kit";

// `npx drizzle-kit generate --name <name>` writes the next migration into server/migrations.
// DATABASE_URL is only needed by the commands that talk to a database (migrate, push, studio).
export default defineConfig({
  dialect: "postgresql",
  schema: "./server/src/db/schema/index.ts",
  out: "./server/migrations",
  casing: "snake_case",
  strict: true,
  verbose: true,
  dbCredentials: { url: process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/savat" },
});

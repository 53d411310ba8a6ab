// @ts-check
import js from "@eslint/js";
import fs from "node:fs";
import drizzle from "eslint-plugin-drizzle";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/**
 * Routes speak HTTP; repositories speak SQL. A route that needs data calls a repository (which takes
 * the merchant id explicitly), so every query of a table lives in one place and is tenant-scoped.
 */
export const serverRoutesBoundary = {
  files: ["server/src/routes/**/*.ts"],
  rules: {
    "no-restricted-imports": [
      "error",
      {
        patterns: [
          {
            group: ["**/db/schema", "**/db/schema/*"],
            message: "Routes do not query tables: add or use a function in server/src/repositories.",
          },
          {
            group: ["drizzle-orm", "drizzle-orm/*"],
            message: "Routes do not build queries: add or use a function in server/src/repositories.",
          },
        ],
      },
    ],
  },
};

const FEATURES = fs
  .readdirSync(`${import.meta.dirname}/src/features`, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/**
 * The client's layers, highest first: app -> features/* -> shared/* -> components, platform, lib ->
 * domain. A file imports only from its own layer's module or lower ones; a feature never imports
 * another feature (what two features need lives in shared/). Tests may reach across to set up state.
 */
const zone = (target, from, message) => ({ target, from, message });
export const clientLayers = {
  files: ["src/**/*.{ts,tsx}"],
  ignores: ["**/*.test.{ts,tsx}", "src/test/**"],
  plugins: { "import-x": importX },
  rules: {
    "import-x/no-restricted-paths": [
      "error",
      {
        zones: [
          zone(
            "./src/domain",
            [
              "./src/app",
              "./src/features",
              "./src/shared",
              "./src/components",
              "./src/platform",
              "./src/lib",
            ],
            "domain holds rules for client and server alike: it imports nothing of the client.",
          ),
          zone(
            ["./src/lib", "./src/platform", "./src/components"],
            ["./src/app", "./src/features", "./src/shared"],
            "lib, platform and components are generic: they import neither app, features nor shared.",
          ),
          zone("./src/lib", "./src/platform", "lib does not depend on the host platform."),
          zone(
            "./src/platform",
            "./src/lib",
            "platform talks to the host only; session and API live in shared/.",
          ),
          zone(
            "./src/shared",
            ["./src/app", "./src/features"],
            "shared modules serve features: they import no feature.",
          ),
          ...FEATURES.map((feature) => ({
            target: `./src/features/${feature}`,
            from: "./src/features",
            except: [`./${feature}`],
            message: "A feature does not import another feature: move what both need into src/shared.",
          })),
          zone("./src/features", "./src/app", "Features do not import the app shell."),
        ],
      },
    ],
  },
};

export default tseslint.config(
  {
    ignores: [
      "dist/",
      "dist-*/",
      ".data-*/",
      "node_modules/",
      "server/migrations/",
      "coverage/",
      "test-results/",
      "playwright-report/",
      "locales/*.ts",
      ".data/",
      // CommonJS configuration read by dependency-cruiser only.
      ".dependency-cruiser.cjs",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ["eslint.config.js"] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/restrict-template-expressions": ["error", { allowNumber: true }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      // Fastify plugins and route handlers are async by contract even when they await nothing.
      "@typescript-eslint/require-await": "off",
    },
  },
  {
    // expect.any() and friends are typed `any` by design.
    files: ["**/*.test.{ts,tsx}", "e2e/**/*.ts"],
    rules: { "@typescript-eslint/no-unsafe-assignment": "off" },
  },
  {
    files: ["src/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ["server/**/*.ts"],
    plugins: { drizzle },
    rules: {
      "drizzle/enforce-delete-with-where": ["error", { drizzleObjectName: ["db", "tx"] }],
      "drizzle/enforce-update-with-where": ["error", { drizzleObjectName: ["db", "tx"] }],
    },
  },
  serverRoutesBoundary,
  clientLayers,
  {
    // The shared rules run in the browser and in Node: no DOM, no Node APIs, no React.
    files: ["src/domain/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: ["node:*", "react", "react-dom", "@telegram-apps/*", "fastify*", "drizzle-orm*", "pg"] },
      ],
    },
  },
  {
    files: ["eslint.config.js"],
    ...tseslint.configs.disableTypeChecked,
  },
);

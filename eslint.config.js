// @ts-check
import js from "@eslint/js";
import drizzle from "eslint-plugin-drizzle";
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

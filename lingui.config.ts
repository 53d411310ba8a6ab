import { defineConfig } from "@lingui/cli";

// UI languages. English is the source language of every message in the code; ru is the default
// interface language and uz the fallback for a missing message (spec section 1).
export default defineConfig({
  sourceLocale: "en",
  locales: ["uz", "ru", "en", "ar", "kz", "tr", "zh"],
  fallbackLocales: { default: "uz" },
  catalogs: [
    {
      path: "<rootDir>/locales/{locale}",
      include: ["<rootDir>/src"],
      exclude: ["**/node_modules/**", "<rootDir>/src/domain/**", "**/*.test.{ts,tsx}"],
    },
  ],
  orderBy: "message",
});

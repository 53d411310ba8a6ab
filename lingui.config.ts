import { defineConfig } from "@lingui/cli";

// UI languages. English is the source language of every message in the code; ru is the default
// interface language and uz the fallback for a missing message (spec section 1).
export default defineConfig({
  sourceLocale: "en",
  locales: ["uz", "ru", "en", "ar", "kz", "tr", "zh"],
  fallbackLocales: { default: "uz" },
  // Two catalogs: the storefront's, and the staff console's own messages, which the console loads
  // beside the storefront's (src/staff/main.tsx) and no customer downloads.
  catalogs: [
    {
      path: "<rootDir>/locales/{locale}",
      include: ["<rootDir>/src"],
      exclude: [
        "**/node_modules/**",
        "<rootDir>/src/domain/**",
        "<rootDir>/src/staff/**",
        "**/*.test.{ts,tsx}",
      ],
    },
    {
      path: "<rootDir>/locales/staff/{locale}",
      include: ["<rootDir>/src/staff"],
      exclude: ["**/node_modules/**", "**/*.test.{ts,tsx}"],
    },
  ],
  orderBy: "message",
});

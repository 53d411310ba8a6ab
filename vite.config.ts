import { randomBytes } from "node:crypto";
import path from "node:path";
import { lingui, linguiTransformerBabelPreset } from "@lingui/vite-plugin";
import babel from "@rolldown/plugin-babel";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin, type ResolvedConfig } from "vite";
import { precompressDir } from "./scripts/precompress.ts";

/** The storefront's version (spec section 9); a browser holding another one updates and reloads. */
export const APP_VERSION = "2.2.7";

const buildId = `${Date.now().toString(36)}-${randomBytes(4).toString("hex")}`;
const builtAt = new Date().toISOString();

/**
 * Emits build-meta.json (version, build id, time) and latest-build.json (build id) into dist.
 * The running client compares them with the build id compiled into it to notice a new deployment.
 */
function buildMeta(): Plugin {
  return {
    name: "savat-build-meta",
    apply: "build",
    generateBundle() {
      this.emitFile({
        type: "asset",
        fileName: "build-meta.json",
        source: `${JSON.stringify({ version: APP_VERSION, buildId, builtAt }, null, 2)}\n`,
      });
      this.emitFile({
        type: "asset",
        fileName: "latest-build.json",
        source: `${JSON.stringify({ buildId })}\n`,
      });
    },
  };
}

/** Brotli and gzip copies of every compressible file of the build (scripts/precompress.ts). */
function precompress(): Plugin {
  let outDir = "dist";
  return {
    name: "savat-precompress",
    apply: "build",
    configResolved(config: ResolvedConfig) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      precompressDir(outDir);
    },
  };
}

/** In development /staff and its pages answer with the staff console's page, as the server does. */
function staffPages(): Plugin {
  return {
    name: "savat-staff-pages",
    apply: "serve",
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url && /^\/staff(?:[/?#]|$)/.test(req.url)) req.url = "/staff.html";
        next();
      });
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    babel({ presets: [linguiTransformerBabelPreset()] }),
    lingui(),
    buildMeta(),
    precompress(),
    staffPages(),
  ],
  define: {
    __APP_VERSION__: JSON.stringify(APP_VERSION),
    __BUILD_ID__: JSON.stringify(buildId),
  },
  build: {
    target: "es2022",
    // No source maps in the shipped build: they would publish the source (the dev server has its own).
    sourcemap: false,
    // Two pages: the storefront, and the staff console (/staff) with its own entry, so nothing of the
    // console reaches the storefront's first load (scripts/check-size.ts measures index.html only).
    rolldownOptions: {
      input: {
        index: path.resolve(import.meta.dirname, "index.html"),
        staff: path.resolve(import.meta.dirname, "staff.html"),
      },
    },
  },
  server: {
    // Brands are told apart by subdomain in development too: lavash.localhost:5173.
    allowedHosts: [".localhost"],
    proxy: {
      "/api": { target: process.env.SAVAT_API_URL ?? "http://127.0.0.1:8080", changeOrigin: false },
    },
  },
});

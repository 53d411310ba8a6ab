import { randomBytes } from "node:crypto";
import path from "node:path";
import { lingui, linguiTransformerBabelPreset } from "@lingui/vite-plugin";
import babel from "@rolldown/plugin-babel";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

/** The storefront's version (spec section 9); a browser holding another one updates and reloads. */
export const APP_VERSION = "2.2.7";

// The storefront and the staff console are built one after the other (scripts/build.ts), each
// loading this file anew: the first one's id is kept in the environment so both carry the same.
process.env.SAVAT_BUILD_ID ??= `${Date.now().toString(36)}-${randomBytes(4).toString("hex")}`;
process.env.SAVAT_BUILT_AT ??= new Date().toISOString();
const buildId = process.env.SAVAT_BUILD_ID;
const builtAt = process.env.SAVAT_BUILT_AT;

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

/**
 * The stylesheets of the entry go to the end of the body: the loading screen (its own small style
 * in the head) paints without waiting for them, while the entry script, which runs only once the
 * document's stylesheets have loaded, still renders the app styled. The app's CSS (telegram-ui's
 * included) took a few hundred milliseconds to fetch and parse under a mobile profile before the
 * first paint.
 */
function stylesAfterShell(): Plugin {
  return {
    name: "savat-styles-after-shell",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html) {
        const links: string[] = [];
        const rest = html.replace(/\s*<link\b[^>]*\brel="stylesheet"[^>]*>/g, (tag) => {
          links.push(tag.trim());
          return "";
        });
        if (links.length === 0 || !rest.includes("</body>")) return html;
        return rest.replace("</body>", `  ${links.join("\n    ")}\n  </body>`);
      },
    },
  };
}

/** The home page's screen: its chunk is preloaded by the shell of "/" (shell-preloads.json). */
const HOME_SCREEN = "/src/features/menu/components/menu-page.tsx";
/**
 * What a host's first commit loads beyond the home page's chunks (shell-preloads.json `hosts`, for
 * the size check, scripts/check-size.ts): the desktop's basket panel, Telegram's SDK, and a signed-in
 * customer's header bell (a Telegram or Click launch signs in at once).
 */
const HOST_CHUNKS = {
  desktop: ["/src/features/basket/components/basket-view.tsx"],
  telegram: ["/src/platform/telegram.ts", "/src/features/notifications/components/notification-bell.tsx"],
  click: ["/src/features/notifications/components/notification-bell.tsx"],
};

/**
 * Emits shell-preloads.json: the lazy chunks and stylesheets the home page's first screen needs
 * beyond the entry's own, and each locale's catalog chunk. The server names them in the app shell
 * of "/" (server/src/services/content/boot-data.ts), so they load beside the entry instead of after it ran.
 */
function shellPreloads(): Plugin {
  return {
    name: "savat-shell-preloads",
    apply: "build",
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === "chunk");
      const byName = new Map(chunks.map((c) => [c.fileName, c]));
      const graph = (start: string[], skip: Set<string> = new Set()) => {
        const seen = new Set<string>();
        const queue = [...start];
        for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
          if (seen.has(name) || skip.has(name)) continue;
          seen.add(name);
          queue.push(...(byName.get(name)?.imports ?? []));
        }
        return seen;
      };
      const entry = chunks.find((c) => c.isEntry);
      const home = chunks.find((c) => c.facadeModuleId?.endsWith(HOME_SCREEN));
      if (!entry || !home) return;
      const initial = graph([entry.fileName]);
      const js = [...graph([home.fileName], initial)];
      const css = js.flatMap((name) => [...(byName.get(name)?.viteMetadata?.importedCss ?? [])]);
      const hosts = Object.fromEntries(
        Object.entries(HOST_CHUNKS).map(([host, modules]) => {
          const starts = chunks
            .filter((c) => modules.some((m) => c.facadeModuleId?.endsWith(m)))
            .map((c) => c.fileName);
          return [host, [...graph(starts, new Set([...initial, ...js]))].map((n) => `/${n}`)];
        }),
      );
      const locales: Record<string, string> = {};
      for (const c of chunks) {
        const locale = /\/locales\/(\w+)\.po$/.exec(c.facadeModuleId ?? "")?.[1];
        if (locale) locales[locale] = `/${c.fileName}`;
      }
      this.emitFile({
        type: "asset",
        fileName: "shell-preloads.json",
        source: `${JSON.stringify(
          { home: { js: js.map((n) => `/${n}`), css: css.map((n) => `/${n}`) }, hosts, locales },
          null,
          2,
        )}\n`,
      });
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

/**
 * Which page a build makes: the storefront (index.html, the default) or the staff console
 * (`vite build --mode staff`, staff.html). `npm run build` (scripts/build.ts) makes both into dist.
 */
export const STAFF_MODE = "staff";

/**
 * `vite build --mode ssr`: the storefront's first screen as a module for the server
 * (src/ssr/renderer.ts) into dist-ssr, every dependency bundled in.
 */
export const SSR_MODE = "ssr";

export default defineConfig(({ mode }) => {
  const staff = mode === STAFF_MODE;
  if (mode === SSR_MODE)
    return {
      plugins: [react(), babel({ presets: [linguiTransformerBabelPreset()] }), lingui()],
      define: {
        __APP_VERSION__: JSON.stringify(APP_VERSION),
        __BUILD_ID__: JSON.stringify(buildId),
      },
      ssr: { noExternal: true },
      build: {
        target: "node22",
        ssr: path.resolve(import.meta.dirname, "src/ssr/renderer.ts"),
        outDir: "dist-ssr",
        emptyOutDir: true,
        copyPublicDir: false,
        sourcemap: false,
        // A small entry (src/ssr/renderer.ts) over chunks: the server loads what the first screen
        // uses, not the map, the phone field or every catalog (1.4 of 4.5 MB).
        rolldownOptions: { output: { entryFileNames: "first-screen.js" } },
      },
    };
  return {
    plugins: [
      react(),
      babel({ presets: [linguiTransformerBabelPreset()] }),
      lingui(),
      ...(staff ? [] : [buildMeta(), shellPreloads()]),
      stylesAfterShell(),
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
      // The staff console is built after the storefront, into the same directory.
      emptyOutDir: !staff,
      copyPublicDir: !staff,
      rolldownOptions: {
        // One page per build: built together, the two pages' shared modules were cut into some
        // forty small chunks that a phone fetched one by one before the first paint.
        input: path.resolve(import.meta.dirname, staff ? "staff.html" : "index.html"),
        output: {
          // Everything the page needs before its first screen comes in one file; screens and
          // heavy parts (maps, the phone field, catalogs) stay lazy chunks of their own.
          codeSplitting: { groups: [{ name: staff ? "staff" : "app", tags: ["$initial"] }] },
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
  };
});

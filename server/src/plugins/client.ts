import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { negotiate } from "@fastify/accept-negotiator";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/** The built shells: the storefront's and the staff console's. */
export type ShellFile = "staff.html" | "index.html";

/** A shell made for one request. */
export interface RenderedShell {
  html: string;
  /** Headers of this page (its Content-Security-Policy): sent with it, and part of its ETag. */
  headers?: Record<string, string>;
}

export interface ClientOptions {
  /** The built client (`dist`); it may not exist yet when the server starts. */
  root: string;
  /** Paths that never reach the file system (the API). */
  apiPrefix: string;
  /** Source maps are served in development only: they would publish the source. */
  sourceMaps: boolean;
  /** The shell made for this request (the brand's boot data written in), or null for it as built. */
  renderShell?: (request: FastifyRequest, html: string, shell: ShellFile) => Promise<RenderedShell | null>;
}

export interface Client {
  /** Sends the app shell for a client route (history fallback); false when no client is built. */
  sendShell(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
}

const SOURCE_MAP = /\.map$/i;

/** The staff console's pages (/staff, /staff/...): a shell of their own, a separate entry of the build. */
const STAFF_PATH = /^\/staff(?:\/|$)/;

/** The built shell a client route is answered with. */
export function shellFileOf(pathname: string): ShellFile {
  return STAFF_PATH.test(pathname) ? "staff.html" : "index.html";
}

/**
 * Serves the built client. Every request looks the file up on disk (no file list taken at start),
 * so a `dist` rebuilt under the running server is served at once: the new index.html and the new
 * bundles it names, and a client built after the server started.
 */
export async function registerClient(app: FastifyInstance, options: ClientOptions): Promise<Client> {
  const { root, apiPrefix, sourceMaps, renderShell } = options;
  const assets = path.join(root, "assets") + path.sep;
  const indexHtml = path.join(root, "index.html");
  if (!fs.existsSync(indexHtml)) app.log.info({ root }, "no client built yet; it is served once it is");
  await app.register(fastifyStatic, {
    root,
    wildcard: true,
    index: false,
    cacheControl: false,
    // The build writes Brotli and gzip copies (scripts/precompress.ts): sent with content-encoding
    // and vary: accept-encoding to browsers that accept them, the app shell too.
    preCompressed: true,
    // The root may appear later: the first build after the server started.
    suppressWarning: true,
    // Directories ("/" too) fall through to the app shell; the API never reaches the disk.
    allowedPath: (pathname) =>
      !pathname.endsWith("/") &&
      pathname !== apiPrefix &&
      !pathname.startsWith(`${apiPrefix}/`) &&
      (sourceMaps || !SOURCE_MAP.test(pathname)),
    setHeaders(reply, filePath) {
      // Hashed bundles never change under their name; everything else is revalidated.
      reply.header(
        "cache-control",
        filePath.startsWith(assets) ? "public, max-age=31536000, immutable" : "no-cache",
      );
    },
  });
  return {
    async sendShell(request, reply) {
      if (request.method !== "GET" && request.method !== "HEAD") return false;
      const pathname = request.url.split("?")[0] ?? "/";
      // Client routes have no file extension; a missing file (an old bundle, a map) stays a 404.
      if (path.extname(pathname) || pathname === apiPrefix || pathname.startsWith(`${apiPrefix}/`))
        return false;
      const shellName = shellFileOf(pathname);
      const shellFile = path.join(root, shellName);
      if (!fs.existsSync(shellFile)) return false;
      void reply.header("cache-control", "no-cache").type("text/html; charset=utf-8");
      const rendered = renderShell
        ? await fs.promises
            .readFile(shellFile, "utf8")
            .then((html) => renderShell(request, html, shellName))
            .catch((error: unknown) => {
              // The shell still works as built: the client asks the API as it would anyway.
              request.log.warn({ err: error }, "rendering the app shell failed");
              return null;
            })
        : null;
      if (rendered === null) {
        void reply.sendFile(shellName);
        return true;
      }
      const body = Buffer.from(rendered.html);
      const headers = rendered.headers ?? {};
      for (const [name, value] of Object.entries(headers)) void reply.header(name, value);
      // Weak: the same page in any encoding. Its headers count too: a 304 must not keep a page
      // under a policy that changed while its text did not.
      const etag = `W/"${createHash("sha256")
        .update(body)
        .update(JSON.stringify(headers))
        .digest("base64url")
        .slice(0, 27)}"`;
      // The first screen's language follows Accept-Language (and the lang cookie).
      void reply.header("etag", etag).header("vary", "accept-encoding, accept-language");
      if (request.headers["if-none-match"] === etag) {
        void reply.code(304).send();
        return true;
      }
      // A shell with boot data is made per request, so it is compressed here, at a fast level.
      const encoding = negotiate(request.headers["accept-encoding"] ?? "", ["br", "gzip"]);
      if (encoding === "br") {
        const params = { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 };
        void reply.header("content-encoding", "br").send(zlib.brotliCompressSync(body, { params }));
      } else if (encoding === "gzip") {
        void reply.header("content-encoding", "gzip").send(zlib.gzipSync(body, { level: 6 }));
      } else {
        void reply.send(body);
      }
      return true;
    },
  };
}

// Resized variants of the brand's local images (the demo brands' SVGs, files under the site root, and
// the pictures uploaded from the back office, kept in object storage under PICTURE_PATH),
// the way the spec's image CDN serves remote ones: GET /products/v1/image?src=/demo/x.svg&w=480&h=480
// &q=100&format=webp. Public (an <img> sends no merchant header); only files under the client's
// static directory or the repository's public/ folder, only a fixed set of sizes, rendered once
// with sharp and kept in a bounded in-memory cache.
import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiErrorSchema, errorResponses } from "#domain/contract/common.ts";
import { IMAGE_FORMATS, IMAGE_SIZES, type ImageFormat } from "#domain/contract/menu.ts";
import { PICTURE_NAME_PATTERN, PICTURE_PATH, pictureNameOf } from "#domain/contract/back-office-pictures.ts";
import { readPicture } from "../../lib/brand-pictures.ts";
import { AppError } from "../../lib/errors.ts";
import { etagMatchesHeader } from "./etag.ts";
import { loadSharp } from "../../lib/sharp.ts";

const PUBLIC_DIR = path.resolve(import.meta.dirname, "../../../../public");
const MAX_ENTRIES = 512;
/** Rendered bytes the variant cache keeps at most. */
export const MAX_BYTES = 48 * 1024 * 1024;
const IMAGE_EXTENSIONS = new Set([".svg", ".png", ".jpg", ".jpeg", ".webp", ".gif", ".avif"]);

const size = z.coerce
  .number()
  .int()
  .refine((n) => (IMAGE_SIZES as readonly number[]).includes(n), {
    error: `must be one of ${IMAGE_SIZES.join(", ")}`,
  });

export const imageQuerySchema = z.object({
  src: z
    .string()
    .max(300)
    .regex(/^\/[\w./-]+$/, { error: "must be a path from the site root" })
    .refine((s) => !s.split("/").includes(".."), { error: "must not leave the site root" }),
  w: size.default(480),
  h: size.default(480),
  q: z.coerce.number().int().min(30).max(100).default(100),
  format: z.enum(IMAGE_FORMATS).default("webp"),
});

export interface Variant {
  bytes: Buffer;
  etag: string;
}

async function findFile(roots: readonly string[], src: string): Promise<string | null> {
  if (!IMAGE_EXTENSIONS.has(path.extname(src).toLowerCase())) return null;
  for (const root of roots) {
    const file = path.resolve(root, `.${src}`);
    if (!file.startsWith(root + path.sep)) continue;
    try {
      if ((await fs.stat(file)).isFile()) return file;
    } catch {
      // not under this root
    }
  }
  return null;
}

async function render(
  file: string | Buffer,
  w: number,
  h: number,
  q: number,
  format: ImageFormat,
): Promise<Variant> {
  const sharp = await loadSharp();
  const pipeline = sharp(file, { density: 144 }).resize(w, h, { fit: "cover" });
  const bytes =
    format === "webp"
      ? await pipeline.webp({ quality: q }).toBuffer()
      : format === "jpeg"
        ? await pipeline.flatten({ background: "#ffffff" }).jpeg({ quality: q }).toBuffer()
        : await pipeline.png().toBuffer();
  return { bytes, etag: `"${createHash("sha256").update(bytes).digest("base64url").slice(0, 27)}"` };
}

/**
 * Rendered variants, oldest out first once there are too many entries or too many bytes (a 960 px
 * PNG of a photo is megabytes: a count alone does not bound memory). A failed render is not kept.
 */
export class VariantCache {
  readonly #entries = new Map<string, { pending: Promise<Variant>; bytes: number }>();
  readonly #maxEntries: number;
  readonly #maxBytes: number;
  #bytes = 0;

  constructor(maxEntries: number, maxBytes: number) {
    this.#maxEntries = maxEntries;
    this.#maxBytes = maxBytes;
  }

  get size(): number {
    return this.#entries.size;
  }

  get bytes(): number {
    return this.#bytes;
  }

  peek(key: string): Promise<Variant> | undefined {
    return this.#entries.get(key)?.pending;
  }

  add(key: string, pending: Promise<Variant>): Promise<Variant> {
    this.#forget(key);
    const entry = { pending, bytes: 0 };
    this.#entries.set(key, entry);
    this.#trim();
    pending.then(
      (variant) => {
        if (this.#entries.get(key) !== entry) return;
        entry.bytes = variant.bytes.length;
        this.#bytes += entry.bytes;
        this.#trim();
      },
      () => {
        if (this.#entries.get(key) === entry) this.#forget(key);
      },
    );
    return pending;
  }

  #forget(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#bytes -= entry.bytes;
    this.#entries.delete(key);
  }

  #trim(): void {
    while (this.#entries.size > this.#maxEntries || this.#bytes > this.#maxBytes) {
      const oldest = this.#entries.keys().next();
      if (oldest.done) break;
      this.#forget(oldest.value);
    }
  }
}

export async function imageRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const roots = [...new Set([path.resolve(app.config.staticDir), PUBLIC_DIR])];
  const cache = new VariantCache(MAX_ENTRIES, MAX_BYTES);

  /** A site file's path, or an uploaded picture's bytes from the shared object storage. */
  async function sourceOf(src: string): Promise<string | Buffer | null> {
    const picture = pictureNameOf(src);
    if (picture === undefined) return findFile(roots, src);
    try {
      return (await readPicture(app.pictures, picture)) ?? null;
    } catch (error) {
      app.log.error({ err: error }, "a picture could not be read from storage");
      throw new AppError("SERVICE_UNAVAILABLE");
    }
  }

  r.get(
    "/products/v1/pictures/:file",
    {
      schema: {
        summary: "A picture uploaded from the back office, as stored (its random name is its only key)",
        tags: ["menu"],
        params: z.object({ file: z.string().regex(PICTURE_NAME_PATTERN) }),
        response: { 200: z.any().describe("image/webp"), 404: apiErrorSchema, 503: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const bytes = await sourceOf(`${PICTURE_PATH}${request.params.file}`);
      if (!bytes) throw new AppError("NOT_FOUND");
      // A new picture gets a new name, so a name's bytes never change.
      return reply
        .type("image/webp")
        .header("cache-control", "public, max-age=31536000, immutable")
        .send(bytes);
    },
  );

  r.get(
    "/products/v1/image",
    {
      schema: {
        summary: "A resized variant of one of the site's own images (default 480x480 webp)",
        tags: ["menu"],
        querystring: imageQuerySchema,
        response: {
          200: z.any().describe("The image bytes"),
          304: z.null().describe("Not modified"),
          ...errorResponses,
          500: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { src, w, h, format } = request.query;
      // PNG is lossless: the quality does not change its bytes, so it does not make a variant of its own.
      const q = format === "png" ? 100 : request.query.q;
      const key = `${src}|${w}|${h}|${q}|${format}`;
      let pending = cache.peek(key);
      if (!pending) {
        const file = await sourceOf(src);
        if (!file) throw new AppError("NOT_FOUND");
        pending = cache.add(key, render(file, w, h, q, format));
      }
      let variant: Variant;
      try {
        variant = await pending;
      } catch (error) {
        request.log.warn({ err: error, src }, "image variant failed");
        throw new AppError("NOT_FOUND");
      }
      reply
        .header("etag", variant.etag)
        .header("cache-control", "public, max-age=86400, stale-while-revalidate=604800");
      if (etagMatchesHeader(request.headers["if-none-match"], [variant.etag]))
        return (reply as FastifyReply).code(304).send();
      return reply.type(`image/${format}`).send(variant.bytes);
    },
  );
}

// The brand's clips uploaded from the back office (story slides): GET /products/v1/clips/<uuid>.mp4.
// Public like the pictures (a <video> sends no merchant header; the random name is the only key), and
// answering byte ranges, since a phone's player (Safari's above all) asks for a clip in ranges and
// will not play one served only whole.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { CLIP_NAME_PATTERN } from "#domain/contract/back-office-stories.ts";
import { apiErrorSchema } from "#domain/contract/common.ts";
import { CLIP_TYPES, readClip, type ClipKind } from "../../lib/brand-clips.ts";
import { AppError } from "../../lib/errors.ts";

/** One `bytes=a-b`, `bytes=a-` or `bytes=-n` range of a `size`-byte body, or null when unsatisfiable. */
export function byteRange(header: string, size: number): { start: number; end: number } | null | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Several ranges, or a unit we do not know: answered whole, as the standard allows.
  if (!match) return undefined;
  const [, from = "", to = ""] = match;
  if (from === "" && to === "") return undefined;
  let start: number;
  let end: number;
  if (from === "") {
    const suffix = Number(to);
    if (suffix === 0) return null;
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(from);
    end = to === "" ? size - 1 : Math.min(Number(to), size - 1);
  }
  if (start >= size || end < start) return null;
  return { start, end };
}

export async function clipRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/products/v1/clips/:file",
    {
      schema: {
        summary: "A story clip uploaded from the back office, as stored (MP4 or WebM; byte ranges answered)",
        tags: ["content"],
        params: z.object({ file: z.string().regex(CLIP_NAME_PATTERN) }),
        response: {
          200: z.any().describe("video/mp4 or video/webm"),
          206: z.any().describe("The range asked for"),
          404: apiErrorSchema,
          416: z.null().describe("The range lies outside the clip"),
          503: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const name = request.params.file;
      let bytes: Buffer | undefined;
      try {
        bytes = await readClip(app.pictures, name);
      } catch (error) {
        app.log.error({ err: error }, "a clip could not be read from storage");
        throw new AppError("SERVICE_UNAVAILABLE");
      }
      if (!bytes) throw new AppError("NOT_FOUND");
      const kind = name.slice(name.lastIndexOf(".") + 1) as ClipKind;
      // A new clip gets a new name, so a name's bytes never change.
      reply
        .type(CLIP_TYPES[kind])
        .header("accept-ranges", "bytes")
        .header("cache-control", "public, max-age=31536000, immutable");
      const asked = request.headers.range;
      const range = asked === undefined ? undefined : byteRange(asked, bytes.length);
      if (range === null)
        return reply
          .code(416)
          .header("content-range", `bytes */${String(bytes.length)}`)
          .send(null);
      if (range === undefined) return reply.send(bytes);
      return reply
        .code(206)
        .header("content-range", `bytes ${String(range.start)}-${String(range.end)}/${String(bytes.length)}`)
        .send(bytes.subarray(range.start, range.end + 1));
    },
  );
}

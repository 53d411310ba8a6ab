// The back office's clip upload (issue 36): POST /staff/v1/clips, one file field `file`, for a story's
// video slide. The answer's src is served by GET /products/v1/clips/<name> (routes/products/clips.ts).
import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { CLIP_MAX_BYTES, clipSchema } from "#domain/contract/back-office-stories.ts";
import { apiErrorSchema, errorResponses, tenantHeadersSchema } from "#domain/contract/common.ts";
import { AppError } from "../../lib/errors.ts";
import { requireUser } from "../../plugins/auth.ts";
import { storeClip } from "../../services/back-office/clips.ts";
import { requireBackOffice, requireStaff } from "../orders/staff.ts";

async function readFileField(request: FastifyRequest): Promise<Buffer> {
  try {
    const file = await request.file();
    if (!file || file.fieldname !== "file") throw new AppError("CLIP_INVALID");
    return await file.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") throw new AppError("CLIP_TOO_LARGE");
    request.log.info({ err: error }, "unreadable multipart upload");
    throw new AppError("UPLOAD_MALFORMED");
  }
}

export async function clipUploadRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  // Its own limit (this plugin's scope): a clip is larger than a picture.
  await app.register(multipart, { limits: { fileSize: CLIP_MAX_BYTES, files: 1, fields: 2 } });

  r.post(
    "/staff/v1/clips",
    {
      preHandler: [requireUser, requireStaff],
      schema: {
        tags: ["staff"],
        security: [{ bearer: [] }],
        headers: tenantHeadersSchema,
        summary: "Upload a short clip for a story slide (owner and manager, bound to no branch)",
        description:
          "multipart/form-data with one file field `file`: MP4 or WebM (checked by its bytes), at most 15 MB. " +
          "Stored as sent (not transcoded); `src` is its path on the site, served with byte ranges.",
        consumes: ["multipart/form-data"],
        response: {
          201: clipSchema,
          401: errorResponses[403],
          ...errorResponses,
          413: apiErrorSchema,
          415: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const scope = requireBackOffice(request, "banners");
      if (!request.isMultipart()) throw new AppError("CLIP_INVALID");
      const clip = await storeClip(db, app.pictures, {
        merchantId: scope.merchantId,
        userId: scope.userId,
        bytes: await readFileField(request),
        onStoreError: (error) => {
          request.log.error({ err: error }, "the clip could not be stored");
        },
      });
      return reply.code(201).send(clip);
    },
  );
}

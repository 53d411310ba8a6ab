// The back office's picture upload (issue 36): POST /staff/v1/pictures, one file field `file`. The
// answer's src goes into a product, category, banner or story; the storefront shows it through the
// variant route (server/src/routes/products/images.ts), which reads stored pictures too.
import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { PICTURE_MAX_BYTES, pictureSchema } from "#domain/contract/back-office-pictures.ts";
import { apiErrorSchema, errorResponses, tenantHeadersSchema } from "#domain/contract/common.ts";
import { AppError } from "../../lib/errors.ts";
import { requireUser } from "../../plugins/auth.ts";
import { storePicture } from "../../services/back-office/pictures.ts";
import { requireBackOffice, requireStaff } from "../orders/staff.ts";

async function readFileField(request: FastifyRequest): Promise<Buffer> {
  try {
    const file = await request.file();
    if (!file || file.fieldname !== "file") throw new AppError("IMAGE_INVALID");
    return await file.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") throw new AppError("IMAGE_TOO_LARGE");
    request.log.info({ err: error }, "unreadable multipart upload");
    throw new AppError("UPLOAD_MALFORMED");
  }
}

export async function pictureRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  // Its own limit (this plugin's scope): a product photo may be larger than a profile image.
  await app.register(multipart, { limits: { fileSize: PICTURE_MAX_BYTES, files: 1, fields: 2 } });

  r.post(
    "/staff/v1/pictures",
    {
      preHandler: [requireUser, requireStaff],
      schema: {
        tags: ["staff"],
        security: [{ bearer: [] }],
        headers: tenantHeadersSchema,
        summary: "Upload a picture for the menu, a banner or a story (owner and manager, bound to no branch)",
        description:
          "multipart/form-data with one file field `file`: JPEG, PNG or WebP (checked by its bytes), at most 5 MB. " +
          "Stored as a WebP of at most 1600 px a side without metadata; `src` is its path on the site, shown by the storefront in its resized variants.",
        consumes: ["multipart/form-data"],
        response: {
          201: pictureSchema,
          401: errorResponses[403],
          ...errorResponses,
          413: apiErrorSchema,
          415: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const scope = requireBackOffice(request, "menu");
      if (!request.isMultipart()) throw new AppError("IMAGE_INVALID");
      const picture = await storePicture(db, app.pictures, {
        merchantId: scope.merchantId,
        userId: scope.userId,
        bytes: await readFileField(request),
        onStoreError: (error) => {
          request.log.error({ err: error }, "the picture could not be stored");
        },
      });
      return reply.code(201).send(picture);
    },
  );
}

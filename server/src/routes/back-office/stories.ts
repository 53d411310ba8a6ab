// The brand's stories in the back office (issue 36): owners and managers bound to no branch
// (`requireBackOffice(..., "banners")`: the storefront's promotional pictures, banners and stories
// alike) list, add, change, hide, reorder and remove the round previews under the storefront's header.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  editorStoryBodySchema,
  editorStorySchema,
  storyOrderSchema,
} from "#domain/contract/back-office-stories.ts";
import { errorResponses, tenantHeadersSchema, uuidSchema } from "#domain/contract/common.ts";
import { requireUser } from "../../plugins/auth.ts";
import {
  createStory,
  editorStories,
  orderStories,
  removeStory,
  saveStory,
} from "../../services/back-office/stories.ts";
import { requireBackOffice, requireStaff } from "../orders/staff.ts";

const errors = { 401: errorResponses[403], 409: errorResponses[403], ...errorResponses };

export async function storyRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const base = { tags: ["staff"], security: [{ bearer: [] }], headers: tenantHeadersSchema };
  const preHandler = [requireUser, requireStaff];
  const editor = (request: FastifyRequest) => {
    const scope = requireBackOffice(request, "banners");
    return { merchantId: scope.merchantId, userId: scope.userId, timeZone: request.tenant.timezone };
  };

  r.get(
    "/staff/v1/stories",
    {
      preHandler,
      schema: {
        ...base,
        summary: "The brand's stories, shown and hidden, in the storefront's order, each with its slides",
        response: { 200: z.array(editorStorySchema), ...errors },
      },
    },
    async (request) => editorStories(db, editor(request).merchantId),
  );

  r.post(
    "/staff/v1/stories",
    {
      preHandler,
      schema: {
        ...base,
        summary:
          "Add a story (last among the previews): an uploaded preview picture, a title and 1-20 slides, each an uploaded picture or clip",
        body: editorStoryBodySchema,
        response: { 201: editorStorySchema, ...errors },
      },
    },
    async (request, reply) => {
      const { version: _ignored, ...input } = request.body;
      return reply.status(201).send(await createStory(db, app.pictures, editor(request), input));
    },
  );

  r.put(
    "/staff/v1/stories/order",
    {
      preHandler,
      schema: {
        ...base,
        summary: "Put the brand's stories in a new order: every story's id, each once",
        body: storyOrderSchema,
        response: { 200: z.array(editorStorySchema), ...errors },
      },
    },
    async (request) => orderStories(db, editor(request), request.body.ids),
  );

  r.put(
    "/staff/v1/stories/:id",
    {
      preHandler,
      schema: {
        ...base,
        summary: "Save a story; 409 EDIT_CONFLICT (who and when) when it was saved since `version`",
        params: z.object({ id: uuidSchema }),
        body: editorStoryBodySchema,
        response: { 200: editorStorySchema, ...errors },
      },
    },
    async (request) => {
      const { version, ...input } = request.body;
      return saveStory(db, app.pictures, editor(request), { id: request.params.id, version, input });
    },
  );

  r.delete(
    "/staff/v1/stories/:id",
    {
      preHandler,
      schema: {
        ...base,
        summary: "Remove a story (the log keeps what it was)",
        params: z.object({ id: uuidSchema }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeStory(db, editor(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}

// The back office's content (issue 36): the brand's pages (about, offer, privacy, the extra pages)
// and vacancies, for owners and managers bound to no branch (`mayManage(..., "content")`).
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  editorPageBodySchema,
  editorPageSchema,
  editorVacancyBodySchema,
  editorVacancySchema,
  pageKindSchema,
} from "#domain/contract/back-office-content.ts";
import { errorResponses, tenantHeadersSchema, uuidSchema } from "#domain/contract/common.ts";
import { requireUser } from "../../plugins/auth.ts";
import {
  createVacancy,
  editorPages,
  editorVacancies,
  removeVacancy,
  savePage,
  saveVacancy,
} from "../../services/back-office/content-editor.ts";
import { requireBackOffice, requireStaff } from "../orders/staff.ts";

const errors = { 401: errorResponses[403], 409: errorResponses[403], ...errorResponses };

export async function contentEditorRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const base = { tags: ["staff"], security: [{ bearer: [] }], headers: tenantHeadersSchema };
  const preHandler = [requireUser, requireStaff];
  const editor = (request: Parameters<typeof requireBackOffice>[0]) => {
    const scope = requireBackOffice(request, "content");
    return { merchantId: scope.merchantId, userId: scope.userId, timeZone: request.tenant.timezone };
  };

  r.get(
    "/staff/v1/pages",
    {
      preHandler,
      schema: {
        ...base,
        summary: "The brand's pages (the three policies and the three extra pages), published or not",
        response: { 200: z.array(editorPageSchema), ...errors },
      },
    },
    async (request) => editorPages(db, editor(request).merchantId),
  );

  r.put(
    "/staff/v1/pages/:kind",
    {
      preHandler,
      schema: {
        ...base,
        summary:
          "Publish a page's text (plain text, never markup); empty in every language takes it down; 409 EDIT_CONFLICT (who and when) when it was saved since `savedAt`",
        params: z.object({ kind: pageKindSchema }),
        body: editorPageBodySchema,
        response: { 200: editorPageSchema, ...errors },
      },
    },
    async (request) => savePage(db, editor(request), { kind: request.params.kind, ...request.body }),
  );

  r.get(
    "/staff/v1/vacancies",
    {
      preHandler,
      schema: {
        ...base,
        summary: "The brand's vacancies, shown and hidden, in the storefront's order",
        response: { 200: z.array(editorVacancySchema), ...errors },
      },
    },
    async (request) => editorVacancies(db, editor(request).merchantId),
  );

  r.post(
    "/staff/v1/vacancies",
    {
      preHandler,
      schema: {
        ...base,
        summary: "Add a vacancy (at a branch of the brand, or at none)",
        body: editorVacancyBodySchema,
        response: { 201: editorVacancySchema, ...errors },
      },
    },
    async (request, reply) => {
      const { savedAt: _ignored, ...input } = request.body;
      return reply.status(201).send(await createVacancy(db, editor(request), input));
    },
  );

  r.put(
    "/staff/v1/vacancies/:id",
    {
      preHandler,
      schema: {
        ...base,
        summary: "Save a vacancy; 409 EDIT_CONFLICT (who and when) when it was saved since `savedAt`",
        params: z.object({ id: uuidSchema }),
        body: editorVacancyBodySchema,
        response: { 200: editorVacancySchema, ...errors },
      },
    },
    async (request) => {
      const { savedAt, ...input } = request.body;
      return saveVacancy(db, editor(request), { id: request.params.id, savedAt, input });
    },
  );

  r.delete(
    "/staff/v1/vacancies/:id",
    {
      preHandler,
      schema: {
        ...base,
        summary: "Remove a vacancy (the log keeps what it was)",
        params: z.object({ id: uuidSchema }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeVacancy(db, editor(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}

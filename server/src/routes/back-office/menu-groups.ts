// The menu's groups (issue 36): GET/POST /staff/v1/menu-groups, PUT /staff/v1/menu-groups/order,
// PUT/DELETE /staff/v1/menu-groups/{id}; the owner's and a manager's (`menu` area).
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  editorMenuGroupSchema,
  menuGroupBodySchema,
  menuGroupDeletedSchema,
  menuGroupUpdateSchema,
} from "#domain/contract/back-office-menu-groups.ts";
import { menuOrderSchema } from "#domain/contract/back-office-menu.ts";
import { errorResponses, tenantHeadersSchema, uuidSchema } from "#domain/contract/common.ts";
import { requireUser } from "../../plugins/auth.ts";
import {
  createMenuGroup,
  editorMenuGroups,
  removeMenuGroup,
  reorderMenuGroups,
  saveMenuGroup,
} from "../../services/back-office/menu-groups.ts";
import { requireBackOffice, requireStaff } from "../orders/staff.ts";

const errors = { 401: errorResponses[403], 409: errorResponses[403], ...errorResponses };
const idParams = z.object({ id: uuidSchema });
const base = { tags: ["staff"], security: [{ bearer: [] }], headers: tenantHeadersSchema };
const preHandler = [requireUser, requireStaff];
const actor = (request: FastifyRequest) => {
  const scope = requireBackOffice(request, "menu");
  return { merchantId: scope.merchantId, userId: scope.userId, timeZone: request.tenant.timezone };
};

export async function menuGroupRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  r.get(
    "/staff/v1/menu-groups",
    {
      preHandler,
      schema: {
        ...base,
        summary: "The menu's groups (tabs of categories) in order, with how many categories each holds",
        response: { 200: z.array(editorMenuGroupSchema), ...errors },
      },
    },
    async (request) => editorMenuGroups(db, actor(request).merchantId),
  );

  r.post(
    "/staff/v1/menu-groups",
    {
      preHandler,
      schema: {
        ...base,
        summary: "Create a menu group, last in the menu",
        body: menuGroupBodySchema,
        response: { 201: editorMenuGroupSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createMenuGroup(db, actor(request), request.body)),
  );

  r.put(
    "/staff/v1/menu-groups/order",
    {
      preHandler,
      schema: {
        ...base,
        summary: "Put the menu's groups in this order (every group once)",
        body: menuOrderSchema,
        response: { 200: z.array(editorMenuGroupSchema), ...errors },
      },
    },
    async (request) => reorderMenuGroups(db, actor(request), request.body.ids),
  );

  r.put(
    "/staff/v1/menu-groups/:id",
    {
      preHandler,
      schema: {
        ...base,
        summary:
          "Rename a menu group, change its icon, picture, colours or visibility; 409 EDIT_CONFLICT when saved since `version`",
        params: idParams,
        body: menuGroupUpdateSchema,
        response: { 200: editorMenuGroupSchema, ...errors },
      },
    },
    async (request) => {
      const { version, ...values } = request.body;
      return saveMenuGroup(db, actor(request), { id: request.params.id, version, values });
    },
  );

  r.delete(
    "/staff/v1/menu-groups/:id",
    {
      preHandler,
      schema: {
        ...base,
        summary: "Delete a menu group; its categories stay, without a group",
        params: idParams,
        response: { 200: menuGroupDeletedSchema, ...errors },
      },
    },
    async (request) => removeMenuGroup(db, actor(request), request.params.id),
  );
}

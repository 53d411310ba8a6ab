// The back office's menu builder routes (issue 36): categories, products and modifier groups of the
// brand. Owner and manager bound to no branch (`requireBackOffice(request, "menu")`); every service
// call names the caller's brand, so a row of another brand is 404.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  categoryBodySchema,
  categoryDeletedSchema,
  categoryUpdateSchema,
  editorCategorySchema,
  menuOrderSchema,
  modifierGroupBodySchema,
  modifierGroupSchema,
  modifierGroupsCopySchema,
  modifierGroupUpdateSchema,
  productCreateSchema,
  productPlacementSchema,
} from "#domain/contract/back-office-menu.ts";
import { editorProductSchema } from "#domain/contract/back-office.ts";
import { errorResponses, tenantHeadersSchema, uuidSchema } from "#domain/contract/common.ts";
import { AppError } from "../../lib/errors.ts";
import { requireUser } from "../../plugins/auth.ts";
import { editorProducts } from "../../services/back-office/menu-editor.ts";
import {
  createCategory,
  copyModifierGroups,
  createModifierGroup,
  createProduct,
  deleteCategory,
  deleteProduct,
  editorCategories,
  editorModifierGroups,
  placeProduct,
  removeModifierGroup,
  reorderModifierGroups,
  reorderCategories,
  reorderProducts,
  saveCategory,
  saveModifierGroup,
} from "../../services/back-office/menu-builder.ts";
import { requireBackOffice, requireStaff } from "../orders/staff.ts";

const errors = { 401: errorResponses[403], 409: errorResponses[403], ...errorResponses };
const idParams = z.object({ id: uuidSchema });

const base = { tags: ["staff"], security: [{ bearer: [] }], headers: tenantHeadersSchema };
const preHandler = [requireUser, requireStaff];
const actor = (request: FastifyRequest) => {
  const scope = requireBackOffice(request, "menu");
  return { merchantId: scope.merchantId, userId: scope.userId, timeZone: request.tenant.timezone };
};

export async function menuBuilderRoutes(app: FastifyInstance): Promise<void> {
  await app.register(categoryRoutes);
  await app.register(productRoutes);
  await app.register(modifierGroupRoutes);
}

async function categoryRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  r.get(
    "/staff/v1/categories",
    {
      preHandler,
      schema: {
        ...base,
        summary: "The brand's categories in the menu's order",
        response: { 200: z.array(editorCategorySchema), ...errors },
      },
    },
    async (request) => editorCategories(db, actor(request).merchantId),
  );

  r.post(
    "/staff/v1/categories",
    {
      preHandler,
      schema: {
        ...base,
        summary: "Create a category, last in the menu",
        body: categoryBodySchema,
        response: { 201: editorCategorySchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createCategory(db, actor(request), request.body)),
  );

  r.put(
    "/staff/v1/categories/order",
    {
      preHandler,
      schema: {
        ...base,
        summary: "Put the brand's categories in this order (every category once)",
        body: menuOrderSchema,
        response: { 200: z.array(editorCategorySchema), ...errors },
      },
    },
    async (request) => reorderCategories(db, actor(request), request.body.ids),
  );

  r.put(
    "/staff/v1/categories/:id",
    {
      preHandler,
      schema: {
        ...base,
        summary:
          "Rename a category, change its picture, view type or visibility; 409 EDIT_CONFLICT when saved since `version`",
        params: idParams,
        body: categoryUpdateSchema,
        response: { 200: editorCategorySchema, ...errors },
      },
    },
    async (request) => {
      const { version, ...values } = request.body;
      return saveCategory(db, actor(request), { id: request.params.id, version, values });
    },
  );

  r.delete(
    "/staff/v1/categories/:id",
    {
      preHandler,
      schema: {
        ...base,
        summary: "Delete a category and the products in it (kept for orders' history, gone from the menu)",
        params: idParams,
        response: { 200: categoryDeletedSchema, ...errors },
      },
    },
    async (request) => deleteCategory(db, actor(request), request.params.id),
  );

  r.put(
    "/staff/v1/categories/:id/products/order",
    {
      preHandler,
      schema: {
        ...base,
        summary: "Put a category's products in this order (every product of it once)",
        params: idParams,
        body: menuOrderSchema,
        response: { 200: z.object({ ok: z.literal(true) }), ...errors },
      },
    },
    async (request) => {
      await reorderProducts(db, actor(request), request.params.id, request.body.ids);
      return { ok: true as const };
    },
  );
}

async function productRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const productView = async (merchantId: string, id: string) => {
    const found = (await editorProducts(db, merchantId)).find((p) => p.id === id);
    if (!found) throw new AppError("NOT_FOUND");
    return found;
  };

  r.post(
    "/staff/v1/products",
    {
      preHandler,
      schema: {
        ...base,
        summary: "Create a product in a category (last in it, sold at every branch)",
        body: productCreateSchema,
        response: { 201: editorProductSchema, ...errors },
      },
    },
    async (request, reply) => {
      const who = actor(request);
      const id = await createProduct(db, who, request.body);
      return reply.code(201).send(await productView(who.merchantId, id));
    },
  );

  r.patch(
    "/staff/v1/products/:id",
    {
      preHandler,
      schema: {
        ...base,
        summary:
          "Move a product to another category, change its picture or IKPU code; 409 EDIT_CONFLICT when saved since `version`",
        params: idParams,
        body: productPlacementSchema,
        response: { 200: editorProductSchema, ...errors },
      },
    },
    async (request) => {
      const who = actor(request);
      const { version, ...values } = request.body;
      await placeProduct(db, who, { id: request.params.id, version, values });
      return productView(who.merchantId, request.params.id);
    },
  );

  r.delete(
    "/staff/v1/products/:id",
    {
      preHandler,
      schema: {
        ...base,
        summary: "Delete a product (kept for orders' history, gone from the menu)",
        params: idParams,
        response: { 200: z.object({ ok: z.literal(true) }), ...errors },
      },
    },
    async (request) => {
      await deleteProduct(db, actor(request), request.params.id);
      return { ok: true as const };
    },
  );
}

async function modifierGroupRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  r.get(
    "/staff/v1/products/:id/modifier-groups",
    {
      preHandler,
      schema: {
        ...base,
        summary: "A product's modifier groups with their modifiers",
        params: idParams,
        response: { 200: z.array(modifierGroupSchema), ...errors },
      },
    },
    async (request) => editorModifierGroups(db, actor(request).merchantId, request.params.id),
  );

  r.post(
    "/staff/v1/products/:id/modifier-groups",
    {
      preHandler,
      schema: {
        ...base,
        summary: "Add a modifier group (names, min/max, its modifiers with prices) to a product",
        params: idParams,
        body: modifierGroupBodySchema,
        response: { 201: modifierGroupSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createModifierGroup(db, actor(request), request.params.id, request.body)),
  );

  r.put(
    "/staff/v1/products/:id/modifier-groups/order",
    {
      preHandler,
      schema: {
        ...base,
        summary: "Put a product's modifier groups in this order (every group of it once)",
        params: idParams,
        body: menuOrderSchema,
        response: { 200: z.array(modifierGroupSchema), ...errors },
      },
    },
    async (request) => reorderModifierGroups(db, actor(request), request.params.id, request.body.ids),
  );

  r.post(
    "/staff/v1/products/:id/modifier-groups/copy",
    {
      preHandler,
      schema: {
        ...base,
        summary:
          "Copy another dish's modifier groups onto this product (new groups, the product's own); answers its groups",
        params: idParams,
        body: modifierGroupsCopySchema,
        response: { 200: z.array(modifierGroupSchema), ...errors },
      },
    },
    async (request) =>
      copyModifierGroups(db, actor(request), {
        productId: request.params.id,
        fromProductId: request.body.fromProductId,
      }),
  );

  r.put(
    "/staff/v1/modifier-groups/:id",
    {
      preHandler,
      schema: {
        ...base,
        summary: "Save a modifier group and its modifiers; 409 EDIT_CONFLICT when saved since `version`",
        params: idParams,
        body: modifierGroupUpdateSchema,
        response: { 200: modifierGroupSchema, ...errors },
      },
    },
    async (request) => {
      const { version, ...values } = request.body;
      return saveModifierGroup(db, actor(request), { id: request.params.id, version, values });
    },
  );

  r.delete(
    "/staff/v1/modifier-groups/:id",
    {
      preHandler,
      schema: {
        ...base,
        summary: "Delete a modifier group (its modifiers switched off; orders keep them)",
        params: idParams,
        response: { 200: z.object({ ok: z.literal(true) }), ...errors },
      },
    },
    async (request) => {
      await removeModifierGroup(db, actor(request), request.params.id);
      return { ok: true as const };
    },
  );
}

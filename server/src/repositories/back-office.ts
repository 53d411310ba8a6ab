// The back office's reads and writes (issue 36): the brand's products as the menu editor shows them,
// a product's save (version-checked), the staff member's brand role and the audit log.
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Multilingual } from "#domain/multilingual.ts";
import {
  auditLog,
  branches,
  categories,
  deliveryRegions,
  menuGroups,
  products,
  users,
} from "../db/schema/index.ts";
import type { Db } from "../db/types.ts";

interface Tenant {
  merchantId: string;
}

/** The brand role given to a staff member of the brand (null: none given, it follows their role). */
export async function findBrandRole(db: Db, { merchantId, userId }: Tenant & { userId: string }) {
  const [row] = await db
    .select({ brandRole: users.brandRole })
    .from(users)
    .where(and(eq(users.merchantId, merchantId), eq(users.id, userId)));
  return row?.brandRole ?? null;
}

/** The name staff are shown by in the log: first and last name, else the phone. */
const staffName = sql<
  string | null
>`nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), '')`.mapWith(String);

const editorColumns = {
  id: products.id,
  categoryId: products.categoryId,
  categoryName: categories.name,
  name: products.name,
  description: products.description,
  image: products.image,
  costPrice: products.costPrice,
  discount: products.discount,
  active: products.active,
  deliveryEnabled: products.deliveryEnabled,
  eatsPrice: products.eatsPrice,
  enabledEats: products.enabledEats,
  expressPrice: products.expressPrice,
  enabledExpress: products.enabledExpress,
  version: products.version,
  lastModifiedDate: products.lastModifiedDate,
};

/** The brand's products in the menu's order (category, then product priority). */
export async function listEditorProducts(db: Db, { merchantId }: Tenant) {
  return db
    .select(editorColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(
      and(
        eq(products.merchantId, merchantId),
        eq(categories.merchantId, merchantId),
        // Deleted from the back office: kept for orders' history, no longer edited.
        isNull(products.deletedDate),
      ),
    )
    .orderBy(categories.priority, categories.id, products.priority, products.id);
}

export type EditorProductRow = Awaited<ReturnType<typeof listEditorProducts>>[number];

/** One product of the brand for editing, locked for the rest of the transaction when `lock`. */
export async function findEditorProduct(
  db: Db,
  { merchantId, id, lock = false }: Tenant & { id: string; lock?: boolean },
): Promise<EditorProductRow | undefined> {
  const query = db
    .select(editorColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(eq(products.merchantId, merchantId), eq(products.id, id), isNull(products.deletedDate)));
  const [row] = await (lock ? query.for("update", { of: products }) : query);
  return row;
}

export interface ProductChanges {
  name: Multilingual;
  description: Multilingual;
  costPrice: number;
  discount: number;
  active: boolean;
  deliveryEnabled?: boolean;
  eatsPrice?: number | null;
  enabledEats?: boolean;
  expressPrice?: number | null;
  enabledExpress?: boolean;
}

/** Writes a product's new values and counts its version up. */
export async function updateEditorProduct(
  db: Db,
  { merchantId, id, changes }: Tenant & { id: string; changes: ProductChanges },
): Promise<void> {
  await db
    .update(products)
    .set({ ...changes, version: sql`${products.version} + 1` })
    .where(and(eq(products.merchantId, merchantId), eq(products.id, id)));
}

export interface AuditValues {
  merchantId: string;
  /** null: Savat itself (a scheduled import). */
  userId: string | null;
  entity: string;
  entityId: string;
  action: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

export async function insertAudit(db: Db, values: AuditValues): Promise<void> {
  await db.insert(auditLog).values(values);
}

/** The newest log entries of the brand, of one kind or one entity when given. */
export async function listAudit(
  db: Db,
  {
    merchantId,
    entity,
    entityId,
    limit,
  }: Tenant & { entity?: string | undefined; entityId?: string | undefined; limit: number },
) {
  return db
    .select({
      id: auditLog.id,
      at: auditLog.createdDate,
      by: sql<string | null>`coalesce(${staffName}, ${users.phone})`,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      // The entity's name while it is there: a product's, a category's, a branch's, a zone's or a menu group's.
      entityName: sql<Multilingual | null>`coalesce(${products.name}, ${categories.name}, ${branches.name}, ${deliveryRegions.name}, ${menuGroups.name})`,
      action: auditLog.action,
      before: auditLog.before,
      after: auditLog.after,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .leftJoin(
      products,
      and(
        eq(auditLog.entity, "product"),
        eq(products.id, auditLog.entityId),
        eq(products.merchantId, merchantId),
      ),
    )
    .leftJoin(
      menuGroups,
      and(
        eq(auditLog.entity, "menu-group"),
        eq(menuGroups.id, auditLog.entityId),
        eq(menuGroups.merchantId, merchantId),
      ),
    )
    .leftJoin(
      branches,
      and(
        eq(auditLog.entity, "branch"),
        eq(branches.id, auditLog.entityId),
        eq(branches.merchantId, merchantId),
      ),
    )
    .leftJoin(
      deliveryRegions,
      and(
        eq(auditLog.entity, "zone"),
        eq(deliveryRegions.id, auditLog.entityId),
        eq(deliveryRegions.merchantId, merchantId),
      ),
    )
    .leftJoin(
      categories,
      and(
        eq(auditLog.entity, "category"),
        eq(categories.id, auditLog.entityId),
        eq(categories.merchantId, merchantId),
      ),
    )
    .where(
      and(
        eq(auditLog.merchantId, merchantId),
        entity === undefined ? undefined : eq(auditLog.entity, entity),
        entityId === undefined ? undefined : eq(auditLog.entityId, entityId),
      ),
    )
    .orderBy(desc(auditLog.createdDate), desc(auditLog.id))
    .limit(limit);
}

export type AuditRow = Awaited<ReturnType<typeof listAudit>>[number];

/** Who last saved each of these products from the back office, and when. */
export async function lastChanges(db: Db, { merchantId }: Tenant) {
  const rows = await db
    .selectDistinctOn([auditLog.entityId], {
      entityId: auditLog.entityId,
      at: auditLog.createdDate,
      by: sql<string | null>`coalesce(${staffName}, ${users.phone})`,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(and(eq(auditLog.merchantId, merchantId), eq(auditLog.entity, "product")))
    .orderBy(auditLog.entityId, desc(auditLog.createdDate));
  return new Map(rows.map((r) => [r.entityId, r]));
}

/** Who last saved this entity from the back office (name, else phone), for "changed by X at 12:03". */
export async function lastChangedBy(
  db: Db,
  { merchantId, entity, entityId }: { merchantId: string; entity: string; entityId: string },
): Promise<string | null> {
  const [row] = await db
    .select({
      by: sql<
        string | null
      >`coalesce(nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), ''), ${users.phone})`,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(
      and(eq(auditLog.merchantId, merchantId), eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)),
    )
    .orderBy(desc(auditLog.createdDate))
    .limit(1);
  return row?.by ?? null;
}

// The brand's menu in from its iiko nomenclature (issue 38): a preview of what an import would change,
// the import itself (one transaction, logged, live on every process's storefront at its next menu
// read) and the schedule that imports again for brands that imported once. The rules are in
// iiko-menu-plan.ts.
import type { IikoMenuImport, IikoMenuPreview } from "#domain/contract/kitchen.ts";
import { isAllowedImageSource, isSitePath } from "#domain/image-source.ts";
import { cachesChanged } from "../../db/cache-bus.ts";
import { transaction } from "../../db/transaction.ts";
import type { Db } from "../../db/types.ts";
import { IikoError, type IikoNomenclature } from "../../integrations/iiko.ts";
import { AppError } from "../../lib/errors.ts";
import { insertAudit } from "../../repositories/back-office.ts";
import { findKitchenCredentials } from "../../repositories/kitchen.ts";
import {
  claimScheduledImports,
  currentMenuForImport,
  insertImportedCategory,
  insertImportedProduct,
  lockMenuImport,
  markMenuImported,
  nextCategoryPriority,
  updateImportedCategory,
  updateImportedProduct,
  writeImportedGroups,
} from "../../repositories/kitchen-menu.ts";
import type { Outside } from "../stand-ins.ts";
import { recordWebhookEvent } from "../webhooks/events.ts";
import { iikoClientFor } from "./iiko-client.ts";
import { planMenuImport, type MenuPlan, type PlanChange } from "./iiko-menu-plan.ts";
import { iikoAppError } from "./iiko-setup.ts";

/** How many changes a preview lists (the counts cover all of them). */
export const MENU_PREVIEW_LIMIT = 300;
/** How often a brand that imported its menu once imports it again. */
export const MENU_SYNC_EVERY_MS = 6 * 60 * 60_000;

type Deps = Outside & { db: Db };

/** iiko's picture links the storefront may show: https origins the operator listed in IMAGE_HOSTS. */
const imageOk =
  (deps: Deps) =>
  (src: string): boolean =>
    !isSitePath(src) && isAllowedImageSource(src, deps.config.imageHosts);

async function fetchNomenclature(deps: Deps, merchantId: string): Promise<IikoNomenclature> {
  const credentials = await findKitchenCredentials(deps.db, merchantId);
  if (!credentials) throw new AppError("IIKO_NOT_SET_UP");
  const client = iikoClientFor(credentials.apiLogin, deps);
  if (!client) throw new AppError("IIKO_UNAVAILABLE");
  try {
    return await client.nomenclature(credentials.organizationId);
  } catch (error) {
    if (error instanceof IikoError) iikoAppError(error);
    throw error;
  }
}

function counts(changes: PlanChange[], unchanged: number): IikoMenuPreview["counts"] {
  const n = (action: PlanChange["action"]) => changes.filter((c) => c.action === action).length;
  return { create: n("create"), update: n("update"), hide: n("hide"), show: n("show"), unchanged };
}

/** What an import would change now, without changing anything. */
export async function previewMenuImport(deps: Deps, merchantId: string): Promise<IikoMenuPreview> {
  const nomenclature = await fetchNomenclature(deps, merchantId);
  const plan = planMenuImport(nomenclature, await currentMenuForImport(deps.db, merchantId), imageOk(deps));
  return {
    revision: String(nomenclature.revision),
    counts: counts(plan.changes, plan.unchanged),
    changes: plan.changes.slice(0, MENU_PREVIEW_LIMIT),
    truncated: plan.changes.length > MENU_PREVIEW_LIMIT,
  };
}

async function applyPlan(tx: Db, merchantId: string, plan: MenuPlan): Promise<void> {
  const current = await currentMenuForImport(tx, merchantId);
  const categoryIds = new Map(
    current.categories.flatMap((c) => (c.iikoId ? [[c.iikoId, c.id] as const] : [])),
  );
  let priority = await nextCategoryPriority(tx, merchantId);
  for (const step of plan.steps) {
    switch (step.kind) {
      case "category.create": {
        const id = await insertImportedCategory(tx, {
          merchantId,
          wanted: step.wanted,
          priority: priority++,
        });
        categoryIds.set(step.wanted.iikoId, id);
        break;
      }
      case "category.update":
        await updateImportedCategory(tx, { merchantId, id: step.id, set: step.set });
        break;
      case "category.show":
      case "category.hide":
        await updateImportedCategory(tx, {
          merchantId,
          id: step.id,
          set: { isActive: step.kind === "category.show", iikoImported: step.iikoImported },
        });
        break;
      case "product.create": {
        const categoryId = categoryIds.get(step.wanted.categoryIikoId);
        if (!categoryId) throw new Error("an imported product's category was not made");
        const id = await insertImportedProduct(tx, { merchantId, categoryId, wanted: step.wanted });
        await writeImportedGroups(tx, { merchantId, productId: id, wanted: step.wanted.groups, current: [] });
        break;
      }
      case "product.update": {
        const categoryId = step.categoryIikoId ? categoryIds.get(step.categoryIikoId) : undefined;
        await updateImportedProduct(tx, {
          merchantId,
          id: step.id,
          set: { ...step.set, ...(categoryId ? { categoryId } : {}) },
        });
        break;
      }
      case "product.hide":
        await updateImportedProduct(tx, {
          merchantId,
          id: step.id,
          set: { active: false, iikoImported: step.iikoImported },
        });
        break;
      case "product.groups":
        await writeImportedGroups(tx, {
          merchantId,
          productId: step.productId,
          wanted: step.wanted,
          current: step.current,
        });
        break;
    }
  }
}

/**
 * Imports iiko's menu: the plan is worked out again inside the transaction against the menu as it
 * stands, so what is written is exactly what the owner would now see in a preview. With `revision`
 * (the preview's), a nomenclature that changed since is refused: the owner looks again first.
 */
export async function importMenu(
  deps: Deps,
  input: { merchantId: string; userId: string | null; revision?: string | undefined; at?: Date },
): Promise<IikoMenuImport> {
  const { merchantId } = input;
  const nomenclature = await fetchNomenclature(deps, merchantId);
  if (input.revision !== undefined && input.revision !== String(nomenclature.revision))
    throw new AppError("IIKO_MENU_CHANGED");
  const at = input.at ?? new Date();
  const plan = await transaction(deps.db, async (tx) => {
    await lockMenuImport(tx, merchantId);
    const planned = planMenuImport(nomenclature, await currentMenuForImport(tx, merchantId), imageOk(deps));
    await applyPlan(tx, merchantId, planned);
    await markMenuImported(tx, { merchantId, revision: nomenclature.revision, at });
    const summary = counts(planned.changes, planned.unchanged);
    await insertAudit(tx, {
      merchantId,
      userId: input.userId,
      entity: "menu",
      entityId: merchantId,
      action: "iiko-import",
      before: {},
      after: { revision: String(nomenclature.revision), ...summary },
    });
    if (planned.steps.length > 0) {
      // Every process drops its prepared menus when this commits.
      await cachesChanged(tx, merchantId, ["menu"]);
      await recordWebhookEvent(tx, {
        merchantId,
        types: ["menu.changed"],
        facts: { entity: "menu", action: "iiko-import", revision: String(nomenclature.revision) },
      });
    }
    return planned;
  });
  return {
    revision: String(nomenclature.revision),
    counts: counts(plan.changes, plan.unchanged),
    importedAt: at.toISOString(),
  };
}

/** The schedule: brands whose last import is older than MENU_SYNC_EVERY_MS import again. */
export async function importDueMenus(
  deps: Deps & { log: (message: string, detail: Record<string, unknown>) => void },
  now = new Date(),
): Promise<number> {
  const due = await claimScheduledImports(deps.db, {
    before: new Date(now.getTime() - MENU_SYNC_EVERY_MS),
    now,
    limit: 5,
  });
  let imported = 0;
  for (const merchantId of due) {
    try {
      await importMenu(deps, { merchantId, userId: null, at: now });
      imported++;
    } catch (error) {
      // iiko away or refusing: the next turn of the schedule tries again.
      deps.log("scheduled iiko menu import failed", {
        merchantId,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return imported;
}

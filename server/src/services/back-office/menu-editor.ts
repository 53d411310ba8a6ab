// The menu editor of the back office (issue 36): a product's names, price, discount and visibility,
// saved in one transaction with its log entry and the menu caches' drop on every process, and
// refused when someone saved it since the form was opened.
import type { EditorProduct } from "#domain/contract/back-office.ts";
import { cachesChanged } from "../../db/cache-bus.ts";
import { transaction } from "../../db/transaction.ts";
import type { Db } from "../../db/types.ts";
import { AppError } from "../../lib/errors.ts";
import {
  findEditorProduct,
  insertAudit,
  lastChanges,
  listEditorProducts,
  updateEditorProduct,
  type EditorProductRow,
  type ProductChanges,
} from "../../repositories/back-office.ts";
import { recordWebhookEvent } from "../webhooks/events.ts";
import { editConflict } from "./edit-conflict.ts";

function view(row: EditorProductRow, last: { by: string | null } | undefined): EditorProduct {
  return {
    ...row,
    description: row.description ?? {},
    lastModifiedDate: row.lastModifiedDate.toISOString(),
    lastChangedBy: last?.by ?? null,
  };
}

export async function editorProducts(db: Db, merchantId: string): Promise<EditorProduct[]> {
  const [rows, last] = await Promise.all([
    listEditorProducts(db, { merchantId }),
    lastChanges(db, { merchantId }),
  ]);
  return rows.map((row) => view(row, last.get(row.id)));
}

/** A value as JSON with its keys sorted: texts are the same whatever order their languages came in. */
function canonical(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined && v !== "")
    .sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify(Object.fromEntries(entries));
}

/** The fields of a product that differ between two states, for the log. */
function changedFields(before: ProductChanges, after: ProductChanges) {
  const keys = (Object.keys(after) as (keyof ProductChanges)[]).filter(
    (k) => after[k] !== undefined && canonical(before[k]) !== canonical(after[k]),
  );
  return {
    before: Object.fromEntries(keys.map((k) => [k, before[k]])),
    after: Object.fromEntries(keys.map((k) => [k, after[k]])),
  };
}

/**
 * Saves a product from the editor. A save naming an older version than the stored one is refused
 * with who saved it and when (in the brand's time zone), so the second of two managers never
 * overwrites the first without seeing it.
 */
export async function saveProduct(
  db: Db,
  {
    merchantId,
    userId,
    id,
    version,
    changes,
    timeZone,
  }: {
    merchantId: string;
    userId: string;
    id: string;
    version: number;
    changes: ProductChanges;
    timeZone: string;
  },
): Promise<EditorProduct> {
  await transaction(db, async (tx) => {
    const current = await findEditorProduct(tx, { merchantId, id, lock: true });
    if (!current) throw new AppError("NOT_FOUND");
    if (current.version !== version) {
      const last = (await lastChanges(tx, { merchantId })).get(id);
      throw editConflict(last?.by ?? null, current.lastModifiedDate, timeZone);
    }
    const before: ProductChanges = {
      name: current.name,
      description: current.description ?? {},
      costPrice: current.costPrice,
      discount: current.discount,
      active: current.active,
      deliveryEnabled: current.deliveryEnabled,
      eatsPrice: current.eatsPrice,
      enabledEats: current.enabledEats,
      expressPrice: current.expressPrice,
      enabledExpress: current.enabledExpress,
    };
    // A channel switched on needs its price, whichever of the two this save sends.
    const after = { ...before, ...changes };
    for (const [on, price, channel] of [
      ["enabledEats", "eatsPrice", "Yandex Eats"],
      ["enabledExpress", "expressPrice", "Express 24"],
    ] as const) {
      if (after[on] && (after[price] ?? null) === null)
        throw new AppError("VALIDATION_FAILED", {
          uz: `body.${price}: ${channel} uchun narx kiriting`,
          ru: `body.${price}: укажите цену для ${channel}`,
          eng: `body.${price}: a price to sell on ${channel}`,
        });
    }
    const diff = changedFields(before, changes);
    if (Object.keys(diff.after).length === 0) return;
    await updateEditorProduct(tx, { merchantId, id, changes });
    await insertAudit(tx, { merchantId, userId, entity: "product", entityId: id, action: "update", ...diff });
    // Every process drops its prepared menus when this commits: the storefront shows the change at
    // its next menu read.
    await cachesChanged(tx, merchantId, ["menu"]);
    await recordWebhookEvent(tx, {
      merchantId,
      types: ["menu.changed"],
      facts: { entity: "product", id, action: "update" },
    });
  });
  const saved = await findEditorProduct(db, { merchantId, id });
  if (!saved) throw new AppError("NOT_FOUND");
  return view(saved, (await lastChanges(db, { merchantId })).get(id));
}

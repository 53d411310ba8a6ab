// The back office's content (issue 36): the brand's pages and vacancies saved from the console. Each
// save is one transaction with its log entry; a save over someone else's newer one is refused with
// who and when. Content is read live by the storefront (no cache to drop).
import { v5 as uuidv5 } from "uuid";
import {
  isExtraPage,
  PAGE_KINDS,
  type EditorPage,
  type EditorVacancy,
  type PageKind,
} from "#domain/contract/back-office-content.ts";
import type { ExtraPageSlug } from "#domain/contract/content.ts";
import type { PolicyType } from "#domain/enums.ts";
import type { Multilingual } from "#domain/multilingual.ts";
import { transaction } from "../../db/transaction.ts";
import type { Db } from "../../db/types.ts";
import { AppError } from "../../lib/errors.ts";
import { insertAudit } from "../../repositories/back-office.ts";
import { loggedEditConflict } from "./edit-conflict.ts";
import {
  deleteExtraPage,
  deletePolicy,
  deleteVacancy,
  findBrandBranch,
  insertVacancy,
  listExtraPageRows,
  listPolicyRows,
  listVacancyRows,
  lockExtraPage,
  lockPolicy,
  lockVacancy,
  updateVacancy,
  writeExtraPage,
  writePolicy,
  type VacancyRow,
  type VacancyValues,
} from "../../repositories/back-office-content.ts";

/** A page has no row of its own for good (taking it down deletes it): its log names it by this id. */
const PAGE_NAMESPACE = "5d0c2f5e-3b8e-4f61-9d07-0c5b8f1a2e44";
export const pageEntityId = (merchantId: string, kind: PageKind) =>
  uuidv5(`${merchantId}\n${kind}`, PAGE_NAMESPACE);

interface Editor {
  merchantId: string;
  userId: string;
  timeZone: string;
}

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

export async function editorPages(db: Db, merchantId: string): Promise<EditorPage[]> {
  const [policyRows, extraRows] = await Promise.all([
    listPolicyRows(db, { merchantId }),
    listExtraPageRows(db, { merchantId }),
  ]);
  return PAGE_KINDS.map((kind) => {
    if (isExtraPage(kind)) {
      const row = extraRows.find((r) => r.slug === kind);
      return { kind, title: row?.title ?? {}, body: row?.body ?? {}, savedAt: iso(row?.savedAt) };
    }
    const row = policyRows.find((r) => r.type === kind);
    return { kind, title: null, body: row?.text ?? {}, savedAt: iso(row?.savedAt) };
  });
}

const empty = (text: Multilingual) => Object.keys(text).length === 0;

/** Saves a page; a body empty in every language takes it down. */
export async function savePage(
  db: Db,
  editor: Editor,
  {
    kind,
    savedAt,
    title,
    body,
  }: { kind: PageKind; savedAt: string | null; title?: Multilingual | undefined; body: Multilingual },
): Promise<EditorPage> {
  const { merchantId, userId, timeZone } = editor;
  const entityId = pageEntityId(merchantId, kind);
  await transaction(db, async (tx) => {
    const extra = isExtraPage(kind);
    const current = extra
      ? await lockExtraPage(tx, { merchantId, slug: kind as ExtraPageSlug })
      : await lockPolicy(tx, { merchantId, type: kind as PolicyType });
    if (iso(current?.savedAt) !== savedAt) {
      throw await loggedEditConflict(tx, {
        merchantId,
        entity: "page",
        entityId,
        at: current?.savedAt ?? new Date(),
        timeZone,
      });
    }
    const before = current
      ? {
          ...("title" in current ? { title: current.title } : {}),
          body: "text" in current ? current.text : current.body,
        }
      : {};
    const nextTitle = title ?? {};
    if (extra && !empty(body) && empty(nextTitle)) {
      throw new AppError("VALIDATION_FAILED", {
        uz: "Sahifaga kamida bitta tilda sarlavha bering",
        ru: "Дайте странице заголовок хотя бы на одном языке",
        eng: "Give the page a title in at least one language",
      });
    }
    if (empty(body)) {
      if (!current) return;
      if (extra) await deleteExtraPage(tx, { merchantId, slug: kind as ExtraPageSlug });
      else await deletePolicy(tx, { merchantId, type: kind as PolicyType });
    } else if (extra) {
      await writeExtraPage(tx, { merchantId, slug: kind as ExtraPageSlug, title: nextTitle, body });
    } else {
      await writePolicy(tx, { merchantId, type: kind as PolicyType, text: body });
    }
    const after = empty(body) ? {} : { ...(extra ? { title: nextTitle } : {}), body };
    await insertAudit(tx, {
      merchantId,
      userId,
      entity: "page",
      entityId,
      action: empty(body) ? "delete" : current ? "update" : "create",
      before: { kind, ...before },
      after: { kind, ...after },
    });
  });
  const saved = (await editorPages(db, merchantId)).find((p) => p.kind === kind);
  if (!saved) throw new AppError("NOT_FOUND");
  return saved;
}

function vacancyView(row: VacancyRow): EditorVacancy {
  return { ...row, requirements: row.requirements ?? {}, savedAt: row.savedAt.toISOString() };
}

export async function editorVacancies(db: Db, merchantId: string): Promise<EditorVacancy[]> {
  return (await listVacancyRows(db, { merchantId })).map(vacancyView);
}

type VacancyInput = Omit<VacancyValues, "cityId">;

/** The vacancy's city follows its branch; a branch that is not the brand's is refused. */
async function valuesOf(db: Db, merchantId: string, input: VacancyInput): Promise<VacancyValues> {
  if (input.branchId === null) return { ...input, cityId: null };
  const branch = await findBrandBranch(db, { merchantId, id: input.branchId });
  if (!branch) throw new AppError("NOT_FOUND");
  return { ...input, cityId: branch.cityId };
}

const logged = (v: Partial<VacancyValues>) => {
  const { cityId: _city, ...rest } = v;
  return rest;
};

export async function createVacancy(db: Db, editor: Editor, input: VacancyInput): Promise<EditorVacancy> {
  const { merchantId, userId } = editor;
  const id = await transaction(db, async (tx) => {
    const values = await valuesOf(tx, merchantId, input);
    const made = await insertVacancy(tx, { merchantId, values });
    if (!made) throw new AppError("INTERNAL");
    await insertAudit(tx, {
      merchantId,
      userId,
      entity: "vacancy",
      entityId: made,
      action: "create",
      before: {},
      after: logged(values),
    });
    return made;
  });
  const row = (await listVacancyRows(db, { merchantId })).find((v) => v.id === id);
  if (!row) throw new AppError("NOT_FOUND");
  return vacancyView(row);
}

export async function saveVacancy(
  db: Db,
  editor: Editor,
  { id, savedAt, input }: { id: string; savedAt: string | undefined; input: VacancyInput },
): Promise<EditorVacancy> {
  const { merchantId, userId, timeZone } = editor;
  await transaction(db, async (tx) => {
    const current = await lockVacancy(tx, { merchantId, id });
    if (!current) throw new AppError("NOT_FOUND");
    if (savedAt !== undefined && current.savedAt.toISOString() !== savedAt) {
      throw await loggedEditConflict(tx, {
        merchantId,
        entity: "vacancy",
        entityId: id,
        at: current.savedAt,
        timeZone,
      });
    }
    const values = await valuesOf(tx, merchantId, input);
    const old: Record<string, unknown> = { ...current, requirements: current.requirements ?? {} };
    const changed = (Object.keys(logged(values)) as (keyof VacancyInput)[]).filter(
      (k) => JSON.stringify(old[k]) !== JSON.stringify(values[k]),
    );
    if (changed.length === 0) return;
    await updateVacancy(tx, { merchantId, id, values });
    await insertAudit(tx, {
      merchantId,
      userId,
      entity: "vacancy",
      entityId: id,
      action: "update",
      before: { position: current.position, ...Object.fromEntries(changed.map((k) => [k, old[k]])) },
      after: { position: values.position, ...Object.fromEntries(changed.map((k) => [k, values[k]])) },
    });
  });
  const row = (await listVacancyRows(db, { merchantId })).find((v) => v.id === id);
  if (!row) throw new AppError("NOT_FOUND");
  return vacancyView(row);
}

export async function removeVacancy(db: Db, editor: Editor, id: string): Promise<void> {
  const { merchantId, userId } = editor;
  await transaction(db, async (tx) => {
    const current = await lockVacancy(tx, { merchantId, id });
    if (!current) throw new AppError("NOT_FOUND");
    await deleteVacancy(tx, { merchantId, id });
    await insertAudit(tx, {
      merchantId,
      userId,
      entity: "vacancy",
      entityId: id,
      action: "delete",
      before: { position: current.position },
      after: {},
    });
  });
}

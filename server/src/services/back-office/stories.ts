// The brand's stories from the back office (issue 36, owners and managers bound to no branch): made,
// changed, hidden, reordered and removed. Each save is one transaction with its log entry and the
// cache bus's notice, so an open storefront reads its stories again once it commits (a fresh page
// reads them anyway: GET /notifications/v2/stories has no cache). A save over a newer one is refused
// with who and when. Every picture and clip a story names was uploaded here (or was already the
// story's, e.g. an imported URL kept as it was), and a button opens the brand's own dish.
import {
  clipNameOf,
  SLIDE_SECONDS,
  type EditorStory,
  type EditorStorySlide,
} from "#domain/contract/back-office-stories.ts";
import { pictureNameOf } from "#domain/contract/back-office-pictures.ts";
import type { Multilingual } from "#domain/multilingual.ts";
import { transaction } from "../../db/transaction.ts";
import type { Db } from "../../db/types.ts";
import { clipExists } from "../../lib/brand-clips.ts";
import { readPicture } from "../../lib/brand-pictures.ts";
import { AppError } from "../../lib/errors.ts";
import type { ObjectStorage } from "../../lib/object-storage.ts";
import { insertAudit } from "../../repositories/back-office.ts";
import { brandProductExists } from "../../repositories/back-office-banners.ts";
import {
  deleteStory,
  insertStory,
  lastStoryPriority,
  listStoryRows,
  lockStories,
  lockStory,
  setStoryPriority,
  updateStory,
  type StoryMedia,
  type StoryRow,
  type StoryValues,
} from "../../repositories/back-office-stories.ts";
import { storiesChanged } from "../content/content-views.ts";
import { loggedEditConflict } from "./edit-conflict.ts";

export interface StoryEditor {
  merchantId: string;
  userId: string;
  timeZone: string;
}

export interface StoryInput {
  title: Multilingual;
  preview: string;
  slides: {
    type: "IMAGE" | "VIDEO";
    url: string;
    poster: string | null;
    duration: number;
    button: { label: Multilingual; productId: string | null; link: string | null } | null;
  }[];
  isActive: boolean;
}

function slideView(m: StoryMedia): EditorStorySlide {
  return {
    type: m.type === "video" ? "VIDEO" : "IMAGE",
    url: m.url,
    poster: m.poster ?? null,
    duration: m.duration ?? SLIDE_SECONDS.default,
    button: m.button
      ? { label: m.button.label, productId: m.button.productId ?? null, link: m.button.link ?? null }
      : null,
  };
}

function view(row: StoryRow): EditorStory {
  return {
    id: row.id,
    title: row.title,
    preview: row.preview,
    slides: row.media.map(slideView),
    priority: row.priority,
    isActive: row.isActive,
    version: row.lastModifiedDate.toISOString(),
  };
}

export async function editorStories(db: Db, merchantId: string): Promise<EditorStory[]> {
  return (await listStoryRows(db, { merchantId })).map(view);
}

async function one(db: Db, merchantId: string, id: string): Promise<EditorStory> {
  const [row] = await listStoryRows(db, { merchantId, id });
  if (!row) throw new AppError("NOT_FOUND");
  return view(row);
}

const uploadAgain = (field: string) =>
  new AppError("VALIDATION_FAILED", {
    uz: `${field}: faylni qaytadan yuklang`,
    ru: `${field}: загрузите файл заново`,
    eng: `${field}: upload the file again`,
  });

/** The stored values of an input: every new picture and clip checked as uploaded, each dish as the brand's. */
async function valuesOf(
  db: Db,
  storage: ObjectStorage,
  merchantId: string,
  input: StoryInput,
  current?: { preview: string | null; media: StoryMedia[] },
): Promise<StoryValues> {
  // What the story already names stays valid as it is (an imported URL, a picture uploaded before).
  const kept = new Set<string>(
    current
      ? [current.preview ?? "", ...current.media.flatMap((m) => [m.url, m.poster ?? ""])].filter(Boolean)
      : [],
  );
  const picture = async (src: string, field: string) => {
    if (kept.has(src)) return;
    const name = pictureNameOf(src);
    if (!name || !(await readPicture(storage, name))) throw uploadAgain(field);
  };
  const clip = async (src: string, field: string) => {
    if (kept.has(src)) return;
    const name = clipNameOf(src);
    if (!name || !(await clipExists(storage, name))) throw uploadAgain(field);
  };
  await picture(input.preview, "preview");
  const media: StoryMedia[] = [];
  for (const [i, slide] of input.slides.entries()) {
    const at = `slides[${String(i)}]`;
    if (slide.type === "VIDEO") await clip(slide.url, `${at}.url`);
    else await picture(slide.url, `${at}.url`);
    if (slide.poster) await picture(slide.poster, `${at}.poster`);
    const b = slide.button;
    if (b?.productId && !(await brandProductExists(db, { merchantId, id: b.productId })))
      throw new AppError("NOT_FOUND", {
        uz: `${at}.button.productId: brendda bunday taom yo'q`,
        ru: `${at}.button.productId: у бренда нет такого блюда`,
        eng: `${at}.button.productId: the brand has no such dish`,
      });
    media.push({
      type: slide.type === "VIDEO" ? "video" : "image",
      url: slide.url,
      duration: slide.duration,
      ...(slide.poster ? { poster: slide.poster } : {}),
      ...(b
        ? {
            button: {
              label: b.label,
              ...(b.productId ? { productId: b.productId } : { link: b.link ?? "" }),
            },
          }
        : {}),
    });
  }
  return { title: input.title, preview: input.preview, media, isActive: input.isActive };
}

const LOGGED = ["title", "preview", "media", "isActive"] as const;

export async function createStory(
  db: Db,
  storage: ObjectStorage,
  editor: StoryEditor,
  input: StoryInput,
): Promise<EditorStory> {
  const { merchantId, userId } = editor;
  const id = await transaction(db, async (tx) => {
    const values = await valuesOf(tx, storage, merchantId, input);
    const priority = (await lastStoryPriority(tx, { merchantId })) + 1;
    const made = await insertStory(tx, { merchantId, values, priority });
    await insertAudit(tx, {
      merchantId,
      userId,
      entity: "story",
      entityId: made,
      action: "create",
      before: {},
      after: { ...values, priority },
    });
    await storiesChanged(tx, merchantId);
    return made;
  });
  return one(db, merchantId, id);
}

export async function saveStory(
  db: Db,
  storage: ObjectStorage,
  editor: StoryEditor,
  { id, version, input }: { id: string; version: string | undefined; input: StoryInput },
): Promise<EditorStory> {
  const { merchantId, userId, timeZone } = editor;
  await transaction(db, async (tx) => {
    const current = await lockStory(tx, { merchantId, id });
    if (!current) throw new AppError("NOT_FOUND");
    if (version !== undefined && current.lastModifiedDate.toISOString() !== version) {
      throw await loggedEditConflict(tx, {
        merchantId,
        entity: "story",
        entityId: id,
        at: current.lastModifiedDate,
        timeZone,
      });
    }
    const values = await valuesOf(tx, storage, merchantId, input, current);
    const changed = LOGGED.filter((k) => JSON.stringify(current[k]) !== JSON.stringify(values[k]));
    if (changed.length === 0) return;
    await updateStory(tx, { merchantId, id, values });
    await insertAudit(tx, {
      merchantId,
      userId,
      entity: "story",
      entityId: id,
      action: "update",
      before: { title: current.title, ...Object.fromEntries(changed.map((k) => [k, current[k]])) },
      after: { title: values.title, ...Object.fromEntries(changed.map((k) => [k, values[k]])) },
    });
    await storiesChanged(tx, merchantId);
  });
  return one(db, merchantId, id);
}

export async function removeStory(db: Db, editor: StoryEditor, id: string): Promise<void> {
  const { merchantId, userId } = editor;
  await transaction(db, async (tx) => {
    const current = await lockStory(tx, { merchantId, id });
    if (!current) throw new AppError("NOT_FOUND");
    await deleteStory(tx, { merchantId, id });
    await insertAudit(tx, {
      merchantId,
      userId,
      entity: "story",
      entityId: id,
      action: "delete",
      before: Object.fromEntries(LOGGED.map((k) => [k, current[k]])),
      after: {},
    });
    await storiesChanged(tx, merchantId);
  });
}

/** Puts the brand's stories in the order given: every story, each once. */
export async function orderStories(db: Db, editor: StoryEditor, ids: string[]): Promise<EditorStory[]> {
  const { merchantId, userId } = editor;
  await transaction(db, async (tx) => {
    const rows = await lockStories(tx, { merchantId });
    const known = new Map(rows.map((r) => [r.id, r.priority]));
    if (ids.some((id) => !known.has(id)))
      throw new AppError("NOT_FOUND", {
        uz: "ids: brendda bunday hikoya yo'q",
        ru: "ids: у бренда нет такой истории",
        eng: "ids: the brand has no such story",
      });
    if (new Set(ids).size !== ids.length || ids.length !== rows.length)
      throw new AppError("VALIDATION_FAILED", {
        uz: "ids: har bir hikoyani bir martadan bering",
        ru: "ids: перечислите каждую историю по одному разу",
        eng: "ids: give every story of the brand, each once",
      });
    let moved = false;
    for (const [index, id] of ids.entries()) {
      const priority = index + 1;
      const before = known.get(id);
      if (before === priority) continue;
      moved = true;
      await setStoryPriority(tx, { merchantId, id, priority });
      await insertAudit(tx, {
        merchantId,
        userId,
        entity: "story",
        entityId: id,
        action: "update",
        before: { priority: before },
        after: { priority },
      });
    }
    if (moved) await storiesChanged(tx, merchantId);
  });
  return editorStories(db, merchantId);
}

// The brand's stories as the back office edits them (issue 36): every story, shown or hidden, in the
// storefront's order (priority, then id), locked for a save or a reorder.
import { and, asc, eq, sql } from "drizzle-orm";
import { stories } from "../db/schema/index.ts";
import type { Db } from "../db/types.ts";

export type { StoryMedia } from "../db/schema/content.ts";

interface Tenant {
  merchantId: string;
}

export async function listStoryRows(db: Db, { merchantId, id }: Tenant & { id?: string }) {
  return db
    .select({
      id: stories.id,
      title: stories.title,
      preview: stories.preview,
      media: stories.media,
      priority: stories.priority,
      isActive: stories.isActive,
      lastModifiedDate: stories.lastModifiedDate,
    })
    .from(stories)
    .where(and(eq(stories.merchantId, merchantId), id === undefined ? undefined : eq(stories.id, id)))
    .orderBy(asc(stories.priority), asc(stories.id));
}

export type StoryRow = Awaited<ReturnType<typeof listStoryRows>>[number];

export async function lockStory(db: Db, { merchantId, id }: Tenant & { id: string }) {
  const [row] = await db
    .select()
    .from(stories)
    .where(and(eq(stories.merchantId, merchantId), eq(stories.id, id)))
    .for("update");
  return row;
}

/** The brand's stories locked for a reorder. */
export async function lockStories(db: Db, { merchantId }: Tenant) {
  return db
    .select({ id: stories.id, priority: stories.priority })
    .from(stories)
    .where(eq(stories.merchantId, merchantId))
    .for("update");
}

export type StoryValues = Pick<typeof stories.$inferInsert, "title" | "preview" | "media" | "isActive">;

export async function insertStory(
  db: Db,
  { merchantId, values, priority }: Tenant & { values: StoryValues; priority: number },
) {
  const [row] = await db
    .insert(stories)
    .values({ merchantId, ...values, priority })
    .returning({ id: stories.id });
  if (!row) throw new Error("story insert returned no row");
  return row.id;
}

export async function updateStory(
  db: Db,
  { merchantId, id, values }: Tenant & { id: string; values: StoryValues },
) {
  await db
    .update(stories)
    .set({
      ...values,
      lastModifiedDate: sql`greatest(now(), ${stories.lastModifiedDate} + interval '1 millisecond')`,
    })
    .where(and(eq(stories.merchantId, merchantId), eq(stories.id, id)));
}

/** A new place among the previews; the story's version stays (a reorder does not clash with an open form). */
export async function setStoryPriority(
  db: Db,
  { merchantId, id, priority }: Tenant & { id: string; priority: number },
) {
  await db
    .update(stories)
    .set({ priority, lastModifiedDate: sql`${stories.lastModifiedDate}` })
    .where(and(eq(stories.merchantId, merchantId), eq(stories.id, id)));
}

export async function deleteStory(db: Db, { merchantId, id }: Tenant & { id: string }) {
  await db.delete(stories).where(and(eq(stories.merchantId, merchantId), eq(stories.id, id)));
}

/** The last place among the previews, for a new story. */
export async function lastStoryPriority(db: Db, { merchantId }: Tenant): Promise<number> {
  const [row] = await db
    .select({ max: sql<number | null>`max(${stories.priority})`.mapWith(Number) })
    .from(stories)
    .where(eq(stories.merchantId, merchantId));
  return row?.max ?? 0;
}

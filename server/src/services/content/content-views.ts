// A brand's banners and stories as the API answers them (GET /support/v1/banner,
// GET /notifications/v2/stories): the routes send them, and the app shell of the brand's address
// carries them for the menu's first screen (boot-data.ts).
import type { Banner, BannerTarget, Story, StorySlide } from "#domain/contract/content.ts";
import { cachesChanged, onCacheDropped } from "../../db/cache-bus.ts";
import type { Db } from "../../db/types.ts";
import { activeProductIds, listBanners, listStories } from "../../repositories/content.ts";

/** Seconds a slide stays when the brand file gave none. */
const DEFAULT_SLIDE_SECONDS = 5;

/** Size answered for a banner imported before sizes were recorded (a 2:1 strip). */
const DEFAULT_SIZE = { width: 1200, height: 600 };

function bannerTarget(row: Awaited<ReturnType<typeof listBanners>>[number]): BannerTarget | null {
  if (row.productId) return { type: "PRODUCT", productId: row.productId };
  if (row.categoryId) return { type: "CATEGORY", categoryId: row.categoryId };
  if (row.promoCode) return { type: "PROMO", code: row.promoCode };
  if (row.link && /^https?:\/\//i.test(row.link)) return { type: "URL", url: row.link };
  return null;
}

/** The brand's banners shown at `now`, in order. */
export async function bannerViews(db: Db, merchantId: string, now: Date): Promise<Banner[]> {
  const rows = await listBanners(db, { merchantId, now });
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    image: row.image,
    width: row.width ?? DEFAULT_SIZE.width,
    height: row.height ?? DEFAULT_SIZE.height,
    target: bannerTarget(row),
  }));
}

/** The brand's stories with slides, in order. */
export async function storyViews(db: Db, merchantId: string): Promise<Story[]> {
  const rows = await listStories(db, { merchantId });
  // A button's product is checked now: one switched off or gone since the import loses its button.
  const products = await activeProductIds(db, {
    merchantId,
    ids: rows.flatMap((row) => row.media.flatMap((m) => (m.button?.productId ? [m.button.productId] : []))),
  });
  const slide = (m: (typeof rows)[number]["media"][number]): StorySlide => {
    const b = m.button;
    const target =
      b?.productId !== undefined
        ? products.has(b.productId)
          ? { type: "PRODUCT" as const, productId: b.productId }
          : null
        : b?.link !== undefined && /^https?:\/\//i.test(b.link)
          ? { type: "URL" as const, url: b.link }
          : null;
    return {
      type: m.type === "video" ? "VIDEO" : "IMAGE",
      url: m.url,
      poster: m.poster ?? null,
      duration: m.duration ?? DEFAULT_SLIDE_SECONDS,
      button: b && target ? { label: b.label, target } : null,
    };
  };
  return rows
    .filter((row) => row.media.length > 0)
    .map((row) => ({
      id: row.id,
      title: row.title,
      preview: row.preview ?? row.media[0]?.poster ?? row.media[0]?.url ?? "",
      slides: row.media.map(slide),
    }));
}

/**
 * The brand's stories changed in `tx` (opened by `transaction()`): once it commits, every process
 * tells the storefront pages it streams to read them again (the cache bus's "content" part).
 */
export async function storiesChanged(tx: Db, merchantId: string): Promise<void> {
  await cachesChanged(tx, merchantId, ["content"]);
}

/** Calls `listener` whenever the brand's stories change, in this process or another. */
export function onStoriesChanged(merchantId: string, listener: () => void): () => void {
  return onCacheDropped("content", (dropped) => {
    if (dropped === null || dropped === merchantId) listener();
  });
}

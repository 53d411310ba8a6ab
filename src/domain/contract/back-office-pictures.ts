// The back office's pictures (issue 36): a product, category, banner or story picture uploaded from
// the console. The answer's `src` is a path of the site that every image field of the brand takes
// (product.image, category.image, a banner's image) and that the storefront shows through its
// resized variants (/products/v1/image?src=...).
import { z } from "zod";

/** The largest upload taken (the IMAGE_TOO_LARGE message says 5 MB). */
export const PICTURE_MAX_BYTES = 5 * 1024 * 1024;

/** Where stored pictures are served; a picture's src is this path and its random name. */
export const PICTURE_PATH = "/api/products/v1/pictures/";

/** A stored picture's name: a random UUID, so a URL cannot be guessed. */
export const PICTURE_NAME_PATTERN = /^[0-9a-f-]{36}\.webp$/;

export const pictureSchema = z
  .object({
    /** A path of the site, e.g. /api/products/v1/pictures/<uuid>.webp. */
    src: z.string(),
  })
  .meta({ id: "Picture" });
export type Picture = z.infer<typeof pictureSchema>;

/** The stored picture's name in a src, or undefined when the src is not an uploaded picture. */
export function pictureNameOf(src: string): string | undefined {
  if (!src.startsWith(PICTURE_PATH)) return undefined;
  const name = src.slice(PICTURE_PATH.length);
  return PICTURE_NAME_PATTERN.test(name) ? name : undefined;
}

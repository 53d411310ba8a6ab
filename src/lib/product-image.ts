// Image URLs with the specification's resized variants (default 480x480, quality 100, webp):
// - a path of the site itself (/demo/...) goes through the server's variant route;
// - a remote image goes to the brand's image host with the size in the URL, following
//   VITE_IMAGE_VARIANT_TEMPLATE ({src}, {w}, {h}, {q}, {format}); by default the size travels as
//   query parameters, which a host that does not resize simply ignores.
import { apiBaseUrl } from "./api-client.ts";

export interface ImageVariant {
  w?: number;
  h?: number;
  q?: number;
  format?: "webp" | "jpeg" | "png";
}

export const DEFAULT_VARIANT = { w: 480, h: 480, q: 100, format: "webp" } as const;
const DEFAULT_TEMPLATE = "{src}{sep}w={w}&h={h}&q={q}&format={format}";

export function imageVariantUrl(src: string | null | undefined, variant: ImageVariant = {}): string | null {
  if (!src) return null;
  const v = { ...DEFAULT_VARIANT, ...variant };
  if (src.startsWith("/") && !src.startsWith("//")) {
    const query = new URLSearchParams({
      src,
      w: String(v.w),
      h: String(v.h),
      q: String(v.q),
      format: v.format,
    });
    return `${apiBaseUrl()}/products/v1/image?${query.toString()}`;
  }
  if (!/^https?:\/\//i.test(src)) return null;
  const template = import.meta.env.VITE_IMAGE_VARIANT_TEMPLATE ?? DEFAULT_TEMPLATE;
  return template
    .replace("{src}", src)
    .replace("{sep}", src.includes("?") ? "&" : "?")
    .replace("{w}", String(v.w))
    .replace("{h}", String(v.h))
    .replace("{q}", String(v.q))
    .replace("{format}", v.format);
}

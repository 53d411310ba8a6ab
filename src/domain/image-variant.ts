// The URL of an image in one of the specification's resized variants (default 480x480, quality
// 100, webp). One rule for the client (<img src>) and the server (the app shell's preload of the
// first screen's image), so the browser fetches the very URL it preloaded:
// - a path of the site itself (/demo/...) goes through the server's variant route;
// - a remote image goes to the brand's image host with the size in the URL, following the
//   template ({src}, {sep}, {w}, {h}, {q}, {format}); by default the size travels as query
//   parameters, which a host that does not resize simply ignores.

export interface ImageVariant {
  w?: number;
  h?: number;
  q?: number;
  format?: "webp" | "jpeg" | "png";
}

export const DEFAULT_VARIANT = { w: 480, h: 480, q: 100, format: "webp" } as const;
export const DEFAULT_VARIANT_TEMPLATE = "{src}{sep}w={w}&h={h}&q={q}&format={format}";

export function variantUrl(
  src: string | null | undefined,
  variant: ImageVariant,
  where: { apiBase: string; template: string },
): string | null {
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
    return `${where.apiBase}/products/v1/image?${query.toString()}`;
  }
  if (!/^https?:\/\//i.test(src)) return null;
  return where.template
    .replace("{src}", src)
    .replace("{sep}", src.includes("?") ? "&" : "?")
    .replace("{w}", String(v.w))
    .replace("{h}", String(v.h))
    .replace("{q}", String(v.q))
    .replace("{format}", v.format);
}

/** The variant a product card shows: small cards a 240 square, the others the default. */
export function cardImageVariant(view: "SMALL" | "MEDIUM" | "BIG"): ImageVariant | undefined {
  return view === "SMALL" ? { w: 240, h: 240 } : undefined;
}

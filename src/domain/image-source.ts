// Where an image a person types in (staff publishing the brand's news) may come from: a file of the
// site itself (/demo/x.svg, served and resized by the server) or an origin the operator listed in
// IMAGE_HOSTS, the same origins the Content-Security-Policy lets pages load images from. Anything
// else would be an image every customer's browser fetches from a host nobody vetted (and that the
// policy then blocks anyway).

/** A path from the site root, as the server's image variant route takes it. */
const SITE_PATH = /^\/(?!\/)[\w./-]+$/;

export function isSitePath(src: string): boolean {
  return SITE_PATH.test(src) && !src.split("/").includes("..");
}

/**
 * Whether `src` is a site path or an http(s) URL on one of `allowedOrigins` (origins such as
 * `https://cdn.example.com`, compared exactly: scheme, host and port).
 */
export function isAllowedImageSource(src: string, allowedOrigins: readonly string[]): boolean {
  if (isSitePath(src)) return true;
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return false;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return false;
  if (url.username !== "" || url.password !== "") return false;
  return allowedOrigins.includes(url.origin);
}

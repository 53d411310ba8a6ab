// Which brand a page belongs to, read from where it was opened (spec section 1):
// - production hosts: a keyword of the fixed host table (custom domains), else the subdomain;
// - development and demo hosts (localhost, *.localhost, private addresses): the `vendor` query
//   parameter, else the subdomain of *.localhost;
// - otherwise the merchant value stored by an earlier visit.

/** Keys of the storage this module reads and writes. */
export const STORED_VENDOR_KEY = "savat:vendor";
/**
 * Where the Click web_session is kept for the tab (src/platform/click.ts), so a reload or a logout
 * keeps the Click sign-in; the shell's first screen reads it to know the page is in Click.
 */
export const CLICK_SESSION_KEY = "savat:platform:click-web-session";

/**
 * Custom domains whose subdomain is not the brand: a keyword found in the host names the brand.
 * Fixed by deployment; add a line when a brand gets its own domain.
 */
export const HOST_KEYWORDS: Readonly<Record<string, string>> = {
  "lavash-markazi": "lavash",
  "plov-xona": "plov",
  "sushi-tashkent": "sushi",
};

const SUB_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** Labels of a production host that never name a brand. */
const NOT_A_BRAND = new Set(["www", "app", "m"]);

export function isValidSub(value: string | null | undefined): value is string {
  return typeof value === "string" && SUB_PATTERN.test(value);
}

function isPrivateIPv4(host: string): boolean {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (!m) return false;
  const a = Number(m[1]);
  const b = Number(m[2]);
  return a === 10 || a === 127 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || a === 0;
}

/** localhost, *.localhost and private network addresses: brand from ?vendor= or *.localhost. */
export function isDevHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, "");
  return (
    host === "localhost" ||
    host.endsWith(".localhost") ||
    isPrivateIPv4(host) ||
    (host.includes(":") && (host === "::1" || /^f[cd][0-9a-f]{2}:/.test(host) || host.startsWith("fe80:")))
  );
}

/**
 * Hosts that use the development API base (spec section 7): development hosts, hosts with "dev"
 * in their name, and the development vendor "mim".
 */
export function usesDevelopmentApi(hostname: string, vendor: string | null): boolean {
  return isDevHost(hostname) || hostname.toLowerCase().includes("dev") || vendor === "mim";
}

export interface BrandLocation {
  hostname: string;
  search: string;
}

export type BrandSource = "vendor" | "localhost-subdomain" | "host-keyword" | "subdomain" | "stored";

export function resolveBrandSub(
  loc: BrandLocation,
  stored: string | null,
): { sub: string; source: BrandSource } | null {
  const host = loc.hostname.toLowerCase();
  const fromStore = isValidSub(stored) ? { sub: stored, source: "stored" as const } : null;

  if (isDevHost(host)) {
    const vendor = new URLSearchParams(loc.search).get("vendor")?.trim().toLowerCase();
    if (isValidSub(vendor)) return { sub: vendor, source: "vendor" };
    if (host.endsWith(".localhost")) {
      const label = host.split(".")[0];
      if (isValidSub(label)) return { sub: label, source: "localhost-subdomain" };
    }
    return fromStore;
  }

  for (const [keyword, sub] of Object.entries(HOST_KEYWORDS)) {
    if (host.includes(keyword)) return { sub, source: "host-keyword" };
  }
  const labels = host.split(".");
  const first = labels[0];
  if (labels.length >= 3 && first !== undefined && !NOT_A_BRAND.has(first) && isValidSub(first)) {
    return { sub: first, source: "subdomain" };
  }
  return fromStore;
}

export interface SwitchableBrand {
  sub: string | null;
  domainUrl: string | null;
}

export interface HrefLocation extends BrandLocation {
  protocol: string;
  port: string;
}

function withScheme(url: string, protocol: string): string {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? url : `${protocol}//${url.replace(/^\/+/, "")}`;
}

/**
 * Where the brand switcher sends a visitor for another brand: the same kind of address as the
 * current one (subdomain of *.localhost, ?vendor= on other development hosts, the brand's own
 * domain or a sibling subdomain in production). Null when the brand cannot be reached.
 */
export function brandHref(brand: SwitchableBrand, loc: HrefLocation): string | null {
  const host = loc.hostname.toLowerCase();
  const port = loc.port ? `:${loc.port}` : "";
  if (brand.sub && isValidSub(brand.sub)) {
    if (host === "localhost" || host.endsWith(".localhost")) {
      return `${loc.protocol}//${brand.sub}.localhost${port}/`;
    }
    if (isDevHost(host)) return `/?vendor=${encodeURIComponent(brand.sub)}`;
  }
  if (brand.domainUrl) return withScheme(brand.domainUrl, loc.protocol);
  if (brand.sub && isValidSub(brand.sub)) {
    const labels = host.split(".");
    const parent = labels.length >= 3 ? labels.slice(1).join(".") : host;
    return `${loc.protocol}//${brand.sub}.${parent}${port}/`;
  }
  return null;
}

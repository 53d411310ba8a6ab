import { contentSecurityPolicy, type HelmetOptions } from "helmet";
import type { AnalyticsScript } from "#domain/analytics.ts";
import type { Config } from "../config.ts";
import { configuredMapStyle, OFFLINE_STYLE } from "../services/geo/map.ts";
import { FIRST_SCREEN_SCRIPT_HASHES } from "../services/content/first-screen.ts";

// The Content-Security-Policy names every outside host a page talks to, and no more: the map
// style's host (its tiles, sprites and glyphs) and the image hosts the operator lists in IMAGE_HOSTS
// everywhere; the hosts of the analytics and CRM scripts only on the pages of a brand whose web
// settings switch them on (the brand's app shell, set by the shell itself), each script's own. Every
// other response, the staff console's shell included, names no analytics host.

interface Hosts {
  script: string[];
  connect: string[];
  img: string[];
}

/** Meta pixel, Yandex Metrica, Google Tag Manager (with Google Analytics 4) and the amoCRM button. */
const ANALYTICS: Record<AnalyticsScript, Hosts> = {
  "meta-pixel": {
    script: ["https://connect.facebook.net"],
    connect: ["https://connect.facebook.net", "https://www.facebook.com"],
    img: ["https://www.facebook.com"],
  },
  "yandex-metrica": {
    script: ["https://mc.yandex.ru"],
    connect: ["https://mc.yandex.ru", "https://mc.yandex.com"],
    img: ["https://mc.yandex.ru", "https://mc.yandex.com"],
  },
  "google-tag-manager": {
    script: ["https://www.googletagmanager.com"],
    connect: [
      "https://*.googletagmanager.com",
      "https://*.google-analytics.com",
      "https://*.analytics.google.com",
    ],
    img: ["https://*.googletagmanager.com", "https://*.google-analytics.com"],
  },
  amocrm: {
    script: ["https://gso.amocrm.ru"],
    connect: ["https://gso.amocrm.ru"],
    img: ["https://gso.amocrm.ru"],
  },
};

/** The origin of the map style when it is remote; the offline style is served by this server. */
function mapHosts(config: Pick<Config, "mapStyleUrl" | "demo">): string[] {
  const style = configuredMapStyle(config);
  return style === OFFLINE_STYLE ? [] : [new URL(style).origin];
}

const unique = (values: string[]) => [...new Set(values)];

/** The policy's directives for a page loading these analytics scripts (none unless given). */
export function contentSecurityDirectives(
  config: Config,
  scripts: readonly AnalyticsScript[] = [],
): Record<string, string[] | null> {
  const map = mapHosts(config);
  const analytics = scripts.map((script) => ANALYTICS[script]);
  return {
    defaultSrc: ["'self'"],
    // The one inline script: the one that puts the shell's server-rendered first screen in place.
    scriptSrc: unique(["'self'", ...FIRST_SCREEN_SCRIPT_HASHES, ...analytics.flatMap((a) => a.script)]),
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: unique([
      "'self'",
      "data:",
      "blob:",
      ...map,
      ...config.imageHosts,
      ...analytics.flatMap((a) => a.img),
    ]),
    connectSrc: unique(["'self'", ...map, ...analytics.flatMap((a) => a.connect)]),
    workerSrc: ["'self'", "blob:"],
    fontSrc: ["'self'", "data:"],
    // Telegram Web and the Click app show the storefront inside a frame.
    frameAncestors: ["'self'", "https://web.telegram.org", "https://*.telegram.org", "https://*.click.uz"],
    upgradeInsecureRequests: null,
  };
}

/**
 * The whole policy as the header lists it: helmet's defaults (base-uri, form-action, object-src...)
 * with ours over them, in kebab case; a null of ours drops the default.
 */
function policyDirectives(config: Config, scripts: readonly AnalyticsScript[]): Record<string, string[]> {
  const merged = new Map(
    Object.entries(contentSecurityPolicy.getDefaultDirectives()).map(([name, values]) => [
      name,
      [...values].map(String),
    ]),
  );
  for (const [name, values] of Object.entries(contentSecurityDirectives(config, scripts))) {
    const kebab = name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
    if (values === null) merged.delete(kebab);
    else merged.set(kebab, values);
  }
  return Object.fromEntries(merged);
}

/** The Content-Security-Policy header of a page loading these analytics scripts. */
export function contentSecurityPolicyHeader(config: Config, scripts: readonly AnalyticsScript[]): string {
  return Object.entries(policyDirectives(config, scripts))
    .map(([name, values]) => (values.length > 0 ? `${name} ${values.join(" ")}` : name))
    .join(";");
}

export function helmetOptions(config: Config): HelmetOptions {
  return {
    // Written out in full (defaults merged here), so a brand's shell policy is the same text with
    // its analytics hosts added.
    contentSecurityPolicy: { useDefaults: false, directives: policyDirectives(config, []) },
    frameguard: false,
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.publicUrl?.startsWith("https:") ?? false,
  };
}

/**
 * The headers of a built script, stylesheet or font (/assets/*.js|css|woff2): only those that mean
 * something for a subresource. The policy headers apply to documents and workers; on each of the
 * ~50 files of a first open they were ~1.3 KB of headers each (most of the bytes of a small chunk).
 */
export const SUBRESOURCE_HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: false,
  crossOriginOpenerPolicy: false,
  crossOriginEmbedderPolicy: false,
  originAgentCluster: false,
  referrerPolicy: false,
  strictTransportSecurity: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  frameguard: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
};

/** A built subresource that no browser treats as a document (see SUBRESOURCE_HELMET_OPTIONS). */
export function isBuiltSubresource(url: string): boolean {
  return /^\/assets\/[^?#]+\.(?:js|css|woff2?)(?:[?#]|$)/.test(url);
}

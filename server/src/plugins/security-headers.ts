import type { HelmetOptions } from "helmet";
import type { Config } from "../config.ts";
import { configuredMapStyle, OFFLINE_STYLE } from "../routes/geo/geocoding.ts";
import { FIRST_SCREEN_SCRIPT_HASHES } from "../merchants/first-screen.ts";

// The Content-Security-Policy names every outside host the storefront talks to, and no more:
// the map style's host (its tiles, sprites and glyphs), the analytics and CRM scripts a brand may
// switch on in its web settings, and the image hosts the operator lists in IMAGE_HOSTS.

interface Hosts {
  script: string[];
  connect: string[];
  img: string[];
}

/** Meta pixel, Yandex Metrica, Google Tag Manager (with Google Analytics 4) and the amoCRM button. */
const ANALYTICS: Hosts[] = [
  {
    script: ["https://connect.facebook.net"],
    connect: ["https://connect.facebook.net", "https://www.facebook.com"],
    img: ["https://www.facebook.com"],
  },
  {
    script: ["https://mc.yandex.ru"],
    connect: ["https://mc.yandex.ru", "https://mc.yandex.com"],
    img: ["https://mc.yandex.ru", "https://mc.yandex.com"],
  },
  {
    script: ["https://www.googletagmanager.com"],
    connect: [
      "https://*.googletagmanager.com",
      "https://*.google-analytics.com",
      "https://*.analytics.google.com",
    ],
    img: ["https://*.googletagmanager.com", "https://*.google-analytics.com"],
  },
  {
    script: ["https://gso.amocrm.ru"],
    connect: ["https://gso.amocrm.ru"],
    img: ["https://gso.amocrm.ru"],
  },
];

/** The origin of the map style when it is remote; the offline style is served by this server. */
function mapHosts(config: Pick<Config, "mapStyleUrl" | "demo">): string[] {
  const style = configuredMapStyle(config);
  return style === OFFLINE_STYLE ? [] : [new URL(style).origin];
}

const unique = (values: string[]) => [...new Set(values)];

export function contentSecurityDirectives(config: Config): Record<string, string[] | null> {
  const map = mapHosts(config);
  return {
    defaultSrc: ["'self'"],
    // The one inline script: the one that puts the shell's server-rendered first screen in place.
    scriptSrc: unique(["'self'", ...FIRST_SCREEN_SCRIPT_HASHES, ...ANALYTICS.flatMap((a) => a.script)]),
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: unique([
      "'self'",
      "data:",
      "blob:",
      ...map,
      ...config.imageHosts,
      ...ANALYTICS.flatMap((a) => a.img),
    ]),
    connectSrc: unique(["'self'", ...map, ...ANALYTICS.flatMap((a) => a.connect)]),
    workerSrc: ["'self'", "blob:"],
    fontSrc: ["'self'", "data:"],
    // Telegram Web and the Click app show the storefront inside a frame.
    frameAncestors: ["'self'", "https://web.telegram.org", "https://*.telegram.org", "https://*.click.uz"],
    upgradeInsecureRequests: null,
  };
}

export function helmetOptions(config: Config): HelmetOptions {
  return {
    contentSecurityPolicy: { directives: contentSecurityDirectives(config) },
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

/// <reference types="vite/client" />

/** The storefront version (vite.config.ts APP_VERSION). */
declare const __APP_VERSION__: string;
/** Unique per build; build-meta.json and latest-build.json carry the id of the deployed build. */
declare const __BUILD_ID__: string;

interface ImportMetaEnv {
  /** API base path or URL; same-origin "/api" when unset. */
  readonly VITE_API_BASE_URL?: string;
  /** API base used on development hosts (localhost, *.localhost, private addresses, "dev" hosts). */
  readonly VITE_API_DEV_BASE_URL?: string;
  /** Content CDN base path or URL; the API base when unset. */
  /** Remote product images' variant URL, with {src} {sep} {w} {h} {q} {format}; src/lib/product-image.ts. */
  readonly VITE_IMAGE_VARIANT_TEMPLATE?: string;
}

declare module "*.po" {
  import type { Messages } from "@lingui/core";
  export const messages: Messages;
}

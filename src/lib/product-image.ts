// Image URLs with the specification's resized variants (src/domain/image-variant.ts): local paths
// through this API's variant route, remote ones following VITE_IMAGE_VARIANT_TEMPLATE.
import { DEFAULT_VARIANT_TEMPLATE, variantUrl, type ImageVariant } from "../domain/image-variant.ts";
import { apiBaseUrl } from "./api-client.ts";

export { DEFAULT_VARIANT, type ImageVariant } from "../domain/image-variant.ts";

export function imageVariantUrl(src: string | null | undefined, variant: ImageVariant = {}): string | null {
  return variantUrl(src, variant, {
    apiBase: apiBaseUrl(),
    template: import.meta.env.VITE_IMAGE_VARIANT_TEMPLATE ?? DEFAULT_VARIANT_TEMPLATE,
  });
}

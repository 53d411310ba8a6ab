import { useState } from "react";
import { imageVariantUrl, type ImageVariant } from "../lib/product-image.ts";

/**
 * A product (or category, modification) image in a box of fixed aspect ratio, so the page never
 * jumps while it loads; lazy below the fold; a neutral placeholder when there is none or it fails.
 */
export function ProductImage({
  src,
  alt = "",
  variant,
  className,
  eager = false,
}: {
  src: string | null | undefined;
  alt?: string;
  variant?: ImageVariant;
  className?: string;
  eager?: boolean;
}) {
  const url = imageVariantUrl(src, variant);
  const [failed, setFailed] = useState<string | null>(null);
  const showImage = url !== null && failed !== url;
  return (
    <span className={`product-image${className ? ` ${className}` : ""}`}>
      {showImage ? (
        <img
          src={url}
          alt={alt}
          loading={eager ? "eager" : "lazy"}
          fetchPriority={eager ? "high" : "auto"}
          decoding="async"
          width={variant?.w ?? 480}
          height={variant?.h ?? 480}
          onError={() => {
            setFailed(url);
          }}
        />
      ) : (
        <span
          className="product-image__placeholder"
          role={alt ? "img" : undefined}
          aria-label={alt || undefined}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              d="M8.1 13.34l2.83-2.83L3.91 3.5a4.008 4.008 0 000 5.66l4.19 4.18zm6.78-1.81c1.53.71 3.68.21 5.27-1.38 1.91-1.91 2.28-4.65.81-6.12-1.46-1.46-4.2-1.1-6.12.81-1.59 1.59-2.09 3.74-1.38 5.27L3.7 19.87l1.41 1.41L12 14.41l6.88 6.88 1.41-1.41L13.41 13l1.47-1.47z"
            />
          </svg>
        </span>
      )}
    </span>
  );
}

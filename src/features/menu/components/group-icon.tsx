import { useState } from "react";
import type { MenuGroup } from "../../../domain/menu.ts";
import { imageVariantUrl } from "../../../lib/product-image.ts";

/**
 * A menu group's icon on its own background colour (the group's `icon` and `iconBgColor`), beside
 * the group's name in its tab and its title. Decorative: the name says the same. Nothing when the
 * group has no icon or it fails to load.
 */
export function GroupIcon({ group, size }: { group: Pick<MenuGroup, "icon" | "iconBgColor">; size: number }) {
  // The smallest of the image route's fixed sizes: sharp at twice the largest icon's size.
  const url = imageVariantUrl(group.icon, { w: 96, h: 96 });
  const [failed, setFailed] = useState<string | null>(null);
  if (!url || failed === url) return null;
  return (
    <span
      className="group-icon"
      style={{ width: size, height: size, background: group.iconBgColor ?? undefined }}
      aria-hidden="true"
    >
      <img
        src={url}
        alt=""
        width={size}
        height={size}
        decoding="async"
        onError={() => {
          setFailed(url);
        }}
      />
    </span>
  );
}

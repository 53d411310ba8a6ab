import { useLingui } from "@lingui/react/macro";
import { notify } from "../../../lib/notify.ts";
import { getPlatform } from "../../../platform/index.ts";
import { useRequiredTenant } from "../../../shared/brand/tenant.ts";
import { productPageHref, productStartParam } from "../../../shared/menu/product-link.ts";

/** The brand's bot link as https://t.me/<bot>, or null when it is not one. */
function botLink(link: string): string | null {
  const match = /^https:\/\/t\.me\/([A-Za-z0-9_]{5,32})\/?$/.exec(link.trim());
  return match ? `https://t.me/${match[1]}` : null;
}

/**
 * Shares a product: inside Telegram, Telegram's share dialog with a link that opens the product in
 * the mini app (startapp=product_<id>); on the web, the system's share sheet, or else the link is
 * copied ("Link to the product copied").
 */
export function ShareButton({ productId, name }: { productId: string; name: string }) {
  const { t } = useLingui();
  const { settings } = useRequiredTenant();
  const host = getPlatform();

  const share = async () => {
    const bot = botLink(settings.telegramBotLink);
    if (host.kind === "telegram" && host.openTelegramLink && bot) {
      const link = `${bot}?startapp=${productStartParam(productId)}`;
      host.openTelegramLink(
        `https://t.me/share/url?url=${encodeURIComponent(link)}&text=${encodeURIComponent(name)}`,
      );
      return;
    }
    const url = `${window.location.origin}${productPageHref(productId)}`;
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title: name, url });
        return;
      } catch (error) {
        // The customer closed the share sheet: nothing more to do.
        if (error instanceof DOMException && error.name === "AbortError") return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      notify({ kind: "success", text: t`Link to the product copied` });
    } catch {
      notify({ kind: "warning", text: t`Copy this link: ${url}`, duration: 8000 });
    }
  };

  return (
    <button
      type="button"
      className="favourite-toggle share-toggle"
      aria-label={t`Share ${name}`}
      onClick={() => void share()}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path
          d="M12 3v12M7.5 7.5 12 3l4.5 4.5M5 13v6a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}

import { useLingui } from "@lingui/react/macro";
import { useOnline } from "../../lib/offline.ts";

/**
 * Said while the browser has no network: the menu and orders on screen are what this device kept
 * (the service worker's copies), and nothing can be ordered until the connection is back.
 */
export function OfflineNotice() {
  const { t } = useLingui();
  const online = useOnline();
  return (
    <div className="offline-notice" role="status">
      {!online && (
        <>
          <strong className="offline-notice__title">{t`Offline`}</strong>
          <span>{t`You see the menu and orders as this device last saw them. Ordering works again once the connection is back.`}</span>
        </>
      )}
    </div>
  );
}

// The menu's live channel (issue 44, point 14): while the storefront is open it follows the brand's
// menu stream and, when the menu changes (staff stop or put back a dish or an option, an import),
// reads the menu again, so an open menu, product page or basket shows it within a second or two
// without a reload. The event carries nothing but "changed": the menu itself comes as always, with
// its ETag (a 304 when this branch's menu did not change). The checkout's quote is asked again too,
// so a basket line that became unavailable is refused at once rather than at placing. A `content`
// event (the brand's stories changed in the back office) reads the stories again.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { openSseStream } from "../../lib/sse.ts";
import { getCurrentBrand } from "../brand/current-brand.ts";
import { useRequiredTenant } from "../brand/tenant.ts";
import { queryKeys } from "../query-keys.ts";

/** Events of one change (this process's drop and the database's notice) are read as one. */
const SETTLE_MS = 150;

/**
 * The stream opens this long after the page has loaded, or at the customer's first touch or key,
 * whichever comes first. A stream open from the start keeps the page's network busy for good, and a
 * page that never goes quiet is measured (Lighthouse) and treated by hosts as still loading. What
 * changed before it opened is read once it opens (a 304 when nothing did).
 */
const OPEN_AFTER_MS = 5_000;
const FIRST_TOUCH = ["pointerdown", "keydown", "touchstart", "wheel"] as const;

/** Calls `start` once: OPEN_AFTER_MS after the page's load, or at the first touch or key. */
function whenSettled(start: () => void): () => void {
  let done = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const go = () => {
    if (done) return;
    done = true;
    cleanup();
    start();
  };
  const afterLoad = () => {
    timer = setTimeout(go, OPEN_AFTER_MS);
  };
  function cleanup() {
    clearTimeout(timer);
    window.removeEventListener("load", afterLoad);
    for (const type of FIRST_TOUCH) window.removeEventListener(type, go, true);
  }
  for (const type of FIRST_TOUCH) window.addEventListener(type, go, { capture: true, passive: true });
  if (document.readyState === "complete") afterLoad();
  else window.addEventListener("load", afterLoad, { once: true });
  return () => {
    done = true;
    cleanup();
  };
}

export function MenuLive(): null {
  const client = useQueryClient();
  const { merchant } = useRequiredTenant();
  const merchantId = merchant.id;
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        void client.invalidateQueries({ queryKey: [...queryKeys.brand(merchantId), "menu"] });
        void client.invalidateQueries({
          predicate: (q) =>
            q.queryKey[0] === "brand" && q.queryKey[1] === merchantId && q.queryKey.includes("order-quote"),
        });
      }, SETTLE_MS);
    };
    // The stories changed in the back office: the previews read them again (an open viewer keeps
    // what it plays; the next opening has the new ones).
    const storiesChanged = () => {
      void client.invalidateQueries({ queryKey: queryKeys.stories(merchantId) });
    };
    const openStream = () =>
      openSseStream<{ menu: unknown; content: unknown }>({
        request: () => {
          const brand = getCurrentBrand();
          if (!brand || brand.merchantId !== merchantId) return null;
          return { path: "/products/v1/overalls/events", headers: { merchant: merchantId } };
        },
        endOn: [400, 401, 403, 404, 429],
        on: { menu: refresh, content: storiesChanged },
        // Opened after the page settled, or reconnected: a change may have come meanwhile. Read again.
        onOpen: refresh,
      });
    let stop: () => void = () => undefined;
    const cancel = whenSettled(() => {
      stop = openStream();
    });
    return () => {
      clearTimeout(timer);
      cancel();
      stop();
    };
  }, [client, merchantId]);
  return null;
}

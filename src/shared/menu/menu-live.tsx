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

export function MenuLive(): null {
  const client = useQueryClient();
  const { merchant } = useRequiredTenant();
  const merchantId = merchant.id;
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let opened = 0;
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
    const stop = openSseStream<{ menu: unknown; content: unknown }>({
      request: () => {
        const brand = getCurrentBrand();
        if (!brand || brand.merchantId !== merchantId) return null;
        return { path: "/products/v1/overalls/events", headers: { merchant: merchantId } };
      },
      endOn: [400, 401, 403, 404, 429],
      on: { menu: refresh, content: storiesChanged },
      // A reconnection may have missed a change: read again (the first connection has nothing to catch up).
      onOpen: () => {
        opened += 1;
        if (opened > 1) refresh();
      },
    });
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [client, merchantId]);
  return null;
}

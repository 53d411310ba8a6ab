import { useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Link, useLocation } from "wouter";
import { openOrderStream, useOrderStreamConnected } from "../api/order-events.ts";
import { useActiveOrders } from "../api/get-active-orders.ts";
import { ORDER_STATUS_LABELS } from "../../../shared/orders/status-labels.ts";
import { useCustomerId } from "../../../shared/session/session-atom.ts";
import { POLL_MS } from "./live-poll.ts";
import "./orders.css";
import { useRequiredTenant } from "../../../shared/brand/tenant.ts";
import { queryKeys } from "../../../shared/query-keys.ts";

/** Active orders are fetched about 500 ms after start, only with a token (spec section 4). */
const START_DELAY_MS = 500;

/**
 * Mounted once in the layout: fetches the customer's active orders shortly after start, keeps the
 * live stream open while there is a customer, refreshes order data on every event, and shows a
 * small link to the newest active order.
 */
export function ActiveOrdersWatcher() {
  const { t, i18n } = useLingui();
  const userId = useCustomerId();
  const client = useQueryClient();
  const { merchant } = useRequiredTenant();
  const [location] = useLocation();
  const [started, setStarted] = useState(false);
  const live = useOrderStreamConnected();

  useEffect(() => {
    const timer = setTimeout(() => {
      setStarted(true);
    }, START_DELAY_MS);
    return () => {
      clearTimeout(timer);
    };
  }, []);

  useEffect(() => {
    if (!started || !userId) return;
    return openOrderStream(
      () => {
        void client.invalidateQueries({ queryKey: queryKeys.orders(merchant.id, userId) });
        void client.invalidateQueries({ queryKey: queryKeys.couriers(merchant.id, userId) });
        // A status change also wrote the customer's notification: the bell's count follows.
        void client.invalidateQueries({ queryKey: queryKeys.notifications(merchant.id, userId) });
      },
      () => {
        void client.invalidateQueries({ queryKey: queryKeys.reservations(merchant.id, userId) });
      },
    );
  }, [started, userId, client, merchant.id]);

  const active = useActiveOrders(userId, { enabled: started, pollMs: live ? false : POLL_MS * 3 });
  const newest = active.data?.[0];
  if (!newest || location.startsWith("/profile/orders") || location === "/checkout") return null;
  return (
    <Link href={`/profile/orders/${newest.id}`} className="active-order-chip" data-testid="active-order-chip">
      {t`Order #${newest.number}`}: {i18n._(ORDER_STATUS_LABELS[newest.status])}
    </Link>
  );
}

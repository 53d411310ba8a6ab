import type { OrderEvents } from "../../services/orders/events.ts";
import type { RefundWorker } from "../../services/payments/refunds.ts";

/** What the order routes share: the app's event hub and refund worker (plugins/background.ts). */
export interface OrderRouteDeps {
  events: OrderEvents;
  refunds: RefundWorker;
}

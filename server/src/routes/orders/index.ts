// The customer's order calls (place, list, read, active, settings, courier) plus the quote, cancel, change, hide, promos and the live
// stream, one file each group; the staff API, the tables and the bookings register here too, sharing
// the app's event hub (plugins/background.ts).
import type { FastifyInstance } from "fastify";
import type { OrderRouteDeps } from "./deps.ts";
import { orderActionRoutes } from "./order-actions.ts";
import { orderChangeRoutes } from "./order-change.ts";
import { orderEventRoutes } from "./order-events.ts";
import { orderExtraRoutes } from "./order-extras.ts";
import { phoneOrderRoutes } from "./phone-orders.ts";
import { customerOrderRoutes } from "./placing.ts";
import { reservationRoutes } from "./reservations.ts";
import { staffRoutes } from "./staff.ts";
import { staffEventRoutes } from "./staff-events.ts";
import { staffConsoleRoutes } from "./staff-console.ts";
import { tableRoutes } from "./tables.ts";

/** `events` is shared with the payment callbacks, which change orders outside this scope. */
export async function ordersRoutes(app: FastifyInstance, deps: OrderRouteDeps): Promise<void> {
  const { events, refunds } = deps;
  // Plain calls, not plugins: the routes keep their order (and the API document its order).
  customerOrderRoutes(app, deps);
  orderEventRoutes(app, deps);
  orderActionRoutes(app, deps);
  orderChangeRoutes(app, deps);
  orderExtraRoutes(app, deps);

  await app.register(async (scope) => staffRoutes(scope, events, refunds));
  await app.register(async (scope) => {
    phoneOrderRoutes(scope, deps);
  });
  // One listener of waiter calls for the tables' streams and the staff's.
  const callEvents = app.waiterCallEvents;
  await app.register(async (scope) => staffEventRoutes(scope, events, callEvents));
  await app.register(async (scope) => reservationRoutes(scope, events));
  await app.register(async (scope) => tableRoutes(scope, callEvents));
  await app.register(staffConsoleRoutes);
}

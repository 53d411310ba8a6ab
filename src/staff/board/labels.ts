import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import type { OrderStatus } from "../../domain/enums.ts";
import type { BoardColumn, BoardMove } from "./board-model.ts";

// A column names the orders in it (Russian "Принятые", not an order's "Принят"), apart from the
// order statuses that share the English words.
export const COLUMN_LABELS: Record<BoardColumn, MessageDescriptor> = {
  new: msg({ context: "board column: the orders in it", message: "New" }),
  accepted: msg({ context: "board column: the orders in it", message: "Accepted" }),
  cooking: msg({ context: "board column: the orders in it", message: "Cooking" }),
  ready: msg({ context: "board column: the orders in it", message: "Ready" }),
  onTheWay: msg({ context: "board column: the orders in it", message: "On the way" }),
  done: msg({ context: "board column: the orders in it", message: "Done" }),
};

/** The tag on one order that has just come in (Russian "Новый", not the column's "Новые"). */
export const NEW_ORDER_TAG = msg({ context: "tag on one new order", message: "New" });

const MOVE_LABELS: Partial<Record<OrderStatus, MessageDescriptor>> = {
  CREATED: msg`Confirm`,
  ACCEPTED: msg`Accept`,
  COOKING: msg`Start cooking`,
  DONE: msg`Mark ready`,
  ATTACHED: msg`Hand to the courier`,
  ON_WAY: msg`Send on the way`,
  DELIVERED: msg`Mark delivered`,
  CLOSED: msg`Close`,
};

export function moveLabel(move: BoardMove): MessageDescriptor {
  return move.kind === "courier" ? msg`Choose a courier` : (MOVE_LABELS[move.to] ?? msg`Next status`);
}

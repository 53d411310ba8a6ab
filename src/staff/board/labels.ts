import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import type { OrderStatus } from "../../domain/enums.ts";
import type { BoardColumn, BoardMove } from "./board-model.ts";

export const COLUMN_LABELS: Record<BoardColumn, MessageDescriptor> = {
  new: msg`New`,
  accepted: msg`Accepted`,
  cooking: msg`Cooking`,
  ready: msg`Ready`,
  onTheWay: msg`On the way`,
  done: msg`Done`,
};

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

/** The staff board's orders. */
export { findOrderBranch, listBoardOrders } from "../../repositories/staff-board.ts";

/** A branch's tables and waiter calls. */
export {
  branchExists,
  findCallBranchId,
  findTableByCode,
  listBranchCalls,
  listBranchTables,
  listTableCalls,
  waiterCallViews,
} from "../../repositories/tables.ts";

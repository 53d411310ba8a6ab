/** The staff's branches, day switches and day totals (the stop-list: stop-list.ts). */
export {
  brandBranchIds,
  dayTotals,
  findDaySwitches,
  listStaffBranchIds,
  setDaySwitches,
  sumDayTotals,
} from "../../repositories/staff.ts";

/** The staff's branches, day switches, pauses and day totals (the stop-list: stop-list.ts). */
export {
  brandBranchIds,
  dayTotals,
  findDaySwitches,
  findPauses,
  listStaffBranchIds,
  setDaySwitches,
  setPauses,
  sumDayTotals,
} from "../../repositories/staff.ts";

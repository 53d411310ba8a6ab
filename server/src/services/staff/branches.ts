/** The staff's branches, stop list, day switches and day totals. */
export {
  brandBranchIds,
  dayTotals,
  findDaySwitches,
  listStaffBranchIds,
  listStopList,
  setDaySwitches,
  setStop,
  sumDayTotals,
} from "../../repositories/staff.ts";

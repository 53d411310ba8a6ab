/** The staff's branches, stop list, day switches, pauses and day totals. */
export {
  brandBranchIds,
  dayTotals,
  findDaySwitches,
  findPauses,
  listStaffBranchIds,
  listStopList,
  setDaySwitches,
  setPauses,
  setStop,
  sumDayTotals,
} from "../../repositories/staff.ts";

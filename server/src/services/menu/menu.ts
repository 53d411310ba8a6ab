/** The menu's branches, grades and stock. */
export { listBranchIds, listGrades, setProductStock } from "../../repositories/menu.ts";
export { onMenuChanged, type PreparedBody } from "../../repositories/menu-cache.ts";

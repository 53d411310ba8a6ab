/** The menu's branches, grades and stock. */
export { listBranchIds, listGrades, setProductStock } from "../../repositories/menu.ts";
export { type PreparedBody } from "../../repositories/menu-cache.ts";

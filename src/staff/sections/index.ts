import type { StaffSection } from "./types.ts";

/** The console's sections after the board, in the order the shell's navigation shows them. */
export const staffSections: StaffSection[] = [];

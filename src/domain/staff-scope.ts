// Who on the staff may act where: one rule for every staff route of the server (orders, couriers,
// bookings, waiter calls, stop-lists, stock, the brand's news) and for the console's screens.
//
// A staff member (role STAFF or ADMIN of the brand) bound to branches (staff_branches) works at
// those branches only; one bound to no branch works at every branch of the brand and is the only
// one who may act brand-wide: anything not tied to one branch (the brand's news to every customer,
// a product's stock for the whole brand, couriers of no branch, the brand-wide courier list). There
// is no separate owner role: ADMIN is held to its binding like STAFF, since the binding is the
// brand's explicit choice to keep that person to a branch.
import type { UserRole } from "./enums.ts";

/** The roles that use the staff routes and the staff console. */
export const STAFF_ROLES = ["STAFF", "ADMIN"] as const satisfies readonly UserRole[];
export type StaffRole = (typeof STAFF_ROLES)[number];

export function isStaffRole(role: string | null | undefined): role is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(role ?? "");
}

/** A staff member's reach: the branches they are bound to; null = bound to none (the whole brand). */
export interface StaffReach {
  role: string;
  branchIds: ReadonlySet<string> | null;
}

/** Whether the staff member may act for the whole brand: staff, and bound to no branch. */
export function mayActBrandWide(staff: StaffReach): boolean {
  return isStaffRole(staff.role) && staff.branchIds === null;
}

/**
 * Whether the staff member may see and act on what belongs to a branch. What belongs to no branch
 * (`null`: a courier of no branch, an order without one) is brand-wide: for unbound staff only.
 */
export function canSeeBranch(staff: StaffReach, branchId: string | null | undefined): boolean {
  if (!isStaffRole(staff.role)) return false;
  if (mayActBrandWide(staff)) return true;
  return typeof branchId === "string" && staff.branchIds !== null && staff.branchIds.has(branchId);
}

/** The branch filter of a list: the staff member's branches, or null for every branch of the brand. */
export function visibleBranchIds(staff: StaffReach): string[] | null {
  if (!isStaffRole(staff.role)) return [];
  return staff.branchIds === null ? null : [...staff.branchIds];
}

/**
 * What a staff member does at the brand (issue 36): the back office's rights follow it. The order
 * board, the stop-list and the day's switches stay with every staff role (`canSeeBranch`); these
 * roles decide who may change the brand itself.
 */
export const BRAND_ROLES = ["OWNER", "MANAGER", "OPERATOR", "KITCHEN", "COURIER"] as const;
export type BrandRole = (typeof BRAND_ROLES)[number];

/**
 * A courier (issue 39) is staff of the brand tied to one courier record and one branch: they use
 * the courier app (/api/courier/v1), not the board or the back office, so a courier's phone never
 * moves another courier's order through the staff routes.
 */
export function usesStaffConsole(brandRole: BrandRole): boolean {
  return brandRole !== "COURIER";
}

/**
 * Who takes orders by phone for callers (issue 42): the owner, managers and operators; the kitchen
 * and couriers do not. A member bound to branches takes them for those branches only.
 */
export function mayTakePhoneOrders(staff: { role: string; brandRole: BrandRole }): boolean {
  return isStaffRole(staff.role) && ["OWNER", "MANAGER", "OPERATOR"].includes(staff.brandRole);
}

/** Whether the user signs in to the courier app: staff of the brand given the COURIER role. */
export function isCourierUser(user: { role: string; brandRole: BrandRole | null }): boolean {
  return isStaffRole(user.role) && user.brandRole === "COURIER";
}

/** The parts of the back office, each a set of staff routes and a console section. */
export const BACK_OFFICE_AREAS = [
  "menu",
  "audit",
  "brand-file",
  "content",
  "places",
  "branches",
  "staff",
  "settings",
  "banners",
  "promos",
  "webhooks",
  "reports",
] as const;
export type BackOfficeArea = (typeof BACK_OFFICE_AREAS)[number];

const AREAS_OF: Record<BrandRole, readonly BackOfficeArea[]> = {
  OWNER: BACK_OFFICE_AREAS,
  // Staff, money settings, promo codes, the brand file and webhooks (where orders go out, with their
  // customers' phones) are the owner's; banners are content, like the menu. Reports are the
  // manager's too: they run the days the figures count.
  MANAGER: ["menu", "audit", "content", "places", "branches", "banners", "reports"],
  OPERATOR: [],
  KITCHEN: [],
  COURIER: [],
};

/**
 * A staff member's role at the brand: the one given; one granted before roles existed is an
 * operator (STAFF) or the owner (ADMIN), so nobody gains a right by the change.
 */
export function brandRoleOf(role: StaffRole, given: BrandRole | null): BrandRole {
  return given ?? (role === "ADMIN" ? "OWNER" : "OPERATOR");
}

/**
 * The parts a member bound to branches may still manage, for their own branches only
 * (`mayManageBranch`): "branches" is a branch's own card (its hours, holidays, services, payment
 * types and phone). Adding branches, the zones, the menu and the rest stay the whole brand's.
 */
const BRANCH_SCOPED_AREAS: readonly BackOfficeArea[] = ["branches"];

/**
 * Whether the staff member may change this part of the brand. The brand's menu, content and log are
 * the whole brand's, so a member bound to branches may not, whatever their role (`mayActBrandWide`);
 * a branch-scoped part ("branches") is open to them, held to their branches by `mayManageBranch`.
 */
export function mayManage(staff: StaffReach & { brandRole: BrandRole }, area: BackOfficeArea): boolean {
  if (!isStaffRole(staff.role) || !AREAS_OF[staff.brandRole].includes(area)) return false;
  return mayActBrandWide(staff) || BRANCH_SCOPED_AREAS.includes(area);
}

/**
 * Whether the staff member may change this branch's own card (hours, holidays, services, payment
 * types, phone): a role that manages branches, and the branch within their reach (`canSeeBranch`).
 */
export function mayManageBranch(staff: StaffReach & { brandRole: BrandRole }, branchId: string): boolean {
  return mayManage(staff, "branches") && canSeeBranch(staff, branchId);
}

/**
 * Whether the staff member may change what a branch-bound manager may not: add branches, rename or
 * move one, show or hide it to guests, and the delivery zones (the brand's, not a branch's).
 */
export function mayManageAllBranches(staff: StaffReach & { brandRole: BrandRole }): boolean {
  return mayManage(staff, "places");
}

/** The parts of the back office the staff member may open. */
export function managedAreas(staff: StaffReach & { brandRole: BrandRole }): BackOfficeArea[] {
  return BACK_OFFICE_AREAS.filter((area) => mayManage(staff, area));
}

// The brand's staff as the back office lists them (issue 36): every STAFF/ADMIN user of the brand,
// their role at the brand and the branches they are bound to.
import { and, eq, inArray, sql } from "drizzle-orm";
import { STAFF_ROLES } from "#domain/staff-scope.ts";
import { branches, staffBranches, users } from "../db/schema/index.ts";
import type { Db } from "../db/types.ts";

interface Tenant {
  merchantId: string;
}

/** The brand's staff members (one of them when `id`), locked for the transaction when `lock`. */
export async function listStaffMembers(
  db: Db,
  { merchantId, id, lock = false }: Tenant & { id?: string; lock?: boolean },
) {
  const query = db
    .select({
      id: users.id,
      phone: users.phone,
      name: sql<string | null>`nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), '')`,
      role: users.role,
      brandRole: users.brandRole,
    })
    .from(users)
    .where(
      and(
        eq(users.merchantId, merchantId),
        inArray(users.role, [...STAFF_ROLES]),
        id === undefined ? undefined : eq(users.id, id),
      ),
    )
    .orderBy(users.createdDate, users.id);
  const rows = await (lock ? query.for("update") : query);
  const bindings =
    rows.length === 0
      ? []
      : await db
          .select({ userId: staffBranches.userId, branchId: staffBranches.branchId })
          .from(staffBranches)
          .innerJoin(branches, eq(branches.id, staffBranches.branchId))
          .where(
            and(
              eq(staffBranches.merchantId, merchantId),
              eq(branches.deleted, false),
              inArray(
                staffBranches.userId,
                rows.map((r) => r.id),
              ),
            ),
          );
  return rows.map((row) => ({
    ...row,
    branchIds: bindings.filter((b) => b.userId === row.id).map((b) => b.branchId),
  }));
}

export type StaffMemberRow = Awaited<ReturnType<typeof listStaffMembers>>[number];

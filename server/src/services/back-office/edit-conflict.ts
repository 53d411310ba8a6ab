// The back office's one refusal of a save over someone else's newer one (issue 36): 409
// EDIT_CONFLICT naming who saved it (from the log) and when, in the brand's time zone.
import { tz } from "@date-fns/tz";
import { format } from "date-fns/format";
import type { Db } from "../../db/types.ts";
import { AppError } from "../../lib/errors.ts";
import { lastChangedBy } from "../../repositories/back-office.ts";

/** "Changed by Malika at 12:03": `by` a name or phone (null: not known), `at` the newer save's time. */
export function editConflict(by: string | null, at: Date, timeZone: string): AppError {
  const who = by ?? "?";
  const time = format(at, "HH:mm", { in: tz(timeZone) });
  return new AppError("EDIT_CONFLICT", {
    uz: `${who} buni ${time} da o'zgartirdi: qayta yuklab, o'zgarishlarini ko'ring`,
    ru: `${who} изменил это в ${time}: обновите, чтобы увидеть изменения`,
    eng: `Changed by ${who} at ${time}: reload to see their change`,
  });
}

/** The refusal for an entity of the log: who saved it last is read from the log. */
export async function loggedEditConflict(
  db: Db,
  {
    merchantId,
    entity,
    entityId,
    at,
    timeZone,
  }: { merchantId: string; entity: string; entityId: string; at: Date; timeZone: string },
): Promise<AppError> {
  return editConflict(await lastChangedBy(db, { merchantId, entity, entityId }), at, timeZone);
}

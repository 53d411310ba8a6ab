// The brand's promo codes from the back office (issue 36, owner only): made with the brand file's
// own rules (so a code made here works at checkout exactly as an imported one: stored upper case),
// limited, paused; each listed with how many orders used it. One transaction per save with its log
// entry; a save over a newer one is refused with who and when.
import type { PromoCode } from "#domain/contract/back-office-brand.ts";
import type { DiscountType } from "#domain/enums.ts";
import { transaction } from "../../db/transaction.ts";
import type { Db } from "../../db/types.ts";
import { promoSchema } from "../../import/brand-file/orders.ts";
import { AppError } from "../../lib/errors.ts";
import { loggedEditConflict } from "./edit-conflict.ts";
import { insertAudit } from "../../repositories/back-office.ts";
import {
  findPromoByCode,
  insertPromo,
  listPromoRows,
  lockPromo,
  updatePromo,
  type PromoRow,
} from "../../repositories/back-office-promos.ts";

function view(row: PromoRow): PromoCode {
  return {
    ...row,
    startDate: row.startDate?.toISOString() ?? null,
    endDate: row.endDate?.toISOString() ?? null,
    version: row.lastModifiedDate.toISOString(),
  };
}

export async function promoCodes(db: Db, merchantId: string): Promise<PromoCode[]> {
  return (await listPromoRows(db, { merchantId })).map(view);
}

async function one(db: Db, merchantId: string, id: string): Promise<PromoCode> {
  const [row] = await listPromoRows(db, { merchantId, id });
  if (!row) throw new AppError("NOT_FOUND");
  return view(row);
}

export interface PromoInput {
  code: string;
  discountType: DiscountType;
  productDiscount: number;
  deliveryDiscount: number;
  minPrice: number;
  startDate: string | null;
  endDate: string | null;
  isActive: boolean;
  usageLimit: number | null;
  perCustomerLimit: number | null;
}

/** The brand file's rules (a percent at most 100, an end not before the start), refused at the field. */
function checkPromo(input: PromoInput): void {
  const checked = promoSchema.safeParse({ key: "console", ...input });
  if (!checked.success) {
    const issue = checked.error.issues[0];
    const field = issue?.path.join(".") ?? "";
    throw new AppError("VALIDATION_FAILED", {
      uz: `${field}: noto'g'ri qiymat`,
      ru: `${field}: неверное значение`,
      eng: `${field}: ${issue?.message ?? "not valid"}`,
    });
  }
}

export async function createPromo(
  db: Db,
  { merchantId, userId, input }: { merchantId: string; userId: string; input: PromoInput },
): Promise<PromoCode> {
  checkPromo(input);
  const code = input.code.toUpperCase();
  const id = await transaction(db, async (tx) => {
    if (await findPromoByCode(tx, { merchantId, code })) throw new AppError("PROMO_CODE_EXISTS");
    const values = {
      ...input,
      code,
      startDate: input.startDate ? new Date(input.startDate) : null,
      endDate: input.endDate ? new Date(input.endDate) : null,
    };
    const promoId = await insertPromo(tx, { merchantId, ...values });
    await insertAudit(tx, {
      merchantId,
      userId,
      entity: "promo",
      entityId: promoId,
      action: "create",
      before: {},
      after: { ...input, code },
    });
    return promoId;
  });
  return one(db, merchantId, id);
}

/** Pauses or resumes a code, or changes its limit or end; refused over a newer save. */
export async function changePromo(
  db: Db,
  {
    merchantId,
    userId,
    id,
    timeZone,
    version,
    changes,
  }: {
    merchantId: string;
    userId: string;
    id: string;
    timeZone: string;
    version: string;
    changes: {
      isActive?: boolean | undefined;
      usageLimit?: number | null | undefined;
      perCustomerLimit?: number | null | undefined;
      endDate?: string | null | undefined;
    };
  },
): Promise<PromoCode> {
  await transaction(db, async (tx) => {
    const row = await lockPromo(tx, { merchantId, id });
    if (!row) throw new AppError("NOT_FOUND");
    if (row.lastModifiedDate.toISOString() !== version) {
      throw await loggedEditConflict(tx, {
        merchantId,
        entity: "promo",
        entityId: id,
        at: row.lastModifiedDate,
        timeZone,
      });
    }
    const endDate =
      changes.endDate === undefined ? undefined : changes.endDate ? new Date(changes.endDate) : null;
    if (endDate && row.startDate && endDate < row.startDate)
      throw new AppError("VALIDATION_FAILED", {
        uz: "endDate: boshlanishidan oldin bo'lmasin",
        ru: "endDate: не раньше начала",
        eng: "endDate: must not be before startDate",
      });
    const values = {
      ...(changes.isActive === undefined ? {} : { isActive: changes.isActive }),
      ...(changes.usageLimit === undefined ? {} : { usageLimit: changes.usageLimit }),
      ...(changes.perCustomerLimit === undefined ? {} : { perCustomerLimit: changes.perCustomerLimit }),
      ...(endDate === undefined ? {} : { endDate }),
    };
    const before = Object.fromEntries(
      Object.keys(values).map((k) => {
        const v = row[k as keyof typeof values];
        return [k, v instanceof Date ? v.toISOString() : v];
      }),
    );
    const after = Object.fromEntries(
      Object.entries(values).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]),
    );
    await updatePromo(tx, { merchantId, id, values });
    await insertAudit(tx, {
      merchantId,
      userId,
      entity: "promo",
      entityId: id,
      action: "update",
      before,
      after,
    });
  });
  return one(db, merchantId, id);
}

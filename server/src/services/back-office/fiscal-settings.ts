// Fiscal receipts in the console (issue 40, owner only): the brand's tax id, VAT and the codes of
// delivery and the service fee; what keeps the brand from taking online payment (the same rule the
// order check refuses with, src/domain/fiscal.ts); and a listed product's codes set in place.
import type { BrandFiscalBody, FiscalStatus, ProductCodesBody } from "#domain/contract/fiscal.ts";
import { brandFiscalGaps, EMPTY_BRAND_FISCAL } from "#domain/fiscal.ts";
import { cachesChanged } from "../../db/cache-bus.ts";
import { transaction } from "../../db/transaction.ts";
import type { Db } from "../../db/types.ts";
import { AppError } from "../../lib/errors.ts";
import { insertAudit } from "../../repositories/back-office.ts";
import {
  findBrandFiscal,
  listUncodedProducts,
  saveBrandFiscal,
  setProductCodes,
} from "../../repositories/fiscal.ts";

interface Actor {
  merchantId: string;
  userId: string;
}

export async function fiscalStatus(db: Db, merchantId: string): Promise<FiscalStatus> {
  const found = await findBrandFiscal(db, merchantId);
  const settings = found?.fiscal ?? EMPTY_BRAND_FISCAL;
  const gaps = brandFiscalGaps(settings, {
    delivery: found?.deliveryActive ?? false,
    serviceFee: found?.serviceFeeEnabled ?? false,
  });
  const products = await listUncodedProducts(db, merchantId);
  return {
    settings,
    gaps,
    onlinePaymentReady: gaps.length === 0 && products.length === 0,
    products: products.map((p) => ({
      id: p.id,
      name: p.name,
      mxicCode: p.mxicCode,
      packageCode: p.packageCode,
    })),
  };
}

export async function saveFiscalSettings(db: Db, actor: Actor, body: BrandFiscalBody): Promise<FiscalStatus> {
  await transaction(db, async (tx) => {
    const before = await findBrandFiscal(tx, actor.merchantId);
    await saveBrandFiscal(tx, { merchantId: actor.merchantId, fiscal: body });
    await insertAudit(tx, {
      merchantId: actor.merchantId,
      userId: actor.userId,
      entity: "fiscal",
      entityId: actor.merchantId,
      action: "update",
      before: { ...(before?.fiscal ?? {}) },
      after: { ...body },
    });
    // The order check reads the brand through the tenant cache: every process drops it at commit.
    await cachesChanged(tx, actor.merchantId, ["merchant"]);
  });
  return fiscalStatus(db, actor.merchantId);
}

export async function saveProductCodes(
  db: Db,
  actor: Actor,
  productId: string,
  body: ProductCodesBody,
): Promise<FiscalStatus> {
  await transaction(db, async (tx) => {
    const before = await setProductCodes(tx, { merchantId: actor.merchantId, id: productId, codes: body });
    if (!before) throw new AppError("NOT_FOUND");
    await insertAudit(tx, {
      merchantId: actor.merchantId,
      userId: actor.userId,
      entity: "product",
      entityId: productId,
      action: "update",
      before,
      after: { ...body },
    });
    await cachesChanged(tx, actor.merchantId, ["menu"]);
  });
  return fiscalStatus(db, actor.merchantId);
}

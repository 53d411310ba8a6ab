// Fiscal receipts in the console (issue 40): the brand's tax id, VAT and service codes, and what of
// the menu lacks a code, since that blocks online payment (GET and PUT /staff/v1/fiscal, PUT
// /staff/v1/fiscal/products/{id}).
import { z } from "zod";
import { MXIK_PATTERN, PACKAGE_CODE_PATTERN, TAX_ID_PATTERN } from "../fiscal.ts";
import { multilingualSchema, uuidSchema } from "./common.ts";

const mxik = z
  .string()
  .trim()
  .regex(MXIK_PATTERN, { error: "must be the 17 digits of an MXIK (IKPU) code" })
  .nullable();
const packageCode = z
  .string()
  .trim()
  .regex(PACKAGE_CODE_PATTERN, { error: "must be the digits of a package code" })
  .nullable();

export const brandFiscalSchema = z
  .object({
    taxId: z
      .string()
      .trim()
      .regex(TAX_ID_PATTERN, { error: "must be a TIN (9 digits) or a PINFL (14 digits)" })
      .nullable(),
    vatPayer: z.boolean(),
    vatPercent: z.number().int().min(0).max(100),
    deliveryMxicCode: mxik,
    deliveryPackageCode: packageCode,
    serviceMxicCode: mxik,
    servicePackageCode: packageCode,
  })
  .meta({ id: "BrandFiscal" });
export type BrandFiscalBody = z.infer<typeof brandFiscalSchema>;

export const FISCAL_GAPS = ["TAX_ID", "DELIVERY_CODE", "SERVICE_CODE"] as const;

export const fiscalStatusSchema = z
  .object({
    settings: brandFiscalSchema,
    /** Online payment is taken: nothing below is missing. */
    onlinePaymentReady: z.boolean(),
    /** What the brand lacks (delivery's codes count where the brand delivers, the fee's where it charges one). */
    gaps: z.array(z.enum(FISCAL_GAPS)),
    /** Live products without both codes: an order holding one cannot be paid online. */
    products: z.array(
      z.object({
        id: uuidSchema,
        name: multilingualSchema,
        mxicCode: z.string().nullable(),
        packageCode: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: "FiscalStatus" });
export type FiscalStatus = z.infer<typeof fiscalStatusSchema>;

export const productCodesSchema = z
  .object({ mxicCode: mxik, packageCode })
  .meta({ id: "ProductFiscalCodes" });
export type ProductCodesBody = z.infer<typeof productCodesSchema>;

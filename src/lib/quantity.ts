import { msg } from "@lingui/core/macro";
import type { ProductUnit } from "../domain/enums.ts";
import { UNIT_STEPS } from "../domain/pricing.ts";
import { formatNumber } from "./format.ts";
import { i18n } from "./i18n.ts";

const UNIT_LABELS = {
  COUNT: msg`pcs`,
  KG: msg`kg`,
  LITER: msg`l`,
  GRAMM: msg`g`,
} as const;

/** "2 pcs", "0.5 kg", "1.5 l", "150 g". */
export function formatQuantity(unit: ProductUnit, count: number): string {
  const shown = Number(count.toFixed(UNIT_STEPS[unit].decimals));
  return `${formatNumber(shown)} ${i18n._(UNIT_LABELS[unit])}`;
}

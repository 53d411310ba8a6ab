// Deterministic ids: database ids derived from (sub, entity, key) with UUID v5.
import { v5 as uuidv5 } from "uuid";

/** Namespace of every id derived from a brand file. Never change it: ids of imported rows depend on it. */
export const BRAND_ID_NAMESPACE = "3b0f6c1e-9a57-4d2b-8c0e-5f1d7a2e9b64";

export type BrandEntity =
  | "merchant"
  | "city"
  | "branch"
  | "workHour"
  | "holiday"
  | "region"
  | "orderSettings"
  | "paymentMethod"
  | "policy"
  | "group"
  | "category"
  | "product"
  | "modificationGroup"
  | "modification"
  | "productBranch"
  | "promo"
  | "vacancy"
  | "banner"
  | "story"
  | "extraPage"
  | "notification"
  | "brand"
  | "hall"
  | "table";

/** The database id of an entity of a brand file. Keys of nested entities are joined with "/". */
export function brandEntityId(sub: string, entity: BrandEntity, key: string): string {
  return uuidv5(`${sub}\n${entity}\n${key}`, BRAND_ID_NAMESPACE);
}

/** The id a merchant gets when it is first created by an import. */
export function merchantIdForSub(sub: string): string {
  return brandEntityId(sub, "merchant", sub);
}

/** The Payme cash-desk keys of the merchants. */
export { listPaymeKeys } from "../../repositories/payments.ts";

/** The back office's log of who changed what. */
export { findBrandRole, listAudit, type AuditRow } from "../../repositories/back-office.ts";

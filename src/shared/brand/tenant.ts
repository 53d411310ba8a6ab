import { createContext, useContext } from "react";
import type { Merchant, WebSettings } from "../../domain/contract/merchant.ts";

/**
 * The resolved brand, shared with every feature: its merchant and web settings (defaults when
 * they could not be loaded). Null while no brand could be resolved (/merchantNotAvailable).
 * The app shell provides it; features read it and never fetch the merchant themselves.
 */
export interface Tenant {
  sub: string;
  merchant: Merchant;
  settings: WebSettings;
}

export const TenantContext = createContext<Tenant | null>(null);

export function useTenant(): Tenant | null {
  return useContext(TenantContext);
}

/** For screens that only exist for a resolved brand. */
export function useRequiredTenant(): Tenant {
  const tenant = useContext(TenantContext);
  if (!tenant) throw new Error("No brand resolved");
  return tenant;
}

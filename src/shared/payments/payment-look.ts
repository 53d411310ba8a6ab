import type { PaymentType } from "../../domain/enums.ts";
import { pickText } from "../../domain/multilingual.ts";
import { paymentMethodType } from "../../domain/offer.ts";
import { useContentLanguage } from "../../lib/use-content-language.ts";
import { useTenant } from "../brand/tenant.ts";

/** How the brand names a payment type: its method's title in this language and its icon, or nulls. */
export interface PaymentLook {
  title: string | null;
  icon: string | null;
}

/**
 * The brand's own name and icon of each payment type (its payment methods' title and icon, from the
 * web settings); null where it set none, and the caller uses the storefront's own words and mark.
 * Click inside its mini app is the brand's Click method.
 */
export function usePaymentLooks(): (type: PaymentType) => PaymentLook {
  const looks = useTenant()?.settings.paymentMethodLooks ?? [];
  const language = useContentLanguage();
  return (type) => {
    const look = looks.find((l) => l.type === paymentMethodType(type));
    return { title: (look?.title && pickText(look.title, language)) || null, icon: look?.icon ?? null };
  };
}

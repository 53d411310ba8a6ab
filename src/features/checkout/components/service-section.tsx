import { useLingui } from "@lingui/react/macro";
import { Section } from "@telegram-apps/telegram-ui";
import { useId } from "react";
import { ChoiceRow } from "../../../components/choice-row.tsx";
import { SectionTitle } from "../../../components/list-row.tsx";
import type { DraftServiceType } from "../../../shared/order-draft/order-draft.ts";
import type { Checkout } from "../use-checkout.ts";

/** How to get the order: shown only when the brand offers more than one way, and not at a table. */
export function ServiceSection({ checkout }: { checkout: Checkout }) {
  const { t } = useLingui();
  const titleId = useId();
  const { services, serviceType } = checkout.form;
  const serviceLabel: Record<DraftServiceType, string> = {
    DELIVERY: t`Delivery`,
    PICK_UP: t`Pickup`,
    DINE_IN: t`Dine-in`,
  };
  if (services.length <= 1 || checkout.table) return null;
  return (
    <Section
      className="savat-section"
      role="radiogroup"
      aria-labelledby={titleId}
      header={<SectionTitle id={titleId}>{t`How to get it`}</SectionTitle>}
    >
      {services.map((s) => (
        <ChoiceRow
          key={s}
          name="serviceType"
          checked={serviceType === s}
          onChange={() => {
            checkout.setServiceType(s);
          }}
        >
          {serviceLabel[s]}
        </ChoiceRow>
      ))}
    </Section>
  );
}

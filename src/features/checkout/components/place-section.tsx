import { useLingui } from "@lingui/react/macro";
import { Section } from "@telegram-apps/telegram-ui";
import { ActionButton } from "../../../components/action-button.tsx";
import { PinIcon, StoreIcon } from "../../../components/icons.tsx";
import { SectionTitle } from "../../../components/list-row.tsx";
import { pickText } from "../../../domain/multilingual.ts";
import { useContentLanguage } from "../../../lib/use-content-language.ts";
import { useRequiredTenant } from "../../../shared/brand/tenant.ts";
import { AddressText } from "../../../shared/geo/address-text.tsx";
import { leaveTable } from "../../../shared/table/table-session.ts";
import type { Checkout } from "../use-checkout.ts";
import { joinNames } from "../../../lib/i18n.ts";

/** Where the order goes: the table sat at, the delivery address or the pickup branch. */
export function PlaceSection({ checkout }: { checkout: Checkout }) {
  return checkout.table ? <TablePlace table={checkout.table} /> : <ChosenPlace checkout={checkout} />;
}

function TablePlace({ table }: { table: NonNullable<Checkout["table"]> }) {
  const { t } = useLingui();
  const lang = useContentLanguage();
  const { merchant } = useRequiredTenant();
  return (
    <Section
      className="savat-section"
      aria-labelledby="checkout-place"
      header={<SectionTitle id="checkout-place">{t`Dine-in at your table`}</SectionTitle>}
    >
      <div className="checkout-place">
        <span className="checkout-place__icon" aria-hidden="true">
          <StoreIcon />
        </span>
        <p className="checkout-place__text" data-testid="checkout-place">
          {[t`Table ${table.table.name}`, pickText(table.hall.name, lang), pickText(table.branch.name, lang)]
            .filter(Boolean)
            .join(" · ")}
        </p>
        <ActionButton
          kind="secondary"
          size="s"
          onClick={() => {
            leaveTable(merchant.sub);
          }}
        >
          {t`Not at the table?`}
        </ActionButton>
      </div>
    </Section>
  );
}

function ChosenPlace({ checkout }: { checkout: Checkout }) {
  const { t } = useLingui();
  const lang = useContentLanguage();
  const { draft, openPlace } = checkout;
  const serviceType = checkout.form.serviceType;
  const address = serviceType === "DELIVERY" ? draft.address : null;
  return (
    <Section
      className="savat-section"
      aria-labelledby="checkout-place"
      header={
        <SectionTitle id="checkout-place">
          {serviceType === "DELIVERY" ? t`Delivery address` : t`Branch`}
        </SectionTitle>
      }
    >
      <div className="checkout-place">
        <span className="checkout-place__icon" aria-hidden="true">
          {serviceType === "DELIVERY" ? <PinIcon /> : <StoreIcon />}
        </span>
        <p
          className={`checkout-place__text${(serviceType === "DELIVERY" ? address : draft.branch) ? "" : " checkout-place__text--empty"}`}
          data-testid="checkout-place"
        >
          {serviceType === "DELIVERY" ? (
            address ? (
              <AddressText address={address} className="checkout-place" />
            ) : (
              t`No address chosen`
            )
          ) : draft.branch ? (
            joinNames([
              pickText(draft.branch.name, lang),
              ...(draft.branch.address ? [pickText(draft.branch.address, lang)] : []),
            ])
          ) : (
            t`No branch chosen`
          )}
        </p>
        <ActionButton kind="secondary" size="s" onClick={openPlace}>
          {serviceType === "DELIVERY"
            ? address
              ? t`Change the address`
              : t`Choose an address`
            : draft.branch
              ? t`Change the branch`
              : t`Choose a branch`}
        </ActionButton>
      </div>
    </Section>
  );
}

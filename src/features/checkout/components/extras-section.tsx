import { useLingui } from "@lingui/react/macro";
import { Section } from "@telegram-apps/telegram-ui";
import { useId } from "react";
import { ActionButton } from "../../../components/action-button.tsx";
import { ChoiceRow } from "../../../components/choice-row.tsx";
import { SectionTitle } from "../../../components/list-row.tsx";
import { TextAreaField, TextField } from "../../../components/text-field.tsx";
import { toMinor } from "../../../domain/money.ts";
import { errorText } from "../../../lib/api-client.ts";
import { useFormatMinor } from "../../../shared/brand/price.tsx";
import { useRequiredTenant } from "../../../shared/brand/tenant.ts";
import type { Checkout } from "../use-checkout.ts";

/** Paying with the cashback balance, when the brand has cashback and the customer a balance. */
export function CashbackSection({ checkout }: { checkout: Checkout }) {
  const { t } = useLingui();
  const { settings } = useRequiredTenant();
  const format = useFormatMinor();
  const { form } = checkout;
  const { useCashback, cashbackBalance } = form.state;
  if (!settings.cashbackActive || cashbackBalance <= 0) return null;
  return (
    <Section className="savat-section">
      <ChoiceRow
        type="checkbox"
        checked={useCashback}
        onChange={(checked) => {
          form.set({ useCashback: checked });
        }}
      >
        {t`Pay with cashback (balance ${format(toMinor(cashbackBalance))})`}
      </ChoiceRow>
    </Section>
  );
}

/** The promo code and the comments for the restaurant and the courier. */
export function NotesSection({ checkout }: { checkout: Checkout }) {
  const { t } = useLingui();
  const { settings } = useRequiredTenant();
  const commentId = useId();
  const courierId = useId();
  const { form } = checkout;
  const { comment, courierComment } = form.state;
  return (
    <Section className="savat-section">
      <div className="checkout__fields">
        {checkout.change
          ? checkout.change.promoCode && (
              <p className="checkout__note">
                {t`The order's promo code ${checkout.change.promoCode} stays with it and is counted again on the changed order.`}
              </p>
            )
          : settings.promoActive && <PromoField checkout={checkout} />}
        <TextAreaField
          id={commentId}
          label={t`Comment`}
          rows={2}
          maxLength={1000}
          value={comment}
          onChange={(e) => {
            form.set({ comment: e.target.value });
          }}
        />
        {form.serviceType === "DELIVERY" && (
          <TextAreaField
            id={courierId}
            label={t`Comment for the courier`}
            rows={2}
            maxLength={1000}
            value={courierComment}
            onChange={(e) => {
              form.set({ courierComment: e.target.value });
            }}
          />
        )}
      </div>
    </Section>
  );
}

function PromoField({ checkout }: { checkout: Checkout }) {
  const { t } = useLingui();
  const format = useFormatMinor();
  const promoId = useId();
  const { form, promoRefused, totals } = checkout;
  const { promoInput, promoCode } = form.state;
  return (
    <div className="checkout__promo">
      <div className="checkout__promo-row">
        <TextField
          id={promoId}
          label={t`Promo code`}
          value={promoInput}
          autoComplete="off"
          autoCapitalize="characters"
          onChange={(e) => {
            form.set({ promoInput: e.target.value });
          }}
          aria-invalid={Boolean(promoRefused)}
        />
        <ActionButton
          kind="secondary"
          size="m"
          className="checkout__apply"
          onClick={() => {
            form.applyPromo();
          }}
        >
          {t`Apply`}
        </ActionButton>
      </div>
      {promoRefused && (
        <p className="field-error" role="alert" data-testid="promo-error">
          {errorText(promoRefused)}
        </p>
      )}
      {promoCode && !promoRefused && totals && totals.promo > 0 && (
        <p className="checkout__ok" role="status" data-testid="promo-applied">
          {t`Promo code ${promoCode} applied: −${format(toMinor(totals.promo))}`}
        </p>
      )}
    </div>
  );
}

/** Someone else receives the order: their name and phone, when the brand allows it. */
export function ReceiverSection({ checkout }: { checkout: Checkout }) {
  const { t } = useLingui();
  const { settings } = useRequiredTenant();
  const titleId = useId();
  const nameId = useId();
  const phoneId = useId();
  const { form } = checkout;
  const { receiverName, receiverPhone } = form.state;
  if (!settings.receiverActive) return null;
  return (
    <Section
      className="savat-section"
      role="group"
      aria-labelledby={titleId}
      header={<SectionTitle id={titleId}>{t`Someone else receives it`}</SectionTitle>}
    >
      <div className="checkout__fields">
        <TextField
          id={nameId}
          label={t`Name`}
          autoComplete="name"
          value={receiverName}
          onChange={(e) => {
            form.set({ receiverName: e.target.value });
          }}
        />
        <TextField
          id={phoneId}
          label={t`Phone`}
          type="tel"
          dir="ltr"
          autoComplete="tel"
          value={receiverPhone}
          onChange={(e) => {
            form.set({ receiverPhone: e.target.value });
          }}
        />
      </div>
    </Section>
  );
}

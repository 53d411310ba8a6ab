import { useLingui } from "@lingui/react/macro";
import { Section } from "@telegram-apps/telegram-ui";
import { SectionTitle } from "../../../components/list-row.tsx";
import { toMinor } from "../../../domain/money.ts";
import { pickText } from "../../../domain/multilingual.ts";
import { useBasketSummary } from "../../../shared/basket/basket.ts";
import { formatTimeWindow } from "../../../lib/format.ts";
import { useContentLanguage } from "../../../lib/use-content-language.ts";
import { useFormatMinor } from "../../../shared/brand/price.tsx";
import { useRequiredTenant } from "../../../shared/brand/tenant.ts";
import type { Checkout } from "../use-checkout.ts";

/** The server's totals (the basket's own until the first quote), and why the order is refused. */
export function TotalsSection({ checkout }: { checkout: Checkout }) {
  const { t } = useLingui();
  const format = useFormatMinor();
  const summary = useBasketSummary();
  const { merchant } = useRequiredTenant();
  const { totals, quote, quoteData, blockingError, errorRef, draft } = checkout;
  const serviceType = checkout.form.serviceType;
  const productDiscount = totals ? toMinor(totals.productDiscount) : summary.discount;
  const lang = useContentLanguage();
  // A taximeter city: the courier's meter decides the fare, outside the total (the city's isTaximeter).
  const byTaximeter = serviceType === "DELIVERY" && quoteData?.deliveryPriceSource === "TAXIMETER";
  const taximeterComment = quoteData?.taximeterComment ? pickText(quoteData.taximeterComment, lang) : "";
  return (
    <Section
      className="savat-section checkout__totals"
      aria-labelledby="checkout-totals"
      header={<SectionTitle id="checkout-totals">{t`Total`}</SectionTitle>}
    >
      <div className="checkout__totals-body">
        {blockingError && (
          <p className="field-error" role="alert" data-testid="quote-error" ref={errorRef}>
            {checkout.refusalText(blockingError)}
          </p>
        )}
        <dl className="checkout-totals" data-testid="checkout-totals" aria-busy={quote.isFetching}>
          <div>
            <dt>{t`Products (${summary.count})`}</dt>
            <dd>{format(totals ? toMinor(totals.productPrice) : summary.price)}</dd>
          </div>
          {/* A discount line only when there is a discount ("−0" reads like a mistake). */}
          {productDiscount > 0 && (
            <div>
              <dt>{t`Discounts`}</dt>
              <dd>−{format(productDiscount)}</dd>
            </div>
          )}
          {serviceType === "DELIVERY" && (
            <div>
              <dt>{t`Delivery`}</dt>
              <dd data-testid="totals-delivery">
                {byTaximeter
                  ? t`By taximeter`
                  : totals
                    ? format(toMinor(totals.deliveryPrice))
                    : draft.deliveryPrice !== null
                      ? format(toMinor(draft.deliveryPrice))
                      : "—"}
              </dd>
            </div>
          )}
          {totals && totals.servicePrice > 0 && (
            <div>
              <dt>{t`Service fee`}</dt>
              <dd>{format(toMinor(totals.servicePrice))}</dd>
            </div>
          )}
          {totals && totals.promo > 0 && (
            <div>
              <dt>{t`Promo code`}</dt>
              <dd data-testid="totals-promo">−{format(toMinor(totals.promo))}</dd>
            </div>
          )}
          {totals && totals.cashback > 0 && (
            <div>
              <dt>{t`Cashback`}</dt>
              <dd>−{format(toMinor(totals.cashback))}</dd>
            </div>
          )}
          <div className="checkout-totals__total">
            <dt>{t`Total`}</dt>
            <dd data-testid="checkout-total">{totals ? format(toMinor(totals.totalPrice)) : "—"}</dd>
          </div>
        </dl>
        {serviceType === "DELIVERY" && quoteData?.deliveryPriceSource === "YANDEX" && (
          <p className="checkout__note" data-testid="delivery-price-source">
            {t`Delivered by Yandex Delivery at its price for your route`}
          </p>
        )}
        {byTaximeter && (
          <p className="checkout__note" data-testid="delivery-price-source">
            {t`The courier charges the taximeter's fare on arrival; it is not in the total`}
            {taximeterComment && (
              <>
                <br />
                {taximeterComment}
              </>
            )}
          </p>
        )}
        {serviceType === "DELIVERY" && quoteData?.deliveryPriceSource === "TARIFF_FALLBACK" && (
          <p className="checkout__note" data-testid="delivery-price-source">
            {t`Yandex Delivery did not answer in time: the delivery price is the zone's tariff`}
          </p>
        )}
        {quoteData && (
          <p className="checkout__arrival" data-testid="checkout-arrival" data-visual-mask>
            {(() => {
              const window = formatTimeWindow(
                quoteData.arrival.from,
                quoteData.arrival.to,
                merchant.timezone,
              );
              return serviceType === "DELIVERY" ? t`Arrives ${window}` : t`Ready ${window}`;
            })()}
          </p>
        )}
        {quoteData && quoteData.cashbackEarned > 0 && (
          <p className="checkout__note">{t`You will earn ${format(toMinor(quoteData.cashbackEarned))} cashback`}</p>
        )}
      </div>
    </Section>
  );
}

/** The refusal of the order itself, and the sending announced to screen readers. */
export function SubmitStatus({ checkout }: { checkout: Checkout }) {
  const { t } = useLingui();
  const { place, blockingError, errorRef, sending } = checkout;
  return (
    <>
      {place.error && (
        <p
          className="field-error"
          role="alert"
          data-testid="submit-error"
          ref={blockingError ? undefined : errorRef}
        >
          {checkout.refusalText(place.error)}
        </p>
      )}
      <p className="visually-hidden" aria-live="polite">
        {sending ? t`Sending the order` : ""}
      </p>
    </>
  );
}

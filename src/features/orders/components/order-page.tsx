import { useLingui } from "@lingui/react/macro";
import { Suspense } from "react";
import { Section } from "@telegram-apps/telegram-ui";
import { Link } from "wouter";
import { navigate } from "wouter/use-browser-location";
import { isRetryable, LoadFailed } from "../../../components/load-failed.tsx";
import { ActionButton } from "../../../components/action-button.tsx";
import { PinIcon } from "../../../components/icons.tsx";
import { SectionTitle } from "../../../components/list-row.tsx";
import { PageSpinner } from "../../../components/page-spinner.tsx";
import { useFormatMinor } from "../../../shared/brand/price.tsx";
import { UrlSheet, useUrlSheet } from "../../../components/url-sheet.tsx";
import type { Order } from "../../../domain/contract/orders.ts";
import { toMinor } from "../../../domain/money.ts";
import { pickText } from "../../../domain/multilingual.ts";
import { isActiveStatus } from "../../../domain/order-status.ts";
import { isLate } from "../../../domain/arrival.ts";
import type { OrderStatus } from "../../../domain/enums.ts";
import { formatTimeWindow } from "../../../lib/format.ts";
import { isOnlinePayment } from "../../../domain/offer.ts";
import { awaitsCardPayment, awaitsProviderPayment, usePayOrder } from "../../../shared/payments/pay-order.ts";
import { usePayWithCard, useSavedCards } from "../../../shared/payments/cards.ts";
import { PaymentIcon } from "../../../shared/payments/payment-icon.tsx";
import { usePaymentLooks } from "../../../shared/payments/payment-look.ts";
import { errorText, ApiError } from "../../../lib/api-client.ts";
import { useBasket } from "../../../shared/basket/basket.ts";
import { joinNames } from "../../../lib/i18n.ts";
import { notify } from "../../../lib/notify.ts";
import { optionalChunk } from "../../../lib/optional-chunk.ts";
import { useOrderStreamConnected } from "../api/order-events.ts";
import { useRequiredTenant } from "../../../shared/brand/tenant.ts";
import { useContentLanguage } from "../../../lib/use-content-language.ts";
import { usePageTitle } from "../../../shared/brand/use-page-title.ts";
import { useCancelOrder } from "../api/cancel-order.ts";
import { useOrder } from "../api/get-order.ts";
import { useHideOrder } from "../api/hide-order.ts";
import { useSendReceiptSms } from "../api/receipt-sms.ts";
import {
  COURIER_STATUS_LABELS,
  ORDER_CANCEL_REASON_LABELS,
  ORDER_STATUS_LABELS,
  PAYMENT_TYPE_LABELS,
  REFUND_STATE_LABELS,
  SERVICE_TYPE_LABELS,
} from "../../../shared/orders/status-labels.ts";
import { AddressText } from "../../../shared/geo/address-text.tsx";
import { formatDateTime } from "./format-date.ts";
import { GuestPrompt } from "./guest-prompt.tsx";
import { ChangeOrderButton, ChangeRefusedNote, useTodaysLines } from "./order-change.tsx";
import { OrderReview } from "./order-review.tsx";
import { useCustomerId } from "../../../shared/session/session-atom.ts";
import { POLL_MS } from "./live-poll.ts";
import "./orders.css";

/** Statuses after which no arrival is promised any more: the order is there, or will not be. */
const ARRIVED: readonly OrderStatus[] = ["DELIVERED", "CLOSED", "CANCELED"];

/** /profile/orders/:id: status timeline, lines, totals; cancel, repeat, hide, map. */
export function OrderPage({ id }: { id: string }) {
  const userId = useCustomerId();
  if (!userId) return <GuestPrompt redirect={`/profile/orders/${id}`} />;
  return <OrderDetails userId={userId} id={id} />;
}

function OrderDetails({ userId, id }: { userId: string; id: string }) {
  const { t, i18n } = useLingui();
  const live = useOrderStreamConnected();
  const order = useOrder(userId, id, live ? false : POLL_MS);
  usePageTitle(order.data ? t`Order #${order.data.number}` : t`Order`);
  if (order.isPending) return <PageSpinner />;
  if (!order.data && isRetryable(order.error)) {
    return <LoadFailed onRetry={() => void order.refetch()} retrying={order.isFetching} />;
  }
  if (!order.data) {
    return (
      <div className="orders-empty">
        <p>{order.error instanceof ApiError ? errorText(order.error) : t`Order not found`}</p>
        <Link href="/profile/orders" asChild>
          <ActionButton Component="a" kind="secondary">
            {t`My orders`}
          </ActionButton>
        </Link>
      </div>
    );
  }
  const o = order.data;
  return (
    <article className="page orders-root order">
      <h1 className="page__title">{t`Order #${o.number}`}</h1>
      <div className="order__card order__head">
        <p
          className="order__status"
          role="status"
          aria-live="polite"
          data-testid="order-status"
          data-status={o.status}
        >
          <span className={`order-status order-status--${o.status.toLowerCase()}`}>
            {i18n._(ORDER_STATUS_LABELS[o.status])}
          </span>
          {/* The courier's status is live news only while the order is under way. */}
          {o.courierStatus && isActiveStatus(o.status) && (
            <span className="order__courier-status">{i18n._(COURIER_STATUS_LABELS[o.courierStatus])}</span>
          )}
          {o.cancelReason && (
            <span className="order__cancel-reason" data-testid="order-cancel-reason">
              {i18n._(ORDER_CANCEL_REASON_LABELS[o.cancelReason])}
            </span>
          )}
          {o.cancelComment && (
            <span className="order__cancel-reason" data-testid="order-cancel-comment">
              {/* The restaurant's reason, as its staff typed it (in their own language). */}
              {t`The restaurant's reason:`} <bdi>{o.cancelComment}</bdi>
            </span>
          )}
          {o.refundState && (
            <span
              className={`order__refund order__refund--${o.refundState.toLowerCase()}`}
              data-testid="order-refund"
            >
              {i18n._(REFUND_STATE_LABELS[o.refundState])}
            </span>
          )}
        </p>
        <OrderActions order={o} userId={userId} />
      </div>
      <OrderReview order={o} userId={userId} />
      <Timeline order={o} />
      <OrderFacts order={o} />
      <OrderLines order={o} />
      <Section className="savat-section order__totals">
        <OrderTotals order={o} />
      </Section>
      <FiscalReceipt order={o} />
    </article>
  );
}

const QrCode = optionalChunk(() => import("../../../components/qr-code.tsx").then((m) => m.QrCode));

/**
 * The fiscal receipt of a paid online order (issue 40): the tax authority's receipt the payment
 * provider registered, as its link and a QR code to scan; printing keeps the order's lines, sums and
 * this receipt on paper.
 */
function FiscalReceipt({ order }: { order: Order }) {
  const { t } = useLingui();
  const sms = useSendReceiptSms();
  const url = order.fiscalReceiptUrl;
  if (!order.isPaid || !url) return null;
  return (
    <section
      className="order__card order__receipt"
      aria-labelledby="order-receipt"
      data-testid="order-receipt"
    >
      <h2 id="order-receipt" className="order__receipt-title">
        {t`Fiscal receipt`}
      </h2>
      <figure className="order__receipt-qr">
        <Suspense fallback={<span className="order__receipt-qr-room" aria-hidden="true" />}>
          <QrCode text={url} size={144} label={t`QR code of the fiscal receipt`} />
        </Suspense>
        <figcaption>
          <a href={url} target="_blank" rel="noopener noreferrer" data-testid="order-receipt-link">
            {t`Open the receipt on the tax authority's site`}
          </a>
        </figcaption>
      </figure>
      <button
        type="button"
        className="order__receipt-print"
        onClick={() => {
          window.print();
        }}
      >
        {t`Print or save as PDF`}
      </button>
      <button
        type="button"
        className="order__receipt-print"
        disabled={sms.isPending}
        data-testid="order-receipt-sms"
        onClick={() => {
          sms.mutate(order.id, {
            onSuccess: ({ phone }) => {
              notify({ kind: "success", text: t`The receipt was sent to ${phone}` });
            },
            onError: (e) => {
              notify({
                kind: "error",
                text: e instanceof ApiError ? errorText(e) : t`The receipt was not sent. Try again.`,
              });
            },
          });
        }}
      >
        {t`Send the receipt to my phone`}
      </button>
    </section>
  );
}

function Timeline({ order }: { order: Order }) {
  const { t, i18n } = useLingui();
  const { merchant } = useRequiredTenant();
  return (
    <Section
      className="savat-section"
      aria-labelledby="order-timeline"
      header={<SectionTitle id="order-timeline">{t`Status history`}</SectionTitle>}
    >
      <ol className="order-timeline" data-testid="order-timeline">
        {order.history.map((h, i) => (
          <li key={`${h.createdDate}-${String(i)}`} className="order-timeline__step">
            <span className="order-timeline__label">
              {h.reason === "CHANGE_COURIER_STATUS" && h.courierStatus
                ? i18n._(COURIER_STATUS_LABELS[h.courierStatus])
                : h.status
                  ? i18n._(ORDER_STATUS_LABELS[h.status])
                  : ""}
            </span>
            <time className="order-timeline__time" dateTime={h.createdDate}>
              {formatDateTime(h.createdDate, merchant.timezone)}
            </time>
          </li>
        ))}
      </ol>
    </Section>
  );
}

function OrderFacts({ order }: { order: Order }) {
  const { t, i18n } = useLingui();
  const lang = useContentLanguage();
  const { merchant } = useRequiredTenant();
  const paymentLook = usePaymentLooks()(order.paymentType);
  const place =
    order.serviceType === "DELIVERY"
      ? ""
      : order.branch
        ? joinNames([
            pickText(order.branch.name, lang),
            ...(order.branch.address ? [pickText(order.branch.address, lang)] : []),
          ])
        : "";
  return (
    <Section className="savat-section">
      <dl className="order-facts">
        <div>
          <dt>{t`Service`}</dt>
          <dd>{i18n._(SERVICE_TYPE_LABELS[order.serviceType])}</dd>
        </div>
        <div>
          <dt>{order.serviceType === "DELIVERY" ? t`Address` : t`Branch`}</dt>
          <dd className="order-place" data-testid="order-place">
            {order.serviceType === "DELIVERY" && order.address ? (
              <AddressText address={order.address} className="order-place" />
            ) : (
              place
            )}
          </dd>
        </div>
        <div>
          <dt>{t`Payment`}</dt>
          <dd>
            <span className="order-payment">
              <PaymentIcon type={order.paymentType} icon={paymentLook.icon} />
              {paymentLook.title ?? i18n._(PAYMENT_TYPE_LABELS[order.paymentType])}
            </span>
            {isOnlinePayment(order.paymentType) && (
              <span
                className={`order-paid order-paid--${order.isPaid ? "yes" : "no"}`}
                data-testid="order-paid"
              >
                {order.isPaid ? t`Paid` : t`Not paid`}
              </span>
            )}
          </dd>
        </div>
        <div>
          <dt>{t`Placed`}</dt>
          <dd>{formatDateTime(order.createdDate, merchant.timezone)}</dd>
        </div>
        {order.estimatedFrom && order.estimatedTo && !ARRIVED.includes(order.status) && (
          <div data-testid="order-arrival" data-visual-mask>
            <dt>{order.serviceType === "DELIVERY" ? t`Arrives` : t`Ready by`}</dt>
            <dd>
              {formatTimeWindow(order.estimatedFrom, order.estimatedTo, merchant.timezone)}
              {isLate(order, new Date()) && <span className="order-late">{t`running late`}</span>}
            </dd>
          </div>
        )}
        {order.atTime && (
          <div>
            <dt>{t`For`}</dt>
            <dd>{formatDateTime(order.atTime, merchant.timezone)}</dd>
          </div>
        )}
        {order.comment && (
          <div>
            <dt>{t`Comment`}</dt>
            <dd>{order.comment}</dd>
          </div>
        )}
      </dl>
    </Section>
  );
}

function OrderLines({ order }: { order: Order }) {
  const { t } = useLingui();
  const lang = useContentLanguage();
  const format = useFormatMinor();
  return (
    <Section
      className="savat-section"
      aria-labelledby="order-lines"
      header={<SectionTitle id="order-lines">{t`Products`}</SectionTitle>}
    >
      <ul className="order-lines">
        {order.cartItems.map((item) => (
          <li key={item.id} className="order-lines__line">
            <span className="order-lines__name">
              {pickText(item.name, lang)} <span className="order-lines__count">× {item.count}</span>
              {item.modifications.length > 0 && (
                <span className="order-lines__mods">
                  {joinNames(item.modifications.map((m) => pickText(m.name, lang)))}
                </span>
              )}
            </span>
            <span className="order-lines__price">{format(toMinor(item.price))}</span>
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function OrderTotals({
  order,
}: {
  order: Pick<
    Order,
    | "productPrice"
    | "totalProductDiscount"
    | "deliveryPrice"
    | "deliveryDiscount"
    | "deliveryByTaximeter"
    | "servicePrice"
    | "cashback"
    | "totalPrice"
    | "serviceType"
  >;
}) {
  const { t } = useLingui();
  const format = useFormatMinor();
  const m = toMinor;
  return (
    <dl className="order-totals" data-testid="order-totals">
      <div>
        <dt>{t`Products`}</dt>
        <dd>{format(m(order.productPrice))}</dd>
      </div>
      {order.totalProductDiscount > 0 && (
        <div>
          <dt>{t`Discounts`}</dt>
          <dd>−{format(m(order.totalProductDiscount))}</dd>
        </div>
      )}
      {order.serviceType === "DELIVERY" && (
        <div>
          <dt>{t`Delivery`}</dt>
          <dd data-testid="order-delivery-price">
            {order.deliveryByTaximeter
              ? t`By taximeter`
              : format(m(order.deliveryPrice - order.deliveryDiscount))}
          </dd>
        </div>
      )}
      {order.servicePrice > 0 && (
        <div>
          <dt>{t`Service fee`}</dt>
          <dd>{format(m(order.servicePrice))}</dd>
        </div>
      )}
      {order.cashback > 0 && (
        <div>
          <dt>{t`Cashback`}</dt>
          <dd>−{format(m(order.cashback))}</dd>
        </div>
      )}
      <div className="order-totals__total">
        <dt>{t`Total`}</dt>
        <dd>{format(m(order.totalPrice))}</dd>
      </div>
    </dl>
  );
}

/** A CARD order still unpaid (its payment failed): pay it again with a confirmed saved card. */
function PayWithSavedCard({ order }: { order: Order }) {
  const { t } = useLingui();
  const { merchant } = useRequiredTenant();
  const cards = useSavedCards(merchant.id);
  const pay = usePayWithCard();
  const format = useFormatMinor();
  const verified = (cards.data ?? []).filter((c) => c.isVerified);
  if (cards.isPending) return null;
  if (verified.length === 0) {
    return (
      <Link
        href={`/profile/cards/create?redirect=${encodeURIComponent(`/profile/orders/${order.id}`)}`}
        className="button-link order-actions__pay"
      >
        {t`Add a card to pay`}
      </Link>
    );
  }
  return (
    <>
      {verified.map((card) => (
        <button
          key={card.id}
          type="button"
          className="button-link order-actions__pay"
          disabled={pay.isPending}
          aria-busy={pay.isPending}
          data-testid="pay-with-card"
          onClick={() => {
            pay.mutate(
              { cardId: card.id, orderId: order.id },
              {
                onSuccess: () => {
                  notify({ kind: "success", title: t`Paid`, text: t`Your order is paid and confirmed` });
                },
                onError: (error) => {
                  notify({ kind: "error", text: errorText(error) });
                },
              },
            );
          }}
        >
          {pay.isPending
            ? t`Paying…`
            : t`Pay ${format(toMinor(order.totalPrice))} with the card ${card.number.slice(-4)}`}
        </button>
      ))}
    </>
  );
}

function OrderActions({ order, userId }: { order: Order; userId: string }) {
  const { t } = useLingui();
  const cancel = useCancelOrder(userId);
  const hide = useHideOrder(userId);
  const confirm = useUrlSheet("cancel-order");
  const basket = useBasket();
  const lines = useTodaysLines(order);
  const pay = usePayOrder();
  const format = useFormatMinor();

  const repeat = async () => {
    const today = await lines.read();
    if (!today) return;
    for (const item of today.items) basket.add(item);
    if (today.missing.length > 0) {
      notify({ kind: "warning", text: t`Not available now: ${joinNames(today.missing)}`, duration: 8000 });
    } else {
      notify({ kind: "success", text: t`The order's products are in the basket` });
    }
    if (today.items.length > 0) navigate("/checkout");
  };

  // On the provider's page: the order's total, or what its change waits for once it is paid.
  const pending = order.pendingPayment;
  const payText = pending
    ? pending.replaces
      ? t`Pay ${format(toMinor(pending.amount))}`
      : t`Pay the difference ${format(toMinor(pending.amount))}`
    : awaitsProviderPayment(order)
      ? t`Pay ${format(toMinor(order.totalPrice))}`
      : null;

  return (
    <div className="order-actions">
      <ChangeRefusedNote order={order} />
      {awaitsCardPayment(order) && <PayWithSavedCard order={order} />}
      {pending && (
        <p className="order-page__hint">
          {pending.replaces
            ? t`Your changes are made once the new total is paid. The earlier payment then comes back.`
            : t`The dishes you added are added to the order once the difference is paid.`}
        </p>
      )}
      {payText !== null && (
        <ActionButton
          stretched
          className="order-actions__pay"
          disabled={pay.isPending}
          aria-busy={pay.isPending}
          onClick={() => {
            pay.mutate(order.id);
          }}
        >
          {pay.isPending ? t`Opening the payment…` : payText}
        </ActionButton>
      )}
      {order.serviceType === "DELIVERY" && isActiveStatus(order.status) && (
        <Link href={`/profile/orders/${order.id}/map`} asChild>
          <ActionButton Component="a" kind="secondary" size="m" before={<PinIcon aria-hidden="true" />}>
            {t`Show on the map`}
          </ActionButton>
        </Link>
      )}
      {order.changeable && <ChangeOrderButton order={order} />}
      <ActionButton kind="secondary" size="m" onClick={() => void repeat()} disabled={lines.reading}>
        {t`Repeat the order`}
      </ActionButton>
      {!isActiveStatus(order.status) && (
        <ActionButton
          kind="secondary"
          size="m"
          onClick={() => {
            hide.mutate(order.id, {
              onSuccess: () => {
                navigate("/profile/orders?tab=archive");
              },
            });
          }}
        >
          {t`Hide the order`}
        </ActionButton>
      )}
      {order.cancellable && (
        <ActionButton kind="destructive" size="m" onClick={confirm.open}>
          {t`Cancel the order`}
        </ActionButton>
      )}
      <UrlSheet name="cancel-order" title={t`Are you sure?`}>
        <div className="confirm-sheet">
          <p className="confirm-sheet__text">{t`Cancel order #${order.number}?`}</p>
          <div className="sheet-actions">
            <ActionButton kind="secondary" stretched onClick={confirm.close}>
              {t`No`}
            </ActionButton>
            <ActionButton
              kind="destructive"
              stretched
              loading={cancel.isPending}
              disabled={cancel.isPending}
              onClick={() => {
                cancel.mutate(order.id, {
                  onSuccess: () => {
                    notify({ kind: "success", text: t`The order is cancelled` });
                    confirm.close();
                  },
                });
              }}
            >
              {t`Yes`}
            </ActionButton>
          </div>
        </div>
      </UrlSheet>
    </div>
  );
}

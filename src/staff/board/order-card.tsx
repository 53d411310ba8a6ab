import { useLingui } from "@lingui/react/macro";
import { forwardRef, type KeyboardEvent } from "react";
import type { StaffBoardOrder } from "../../domain/contract/staff-board.ts";
import type { ContentLanguage } from "../../domain/enums.ts";
import { pickText } from "../../domain/multilingual.ts";
import { formatPhone } from "../../domain/phone.ts";
import { formatNumber, ltr } from "../../lib/format.ts";
import { useContentLanguage } from "../../lib/use-content-language.ts";
import {
  ORDER_STATUS_LABELS,
  PAYMENT_TYPE_LABELS,
  SERVICE_TYPE_LABELS,
} from "../../shared/orders/status-labels.ts";
import { canAttachCourier } from "../../domain/order-status.ts";
import { isLate } from "../../domain/arrival.ts";
import { canCancel, nextMove, type BoardMove } from "./board-model.ts";
import { clockTime, dayLabel, money, relativeTime } from "./format.ts";
import { moveLabel, NEW_ORDER_TAG } from "./labels.ts";

export interface CardActions {
  onMove: (order: StaffBoardOrder, move: BoardMove) => void;
  onCancel: (order: StaffBoardOrder) => void;
  onCourier: (order: StaffBoardOrder) => void;
  onPrint: (order: StaffBoardOrder) => void;
  onOpen: (order: StaffBoardOrder) => void;
}

/** The lines of an address a courier needs: the place, then entrance, floor, flat, intercom. */
export function AddressLines({ order }: { order: StaffBoardOrder }) {
  const { t } = useLingui();
  const a = order.address;
  if (!a) return null;
  const place = a.description || a.name || [a.streetName, a.houseNumber].filter(Boolean).join(" ");
  const extra = [
    a.entrance ? t`Entrance ${a.entrance}` : null,
    a.floor ? t`Floor ${a.floor}` : null,
    a.office ? t`Apt. ${a.office}` : null,
    a.domophone ? t`Intercom ${a.domophone}` : null,
  ].filter(Boolean);
  return (
    <>
      <span>{place}</span>
      {extra.length > 0 && <span className="order-card__muted"> · {extra.join(" · ")}</span>}
      {a.comment ? <span className="order-card__muted"> · {a.comment}</span> : null}
    </>
  );
}

/** The fee the customer pays for delivery (its price less its discount); null unless delivered. */
export function deliveryFee(order: StaffBoardOrder): number | null {
  return order.serviceType === "DELIVERY" ? Math.max(0, order.deliveryPrice - order.deliveryDiscount) : null;
}

/** The order's lines with their modifiers (and each line's price, on the customer's slip). */
export function ItemList({ order, prices = false }: { order: StaffBoardOrder; prices?: boolean }) {
  const language = useContentLanguage();
  return (
    <ul className="order-card__items">
      {order.cartItems.map((item) => (
        <li key={item.id}>
          <span className="order-card__count">{formatNumber(item.count)}×</span>{" "}
          <span className="order-card__item">{pickText(item.name, language)}</span>
          {prices ? <span className="order-card__price">{money(item.price)}</span> : null}
          {item.modifications.length > 0 && (
            <ul className="order-card__mods">
              {item.modifications.map((m) => (
                <li key={m.id}>
                  + {pickText(m.name, language)}
                  {m.count > 1 ? ` ×${String(m.count)}` : ""}
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}

export function PaymentLine({ order }: { order: StaffBoardOrder }) {
  const { t, i18n } = useLingui();
  const refund =
    order.refundState === "PENDING"
      ? t`Refund under way`
      : order.refundState === "DONE"
        ? t`Refunded`
        : order.refundState === "FAILED"
          ? t`Refund failed: settle it in the provider's cabinet`
          : null;
  return (
    <span>
      {i18n._(PAYMENT_TYPE_LABELS[order.paymentType])} ·{" "}
      <strong className={order.isPaid ? "pay pay--paid" : "pay pay--unpaid"}>
        {order.isPaid ? t`Paid` : t`Not paid`}
      </strong>
      {refund ? <span className="order-card__muted"> · {refund}</span> : null}
    </span>
  );
}

/**
 * Where the order stands with the brand's kitchen system (iiko): taken, on its way (with the last
 * error while iiko is away), or refused with iiko's own reason, which staff act on.
 */
export function KitchenLine({ order }: { order: StaffBoardOrder }) {
  const { t } = useLingui();
  const kitchen = order.kitchen ?? null;
  if (!kitchen) return null;
  if (kitchen.state === "SENT") return <span className="kitchen kitchen--sent">{t`In iiko`}</span>;
  if (kitchen.state === "FAILED") {
    return (
      <span className="kitchen kitchen--failed" role="status">
        <strong>{t`iiko refused it`}</strong>
        {kitchen.error ? <span className="kitchen__reason">: {kitchen.error}</span> : null}
      </span>
    );
  }
  return (
    <span className="kitchen kitchen--pending">
      {t`Sending to iiko…`}
      {kitchen.error ? <span className="order-card__muted"> ({kitchen.error})</span> : null}
    </span>
  );
}

/**
 * Where the order stands with Yandex Delivery: a performer being called (with the last error while
 * Yandex is away), on it, delivered, the claim cancelled with the order, or refused with the reason.
 */
export function DeliveryLine({ order }: { order: StaffBoardOrder }) {
  const { t } = useLingui();
  const delivery = order.delivery ?? null;
  if (!delivery) return null;
  switch (delivery.state) {
    case "FOLLOWING":
      return <span className="kitchen kitchen--sent">{t`A Yandex courier is on it`}</span>;
    case "DONE":
      return <span className="kitchen kitchen--sent">{t`Delivered by Yandex`}</span>;
    case "CANCELLED":
      return <span className="order-card__muted">{t`Yandex claim cancelled`}</span>;
    case "FAILED":
      return (
        <span className="kitchen kitchen--failed" role="status">
          <strong>{t`Yandex did not take it`}</strong>
          {delivery.error ? <span className="kitchen__reason">: {delivery.error}</span> : null}
        </span>
      );
    default:
      return (
        <span className="kitchen kitchen--pending">
          {t`Calling a Yandex courier…`}
          {delivery.error ? <span className="order-card__muted"> ({delivery.error})</span> : null}
        </span>
      );
  }
}

/** The table of a dine-in order, "12 · Main hall" (the hall left out when it has no name). */
export function tableText(order: StaffBoardOrder, language: ContentLanguage): string | null {
  if (!order.table) return null;
  const hall = pickText(order.table.hall, language);
  return hall ? `${order.table.name} · ${hall}` : order.table.name;
}

/** When the customer wants it: a later order's time, or "as soon as possible". */
export function WantedTime({ order, now }: { order: StaffBoardOrder; now: number }) {
  const { t } = useLingui();
  if (!order.atTime) return <span>{t`As soon as possible`}</span>;
  const day = dayLabel(order.atTime, now);
  const time = clockTime(order.atTime);
  return (
    <span className="order-card__later">
      {day ? t`For ${day}, ${time}` : t`For ${time}`}{" "}
      <span className="order-card__muted">({relativeTime(order.atTime, now)})</span>
    </span>
  );
}

export const OrderCard = forwardRef<
  HTMLElement,
  {
    order: StaffBoardOrder;
    /** Say the order's branch even for a delivery: the board shows several branches at once. */
    showBranch: boolean;
    now: number;
    fresh: boolean;
    busy: boolean;
    /** The card the arrow keys are on: the one Tab reaches. */
    active: boolean;
    actions: CardActions;
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
    onFocus: () => void;
  }
>(function OrderCard({ order, showBranch, now, fresh, busy, active, actions, onKeyDown, onFocus }, ref) {
  const { t, i18n } = useLingui();
  const language = useContentLanguage();
  const move = nextMove(order);
  const number = String(order.number);
  const headingId = `order-${order.id}-title`;
  const customer = order.receiver ?? order.customer;
  const phone = customer?.phone ?? null;
  const delivery = order.serviceType === "DELIVERY";
  const table = tableText(order, language);
  const branch = (showBranch || !delivery) && order.branch ? pickText(order.branch.name, language) : null;
  return (
    <article
      ref={ref}
      className={`order-card order-card--${order.status.toLowerCase()}${fresh ? " order-card--fresh" : ""}`}
      aria-labelledby={headingId}
      tabIndex={active ? 0 : -1}
      data-order-id={order.id}
      data-status={order.status}
      onKeyDown={onKeyDown}
      onFocus={onFocus}
    >
      <header className="order-card__head">
        <h3 id={headingId} className="order-card__number">
          <button
            type="button"
            className="order-card__open"
            onClick={() => {
              actions.onOpen(order);
            }}
            aria-label={t`Order #${number}: open`}
          >
            #{number}
          </button>
        </h3>
        {fresh && <span className="order-card__new">{i18n._(NEW_ORDER_TAG)}</span>}
        <span
          className={`chip chip--${order.serviceType.toLowerCase()}`}
          title={i18n._(SERVICE_TYPE_LABELS[order.serviceType])}
        >
          {i18n._(SERVICE_TYPE_LABELS[order.serviceType])}
        </span>
      </header>
      {/* The age on the status line, not beside the chip: the header stays one line in any language. */}
      <div className="order-card__status-row">
        <p className={`status-pill status-pill--${order.status.toLowerCase()}`}>
          {i18n._(ORDER_STATUS_LABELS[order.status])}
        </p>
        <span className="order-card__age" title={clockTime(order.createdDate)}>
          {relativeTime(order.createdDate, now)}
        </span>
      </div>
      <ItemList order={order} />
      <dl className="order-card__facts">
        {branch ? (
          <>
            <dt>{t`Branch`}</dt>
            <dd className="order-card__branch" data-testid="order-branch">
              {branch}
            </dd>
          </>
        ) : null}
        {table ? (
          <>
            <dt>{t`Table`}</dt>
            <dd className="order-card__table" data-testid="order-table">
              {table}
            </dd>
          </>
        ) : null}
        <dt>{t`When`}</dt>
        <dd>
          <WantedTime order={order} now={now} />
        </dd>
        {order.estimatedFrom && order.estimatedTo ? (
          <>
            <dt>{t`Promised`}</dt>
            <dd data-testid="order-promised" data-visual-mask>
              {clockTime(order.estimatedFrom)}–{clockTime(order.estimatedTo)}
              {isLate(order, new Date(now)) ? (
                <span className="order-card__late" data-testid="order-late">
                  {t`Late`}
                </span>
              ) : null}
            </dd>
          </>
        ) : null}
        <dt>{t`Payment`}</dt>
        <dd>
          <PaymentLine order={order} /> · <span className="order-card__total">{money(order.totalPrice)}</span>
        </dd>
        {order.kitchen ? (
          <>
            <dt>{t`Kitchen`}</dt>
            <dd data-testid="order-kitchen">
              <KitchenLine order={order} />
            </dd>
          </>
        ) : null}
        {order.delivery ? (
          <>
            <dt>{t`Delivery`}</dt>
            <dd data-testid="order-delivery" data-state={order.delivery.state}>
              <DeliveryLine order={order} />
            </dd>
          </>
        ) : null}
        {customer && (
          <>
            <dt>{t`Customer`}</dt>
            <dd>
              {customer.name ? <span>{customer.name}</span> : null}
              {phone ? (
                <>
                  {customer.name ? " · " : ""}
                  <a href={`tel:${phone.replace(/[^\d+]/g, "")}`} className="order-card__phone">
                    {ltr(formatPhone(phone))}
                  </a>
                </>
              ) : null}
            </dd>
          </>
        )}
        {order.courier ? (
          <>
            <dt>{t`Courier`}</dt>
            <dd data-testid="order-courier">
              {order.courier.name ? <span>{order.courier.name}</span> : null}
              {order.courier.phone ? (
                <>
                  {order.courier.name ? " · " : ""}
                  <a href={`tel:${order.courier.phone}`} className="order-card__phone">
                    {ltr(formatPhone(order.courier.phone))}
                  </a>
                </>
              ) : null}
            </dd>
          </>
        ) : null}
        {order.address && (
          <>
            <dt>{t`Address`}</dt>
            <dd>
              <AddressLines order={order} />
            </dd>
          </>
        )}
      </dl>
      {order.comment ? (
        <p className="order-card__comment">
          <span className="visually-hidden">{t`Comment`}: </span>
          {order.comment}
        </p>
      ) : null}
      {order.courierComment ? (
        <p className="order-card__comment order-card__comment--courier">
          {t`For the courier`}: {order.courierComment}
        </p>
      ) : null}
      <div className="order-card__actions">
        {move && (
          <button
            type="button"
            className="staff-button staff-button--primary"
            disabled={busy}
            aria-label={`${i18n._(moveLabel(move))} · #${number}`}
            onClick={() => {
              actions.onMove(order, move);
            }}
          >
            {i18n._(moveLabel(move))}
          </button>
        )}
        {canAttachCourier(order) && move?.kind !== "courier" && (
          <button
            type="button"
            className="staff-button staff-button--icon"
            disabled={busy}
            title={order.courierId ? t`Change the courier` : t`Choose a courier`}
            aria-label={`${order.courierId ? t`Change the courier` : t`Choose a courier`} · #${number}`}
            onClick={() => {
              actions.onCourier(order);
            }}
          >
            {/* Icons beside the one wide button: a card's actions stay on one row at a tablet's width. */}
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <path
                fill="currentColor"
                d="M12 4a4 4 0 1 1 0 8 4 4 0 0 1 0-8zm0 10c4.4 0 8 2 8 4.5V21H4v-2.5C4 16 7.6 14 12 14z"
              />
            </svg>
          </button>
        )}
        <button
          type="button"
          className="staff-button staff-button--icon"
          aria-label={t`Print the kitchen ticket · #${number}`}
          title={t`Print the kitchen ticket`}
          onClick={() => {
            actions.onPrint(order);
          }}
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path
              fill="currentColor"
              d="M7 3h10v4H7zM5 8h14a2 2 0 0 1 2 2v6h-4v4H7v-4H3v-6a2 2 0 0 1 2-2zm4 8v2h6v-2zm8-5a1 1 0 1 0 0 2 1 1 0 0 0 0-2z"
            />
          </svg>
        </button>
        {canCancel(order) && (
          <button
            type="button"
            className="staff-button staff-button--icon staff-button--danger"
            disabled={busy}
            aria-label={t`Cancel order #${number}`}
            title={t`Cancel the order`}
            onClick={() => {
              actions.onCancel(order);
            }}
          >
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <path
                fill="currentColor"
                d="M6.4 5 12 10.6 17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6l5.6-5.6L5 6.4z"
              />
            </svg>
          </button>
        )}
      </div>
    </article>
  );
});

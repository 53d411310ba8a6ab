import { useLingui } from "@lingui/react/macro";
import { useEffect, useEffectEvent, useState, type ReactNode } from "react";
import { createPortal } from "react-dom";
import type { StaffBoardOrder } from "../../domain/contract/staff-board.ts";
import { pickText } from "../../domain/multilingual.ts";
import { formatPhone } from "../../domain/phone.ts";
import { ltr } from "../../lib/format.ts";
import { useContentLanguage } from "../../lib/use-content-language.ts";
import { SERVICE_TYPE_LABELS } from "../../shared/orders/status-labels.ts";
import { clockTime, consoleNow, money } from "./format.ts";
import { AddressLines, deliveryFee, ItemList, PaymentLine, tableText, WantedTime } from "./order-card.tsx";

/**
 * One printed sheet, alone on the page (staff.css: in print only .print-out shows, 72 mm wide for
 * an 80 mm receipt printer): printed once it is on the page, gone after the print dialog.
 */
function PrintOut({
  className,
  testId,
  onDone,
  children,
}: {
  className: string;
  testId: string;
  onDone: () => void;
  children: ReactNode;
}) {
  const finished = useEffectEvent(onDone);
  useEffect(() => {
    const done = () => {
      finished();
    };
    window.addEventListener("afterprint", done, { once: true });
    // After the sheet is on the page.
    const timer = window.setTimeout(() => {
      window.print();
    }, 50);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener("afterprint", done);
    };
  }, []);
  return createPortal(
    <div className={`print-out ${className}`} data-testid={testId}>
      {children}
    </div>,
    document.body,
  );
}

/**
 * The kitchen ticket of one order: the number, the branch, the table of a dine-in order, service,
 * time wanted, items with their modifiers as large as the items (the cook reads them) and the
 * comment.
 */
export function KitchenTicket({ order, onDone }: { order: StaffBoardOrder; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const language = useContentLanguage();
  const [now] = useState(consoleNow);
  const number = String(order.number);
  const table = tableText(order, language);
  const branch = order.branch ? pickText(order.branch.name, language) : null;
  return (
    <PrintOut className="kitchen-ticket" testId="kitchen-ticket" onDone={onDone}>
      <p className="kitchen-ticket__number">#{number}</p>
      {branch ? (
        <p className="kitchen-ticket__branch" data-testid="ticket-branch">
          {branch}
        </p>
      ) : null}
      {table ? <p className="kitchen-ticket__table">{t`Table ${table}`}</p> : null}
      <p className="kitchen-ticket__meta">
        {i18n._(SERVICE_TYPE_LABELS[order.serviceType])} · {t`Placed at ${clockTime(order.createdDate)}`}
      </p>
      <p className="kitchen-ticket__meta">
        <WantedTime order={order} now={now} />
      </p>
      <ItemList order={order} />
      {order.comment ? <p className="kitchen-ticket__comment">{order.comment}</p> : null}
    </PrintOut>
  );
}

/**
 * The customer's and courier's slip, stapled to the bag: who and where (name, phone, address with
 * entrance, floor, flat and intercom), the comment, the items with their prices, the delivery fee,
 * the total and how it is paid, and the branch it comes from.
 */
export function CustomerSlip({ order, onDone }: { order: StaffBoardOrder; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const language = useContentLanguage();
  const [now] = useState(consoleNow);
  const number = String(order.number);
  const customer = order.receiver ?? order.customer;
  const branch = order.branch ? pickText(order.branch.name, language) : null;
  const table = tableText(order, language);
  const fee = deliveryFee(order);
  return (
    <PrintOut className="customer-slip" testId="customer-slip" onDone={onDone}>
      {branch ? <p className="customer-slip__branch">{branch}</p> : null}
      <p className="customer-slip__number">#{number}</p>
      <p className="customer-slip__meta">
        {i18n._(SERVICE_TYPE_LABELS[order.serviceType])} · {t`Placed at ${clockTime(order.createdDate)}`}
      </p>
      <p className="customer-slip__meta">
        <WantedTime order={order} now={now} />
      </p>
      <dl className="customer-slip__facts">
        {customer ? (
          <>
            <dt>{t`Customer`}</dt>
            <dd>
              {customer.name ? <span className="customer-slip__strong">{customer.name}</span> : null}
              {customer.name && customer.phone ? " · " : null}
              {customer.phone ? (
                <span className="customer-slip__strong customer-slip__phone">
                  {ltr(formatPhone(customer.phone))}
                </span>
              ) : null}
            </dd>
          </>
        ) : null}
        {order.address ? (
          <>
            <dt>{t`Address`}</dt>
            <dd>
              <AddressLines order={order} />
            </dd>
          </>
        ) : null}
        {table ? (
          <>
            <dt>{t`Table`}</dt>
            <dd>{table}</dd>
          </>
        ) : null}
        {order.comment ? (
          <>
            <dt>{t`Comment`}</dt>
            <dd>{order.comment}</dd>
          </>
        ) : null}
        {order.courierComment ? (
          <>
            <dt>{t`For the courier`}</dt>
            <dd>{order.courierComment}</dd>
          </>
        ) : null}
        {order.courier ? (
          <>
            <dt>{t`Courier`}</dt>
            <dd>
              {[order.courier.name, order.courier.phone ? ltr(formatPhone(order.courier.phone)) : null]
                .filter(Boolean)
                .join(" · ")}
            </dd>
          </>
        ) : null}
      </dl>
      <ItemList order={order} prices />
      <dl className="customer-slip__sums">
        <dt>{t`Products`}</dt>
        <dd>{money(order.productPrice)}</dd>
        {order.totalProductDiscount > 0 ? (
          <>
            <dt>{t`Discounts`}</dt>
            <dd>−{money(order.totalProductDiscount)}</dd>
          </>
        ) : null}
        {fee !== null ? (
          <>
            <dt>{t`Delivery fee`}</dt>
            <dd data-testid="slip-delivery-fee">
              {order.deliveryByTaximeter ? t`By taximeter` : money(fee)}
            </dd>
          </>
        ) : null}
        {order.servicePrice > 0 ? (
          <>
            <dt>{t`Service fee`}</dt>
            <dd>{money(order.servicePrice)}</dd>
          </>
        ) : null}
        {order.cashback > 0 ? (
          <>
            <dt>{t`Cashback`}</dt>
            <dd>−{money(order.cashback)}</dd>
          </>
        ) : null}
        <dt className="customer-slip__total">{t`Total`}</dt>
        <dd className="customer-slip__total" data-testid="slip-total">
          {money(order.totalPrice)}
        </dd>
      </dl>
      <p className="customer-slip__payment">
        <PaymentLine order={order} />
      </p>
    </PrintOut>
  );
}

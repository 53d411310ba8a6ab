import { useLingui } from "@lingui/react/macro";
import { useEffect, useEffectEvent, useState } from "react";
import { createPortal } from "react-dom";
import type { StaffBoardOrder } from "../../domain/contract/staff-board.ts";
import { SERVICE_TYPE_LABELS } from "../../shared/orders/status-labels.ts";
import { clockTime } from "./format.ts";
import { useContentLanguage } from "../../lib/use-content-language.ts";
import { ItemList, tableText, WantedTime } from "./order-card.tsx";

/**
 * The kitchen ticket of one order, printed alone (staff.css: in print only .kitchen-ticket shows):
 * the number, the table of a dine-in order, service, time wanted, items with modifiers and the
 * comment, in large type.
 */
export function KitchenTicket({ order, onDone }: { order: StaffBoardOrder; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const language = useContentLanguage();
  const [now] = useState(() => Date.now());
  const finished = useEffectEvent(onDone);
  useEffect(() => {
    const done = () => {
      finished();
    };
    window.addEventListener("afterprint", done, { once: true });
    // After the ticket is on the page.
    const timer = window.setTimeout(() => {
      window.print();
    }, 50);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener("afterprint", done);
    };
  }, []);
  const number = String(order.number);
  const table = tableText(order, language);
  return createPortal(
    <div className="kitchen-ticket" data-testid="kitchen-ticket">
      <p className="kitchen-ticket__number">#{number}</p>
      {table ? <p className="kitchen-ticket__table">{t`Table ${table}`}</p> : null}
      <p className="kitchen-ticket__meta">
        {i18n._(SERVICE_TYPE_LABELS[order.serviceType])} · {t`Placed at ${clockTime(order.createdDate)}`}
      </p>
      <p className="kitchen-ticket__meta">
        <WantedTime order={order} now={now} />
      </p>
      <ItemList order={order} />
      {order.comment ? <p className="kitchen-ticket__comment">{order.comment}</p> : null}
    </div>,
    document.body,
  );
}

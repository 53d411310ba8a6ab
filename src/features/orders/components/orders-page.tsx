import { useLingui } from "@lingui/react/macro";
import { SegmentedControl } from "@telegram-apps/telegram-ui";
import type { KeyboardEvent } from "react";
import { Link, useSearch } from "wouter";
import { navigate } from "wouter/use-browser-location";
import { LoadFailed } from "../../../components/load-failed.tsx";
import { ActionButton } from "../../../components/action-button.tsx";
import { PageSpinner } from "../../../components/page-spinner.tsx";
import type { Order } from "../../../domain/contract/orders.ts";
import { useFormatMinor } from "../../../shared/brand/price.tsx";
import { toMinor } from "../../../domain/money.ts";
import { useOrderStreamConnected } from "../api/order-events.ts";
import { useRequiredTenant } from "../../../shared/brand/tenant.ts";
import { usePageTitle } from "../../../shared/brand/use-page-title.ts";
import { useActiveOrders } from "../api/get-active-orders.ts";
import { useOrders } from "../api/get-orders.ts";
import { ORDER_STATUS_LABELS } from "../../../shared/orders/status-labels.ts";
import { awaitsPayment } from "../../../domain/order-status.ts";
import { awaitsProviderPayment, usePayOrder } from "../../../shared/payments/pay-order.ts";
import { formatDateTime } from "./format-date.ts";
import { GuestPrompt } from "./guest-prompt.tsx";
import { useCustomerId } from "../../../shared/session/session-atom.ts";
import { POLL_MS } from "./live-poll.ts";
import "./orders.css";

/** /profile/orders: active and archive tabs; the archive pages 10 at a time. */
export function OrdersPage() {
  const { t } = useLingui();
  const userId = useCustomerId();
  const search = new URLSearchParams(useSearch());
  const tab: Tab = search.get("tab") === "archive" ? "archive" : "active";
  const page = Math.max(0, Number(search.get("page") ?? 0) || 0);
  usePageTitle(t`My orders`);

  if (!userId) return <GuestPrompt redirect="/profile/orders" />;
  const go = (next: { tab?: string; page?: number }) => {
    const params = new URLSearchParams({ tab: next.tab ?? tab });
    if (next.page) params.set("page", String(next.page));
    navigate(`/profile/orders?${params.toString()}`);
  };
  return (
    <div className="page orders-root">
      <h1 className="page__title">{t`My orders`}</h1>
      <OrdersTabs
        tab={tab}
        onSelect={(next) => {
          go({ tab: next });
        }}
      />
      <div role="tabpanel" id={`orders-panel-${tab}`} aria-labelledby={`orders-tab-${tab}`}>
        {tab === "active" ? (
          <ActiveList userId={userId} />
        ) : (
          <ArchiveList
            userId={userId}
            page={page}
            onPage={(p) => {
              go({ page: p });
            }}
          />
        )}
      </div>
    </div>
  );
}

const TABS = ["active", "archive"] as const;
type Tab = (typeof TABS)[number];

/**
 * Active | Archive as telegram-ui's SegmentedControl with the ARIA tabs pattern: one tab in the Tab
 * order, the arrow keys (mirrored right to left), Home and End move between tabs and select them.
 */
function OrdersTabs({ tab, onSelect }: { tab: Tab; onSelect: (tab: Tab) => void }) {
  const { t } = useLingui();
  const labels: Record<Tab, string> = { active: t`Active`, archive: t`Archive` };
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const rtl = getComputedStyle(e.currentTarget).direction === "rtl";
    const at = TABS.indexOf(tab);
    const step: Record<string, number> = {
      ArrowRight: rtl ? -1 : 1,
      ArrowLeft: rtl ? 1 : -1,
      Home: -at,
      End: TABS.length - 1 - at,
    };
    const by = step[e.key];
    if (by === undefined) return;
    e.preventDefault();
    const next = TABS[(at + by + TABS.length) % TABS.length] ?? tab;
    onSelect(next);
    document.getElementById(`orders-tab-${next}`)?.focus();
  };
  return (
    <SegmentedControl className="orders-tabs" aria-label={t`My orders`}>
      {TABS.map((name) => (
        <SegmentedControl.Item
          key={name}
          id={`orders-tab-${name}`}
          type="button"
          selected={tab === name}
          aria-selected={tab === name}
          // Only the shown panel exists: a reference to an absent one would be invalid.
          aria-controls={tab === name ? `orders-panel-${name}` : undefined}
          tabIndex={tab === name ? 0 : -1}
          className="orders-tabs__tab"
          onClick={() => {
            onSelect(name);
          }}
          onKeyDown={onKeyDown}
        >
          {labels[name]}
        </SegmentedControl.Item>
      ))}
    </SegmentedControl>
  );
}

function ActiveList({ userId }: { userId: string }) {
  const { t } = useLingui();
  const live = useOrderStreamConnected();
  const active = useActiveOrders(userId, { pollMs: live ? false : POLL_MS });
  if (active.isPending) return <PageSpinner />;
  if (active.isLoadingError)
    return <LoadFailed onRetry={() => void active.refetch()} retrying={active.isFetching} />;
  if (active.data.length === 0) return <p className="orders-empty">{t`No active orders`}</p>;
  return <OrderList orders={active.data} />;
}

function ArchiveList({
  userId,
  page,
  onPage,
}: {
  userId: string;
  page: number;
  onPage: (page: number) => void;
}) {
  const { t } = useLingui();
  const list = useOrders(userId, page, true);
  if (list.isPending) return <PageSpinner />;
  if (list.isLoadingError)
    return <LoadFailed onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  if (list.data.content.length === 0) return <p className="orders-empty">{t`No orders yet`}</p>;
  const { totalPages } = list.data;
  return (
    <>
      <OrderList orders={list.data.content} />
      {totalPages > 1 && (
        <nav className="orders-pager" aria-label={t`Pages`}>
          <ActionButton
            kind="secondary"
            size="s"
            disabled={page === 0}
            onClick={() => {
              onPage(page - 1);
            }}
          >
            {t`Previous`}
          </ActionButton>
          <span>{t`Page ${page + 1} of ${totalPages}`}</span>
          <ActionButton
            kind="secondary"
            size="s"
            disabled={list.data.last}
            onClick={() => {
              onPage(page + 1);
            }}
          >
            {t`Next`}
          </ActionButton>
        </nav>
      )}
    </>
  );
}

function OrderList({ orders }: { orders: Order[] }) {
  const { t, i18n } = useLingui();
  const { merchant } = useRequiredTenant();
  const format = useFormatMinor();
  return (
    <ul className="orders-list">
      {orders.map((o) => (
        <li key={o.id}>
          <Link href={`/profile/orders/${o.id}`} className="orders-list__row" data-testid="order-row">
            <span className="orders-list__number">{t`Order #${o.number}`}</span>
            <span className={`order-status order-status--${o.status.toLowerCase()}`}>
              {i18n._(ORDER_STATUS_LABELS[o.status])}
            </span>
            <span className="orders-list__date">{formatDateTime(o.createdDate, merchant.timezone)}</span>
            <span className="orders-list__total">
              {format(toMinor(o.totalPrice))}
              {/* Paid online, or cash collected at the door; an unpaid cash order says nothing. */}
              {o.isPaid && (
                <span className="order-paid order-paid--yes" data-testid="order-row-paid">
                  {t`Paid`}
                </span>
              )}
            </span>
            {/* A finished order not graded yet asks for its grade here too (the order page takes it). */}
            {o.gradeable && (
              <span className="orders-list__rate" data-testid="order-rate">
                ★ {t`Rate the order`}
              </span>
            )}
            {o.review && (
              <span className="orders-list__rate orders-list__rate--given">
                {t`Your grade: ${o.review.grade} of 5`}
              </span>
            )}
          </Link>
          {awaitsPayment(o) && <AwaitingPayment order={o} />}
        </li>
      ))}
    </ul>
  );
}

/**
 * An online order still waiting for its payment: says so, and pays it the way the order's page
 * does (the provider's pay page; a saved card is chosen on the order's page).
 */
function AwaitingPayment({ order }: { order: Order }) {
  const { t } = useLingui();
  const pay = usePayOrder();
  const format = useFormatMinor();
  const total = format(toMinor(order.totalPrice));
  return (
    <div className="orders-list__awaiting" data-testid="order-row-awaiting">
      <span className="order-paid order-paid--no">{t`Awaiting payment`}</span>
      {awaitsProviderPayment(order) ? (
        <ActionButton
          size="s"
          disabled={pay.isPending}
          aria-busy={pay.isPending}
          aria-label={t`Pay ${total} for order #${order.number}`}
          onClick={() => {
            pay.mutate(order.id);
          }}
        >
          {pay.isPending ? t`Opening the payment…` : t`Pay`}
        </ActionButton>
      ) : (
        <Link
          href={`/profile/orders/${order.id}`}
          className="button-link orders-list__pay"
          aria-label={t`Pay ${total} for order #${order.number}`}
        >
          {t`Pay`}
        </Link>
      )}
    </div>
  );
}

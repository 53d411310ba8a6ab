import { useLingui } from "@lingui/react/macro";
import { Link, useSearch } from "wouter";
import { navigate } from "wouter/use-browser-location";
import { ActionButton } from "../../../components/action-button.tsx";
import { LoadFailed } from "../../../components/load-failed.tsx";
import { LoginPrompt } from "../../../components/login-prompt.tsx";
import { PageSpinner } from "../../../components/page-spinner.tsx";
import { StatusScreen } from "../../../components/status-screen.tsx";
import type { Notification } from "../../../domain/contract/notifications.ts";
import { pickText } from "../../../domain/multilingual.ts";
import { useContentLanguage } from "../../../lib/use-content-language.ts";
import { useRequiredTenant } from "../../../shared/brand/tenant.ts";
import { usePageTitle } from "../../../shared/brand/use-page-title.ts";
import { useCustomerId } from "../../../shared/session/session-atom.ts";
import { useMarkAllRead, useMarkRead, useNotificationPage } from "../api/notifications.ts";
import "./notifications.css";

/** /notifications (notificationsActive): the customer's order updates and the brand's news, 20 a page. */
export function NotificationsPage() {
  const { t } = useLingui();
  const userId = useCustomerId();
  const page = Math.max(0, Number(new URLSearchParams(useSearch()).get("page") ?? 0) || 0);
  const title = t`Notifications`;
  usePageTitle(title);
  return (
    <article className="page notifications-page" aria-labelledby="notifications-title">
      {userId ? (
        <NotificationList userId={userId} page={page} title={title} />
      ) : (
        <>
          <h1 id="notifications-title" className="page__title">
            {title}
          </h1>
          <LoginPrompt reason={t`Log in to see how your orders are doing and the news of the shop.`} />
        </>
      )}
    </article>
  );
}

function NotificationList({ userId, page, title }: { userId: string; page: number; title: string }) {
  const { t } = useLingui();
  const list = useNotificationPage(userId, page);
  const readAll = useMarkAllRead(userId);
  const unread = list.data?.unread ?? 0;
  const totalPages = list.data?.totalPages ?? 0;
  const go = (p: number) => {
    navigate(p > 0 ? `/notifications?page=${String(p)}` : "/notifications");
  };
  return (
    <>
      <div className="notifications-page__head">
        <h1 id="notifications-title" className="page__title">
          {title}
        </h1>
        {unread > 0 && (
          <ActionButton
            kind="secondary"
            size="s"
            loading={readAll.isPending}
            onClick={() => {
              readAll.mutate();
            }}
          >
            {t`Mark all as read`}
          </ActionButton>
        )}
      </div>
      <div aria-busy={list.isPending} aria-live="polite">
        {list.isPending ? (
          <PageSpinner />
        ) : list.isLoadingError ? (
          <LoadFailed onRetry={() => void list.refetch()} retrying={list.isFetching} />
        ) : list.data.content.length === 0 ? (
          <StatusScreen
            titleId="notifications-empty"
            title={t`No notifications yet`}
            description={t`Here you will see how your orders are doing and the news of the shop.`}
          />
        ) : (
          <>
            <ul className="notification-list" data-testid="notification-list">
              {list.data.content.map((n) => (
                <NotificationItem key={n.id} notification={n} userId={userId} />
              ))}
            </ul>
            {totalPages > 1 && (
              <nav className="orders-pager" aria-label={t`Pages`}>
                <ActionButton
                  kind="secondary"
                  size="s"
                  disabled={page === 0}
                  onClick={() => {
                    go(page - 1);
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
                    go(page + 1);
                  }}
                >
                  {t`Next`}
                </ActionButton>
              </nav>
            )}
          </>
        )}
      </div>
    </>
  );
}

function NotificationItem({ notification: n, userId }: { notification: Notification; userId: string }) {
  const { t, i18n } = useLingui();
  const lang = useContentLanguage();
  const { merchant } = useRequiredTenant();
  const markRead = useMarkRead(userId);
  const title = pickText(n.title, lang);
  const when = new Intl.DateTimeFormat(i18n.locale, {
    timeZone: merchant.timezone,
    dateStyle: "medium",
    timeStyle: "short",
  }).format(new Date(n.createdDate));
  const read = () => {
    if (!n.isRead) markRead.mutate(n.id);
  };
  return (
    <li
      className={`notification${n.isRead ? "" : " notification--unread"}`}
      data-testid="notification"
      data-read={n.isRead}
    >
      <span className="notification__dot" aria-hidden="true" />
      <h2 className="notification__title">
        {!n.isRead && <span className="visually-hidden">{t`Unread:`} </span>}
        {title}
      </h2>
      <p className="notification__body">{pickText(n.body, lang)}</p>
      <div className="notification__meta">
        <time dateTime={n.createdDate}>{when}</time>
        {n.orderId && (
          <Link href={`/profile/orders/${n.orderId}`} className="notification__action" onClick={read}>
            {t`Open the order`}
          </Link>
        )}
        {!n.isRead && (
          <button
            type="button"
            className="notification__action"
            onClick={read}
            disabled={markRead.isPending}
            aria-label={t`Mark “${title}” as read`}
          >
            {t`Mark as read`}
          </button>
        )}
      </div>
      {n.image && <img className="notification__image" src={n.image} alt="" loading="lazy" />}
    </li>
  );
}

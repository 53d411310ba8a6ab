import { useLingui } from "@lingui/react/macro";
import { Link, useLocation } from "wouter";
import { useUnreadCount } from "../api/notifications.ts";
import "./notifications.css";

/**
 * The header's bell (notificationsActive, a logged-in customer): a link to the notifications screen
 * whose label says how many are unread; the badge shows the same count (9+ above nine).
 */
export function NotificationBell({ userId }: { userId: string }) {
  const { t } = useLingui();
  const [location] = useLocation();
  const unread = useUnreadCount(userId).data ?? 0;
  const label = unread > 0 ? t`Notifications, ${unread} unread` : t`Notifications`;
  return (
    <Link
      href="/notifications"
      className="app-header__icon-link notification-bell"
      aria-label={label}
      aria-current={location === "/notifications" ? "page" : undefined}
      data-testid="notification-bell"
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2z"
        />
      </svg>
      {unread > 0 && (
        <span className="notification-bell__badge" aria-hidden="true">
          {unread > 9 ? "9+" : unread}
        </span>
      )}
    </Link>
  );
}

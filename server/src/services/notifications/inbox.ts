/** The customer's in-app notifications. */
export {
  countUnread,
  findNotification,
  insertNotification,
  listNotifications,
  markAllRead,
  markRead,
} from "../../repositories/notifications.ts";

// The global message line (spec section 8): API failures and, later, success notices.
// A tiny store read by <NotificationHost> with useSyncExternalStore.

export type NoticeKind = "error" | "warning" | "success" | "info";

export interface Notice {
  id: number;
  kind: NoticeKind;
  text: string;
  title?: string;
  /** Milliseconds before it hides itself. */
  duration: number;
}

/** Default time a notice stays (spec section 9). */
export const NOTICE_DURATION_MS = 4500;

let notices: readonly Notice[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function publish(next: readonly Notice[]): void {
  notices = next;
  for (const l of listeners) l();
}

export function notify(notice: {
  kind: NoticeKind;
  text: string;
  title?: string;
  duration?: number;
}): number {
  const id = nextId++;
  // The same text twice in a row (a failing retry, two queries) is shown once.
  const rest = notices.filter((n) => n.text !== notice.text);
  publish([...rest, { id, duration: NOTICE_DURATION_MS, ...notice }].slice(-3));
  return id;
}

export function dismiss(id: number): void {
  publish(notices.filter((n) => n.id !== id));
}

export function getNotices(): readonly Notice[] {
  return notices;
}

export function subscribeNotices(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

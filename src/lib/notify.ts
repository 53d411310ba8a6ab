// The global message line (spec section 8): API failures and success notices, as a jotai atom
// that <NotificationHost> reads; plain code (the API client) writes it through the default store.
import { atom } from "jotai";
import { appStore } from "./app-store.ts";

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

export const noticesAtom = atom<readonly Notice[]>([]);
let nextId = 1;

function publish(next: readonly Notice[]): void {
  appStore().set(noticesAtom, next);
}

export function notify(notice: {
  kind: NoticeKind;
  text: string;
  title?: string;
  duration?: number;
}): number {
  const id = nextId++;
  // The same text twice in a row (a failing retry, two queries) is shown once.
  const rest = getNotices().filter((n) => n.text !== notice.text);
  publish([...rest, { id, duration: NOTICE_DURATION_MS, ...notice }].slice(-3));
  return id;
}

export function dismiss(id: number): void {
  publish(getNotices().filter((n) => n.id !== id));
}

export function getNotices(): readonly Notice[] {
  return appStore().get(noticesAtom);
}

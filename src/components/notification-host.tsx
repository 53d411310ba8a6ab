import { useLingui } from "@lingui/react/macro";
import { Snackbar } from "@telegram-apps/telegram-ui";
import { useAtomValue } from "jotai";
import { useEffect } from "react";
import { dismiss, noticesAtom, type Notice } from "../lib/notify.ts";

/**
 * The global message line: the newest notice as a telegram-ui snackbar. The snackbar is drawn in
 * a portal, so the text is also written into live regions that exist from the start, which is
 * what makes screen readers announce it (errors assertively, the rest politely).
 */
export function NotificationHost() {
  const { t } = useLingui();
  const notices = useAtomValue(noticesAtom);
  const notice = notices.at(-1);
  // An error or a warning says what it is in its title (spec: the generic "Error" and "Warning"
  // titles) when whoever raised it gave none; a success or an information notice may stand alone.
  const defaultTitle = (kind: Notice["kind"]) =>
    kind === "error" ? t`Error` : kind === "warning" ? t`Warning` : undefined;
  const title = notice ? (notice.title ?? defaultTitle(notice.kind)) : undefined;
  const spoken = notice ? [title, notice.text].filter(Boolean).join(". ") : "";
  const noticeId = notice?.id;
  useEffect(() => {
    // A modal <dialog> (the desktop's sheets) is in the browser's top layer, above any z-index:
    // the snackbar joins the top layer as a manual popover after it, so it is drawn above the dialog.
    // telegram-ui portals it a moment after this render: look for it in the next frames.
    if (noticeId === undefined) return;
    let frame = 0;
    let tries = 0;
    const lift = () => {
      const el = document.querySelector<HTMLElement>(`[data-notice-id="${String(noticeId)}"]`);
      if (!el) {
        if (++tries < 30) frame = requestAnimationFrame(lift);
        return;
      }
      if (typeof el.showPopover !== "function" || el.matches(":popover-open")) return;
      el.popover = "manual";
      // Over a modal dialog the notice is only read, never a stop of the keyboard: Tab stays in the
      // dialog (its words reach screen readers through the live regions below).
      if (document.querySelector("dialog:modal")) el.inert = true;
      el.showPopover();
    };
    lift();
    return () => {
      cancelAnimationFrame(frame);
    };
  }, [noticeId]);
  return (
    <>
      <div className="visually-hidden" role="alert">
        {notice?.kind === "error" ? spoken : ""}
      </div>
      <div className="visually-hidden" role="status">
        {notice && notice.kind !== "error" ? spoken : ""}
      </div>
      {notice && (
        <Snackbar
          key={notice.id}
          duration={notice.duration}
          onClose={() => {
            dismiss(notice.id);
          }}
          description={title ? notice.text : undefined}
          className={`notice notice--${notice.kind}`}
          data-notice-id={notice.id}
          aria-hidden="true"
        >
          {title ?? notice.text}
        </Snackbar>
      )}
    </>
  );
}

import { Snackbar } from "@telegram-apps/telegram-ui";
import { useAtomValue } from "jotai";
import { dismiss, noticesAtom } from "../lib/notify.ts";

/**
 * The global message line: the newest notice as a telegram-ui snackbar. The snackbar is drawn in
 * a portal, so the text is also written into live regions that exist from the start, which is
 * what makes screen readers announce it (errors assertively, the rest politely).
 */
export function NotificationHost() {
  const notices = useAtomValue(noticesAtom);
  const notice = notices.at(-1);
  const spoken = notice ? [notice.title, notice.text].filter(Boolean).join(". ") : "";
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
          description={notice.title ? notice.text : undefined}
          className={`notice notice--${notice.kind}`}
          aria-hidden="true"
        >
          {notice.title ?? notice.text}
        </Snackbar>
      )}
    </>
  );
}

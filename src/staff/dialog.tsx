import { useLingui } from "@lingui/react/macro";
import { useEffect, useId, useRef, type ReactNode } from "react";

/**
 * A modal dialog (the browser's own <dialog>: focus stays inside, Escape closes, the page behind
 * is inert), labelled by its title; focus starts on its `data-autofocus` field if it has one and
 * goes back where it was when it closes.
 */
export function StaffDialog({
  title,
  onClose,
  children,
  footer,
  wide,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
}) {
  const { t } = useLingui();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal();
    // showModal() focuses the first control, the close button; a dialog that asks for something
    // marks its field (data-autofocus), where staff type at once (React's autoFocus runs before).
    dialog?.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    return () => {
      if (dialog?.open) dialog.close();
      before?.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className={`staff-dialog${wide ? " staff-dialog--wide" : ""}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="staff-dialog__head">
        <h2 id={titleId} className="staff-dialog__title">
          {title}
        </h2>
        <button
          type="button"
          className="staff-button staff-button--icon"
          aria-label={t`Close`}
          onClick={onClose}
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path
              fill="currentColor"
              d="M6.4 5 5 6.4 10.6 12 5 17.6 6.4 19l5.6-5.6 5.6 5.6 1.4-1.4-5.6-5.6L19 6.4 17.6 5 12 10.6z"
            />
          </svg>
        </button>
      </div>
      <div className="staff-dialog__body">{children}</div>
      {footer ? <div className="staff-dialog__foot">{footer}</div> : null}
    </dialog>
  );
}

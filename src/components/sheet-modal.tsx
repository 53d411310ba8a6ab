import { useLingui } from "@lingui/react/macro";
import { Modal } from "@telegram-apps/telegram-ui";
import { useLayoutEffect, useRef, type ReactNode } from "react";
import { useDesktop } from "../platform/desktop.ts";

function CloseButton({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  return (
    <button type="button" className="url-sheet__close" aria-label={t`Close`} onClick={onClose}>
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path
          d="M6 6l12 12M18 6L6 18"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        />
      </svg>
    </button>
  );
}

/**
 * telegram-ui's bottom sheet (vaul and Radix Dialog): its own chunk, loaded when a sheet first opens.
 * Besides swiping it down, tapping outside it and Escape, a visible button closes it. In the desktop
 * layout the same sheet is a centred dialog instead (DesktopDialog).
 */
export function SheetModal({
  open,
  onClose,
  labelledBy,
  children,
}: {
  open: boolean;
  onClose: () => void;
  labelledBy: string;
  children: ReactNode;
}) {
  const desktop = useDesktop();
  if (desktop)
    return open ? (
      <DesktopDialog onClose={onClose} labelledBy={labelledBy}>
        {children}
      </DesktopDialog>
    ) : null;
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      aria-labelledby={labelledBy}
      className="url-sheet"
    >
      <CloseButton onClose={onClose} />
      {children}
    </Modal>
  );
}

/**
 * The desktop layout's sheet: a centred modal `<dialog>` of a readable width. The browser keeps
 * focus inside it (the rest of the page is inert), Escape and a click on the backdrop close it, and
 * focus goes back where it was.
 */
function DesktopDialog({
  onClose,
  labelledBy,
  children,
}: {
  onClose: () => void;
  labelledBy: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      if (dialog?.open) dialog.close();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className="url-sheet desktop-dialog"
      aria-labelledby={labelledBy}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        // A click on the backdrop (the dialog element itself) closes it.
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <CloseButton onClose={onClose} />
      {children}
    </dialog>
  );
}

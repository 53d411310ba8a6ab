import { useLingui } from "@lingui/react/macro";
import { Modal } from "@telegram-apps/telegram-ui";
import type { ReactNode } from "react";

/**
 * telegram-ui's bottom sheet (vaul and Radix Dialog): its own chunk, loaded when a sheet first opens.
 * Besides swiping it down, tapping outside it and Escape, a visible button closes it.
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
  const { t } = useLingui();
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      aria-labelledby={labelledBy}
      className="url-sheet"
    >
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
      {children}
    </Modal>
  );
}

import { Modal } from "@telegram-apps/telegram-ui";
import type { ReactNode } from "react";

/** telegram-ui's bottom sheet (vaul and Radix Dialog): its own chunk, loaded when a sheet first opens. */
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
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      aria-labelledby={labelledBy}
      className="url-sheet"
    >
      {children}
    </Modal>
  );
}

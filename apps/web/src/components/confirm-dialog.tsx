import type { ReactNode } from 'react';
import { Button, type ButtonVariant } from './button';
import { Modal } from './modal';

interface ConfirmDialogProps {
  isOpen: boolean;
  title: string;
  /** What will happen, in a sentence or two. */
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  confirmVariant?: ButtonVariant;
  isBusy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before an action that changes someone else's data; Cancel, the safe choice, takes the focus. */
export function ConfirmDialog({
  isOpen,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  confirmVariant = 'primary',
  isBusy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  if (!isOpen) return null;
  // While the change is on its way, closing would hide whether it worked.
  const cancelUnlessBusy = () => {
    if (!isBusy) onCancel();
  };
  return (
    <Modal
      title={title}
      description={children}
      onClose={cancelUnlessBusy}
      footer={
        <>
          <Button variant="secondary" onClick={cancelUnlessBusy} disabled={isBusy}>
            {cancelLabel}
          </Button>
          <Button variant={confirmVariant} onClick={onConfirm} isBusy={isBusy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {null}
    </Modal>
  );
}

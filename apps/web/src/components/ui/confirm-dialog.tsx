import { useEffect, useId, useRef } from 'react';
import { Modal } from './modal.tsx';

interface ConfirmDialogProps {
  title: string;
  message: string;
  confirmLabel: string;
  dismissLabel: string;
  /** While the confirmed request runs: the confirm button waits, so a second tap sends nothing. */
  busy?: boolean;
  onConfirm(): void;
  onDismiss(): void;
}

/**
 * Asks before an action that cannot be undone (cancelling an order or a subscription, spending a customer's coins or stamps). The focus starts
 * on the safe choice, so Enter or Space pressed by habit does not confirm; Escape and the dismiss button
 * answer no, and the focus then goes back to the control that opened the question.
 */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  dismissLabel,
  busy = false,
  onConfirm,
  onDismiss,
}: ConfirmDialogProps) {
  const messageId = useId();
  const dismiss = useRef<HTMLButtonElement>(null);
  // Runs after the Modal's effect (children first), which opened the dialog and focused its first control.
  useEffect(() => dismiss.current?.focus(), []);
  return (
    <Modal
      title={title}
      closeLabel={dismissLabel}
      onClose={onDismiss}
      role="alertdialog"
      describedBy={messageId}
      closeButton={false}
    >
      <p id={messageId} className="confirm-message">
        {message}
      </p>
      <div className="confirm-actions">
        <button ref={dismiss} type="button" className="button secondary" onClick={onDismiss}>
          {dismissLabel}
        </button>
        <button type="button" className="button danger" onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}

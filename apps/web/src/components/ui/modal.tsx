import { type ReactNode, useEffect, useId, useRef } from 'react';
import './modal.css';

interface ModalProps {
  title: string;
  closeLabel: string;
  onClose(): void;
  children: ReactNode;
  /** `alertdialog` for a question that interrupts (a confirmation). */
  role?: 'dialog' | 'alertdialog';
  /** The id of the text that says what the dialog is about. */
  describedBy?: string;
  /** False when the dialog's own buttons already answer it (a confirmation): no × in the header. */
  closeButton?: boolean;
}

/** A modal on the native <dialog>: focus kept inside and given back on close, Escape and the close button call onClose. */
export function Modal({
  title,
  closeLabel,
  onClose,
  children,
  role,
  describedBy,
  closeButton = true,
}: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    // The control that opened the modal gets the focus back (the dialog is already gone from the page).
    const opener = document.activeElement;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      dialog?.close();
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className="modal"
      role={role}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <header className="modal-header">
        <h2 id={titleId}>{title}</h2>
        {closeButton && (
          <button type="button" className="modal-close" onClick={onClose} aria-label={closeLabel}>
            ×
          </button>
        )}
      </header>
      <div className="modal-body">{children}</div>
    </dialog>
  );
}

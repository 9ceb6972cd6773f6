// A native modal <dialog>: showModal() traps focus and Escape closes it; on close, focus
// goes back to the control that opened it. A click on the backdrop closes it too.
import { useEffect, useId, useRef, type ReactNode } from "react";
import { useIsland } from "./context";

type Props = {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
};

export function Dialog({ open, title, onClose, children }: Props) {
  const { strings } = useIsland();
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current =
        document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  function handleClose() {
    const back = opener.current;
    opener.current = null;
    if (back?.isConnected) back.focus();
    onClose();
  }

  return (
    <dialog
      ref={ref}
      className="dialog gg-dialog"
      aria-labelledby={titleId}
      onClose={handleClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
    >
      <div className="dialog__header">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="icon-button" onClick={() => ref.current?.close()}>
          <span aria-hidden="true">✕</span>
          <span className="visually-hidden">{strings.close}</span>
        </button>
      </div>
      <div className="dialog__body">{open ? children : null}</div>
    </dialog>
  );
}

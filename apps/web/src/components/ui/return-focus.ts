import { useRef } from 'react';

interface AutoFocusHandlers {
  onOpenAutoFocus?: ((event: Event) => void) | undefined;
  onCloseAutoFocus?: ((event: Event) => void) | undefined;
}

/**
 * Focus goes back to what opened a dialog when it closes. Radix returns it to
 * its `Dialog.Trigger`, but the app opens its dialogs and sheets from state
 * (a row, the bag's icon, a button elsewhere), so without this the focus fell
 * to the page's start and a keyboard user lost their place. The element
 * focused when the dialog opens is remembered and focused again on close,
 * if it is still on the page; a caller's own handlers run first and may
 * prevent it (`event.preventDefault()`).
 */
export function useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus }: AutoFocusHandlers = {}) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus(event: Event) {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus(event: Event) {
      onCloseAutoFocus?.(event);
      if (event.defaultPrevented) return;
      const target = opener.current;
      opener.current = null;
      if (target?.isConnected) {
        event.preventDefault();
        target.focus({ preventScroll: true });
      }
    },
  };
}

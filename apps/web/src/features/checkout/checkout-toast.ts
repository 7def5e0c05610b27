import type { ToastOptions } from 'react-toastify/unstyled';

/** docs/behaviour/timings-and-limits.md#toasts: toasts close after 2000 ms in the checkout (5000 ms elsewhere). */
export const CHECKOUT_TOAST = { autoClose: 2000 } as const satisfies ToastOptions;

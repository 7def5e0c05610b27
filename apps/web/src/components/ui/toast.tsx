import { MSG } from '@clinica/shared/messages';
import { toast, ToastContainer, type ToastContainerProps, type ToastOptions } from 'react-toastify/unstyled';
import 'react-toastify/ReactToastify.css';
import { errorMessage } from '../../lib/api-client';

/** SPEC §9: top-right, 5000 ms, pause on hover and on focus loss. */
export const TOAST_DEFAULTS = {
  position: 'top-right',
  autoClose: 5000,
  pauseOnHover: true,
  pauseOnFocusLoss: true,
  closeOnClick: false,
  newestOnTop: true,
  theme: 'light',
} as const satisfies ToastContainerProps;

/** The app's one toast container. */
export function AppToaster(props: ToastContainerProps) {
  return <ToastContainer {...TOAST_DEFAULTS} {...props} />;
}

export const notifySuccess = (message: string, options?: ToastOptions) => toast.success(message, options);
export const notifyError = (message: string, options?: ToastOptions) => toast.error(message, options);
export const notifyInfo = (message: string, options?: ToastOptions) => toast.info(message, options);

/** An error toast with the server's message (or the fallback when the server sent none). */
export const notifyApiError = (error: unknown, fallback: string = MSG.erroInterno, options?: ToastOptions) =>
  toast.error(errorMessage(error, fallback), options);

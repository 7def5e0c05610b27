import { MSG } from '@clinica/shared/messages';
import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import type { Id, ToastContainerProps, ToastOptions } from 'react-toastify/unstyled';
import { errorMessage } from '../../lib/api-client';
import type * as ToastifyModule from './toastify';

/** docs/behaviour/timings-and-limits.md#toasts: top-right, 5000 ms, pause on hover and on focus loss. */
const TOAST_DEFAULTS = {
  position: 'top-right',
  autoClose: 5000,
  pauseOnHover: true,
  pauseOnFocusLoss: true,
  closeOnClick: false,
  newestOnTop: true,
  theme: 'light',
} as const satisfies ToastContainerProps;

/*
 * react-toastify is fetched the first time a toast is asked for, not with the
 * page (docs/quality.md#p6-javascript-of-the-public-pages). The containers render once it is there, and a toast is
 * handed over only when its container has mounted (react-toastify drops a
 * toast whose container does not exist yet when another one already does).
 */
type Toastify = typeof ToastifyModule;

const DEFAULT_CONTAINER = 'default';
let toastify: Toastify | null = null;
let loading: Promise<Toastify> | null = null;
const moduleListeners = new Set<() => void>();
const mountedContainers = new Set<Id>();
const waitingForContainer = new Map<Id, Array<() => void>>();
/** A toast whose container never mounts still goes to react-toastify (which queues it) after this. */
const CONTAINER_WAIT_MS = 1500;

function loadToastify(): Promise<Toastify> {
  loading ??= import('./toastify').then((m) => {
    toastify = m;
    moduleListeners.forEach((listener) => listener());
    return m;
  });
  return loading;
}

function containerMounted(id: Id): Promise<void> {
  if (mountedContainers.has(id)) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, CONTAINER_WAIT_MS);
    const waiting = waitingForContainer.get(id) ?? [];
    waiting.push(() => {
      clearTimeout(timer);
      resolve();
    });
    waitingForContainer.set(id, waiting);
  });
}

const subscribeModule = (listener: () => void) => {
  moduleListeners.add(listener);
  return () => moduleListeners.delete(listener);
};

/** Marks its container as ready: its effect runs after the ToastContainer inside it has registered. */
function ContainerReady({ id, children }: { id: Id; children: ReactNode }) {
  useEffect(() => {
    mountedContainers.add(id);
    waitingForContainer.get(id)?.forEach((resolve) => resolve());
    waitingForContainer.delete(id);
    return () => {
      mountedContainers.delete(id);
    };
  }, [id]);
  return children;
}

/**
 * A toast container (the app's one, or the product pages' own); it renders once react-toastify is loaded. Where
 * react-toastify lays toasts across a phone's width (its 480 px breakpoint) at most 3 show at a time (the product
 * pages' container says 4), so a pile never runs off the screen.
 */
export function AppToaster(props: ToastContainerProps) {
  const loaded = useSyncExternalStore(
    subscribeModule,
    () => toastify,
    () => null,
  );
  if (!loaded) return null;
  const phone = window.matchMedia?.('(max-width: 480px)').matches;
  return (
    <ContainerReady id={props.containerId ?? DEFAULT_CONTAINER}>
      <loaded.ToastContainer {...TOAST_DEFAULTS} {...(phone && { limit: 3 })} {...props} />
    </ContainerReady>
  );
}

type Kind = 'success' | 'error' | 'info';

/** A message already on screen is not shown again beside itself (a button pressed twice): its kind and text are its id. */
function notify(kind: Kind, message: string, options?: ToastOptions): void {
  void loadToastify()
    .then((m) => containerMounted(options?.containerId ?? DEFAULT_CONTAINER).then(() => m))
    .then((m) => m.toast[kind](message, { toastId: `${kind}:${message}`, ...options }));
}

export const notifySuccess = (message: string, options?: ToastOptions) => notify('success', message, options);
export const notifyError = (message: string, options?: ToastOptions) => notify('error', message, options);
export const notifyInfo = (message: string, options?: ToastOptions) => notify('info', message, options);

/** An error toast with the server's message (or the fallback when the server sent none). */
export const notifyApiError = (error: unknown, fallback: string = MSG.erroInterno, options?: ToastOptions) =>
  notify('error', errorMessage(error, fallback), options);

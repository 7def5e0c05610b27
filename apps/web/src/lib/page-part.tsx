import { lazy, Suspense, useEffect, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import styles from './page-part.module.css';

/*
 * A part of a server-rendered page (ADR 019) whose code comes after the page's own: a form with its rules and
 * react-hook-form. The page's module renders the frame the visitor reads; the part's module is fetched as soon as
 * the page's module runs, in parallel with the app's start-up, and React hydrates the part when it has arrived
 * (a Suspense boundary keeps the server's HTML meanwhile). So the form's code is not in the JavaScript of the page's
 * first render (apps/web/scripts/js-budget.mjs). On the server every part is loaded before the render
 * (`loadPageParts`, entry-server.tsx), so the HTML holds the whole form.
 */

const starts = new Set<() => Promise<unknown>>();

/** Resolves once every part defined so far has loaded (the server's render and the screen tests await it). */
export const loadPageParts = (): Promise<unknown> => Promise.all([...starts].map((start) => start()));

/**
 * Parts on the page whose own code has not run yet: each part counts +1 when the page's code mounts it and -1 when
 * its own code has mounted, in whichever order the two effects run.
 */
let waiting = 0;
const onSettled: (() => void)[] = [];

const settle = (delta: number) => {
  waiting += delta;
  if (waiting !== 0) return;
  for (const resolve of onSettled.splice(0)) resolve();
};

/**
 * Resolves once every part mounted so far runs (its code has come and React has hydrated it). Called after a commit
 * (app/app-root.tsx marks the page ready with it), when the effects of every part rendered in it have run.
 */
export const pagePartsRunning = (): Promise<void> =>
  waiting === 0 ? Promise.resolve() : new Promise((resolve) => onSettled.push(resolve));

function Running({ children }: { children: ReactNode }) {
  useEffect(() => {
    settle(-1);
    return () => settle(1);
  }, []);
  return children;
}

/**
 * A lazily loaded component of a page. Once loaded it renders at once, with no fallback (React reads a thenable
 * that has already resolved synchronously). `eager` (default: always) says whether the browser fetches the part as
 * soon as the page's module runs; when it answers false (a part the first page does not show, such as the category
 * pages' grid on /loja), the part is fetched when it first renders, so it is not in that page's JavaScript.
 */
export function pagePart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  { eager = () => true }: { eager?: () => boolean } = {},
): ComponentType<P> {
  let loaded: { default: ComponentType<P> } | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const start = () =>
    (loading ??= load().then((component) => {
      loaded = { default: component };
      return loaded;
    }));
  starts.add(start);
  if (typeof window !== 'undefined' && eager()) void start().catch(() => undefined);
  const Lazy = lazy(() => {
    if (!loaded) return start();
    const done = loaded;
    return { then: (resolve: (value: typeof done) => void) => resolve(done) } as Promise<typeof done>;
  });
  return function PagePart(props: P) {
    useEffect(() => {
      settle(1);
      return () => settle(-1);
    }, []);
    return (
      <Suspense fallback={null}>
        <Running>
          <Lazy {...props} />
        </Running>
      </Suspense>
    );
  };
}

const noSubscription = () => () => undefined;

/** False on the server and while React hydrates the server's HTML; true once the app runs the component. */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

/**
 * Controls that need the app: disabled, with their disabled look, until it runs them. A value typed before would be
 * replaced by the form's default when the form starts, and a submit would send the form without its rules. The
 * fieldset takes no room in the layout (`display: contents`).
 */
export function UntilHydrated({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <fieldset className={styles.controls} disabled={!hydrated}>
      {children}
    </fieldset>
  );
}

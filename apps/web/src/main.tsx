// Inter as one variable file (weights 400–600 in 48 KB instead of three files of 25 KB); the browser downloads only
// the subsets of the characters on the page (unicode-range): latin for pt-BR.
import '@fontsource-variable/inter/wght.css';
import '@fontsource/poppins/latin-600.css';
import './app/styles/global.css';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { loadPageData } from './app/page-data';
import { AppRoot } from './app/app-root';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';

const container = document.getElementById('root')!;
const queryClient = createQueryClient();
const appWith = (router: ReturnType<typeof createAppRouter>) => (
  <AppRoot queryClient={queryClient}>
    <RouterProvider router={router} />
  </AppRoot>
);

/** Resolves when the router has loaded the lazy modules of the first page. */
const routerReady = (router: ReturnType<typeof createAppRouter>) =>
  new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });

/** Lets the browser paint and handle input before the next step of the start-up. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * A page the server rendered (ADR 019) is hydrated once its route's module and its data (the answers embedded in
 * the page) are loaded, in a transition so the work is split into short tasks; any other page is rendered here.
 * Each step starts in a task of its own: chained by promises alone, the entry's evaluation, the router's start, the
 * reading of the page's answers and the start of the hydration made one long task (docs/quality.md P5).
 */
async function start() {
  if (!container.firstElementChild) {
    createRoot(container).render(appWith(createAppRouter()));
    return;
  }
  await nextTask();
  const router = createAppRouter();
  await routerReady(router);
  await nextTask();
  await loadPageData(queryClient, window.location.pathname, window.location.search);
  await nextTask();
  startTransition(() => {
    hydrateRoot(container, appWith(router));
  });
}

void start();

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
import { router } from './app/router';

const container = document.getElementById('root')!;
const queryClient = createQueryClient();
const app = (
  <AppRoot queryClient={queryClient}>
    <RouterProvider router={router} />
  </AppRoot>
);

/** Resolves when the router has loaded the lazy modules of the first page. */
const routerReady = () =>
  new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });

/**
 * A page the server rendered (ADR 019) is hydrated once its route's module and its data (the answers embedded in
 * the page) are loaded, in a transition so the work is split into short tasks; any other page is rendered here.
 */
async function start() {
  if (!container.firstElementChild) {
    createRoot(container).render(app);
    return;
  }
  await routerReady();
  await loadPageData(queryClient, window.location.pathname, window.location.search);
  startTransition(() => {
    hydrateRoot(container, app);
  });
}

void start();

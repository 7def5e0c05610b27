import { createBrowserRouter } from 'react-router';
import { composeRoutes, ROOT_ROUTE_ID, SITE_ROUTE_ID } from './routes-entry';

/**
 * The app's router: the public pages from the start, the private routes (routes-private.tsx) added the first time a
 * navigation matches no public page, only the not-found route (a private path, or one that does not exist). The
 * result is the table of routes.tsx (docs/quality.md#p6-javascript-of-the-public-pages). Made once, by main.tsx, in
 * a task of its own: it matches the page and starts its loaders.
 */
export function createAppRouter() {
  /** Whether the private routes have been added (once: a second patch would add them twice). */
  let privateAdded = false;
  return createBrowserRouter(composeRoutes(), {
    async patchRoutesOnNavigation({ matches, patch }) {
      if (privateAdded) return;
      const leaf = matches[matches.length - 1]?.route;
      if (leaf && leaf.path !== '*') return;
      const { privateTable } = await import('./routes-private');
      if (privateAdded) return;
      privateAdded = true;
      patch(SITE_ROUTE_ID, privateTable.customerRoutes);
      patch(ROOT_ROUTE_ID, privateTable.privateRoutes);
    },
  });
}

import type { RouteObject } from 'react-router';
import { prefetchDetalhe, prefetchLoja } from '../features/store/prefetch';
import { RootLayout } from './layouts/root-layout';
import { SiteLayout } from './layouts/site-layout';
import { AppErrorPage } from './pages/app-error-page';
import type { RouteHandle } from './route-handle';

/*
 * The route table (docs/behaviour/README.md#route-access), each screen loaded lazily in its own chunk (a feature's
 * page module exporting `Component`). This module holds the public pages, which the app's entry carries; the
 * customer's, the checkout's and the back-office's routes are in routes-private.tsx, which the browser's router
 * adds the first time a path matches no public page (app/router.tsx), so the list of their chunks never weighs on
 * the public pages (docs/quality.md#p6-javascript-of-the-public-pages). routes.tsx is the whole table.
 */

/** The route whose children are the pages inside the site's header and footer. */
export const SITE_ROUTE_ID = 'site';
/** The root route: the layouts of the checkout and the back-office are its children. */
export const ROOT_ROUTE_ID = 'root';

const loadStore = () => {
  prefetchLoja();
  return import('../features/store/store-page');
};

const publicRoutes: RouteObject[] = [
  {
    index: true,
    lazy: () => import('../features/site/home/home-page'),
    handle: { fixedHeader: true, whatsapp: true } satisfies RouteHandle,
  },
  // The store, its category pages and all physical or digital products (ADR 044): one module, which renders the
  // listing pages as a part of its own (store-page.tsx), so the entry lists the module's files once.
  ...['loja', 'loja/fisicos', 'loja/digitais', 'loja/categoria/:id/:slug?'].map((path) => ({
    path,
    lazy: loadStore,
    handle: { title: 'Loja', fixedHeader: true } satisfies RouteHandle,
  })),
  {
    path: 'details/:id/:openSheet?',
    loader: ({ params }) => prefetchDetalhe(params.id),
    lazy: () => import('../features/store/details/details-page'),
    handle: { title: 'Detalhes do produto', fixedHeader: true },
  },
  { path: 'signIn', lazy: () => import('../features/auth/sign-in-page'), handle: { title: 'Entrar' } },
  { path: 'signUp', lazy: () => import('../features/accounts/sign-up/sign-up-page'), handle: { title: 'Criar conta' } },
  {
    path: 'forgot',
    lazy: () => import('../features/accounts/forgot/forgot-page'),
    handle: { title: 'Recuperar senha' },
  },
  { path: 'contato', lazy: () => import('../features/site/contato/contact-page'), handle: { title: 'Contato' } },
  { path: 'artigos', lazy: () => import('../features/site/artigos/articles-page'), handle: { title: 'Artigos' } },
  { path: 'termos', lazy: () => import('../features/site/legal/terms-page'), handle: { title: 'Termos de compra' } },
  {
    path: 'privacidade',
    lazy: () => import('../features/site/legal/privacy-page'),
    handle: { title: 'Política de privacidade' },
  },
  {
    path: 'certificado/:codigo',
    lazy: () => import('../features/certificate/certificate-page'),
    handle: { title: 'Verificação de certificado' },
  },
  {
    path: 'sandbox/pix',
    lazy: () => import('../features/sandbox/sandbox-pix-page'),
    handle: { title: 'Pagar PIX (sandbox)' },
  },
  {
    path: 'sandbox/boleto',
    lazy: () => import('../features/sandbox/sandbox-boleto-page'),
    handle: { title: 'Pagar boleto (sandbox)' },
  },
];

/** The routes routes-private.tsx adds: the customer's pages inside the site, and the checkout and back-office. */
export interface PrivateRoutes {
  customerRoutes: RouteObject[];
  privateRoutes: RouteObject[];
}

/** The table: the public pages, and the private ones when given. */
export function composeRoutes(extra: PrivateRoutes = { customerRoutes: [], privateRoutes: [] }): RouteObject[] {
  return [
    {
      id: ROOT_ROUTE_ID,
      element: <RootLayout />,
      errorElement: <AppErrorPage />,
      // The first lazy screen loads in a few ms; rendering nothing avoids a spinner flash.
      HydrateFallback: () => null,
      children: [
        { id: SITE_ROUTE_ID, element: <SiteLayout />, children: [...publicRoutes, ...extra.customerRoutes] },
        {
          element: <SiteLayout />,
          children: [
            { path: '*', lazy: () => import('./pages/not-found-route'), handle: { title: 'Página não encontrada!' } },
          ],
        },
        ...extra.privateRoutes,
      ],
    },
  ];
}

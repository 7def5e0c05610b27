import type { RouteObject } from 'react-router';
import { RequireAccess } from './guards/require-access';
import { ACCESS } from './guards/route-access';
import type { PrivateRoutes } from './routes-entry';

/*
 * The customer's, the checkout's and the back-office's routes (docs/behaviour/README.md#route-access), added to
 * the table of routes-entry.tsx: by the browser's router once a path matches no public page (app/router.tsx), and
 * by routes.tsx for the server's renderer and the tests.
 */

const customerRoutes: RouteObject[] = [
  {
    element: <RequireAccess access={ACCESS.clienteOwn} />,
    children: [
      {
        path: 'orders/:id',
        lazy: () => import('../features/orders/orders-page'),
        handle: { title: 'Lista de pedidos' },
      },
      {
        path: 'user/:id',
        lazy: () => import('../features/accounts/profile/profile-page'),
        handle: { title: 'Meu perfil' },
      },
    ],
  },
  {
    element: <RequireAccess access={ACCESS.cliente} />,
    children: [
      {
        path: 'favoritos',
        lazy: () => import('../features/favorites/favorites-page'),
        handle: { title: 'Favoritos' },
      },
    ],
  },
  {
    element: <RequireAccess access={ACCESS.library} />,
    children: [
      {
        path: 'library',
        lazy: () => import('../features/library/library-page'),
        handle: { title: 'Minha biblioteca' },
      },
      {
        path: 'classRoom/:id',
        lazy: () => import('../features/classroom/classroom-page'),
        handle: { title: 'Sala de aula' },
      },
    ],
  },
];

/** The four product screens share one lazy module: one loader instead of four (docs/quality.md#p6-javascript-of-the-public-pages). */
const productPages = () => import('../features/backoffice-products/pages');
/** The three users-and-access screens share one lazy module, like the product screens. */
const userPages = () => import('../features/backoffice-users/pages');
/** The coupon screens share one lazy module (docs/behaviour/back-office.md#coupons). */
const couponPages = () => import('../features/backoffice-coupons/pages');
/** The stock screens (docs/behaviour/back-office.md#stock). */
const stockPages = () => import('../features/backoffice-stock/pages');

const staffRoutes: RouteObject[] = [
  {
    path: 'orders',
    lazy: () => import('../features/orders/staff/staff-orders-page'),
    handle: { title: 'Lista de pedidos' },
  },
  {
    path: 'products',
    lazy: () => productPages().then((m) => ({ Component: m.ProductsPage })),
    handle: { title: 'Produtos' },
  },
  {
    path: 'newProduct',
    lazy: () => productPages().then((m) => ({ Component: m.NewProductPage })),
    handle: { title: 'Novo produto' },
  },
  {
    path: 'editProduct/:id',
    lazy: () => productPages().then((m) => ({ Component: m.EditProductPage })),
    handle: { title: 'Editar produto' },
  },
  {
    path: 'EditListImagemProduto/:id',
    lazy: () => productPages().then((m) => ({ Component: m.ProductImagesPage })),
    handle: { title: 'Imagens do Produto' },
  },
  {
    path: 'unitarys',
    lazy: () => import('../features/backoffice-catalog-records/hub/unitarys-page'),
    handle: { title: 'Cadastro de unitários' },
  },
  {
    path: 'newAuthor',
    lazy: () => import('../features/backoffice-catalog-records/autor/autor-page'),
    handle: { title: 'Cadastro de autores' },
  },
  {
    path: 'editAuthor/:id',
    lazy: () => import('../features/backoffice-catalog-records/autor/autor-page'),
    handle: { title: 'Editar autor' },
  },
  {
    path: 'newCategory',
    lazy: () => import('../features/backoffice-catalog-records/categoria/categoria-page'),
    handle: { title: 'Cadastro de categorias' },
  },
  {
    path: 'editCategory/:id',
    lazy: () => import('../features/backoffice-catalog-records/categoria/categoria-page'),
    handle: { title: 'Editar categoria' },
  },
  {
    path: 'newDiscount',
    lazy: () => import('../features/backoffice-catalog-records/desconto/desconto-page'),
    handle: { title: 'Cadastro de descontos' },
  },
  {
    path: 'editDiscount/:id',
    lazy: () => import('../features/backoffice-catalog-records/desconto/desconto-page'),
    handle: { title: 'Editar desconto' },
  },
  // Discount coupons (ADR 025): the staff read them; creating one (/cupons/novo) is the manager's.
  {
    path: 'cupons',
    lazy: () => couponPages().then((m) => ({ Component: m.CouponsPage })),
    handle: { title: 'Cupons' },
  },
  {
    path: 'cupons/:id',
    lazy: () => couponPages().then((m) => ({ Component: m.CouponPage })),
    handle: { title: 'Cupom' },
  },
  {
    path: 'cupons/:id/usos',
    lazy: () => couponPages().then((m) => ({ Component: m.CouponUsagePage })),
    handle: { title: 'Usos do cupom' },
  },
  // Products at or below their 'Estoque mínimo' (ADR 032): the staff, as the product screens.
  {
    path: 'estoque-baixo',
    lazy: () => stockPages().then((m) => ({ Component: m.LowStockPage })),
    handle: { title: 'Estoque baixo' },
  },
  // Paths match case-insensitively: this also serves /Clients (docs/behaviour/back-office.md#clients).
  {
    path: 'clients',
    lazy: () => import('../features/backoffice-clients/clients-page'),
    handle: { title: 'Lista de clientes' },
  },
];

const adminRoutes: RouteObject[] = [
  {
    path: 'controlAccess',
    lazy: () => userPages().then((m) => ({ Component: m.ControlAccessPage })),
    handle: { title: 'Configuração de acesso' },
  },
  {
    path: 'newUser',
    lazy: () => userPages().then((m) => ({ Component: m.UserPage })),
    handle: { title: 'Novo usuário' },
  },
  {
    path: 'editUser/:id',
    lazy: () => userPages().then((m) => ({ Component: m.UserPage })),
    handle: { title: 'Editar usuário' },
  },
  {
    path: 'EditListConteudoProduto/:id',
    lazy: () => import('../features/backoffice-contents/contents-page'),
    handle: { title: 'Conteúdos do Produto' },
  },
  {
    path: 'empresa',
    lazy: () => import('../features/backoffice-catalog-records/empresa/empresa-page'),
    handle: { title: 'Dados da empresa' },
  },
  // The store's commercial rules (docs/behaviour/back-office.md#commercial-rules): installments, PIX, boleto, freight.
  {
    path: 'condicoes-comerciais',
    lazy: () => import('../features/backoffice-commercial-rules/commercial-rules-page'),
    handle: { title: 'Condições comerciais' },
  },
  // The manager's sales dashboard (docs/behaviour/back-office.md#sales-dashboard): charts load with this route only.
  {
    path: 'dashboard',
    lazy: () => import('../features/backoffice-dashboard/dashboard-page'),
    handle: { title: 'Painel de vendas' },
  },
  {
    path: 'cupons/novo',
    lazy: () => couponPages().then((m) => ({ Component: m.CouponPage })),
    handle: { title: 'Novo cupom' },
  },
  // Failing and dead background jobs, 'Tentar novamente' (ADR 007).
  { path: 'tarefas', lazy: () => import('../features/backoffice-tarefas/tarefas-page'), handle: { title: 'Tarefas' } },
];

const privateRoutes: RouteObject[] = [
  {
    // The layouts of checkout and back-office load with their routes, never with the public pages (docs/quality.md#p6-javascript-of-the-public-pages).
    lazy: () => import('./layouts/checkout-layout').then((m) => ({ Component: m.CheckoutLayout })),
    children: [
      {
        element: <RequireAccess access={ACCESS.checkout} />,
        children: [
          {
            path: 'checkout',
            lazy: () => import('../features/checkout/checkout-page'),
            handle: { title: 'Checkout' },
          },
        ],
      },
    ],
  },
  {
    lazy: () => import('./layouts/back-office-layout').then((m) => ({ Component: m.BackOfficeLayout })),
    children: [
      { element: <RequireAccess access={ACCESS.staff} />, children: staffRoutes },
      { element: <RequireAccess access={ACCESS.admin} />, children: adminRoutes },
    ],
  },
];

export const privateTable: PrivateRoutes = { customerRoutes, privateRoutes };

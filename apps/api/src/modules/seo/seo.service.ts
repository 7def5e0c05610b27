import type { SeoRepository } from './seo.repository.js';

/** The public pages of the site (docs/behaviour/README.md#route-access), in the order a visitor meets them. */
const PAGINAS_PUBLICAS = ['/', '/loja', '/contato', '/artigos', '/termos', '/privacidade'] as const;

/** Routes that are not for search engines: accounts, customer area, back-office, checkout, the API. */
const ROTAS_PRIVADAS = [
  '/api/',
  '/checkout',
  '/signIn',
  '/signUp',
  '/forgot',
  '/user/',
  '/orders',
  '/library',
  '/favoritos',
  '/classRoom/',
  '/products',
  '/newProduct',
  '/editProduct/',
  '/EditListImagemProduto/',
  '/EditListConteudoProduto/',
  '/unitarys',
  '/clients',
  '/Clients',
  '/controlAccess',
  '/newUser',
  '/editUser/',
  '/empresa',
  '/sandbox/',
] as const;

const escapeXml = (value: string): string =>
  value.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/** /sitemap.xml and /robots.txt for a site served at `origin` (e.g. https://sorrisopleno.com.br). */
export function createSeoService({ repository }: { repository: SeoRepository }) {
  return {
    /** The sitemap protocol's urlset: the public pages and every active product page with its last change. */
    async sitemap(origin: string): Promise<string> {
      const produtos = await repository.produtosPublicos();
      const url = (path: string, lastmod?: Date, priority?: string) =>
        [
          '  <url>',
          `    <loc>${escapeXml(origin + path)}</loc>`,
          ...(lastmod ? [`    <lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>`] : []),
          ...(priority ? [`    <priority>${priority}</priority>`] : []),
          '  </url>',
        ].join('\n');
      return [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        ...PAGINAS_PUBLICAS.map((p) => url(p, undefined, p === '/' || p === '/loja' ? '1.0' : '0.6')),
        ...produtos.map((p) => url(`/details/${p.id}`, p.updatedAt, '0.8')),
        '</urlset>',
        '',
      ].join('\n');
    },

    /** Crawl everything public, nothing private, and point to the sitemap. */
    robots(origin: string): string {
      return [
        'User-agent: *',
        ...ROTAS_PRIVADAS.map((r) => `Disallow: ${r}`),
        '',
        `Sitemap: ${origin}/sitemap.xml`,
        '',
      ].join('\n');
    },
  };
}

export type SeoService = ReturnType<typeof createSeoService>;

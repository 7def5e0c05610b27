import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchRoute, routeHintTags, startAfterPaint, staticWebRoutes, withPageHead } from './static-web.js';

const INDEX_HTML = '<!doctype html><html><head><title>Clínica</title></head><body><div id="root"></div></body></html>';

const HINTS = {
  routes: [
    { path: '/', js: ['/assets/home-page-a1.js'], css: ['/assets/home-page-a1.css'], data: [] },
    {
      path: '/loja',
      js: ['/assets/store-page-b2.js'],
      css: [],
      data: ['/api/produto/site/', '/api/produto/categoria'],
    },
    { path: '/details/:id/:openSheet?', js: ['/assets/details-page-c3.js'], css: [], data: ['/api/produto/:id'] },
  ],
};

describe('rotas da SPA com as dicas de pré-carregamento da build (docs/quality.md P5)', () => {
  let app: FastifyInstance;
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'clinica-static-web-'));

  beforeAll(async () => {
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.mkdirSync(path.join(webDist, '.vite'));
    fs.writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
    fs.writeFileSync(path.join(webDist, 'assets', 'home-page-a1.js'), 'export {}');
    fs.writeFileSync(path.join(webDist, '.vite', 'route-hints.json'), JSON.stringify(HINTS));
    app = Fastify();
    await app.register(staticWebRoutes, { webDist });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('/ recebe o módulo e o CSS da página inicial antes de o entry rodar', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain(
      '<link rel="preload" as="style" crossorigin href="/assets/home-page-a1.css">' +
        '<link rel="modulepreload" crossorigin href="/assets/home-page-a1.js"></head>',
    );
    expect(res.body).not.toContain('store-page');
  });

  it('/loja e /details/{id} pedem também as leituras da API que a página fará', async () => {
    const loja = await app.inject({ method: 'GET', url: '/loja?x=1' });
    expect(loja.body).toContain('<link rel="modulepreload" crossorigin href="/assets/store-page-b2.js">');
    expect(loja.body).toContain('<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/produto/site/">');
    expect(loja.body).toContain(
      '<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/produto/categoria">',
    );

    for (const url of ['/details/14', '/details/14/true']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.body).toContain('href="/assets/details-page-c3.js"');
      expect(res.body).toContain('<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/produto/14">');
    }
    // An id the page would not ask the API for gets the module but no read.
    const invalid = await app.inject({ method: 'GET', url: '/details/abc' });
    expect(invalid.body).toContain('href="/assets/details-page-c3.js"');
    expect(invalid.body).not.toContain('/api/produto/');
  });

  it('outras rotas recebem o index.html como está', async () => {
    for (const url of ['/signIn', '/details/1/true/extra', '/orders/3']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(INDEX_HTML);
    }
  });

  it('a página vai comprimida conforme o navegador aceita', async () => {
    const br = await app.inject({ method: 'GET', url: '/loja', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toContain('store-page-b2.js');

    const gzip = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toContain('home-page-a1.js');

    const plain = await app.inject({ method: 'GET', url: '/signIn' });
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('os arquivos da build continuam servidos direto, e a pasta .vite não', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/home-page-a1.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('export {}');
    const hints = await app.inject({ method: 'GET', url: '/.vite/route-hints.json' });
    expect(hints.statusCode).toBe(404);
  });
});

describe('matchRoute e routeHintTags', () => {
  it('casa os padrões do roteador, com parâmetros opcionais', () => {
    expect(matchRoute('/', '/')).toEqual({});
    expect(matchRoute('/', '/loja')).toBeNull();
    expect(matchRoute('/loja', '/loja/')).toEqual({});
    expect(matchRoute('/details/:id/:openSheet?', '/details/7')).toEqual({ id: '7' });
    expect(matchRoute('/details/:id/:openSheet?', '/details/7/false')).toEqual({ id: '7', openSheet: 'false' });
    expect(matchRoute('/details/:id/:openSheet?', '/details')).toBeNull();
  });

  it('sem dicas (build antiga) não acrescenta nada', () => {
    expect(routeHintTags([], '/loja')).toBe('');
  });
});

/** A renderer with the shape of apps/web/src/entry-server.tsx: /loja reads the API, /quebrada throws. */
const FAKE_RENDERER = `
export async function render(url, fetchApi, origin) {
  if (url.startsWith('/quebrada')) throw new Error('falha de render');
  if (!url.startsWith('/loja')) return null;
  const answer = await fetchApi('/produto/categoria');
  if (answer.status !== 200) return null;
  return {
    html: '<main><h1>Loja</h1><p>' + answer.body.content.nome + '</p><a href="' + origin + '/loja">loja</a></main>',
    answers: { '/produto/categoria': answer },
    head: {
      title: answer.body.content.nome + ' | Sorriso Pleno',
      description: 'Materiais "odontológicos" <de> qualidade',
      canonical: origin + '/loja',
    },
  };
}
`;

describe('páginas renderizadas no servidor (ADR 019)', () => {
  let app: FastifyInstance;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinica-ssr-'));
  const webDist = path.join(dir, 'dist');
  const ssrEntry = path.join(dir, 'dist-ssr', 'entry-server.mjs');
  const indexHtml =
    '<!doctype html><html><head><meta\n  name="description"\n  content="A clínica." />\n<title>Clínica</title>' +
    '<script type="module" crossorigin src="/assets/index-e1.js"></script>' +
    '<link rel="modulepreload" crossorigin href="/assets/react-r1.js">' +
    '<link rel="stylesheet" crossorigin href="/assets/index-s1.css"></head>' +
    '<body><div id="root"></div></body></html>';
  let categoria = { status: 200, nome: 'Escovas </script><script>alert(1)</script> & fios' };
  let leituras = 0;

  beforeAll(async () => {
    fs.mkdirSync(path.join(webDist, '.vite'), { recursive: true });
    fs.mkdirSync(path.dirname(ssrEntry));
    fs.writeFileSync(path.join(webDist, 'index.html'), indexHtml);
    fs.writeFileSync(
      path.join(webDist, '.vite', 'route-hints.json'),
      JSON.stringify({ boot: '/assets/boot-f1.js', routes: HINTS.routes }),
    );
    fs.writeFileSync(ssrEntry, FAKE_RENDERER);
    app = Fastify();
    app.get('/api/produto/categoria', async (_req, reply) => {
      leituras += 1;
      return reply
        .code(categoria.status)
        .send({ statusCode: categoria.status, message: '', content: { nome: categoria.nome } });
    });
    await app.register(staticWebRoutes, { webDist, ssrEntry });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a página vem com o HTML do primeiro render e as respostas da API que ele leu', async () => {
    const res = await app.inject({ method: 'GET', url: '/loja', headers: { host: 'loja.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = res.body;
    expect(html).toContain('<div id="root"><main><h1>Loja</h1>');
    // The render sees the site's origin as the visitor does.
    expect(html).toContain('href="http://loja.example/loja"');
    const script = /<script type="application\/json" id="respostas-da-pagina">(.*?)<\/script>/s.exec(html);
    expect(script).not.toBeNull();
    // The staff's text cannot close the script: only one </script> follows, the element's own.
    expect(script![1]).not.toMatch(/<|>|&/);
    expect(JSON.parse(script![1]!)).toEqual({
      '/produto/categoria': { status: 200, body: { statusCode: 200, message: '', content: { nome: categoria.nome } } },
    });
    // Its data is in the page: no preload of the reads; its styles are stylesheets, not preloads.
    expect(html).not.toContain('as="fetch"');
    // The page starts through the boot script; its modules wait in a template that boot.ts moves into the head once
    // the page has loaded, so they do not compete with its styles, fonts and pictures.
    expect(html).toContain(
      '<script type="module" crossorigin src="/assets/boot-f1.js" data-entry="/assets/index-e1.js"></script>',
    );
    expect(html).not.toContain('<script type="module" crossorigin src="/assets/index-e1.js">');
    // In the order boot.ts evaluates them: the links' (each module after those it imports), the entry last when no
    // link names it.
    expect(html).toContain(
      '<template id="modulos-da-pagina">' +
        '<link rel="modulepreload" crossorigin href="/assets/react-r1.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/store-page-b2.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/index-e1.js">' +
        '</template>',
    );
    expect(html.replace(/<template id="modulos-da-pagina">.*?<\/template>/s, '')).not.toContain('modulepreload');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-s1.css">');
  });

  it('startAfterPaint: cada módulo e cada folha de estilo uma vez só; sem boot, a página fica como está', () => {
    const html =
      '<head><script type="module" crossorigin src="/assets/index-e1.js"></script>' +
      '<link rel="modulepreload" crossorigin href="/assets/react-r1.js">' +
      '<link rel="stylesheet" crossorigin href="/assets/index-s1.css">' +
      '<link rel="stylesheet" crossorigin href="/assets/page-p1.css">' +
      '<link rel="stylesheet" crossorigin href="/assets/index-s1.css">' +
      '<link rel="modulepreload" crossorigin href="/assets/page-p1.js">' +
      '<link rel="modulepreload" crossorigin href="/assets/react-r1.js">' +
      '<link rel="modulepreload" crossorigin href="/assets/index-e1.js"></head>';
    expect(startAfterPaint(html, '/assets/boot-f1.js')).toBe(
      '<head><script type="module" crossorigin src="/assets/boot-f1.js" data-entry="/assets/index-e1.js"></script>' +
        '<link rel="stylesheet" crossorigin href="/assets/index-s1.css">' +
        '<link rel="stylesheet" crossorigin href="/assets/page-p1.css">' +
        '<template id="modulos-da-pagina">' +
        '<link rel="modulepreload" crossorigin href="/assets/react-r1.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/page-p1.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/index-e1.js">' +
        '</template></head>',
    );
    // The links' order is kept (the build lists each module after those it imports: apps/web/vite.config.ts), the
    // entry where a link names it.
    const entryNamed = html.replace(
      '<link rel="modulepreload" crossorigin href="/assets/page-p1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/index-e1.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/page-p1.js">',
    );
    expect(startAfterPaint(entryNamed, '/assets/boot-f1.js')).toContain(
      '<template id="modulos-da-pagina">' +
        '<link rel="modulepreload" crossorigin href="/assets/react-r1.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/index-e1.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/page-p1.js">' +
        '</template></head>',
    );
    expect(startAfterPaint(html, null)).toBe(html);
  });

  it('o <head> traz o título, a descrição e o endereço canônico da página, escapados, e as tags de prévia de link', async () => {
    const res = await app.inject({ method: 'GET', url: '/loja', headers: { host: 'loja.example' } });
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    expect(head).toContain(
      '<title>Escovas &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; fios | Sorriso Pleno</title>',
    );
    expect(head).not.toContain('<title>Clínica</title>');
    expect(head).toContain(
      '<meta name="description" content="Materiais &quot;odontológicos&quot; &lt;de&gt; qualidade" />',
    );
    expect(head).not.toContain('A clínica.');
    expect(head).toContain('<link rel="canonical" href="http://loja.example/loja" />');
    expect(head).toContain('<meta property="og:url" content="http://loja.example/loja" />');
    expect(head).toContain(
      '<meta property="og:description" content="Materiais &quot;odontológicos&quot; &lt;de&gt; qualidade" />',
    );
    expect(head.match(/<title>/g)).toHaveLength(1);
  });

  it('withPageHead: sem nada declarado o index.html fica como está; a imagem entra como og:image', () => {
    const html = '<head><meta name="description" content="Site" /><title>Clínica</title></head><body></body>';
    expect(withPageHead(html, {})).toBe(html);
    const comImagem = withPageHead(html, {
      title: 'Escova | Sorriso Pleno',
      image: 'https://loja.example/i/escova.webp',
    });
    expect(comImagem).toContain('<title>Escova | Sorriso Pleno</title>');
    expect(comImagem).toContain('<meta name="description" content="Site" />');
    expect(comImagem).toContain('<meta property="og:image" content="https://loja.example/i/escova.webp" />');
    // A `$&` in a text is not a replacement pattern.
    expect(withPageHead(html, { title: 'R$& 10' })).toContain('<title>R$&amp; 10</title>');
  });

  it('com PUBLIC_URL, os links absolutos usam o endereço público, não o Host do pedido', async () => {
    const other = Fastify();
    other.get('/api/produto/categoria', async () => ({ statusCode: 200, message: '', content: { nome: 'Fios' } }));
    await other.register(staticWebRoutes, { webDist, ssrEntry, publicOrigin: 'https://loja.example' });
    try {
      const res = await other.inject({ method: 'GET', url: '/loja', headers: { host: 'atacante.example' } });
      expect(res.body).toContain('href="https://loja.example/loja"');
      expect(res.body).not.toContain('atacante.example');
    } finally {
      await other.close();
    }
  });

  it('cada visita renderiza com os dados de agora: um produto novo aparece na visita seguinte', async () => {
    const antes = leituras;
    await app.inject({ method: 'GET', url: '/loja?visitas=1' });
    await app.inject({ method: 'GET', url: '/loja?visitas=1' });
    expect(leituras - antes).toBe(2);
  });

  it('com estilos próprios da rota, a página renderizada os liga como folhas de estilo', () => {
    expect(routeHintTags(HINTS.routes, '/', { rendered: true })).toBe(
      '<link rel="stylesheet" crossorigin href="/assets/home-page-a1.css">' +
        '<link rel="modulepreload" crossorigin href="/assets/home-page-a1.js">',
    );
  });

  it('uma leitura que falha, um render que quebra e as outras rotas vão como o app sem renderizar', async () => {
    categoria = { ...categoria, status: 500 };
    try {
      const loja = await app.inject({ method: 'GET', url: '/loja?outra=1' });
      expect(loja.statusCode).toBe(200);
      expect(loja.body).toContain('<div id="root"></div>');
      expect(loja.body).toContain('<script type="module" crossorigin src="/assets/index-e1.js"></script>');
      expect(loja.body).toContain('as="fetch"');
    } finally {
      categoria = { ...categoria, status: 200 };
    }
    for (const url of ['/quebrada', '/signIn']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).not.toContain('respostas-da-pagina');
    }
  });
});

/** A renderer that shows whether it was told the store is a demo (apps/web/src/entry-server.tsx takes `{ demo }`). */
const DEMO_RENDERER = `
export async function render(url, fetchApi, origin, options) {
  if (!url.startsWith('/loja')) return null;
  return { html: options.demo ? '<div role="note">Loja de demonstração</div><main>Loja</main>' : '<main>Loja</main>', answers: {}, head: {} };
}
`;

describe('loja de demonstração e loja de verdade (ADR 022)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinica-demo-web-'));
  const webDist = path.join(dir, 'dist');
  const ssrEntry = path.join(dir, 'dist-ssr', 'entry-server.mjs');
  const apps: FastifyInstance[] = [];

  beforeAll(() => {
    fs.mkdirSync(webDist, { recursive: true });
    fs.mkdirSync(path.dirname(ssrEntry));
    fs.writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML.replace('<html>', '<html lang="pt-BR">'));
    fs.writeFileSync(ssrEntry, DEMO_RENDERER);
  });
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function store(options: { demo?: boolean; build?: boolean }) {
    const app = Fastify();
    apps.push(app);
    await app.register(staticWebRoutes, {
      webDist: options.build === false ? path.join(dir, 'sem-build') : webDist,
      ssrEntry,
      ...(options.demo === undefined ? {} : { demo: options.demo }),
    });
    await app.ready();
    return app;
  }

  it('demonstração: toda página vai marcada <html data-demo>, a renderizada no servidor já com o aviso, e /sandbox/pix existe', async () => {
    const app = await store({ demo: true });
    for (const url of ['/', '/loja', '/signIn', '/products', '/checkout', '/sandbox/pix']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toMatch(/^<!doctype html><html data-demo lang="pt-BR">/);
    }
    expect((await app.inject({ method: 'GET', url: '/loja' })).body).toContain(
      '<div id="root"><div role="note">Loja de demonstração</div>',
    );
  });

  it('loja de verdade (o padrão do plugin): nada marcado, sem aviso, e as páginas do sandbox respondem 404', async () => {
    for (const app of [await store({ demo: false }), await store({})]) {
      const loja = await app.inject({ method: 'GET', url: '/loja' });
      expect(loja.body).toMatch(/^<!doctype html><html lang="pt-BR">/);
      expect(loja.body).toContain('<div id="root"><main>Loja</main>');
      expect(loja.body).not.toContain('data-demo');
      for (const url of ['/sandbox/pix', '/sandbox/pix?codigo=1', '/Sandbox/PIX', '/sandbox', '/sandbox/outra']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        // The app's page, which shows 'Página não encontrada!' there.
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.body).toContain('<div id="root"></div>');
      }
      // A path that only begins like the sandbox's is another page.
      expect((await app.inject({ method: 'GET', url: '/sandboxes' })).statusCode).toBe(200);
    }
  });

  it('sem a build da web, a página do sandbox fora da demonstração é o 404 da API', async () => {
    const app = await store({ demo: false, build: false });
    const res = await app.inject({ method: 'GET', url: '/sandbox/pix' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404 });
    expect(
      (await (await store({ demo: true, build: false })).inject({ method: 'GET', url: '/sandbox/pix' })).statusCode,
    ).toBe(200);
  });
});

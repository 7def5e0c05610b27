/**
 * The server's renderer of the public pages (ADR 019), built by `vite build --ssr` into apps/web/dist-ssr and
 * called by the API's static plugin (apps/api/src/plugins/static-web.ts). It renders the same tree as main.tsx,
 * with the reads of the page's first screen answered by the API in-process, and returns the HTML with the answers
 * it read, which the page embeds so the browser hydrates the same data.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { loadPageData, pageQueries } from './app/page-data';
import { AppRoot } from './app/app-root';
import { createQueryClient } from './app/query-client';
import { routes } from './app/routes';
import {
  setRenderContext,
  type AnswerSource,
  type PageAnswer,
  type PageHead,
  type RenderContext,
} from './lib/page-answers';
import { loadPageParts } from './lib/page-part';

/** Reads a GET path under /api from the API itself: its status and its JSON body. */
export type FetchApi = (path: string) => Promise<PageAnswer>;

export interface RenderedPage {
  /** The markup of `#root`. */
  html: string;
  /** The answers the render read, by path under /api, to embed in the page. */
  answers: Record<string, PageAnswer>;
  /** The head its components declared (lib/page-head.ts): title, description, canonical address, picture. */
  head: PageHead;
}

const renderScope = new AsyncLocalStorage<RenderContext>();
setRenderContext(() => renderScope.getStore());

const handler = createStaticHandler(routes);

/**
 * Renders `url` (path and query) when it is a server-rendered page whose reads all succeeded; null otherwise (the
 * page is then served as the bare app, which renders in the browser). `origin` is the site's as the visitor sees it;
 * `demo`, whether the store is a demo (its pages show the notice, ADR 022).
 */
export async function render(
  url: string,
  fetchApi: FetchApi,
  origin: string,
  { demo = false }: { demo?: boolean } = {},
): Promise<RenderedPage | null> {
  const request = new Request(new URL(url, origin));
  const { pathname, search } = new URL(request.url);
  if (pageQueries(pathname, search) === null) return null;

  const answers: Record<string, PageAnswer> = {};
  const source: AnswerSource = async (path) => {
    const answer = await fetchApi(path);
    answers[path] = answer;
    return answer;
  };
  const head: PageHead = {};
  return renderScope.run({ answer: source, origin, head, demo }, async () => {
    const context = await handler.query(request);
    if (context instanceof Response || context.statusCode !== 200 || context.errors) return null;
    // The route's module has run: the parts it loads after its own code are rendered here with the rest.
    await loadPageParts();
    const queryClient = createQueryClient({ retry: false });
    if (!(await loadPageData(queryClient, pathname, search))) return null;
    const router = createStaticRouter(handler.dataRoutes, context);
    const html = renderToString(
      <AppRoot queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppRoot>,
    );
    queryClient.clear();
    return { html, answers, head };
  });
}

/**
 * Whether the server says this store is a demo (DEMO_MODE, ADR 022): its pages show the 'Loja de demonstração'
 * notice and its sandbox pages exist. The API marks every page it sends as `<html data-demo>`
 * (apps/api/src/plugins/static-web.ts) and passes the same to a server render, so the browser and the server render
 * the same tree (`npm run dev`: apps/web/vite.config.ts marks its page the same way).
 */
import { renderInProgress } from './page-answers';

/** The attribute of `<html>` on a demo store's pages. */
export const DEMO_ATTRIBUTE = 'data-demo';

export function isDemoStore(): boolean {
  const render = renderInProgress();
  if (render) return render.demo === true;
  return typeof document !== 'undefined' && document.documentElement.hasAttribute(DEMO_ATTRIBUTE);
}

import { useMatches } from 'react-router';

/** Per-route settings read by the layouts. */
export interface RouteHandle {
  /** pt-BR page title. */
  title?: string;
  /** Header fixed after 300 px of scroll (docs/behaviour/site.md#header). */
  fixedHeader?: boolean;
  /** Floating WhatsApp link (home). */
  whatsapp?: boolean;
}

/** The merged handles of the matched routes (the deepest wins). */
export function useRouteHandle(): RouteHandle {
  const matches = useMatches();
  return matches.reduce<RouteHandle>((acc, m) => ({ ...acc, ...((m.handle as RouteHandle | undefined) ?? {}) }), {});
}
